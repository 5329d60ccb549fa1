// The unbilled `context` sent with a selection: the text of the paragraph(s) around it, cut to
// a window around the selection, so the API can tell which sense of a word is meant. Pure DOM
// code.
import { CELLS, LINE_BLOCKS, normaliseSpace, PARAGRAPH_BLOCKS, SKIPPED } from './serialise';
import { composedParent } from './selected-range';

/** Context beyond this is cut to a window around the selection: it only has to hint at the topic. */
export const MAX_CONTEXT_CHARS = 4_000;

/** Ancestors that give the context paragraph. */
const CONTEXT_BLOCKS = new Set([...PARAGRAPH_BLOCKS, ...LINE_BLOCKS, ...CELLS].filter((t) => !['tr', 'thead', 'tbody', 'tfoot', 'html', 'ul', 'ol', 'dl', 'table'].includes(t)));

/** `text` cut to at most `max` characters around the part from `start` to `end`. */
export function windowAround(text: string, start: number, end: number, max = MAX_CONTEXT_CHARS): string {
  if (text.length <= max) return text;
  const spare = Math.max(0, max - (end - start));
  const from = Math.max(0, start - Math.floor(spare / 2));
  return text.slice(from, Math.min(text.length, from + Math.max(max, end - start)));
}

/** The nearest block around a node: the paragraph (or cell, list item …) it belongs to. */
export function enclosingBlock(node: Node): Element | null {
  for (let current: Node | null = node; current; current = composedParent(current)) {
    if (current.nodeType !== 1) continue;
    const el = current as Element;
    if (CONTEXT_BLOCKS.has(el.localName)) return el;
    const view = el.ownerDocument.defaultView;
    // Custom elements and restyled spans: trust the computed display when there is one.
    if (view && el.localName.includes('-')) {
      const display = view.getComputedStyle(el).display;
      if (display && !display.startsWith('inline') && display !== 'contents' && display !== 'none') return el;
    }
  }
  return null;
}

/** Readable text of an element: no script or style content, spaces normalised. */
export function readableText(root: Element): string {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 1 | 4, {
    acceptNode: (node) => (node.nodeType === 1 && SKIPPED.has((node as Element).localName) ? 2 : 1),
  });
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeType === 3) text += (node as Text).data;
  return normaliseSpace(text);
}

export function contextFor(range: Range, selected: string): string {
  const first = enclosingBlock(range.startContainer);
  const last = enclosingBlock(range.endContainer);
  const blocks = [first, last].filter((b, i, all): b is Element => b !== null && all.indexOf(b) === i);
  // A block that contains the other would repeat its text.
  const outer = blocks.length === 2 && (blocks[0].contains(blocks[1]) || blocks[1].contains(blocks[0]))
    ? [blocks[0].contains(blocks[1]) ? blocks[0] : blocks[1]]
    : blocks;
  const text = outer.map(readableText).join('\n');
  const wanted = normaliseSpace(selected);
  if (!text || normaliseSpace(text) === wanted) return '';
  const at = Math.max(0, text.indexOf(wanted.slice(0, 60)));
  return windowAround(text, at, at + wanted.length);
}

