// The unbilled `context` sent with a selection, so the API can tell which sense of a word is
// meant: the heading of the selection's section, the paragraph before, the paragraph(s) the
// selection sits in (cut to a window around it) and the paragraph after, in page order. The
// neighbours matter most when the selection is a whole paragraph or a heading: then its own
// paragraph adds nothing. Pure DOM code.
import { CELLS, LINE_BLOCKS, normaliseSpace, PARAGRAPH_BLOCKS, SKIPPED } from './selection-markup';
import { composedParent } from './selected-range';

/** Context beyond this is cut to a window around the selection: it only has to hint at the topic. */
import { MAX_CONTEXT_CHARS } from '../../shared/limits';
export { MAX_CONTEXT_CHARS };
/** The section heading is cut to this (its start is kept). */
export const CONTEXT_HEADING_CHARS = 200;
/** The paragraphs before and after are cut to this each (the side next to the selection is kept). */
export const CONTEXT_NEIGHBOUR_CHARS = 600;
/** Nodes looked at when searching for a neighbour or the heading: bounded on huge pages. */
const SEARCH_LIMIT = 5_000;
const HEADING = /^h[1-6]$/;

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
function readableText(root: Element): string {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 1 | 4, {
    acceptNode: (node) => (node.nodeType === 1 && SKIPPED.has((node as Element).localName) ? 2 : 1),
  });
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeType === 3) text += (node as Text).data;
  return normaliseSpace(text);
}

/** The blocks the range starts and ends in, without one that contains the other. */
function ownBlocks(range: Range): Element[] {
  const first = enclosingBlock(range.startContainer);
  const last = enclosingBlock(range.endContainer);
  const blocks = [first, last].filter((b, i, all): b is Element => b !== null && all.indexOf(b) === i);
  // A block that contains the other would repeat its text.
  if (blocks.length === 2 && (blocks[0].contains(blocks[1]) || blocks[1].contains(blocks[0]))) {
    return [blocks[0].contains(blocks[1]) ? blocks[0] : blocks[1]];
  }
  return blocks;
}

/** Elements whose content is never readable context. */
function unreadable(node: Node): boolean {
  return node.nodeType === 1 && (SKIPPED.has((node as Element).localName) || (node as Element).hasAttribute('hidden'));
}

/** Nodes before `from` in page order, nearest first, within its tree (document or shadow root). */
function* nodesBefore(from: Node): Generator<Node> {
  const root = from.getRootNode();
  let node: Node | null = from;
  for (let seen = 0; node && node !== root && seen < SEARCH_LIMIT; seen++) {
    let previous: Node | null = node.previousSibling;
    if (previous) {
      while (previous.lastChild && !unreadable(previous)) previous = previous.lastChild;
      node = previous;
    } else {
      node = node.parentNode;
      if (node === root) return;
    }
    if (node && !unreadable(node)) yield node;
  }
}

/** Nodes after `from` and its content in page order, nearest first, within its tree. */
function* nodesAfter(from: Node): Generator<Node> {
  const root = from.getRootNode();
  const after = (node: Node): Node | null => {
    for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
      if (current.nextSibling) return current.nextSibling;
    }
    return null;
  };
  let node = after(from);
  for (let seen = 0; node && seen < SEARCH_LIMIT; seen++) {
    if (!unreadable(node)) yield node;
    node = node.firstChild && !unreadable(node) ? node.firstChild : after(node);
  }
}

/** The nearest block before (or after) `from` with readable text that neither contains it nor lies in it. */
function neighbourBlock(from: Element, direction: 'before' | 'after'): Element | null {
  for (const node of direction === 'before' ? nodesBefore(from) : nodesAfter(from)) {
    if (node.nodeType !== 3 || !(node as Text).data.trim()) continue;
    const block = enclosingBlock(node);
    if (block && !block.contains(from) && !from.contains(block)) return block;
  }
  return null;
}

/** The heading of the section `from` is in: the nearest h1–h6 before it. None for a heading itself. */
function sectionHeading(from: Element): Element | null {
  if (HEADING.test(from.localName) || from.closest('h1, h2, h3, h4, h5, h6')) return null;
  for (const node of nodesBefore(from)) {
    if (node.nodeType === 1 && HEADING.test((node as Element).localName) && readableText(node as Element)) return node as Element;
  }
  return null;
}

/** The start of `text`, at most `max` characters, ending at a word boundary when one is near. */
function clipEnd(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
}

/** The end of `text`, at most `max` characters, starting at a word boundary when one is near. */
function clipStart(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(text.length - max);
  const space = cut.indexOf(' ');
  return space >= 0 && space < max / 2 ? cut.slice(space + 1) : cut;
}

/** The context for a selected range whose text is `selected` ('' when it would add nothing). */
export function contextFor(range: Range, selected: string): string {
  const own = ownBlocks(range);
  if (own.length === 0) return '';
  const first = own[0];
  const last = own[own.length - 1];
  const before = neighbourBlock(first, 'before');
  const after = neighbourBlock(last, 'after');
  const heading = sectionHeading(first);
  const headingText = heading && heading !== before && !heading.contains(before) ? clipEnd(readableText(heading), CONTEXT_HEADING_CHARS) : '';
  const beforeText = before ? clipStart(readableText(before), CONTEXT_NEIGHBOUR_CHARS) : '';
  const afterText = after ? clipEnd(readableText(after), CONTEXT_NEIGHBOUR_CHARS) : '';
  const ownText = own.map(readableText).join('\n');
  const wanted = normaliseSpace(selected);
  const at = Math.max(0, ownText.indexOf(wanted.slice(0, 60)));
  const room = Math.max(0, MAX_CONTEXT_CHARS - headingText.length - beforeText.length - afterText.length - 3);
  // A whole paragraph (or heading) selected: its own text would only repeat the selection.
  const ownPart = normaliseSpace(ownText) === wanted ? '' : windowAround(ownText, at, at + wanted.length, room);
  const context = [headingText, beforeText, ownPart, afterText].filter(Boolean).join('\n');
  return normaliseSpace(context) === wanted ? '' : context;
}
