// What pointing does once the user points (loaded with the extras, utils/content/page-extras.ts):
// chooses the element a menu item or the command acts on, decides the page's language, compiles
// the site's rules, and shows or hides the paragraph. The page script keeps only the listeners
// (index.ts) and lends the engine's walk and answer check, so none of it is bundled twice.
import { browser } from 'wxt/browser';
import { sendMessage } from '../../shared/protocol';
import { hasScope, type SiteScope } from '../../shared/site-scope';
import type { LanguageDecision } from '../../page/language';
import type { PointingPlace } from '../../page/point';
import { createPointedBlocks, type PointOutcome } from '../../page/pointed';
import { compileScope, type ScopeMatcher } from '../../page/site-scope';
import { resend } from '../resend';
import { openExclusionPicker } from './exclusion-picker';
import { hoveredElement } from './hovered';
import type { Pointer, PointerWiring } from './pointer-types';

/** The focused element, inside open shadow roots too. */
function deepActive(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Firefox names the element under the right-click; elsewhere undefined. */
function menuTargetElement(id: number | undefined): Element | undefined {
  const menus = (browser as unknown as { menus?: { getTargetElement?(id: number): Element | null } }).menus;
  if (id === undefined || typeof menus?.getTargetElement !== 'function') return undefined;
  return menus.getTargetElement(id) ?? undefined;
}

export function createPointer(wiring: PointerWiring): Pointer {
  const { doc } = wiring;
  let place: PointingPlace = { targetLang: '', sourceLang: '', pageLanguage: '' };
  let language: LanguageDecision = { pageLanguage: '' };
  let decision: Promise<LanguageDecision> | undefined;
  let compiledFor: SiteScope | undefined;
  let matcher: ScopeMatcher | undefined;
  // The API is told the source language decided for the page (none: it detects).
  const blocks = createPointedBlocks(doc, wiring.tools(() => place), (block) =>
    resend(() => sendMessage('translatePointed', { block: { text: block.source.html, format: 'html' }, ...(language.sourceLang ? { sourceLang: language.sourceLang } : {}) })));

  async function point(node: Node, hide: boolean): Promise<PointOutcome> {
    const setup = await wiring.setup();
    decision ??= wiring.decide(setup.sourceLang);
    language = await decision;
    if (wiring.translating()) return 'none';
    const rules = wiring.scope();
    if (rules !== compiledFor) {
      matcher = hasScope(rules) ? compileScope(rules, doc) : undefined;
      compiledFor = rules;
    }
    place = { targetLang: setup.targetLang, sourceLang: setup.sourceLang, pageLanguage: language.pageLanguage, scope: matcher };
    return blocks.toggle(node, hide);
  }

  return {
    point,
    async pointAt(order) {
      const recent = wiring.recentTarget();
      const active = deepActive(doc);
      const node = order.via === 'menu'
        ? recent ?? menuTargetElement(order.targetElementId) ?? hoveredElement(doc)
        : (active && active !== doc.body && active !== doc.documentElement ? active : doc.getSelection()?.focusNode ?? undefined);
      if (!node) return { found: false };
      return { found: (await point(node, true)) !== 'none' };
    },
    pickExclusion(order) {
      const node = wiring.recentTarget() ?? menuTargetElement(order.targetElementId) ?? hoveredElement(doc);
      const el = node && (node.nodeType === 1 ? (node as Element) : node.parentElement);
      if (!el || el === doc.body || el === doc.documentElement) return { shown: false };
      openExclusionPicker(el, doc);
      return { shown: true };
    },
    clear: () => blocks.clear(),
  };
}
