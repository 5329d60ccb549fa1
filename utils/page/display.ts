// What the reader sees, where it and the tag name disagree: an inline element the page styles
// as a block (or a flex or grid item, which layout turns into a block) starts its own unit, a
// block element styled inline stays in its sentence. And the statuses of SVG content: text
// elements are blocks, tspans inline, the rest drawing.
import type { NodeStatus } from './rules';

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Display values that put an element on lines of its own. */
const BLOCK_DISPLAYS: ReadonlySet<string> = new Set([
  'block', 'flex', 'grid', 'list-item', 'table', 'flow-root', 'table-row', 'table-cell', 'table-caption',
  'table-row-group', 'table-header-group', 'table-footer-group', 'block flex', 'block grid', 'block flow-root',
]);

/** Containers whose children layout turns into blocks (flex and grid items). */
const BLOCKIFYING_DISPLAYS: ReadonlySet<string> = new Set(['flex', 'grid', 'inline-flex', 'inline-grid', 'block flex', 'block grid', 'inline flex', 'inline grid']);

/** As collect.ts's memos: bounded, because a table of every element of a large page stalls it. */
const DISPLAY_MEMO_LIMIT = 2048;

/**
 * Reads computed display once per element (a memo that starts over when full, as the walk
 * only moves forward). Reading style in a slice costs a style recalculation only when the
 * page changed since the last one; no layout is forced.
 */
export function createDisplayReader(win: (Window & typeof globalThis) | null, inShadowTree = false) {
  const memo = new Map<Element, string>();
  const sheets = new Map<Document, boolean>();
  /** Whether anything but the browser's defaults (which the tag lists mirror) can style the element. */
  const authorStyled = (el: Element): boolean => {
    if (el.hasAttribute('style')) return true;
    const doc = el.ownerDocument;
    let has = sheets.get(doc);
    if (has === undefined) sheets.set(doc, (has = hasStyleSheets(doc)));
    return has || inShadowTree;
  };
  const read = (el: Element): string => {
    let display = memo.get(el);
    if (display !== undefined) return display;
    display = win && typeof win.getComputedStyle === 'function' && authorStyled(el) ? win.getComputedStyle(el).display || '' : '';
    if (memo.size >= DISPLAY_MEMO_LIMIT) memo.clear();
    memo.set(el, display);
    return display;
  };

  /** The status the tag gave, corrected by what the element is rendered as. */
  return (el: Element, byTag: 'inline' | 'block'): 'inline' | 'block' => {
    if (!win) return byTag;
    const display = read(el);
    // Not rendered, or no box of its own: the tag is the best guess.
    if (display === 'none' || display === 'contents') return byTag;
    if (byTag === 'block') return display === 'inline' ? 'inline' : 'block';
    if (BLOCK_DISPLAYS.has(display)) return 'block';
    const parent = el.parentElement;
    return parent && BLOCKIFYING_DISPLAYS.has(read(parent)) ? 'block' : 'inline';
  };
}

function hasStyleSheets(doc: Document): boolean {
  try {
    return doc.styleSheets.length > 0 || (doc.adoptedStyleSheets?.length ?? 0) > 0;
  } catch {
    return false; // a DOM that cannot list them (test DOMs on very deep trees): the tags decide
  }
}

/** Whether the element is part of a drawing, not HTML that a foreignObject holds (whatever namespace a parser gave it). */
export function inDrawing(el: Element): boolean {
  if (el.namespaceURI !== SVG_NS) return false;
  for (let parent = el.parentElement; parent && parent.namespaceURI === SVG_NS; parent = parent.parentElement) {
    const tag = parent.localName.toLowerCase();
    if (tag === 'foreignobject') return false;
    if (tag === 'svg') return true;
  }
  return true;
}

/** How the walk treats an element of an SVG drawing (the outer svg is an island). */
export function svgStatus(tag: string): NodeStatus {
  if (tag === 'text') return 'block';
  if (tag === 'tspan' || tag === 'textpath' || tag === 'a') return 'inline';
  if (tag === 'g' || tag === 'foreignobject' || tag === 'switch') return 'block';
  if (tag === 'svg') return 'island';
  // Shapes, definitions, styles, scripts, titles and descriptions: nothing on the drawing to translate.
  return 'skip';
}
