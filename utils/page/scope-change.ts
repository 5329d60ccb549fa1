// What changes on a translated page when its site's scope rules change: the units the new rules
// leave out go back to their original (the engine releases them; the walk then skips them).
import type { ScopeMatcher } from './site-scope';
import { elementOf, type Unit } from './units';

/** The units that new rules leave out (or whose text they change: a part inside them is now excluded). */
export function unitsLeftOut(units: Iterable<Unit>, matcher: ScopeMatcher | undefined): Unit[] {
  if (!matcher) return [];
  const never = matcher.rules.never;
  return [...units].filter((unit) => {
    if (unit.kind === 'title') return !matcher.allowsTitle;
    if (unit.kind === 'attribute') return !matcher.allowsAttributes(unit.block.element);
    const { block } = unit;
    const host = elementOf(unit);
    if (!host || !matcher.allowsBlock(host)) return true;
    if (!never.length) return false;
    return block.nodes.some((node) => node.nodeType === 1 && (matcher.excludes(node as Element) || hasExcludedInside(node as Element, matcher)));
  });
}

function hasExcludedInside(el: Element, matcher: ScopeMatcher): boolean {
  for (const child of el.querySelectorAll('*')) if (matcher.excludes(child)) return true;
  return false;
}
