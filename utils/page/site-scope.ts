// A site's `Only translate` and `Never translate` selectors, compiled for the page engine's
// walk. Selectors the page's browser cannot parse are left out one by one (the options page
// refuses them at the field; an imported or older rule must not stop the whole page).
import type { SiteScope } from '../shared/site-scope';

export interface ScopeMatcher {
  readonly rules: SiteScope;
  /** The element is in the `Never translate` list itself (the walk skips its subtree). */
  excludes(el: Element): boolean;
  /** A block whose nodes live in `host` may be translated. */
  allowsBlock(host: Element): boolean;
  /** An element's attributes may be translated. */
  allowsAttributes(el: Element): boolean;
  /** The tab's title may be translated (it is outside every part an `Only translate` rule names). */
  readonly allowsTitle: boolean;
}

function selectorList(selectors: readonly string[], doc: Document): string {
  const probe = doc.createDocumentFragment();
  const usable = selectors.filter((selector) => {
    try {
      probe.querySelector(selector);
      return true;
    } catch {
      return false;
    }
  });
  return usable.map((s) => `:is(${s})`).join(',');
}

/** The element's ancestors (and itself), across shadow roots to their hosts. */
function closestComposed(el: Element, selector: string): Element | null {
  for (let node: Element | null = el; node; ) {
    const hit = node.closest(selector);
    if (hit) return hit;
    const root = node.getRootNode();
    node = root.nodeType === 11 ? (root as ShadowRoot).host ?? null : null;
  }
  return null;
}

/** Undefined when the rules change nothing. */
export function compileScope(rules: SiteScope | undefined, doc: Document = document): ScopeMatcher | undefined {
  if (!rules) return undefined;
  const never = selectorList(rules.never, doc);
  const only = selectorList(rules.only, doc);
  if (!never && !only) return undefined;
  const outsideNever = (el: Element) => !never || !closestComposed(el, never);
  const insideOnly = (el: Element) => !only || !!closestComposed(el, only);
  return {
    rules,
    excludes: (el) => !!never && el.matches(never),
    // A block may also hold the part an `Only translate` rule names (a rule for one sentence's span).
    allowsBlock: (host) => outsideNever(host) && (insideOnly(host) || !!host.querySelector(only)),
    allowsAttributes: (el) => outsideNever(el) && insideOnly(el),
    allowsTitle: !only,
  };
}

