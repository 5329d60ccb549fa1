// Writes a translation back into the page without letting any of its markup in: the response
// is parsed in a separate inert document, checked against the ids Glossa sent, and only its
// text and the order of Glossa's ids are used. The page's own nodes are moved and their text
// data set, so listeners, form state, focus and selection survive.
import { isHtmlSpace, trimWith } from '../shared/text-scan';
import { fingerprint } from './fingerprint';
import { childrenOf, type SerializedBlock, type Slot } from './serialize';

/** For each slot id, the translated order of its children: strings are text, numbers slot ids. */
export type TranslatedTree = (string | number)[][];

export type ParseOutcome = { ok: true; tree: TranslatedTree } | { ok: false; message: string };

/**
 * A parser into an inert document: a DOMParser document has no browsing context, so nothing in
 * it runs, loads or fires. One document serves every answer, each parsed into its body (the
 * body as context, as a document of its own would parse it): a new document per answer cost
 * about 0.2 ms each, half a second of the main thread on the 1 MB page. Store linters flag any
 * `innerHTML` assignment by name; this one never touches a page's document.
 */
export function createInertParser(doc: Document = document): (html: string) => DocumentFragment {
  const view = doc.defaultView ?? globalThis;
  // Made on the first answer: pointing makes a parser on every page it runs in, mostly never used.
  let inert: Document | undefined;
  return (html: string) => {
    inert ??= new view.DOMParser().parseFromString('<!doctype html><body>', 'text/html');
    const body = inert.body;
    body.innerHTML = html;
    const out = inert.createDocumentFragment();
    out.append(...body.childNodes);
    return out;
  };
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const ID_PATTERN = /^[1-9][0-9]{0,5}$/;

/**
 * Checks a translation against the slots that were sent: every element must be one of ours
 * (same tag, only an `id` attribute, same parent, each id exactly once, placeholders empty).
 * Anything else means the block's structure cannot be matched, and nothing of it is used.
 */
export function matchTranslation(fragment: DocumentFragment, slots: readonly Slot[]): ParseOutcome {
  const tree: TranslatedTree = slots.map(() => []);
  const seen = new Uint8Array(slots.length);
  const stack: { node: Node; id: number }[] = [];
  for (let child = fragment.lastChild; child; child = child.previousSibling) stack.push({ node: child, id: 0 });
  while (stack.length) {
    const { node, id: parentId } = stack.pop()!;
    if (node.nodeType === 3) {
      const items = tree[parentId];
      const text = (node as Text).data;
      if (typeof items[items.length - 1] === 'string') items[items.length - 1] += text;
      else items.push(text);
      continue;
    }
    if (node.nodeType === 8) continue; // comments carry nothing; they are dropped
    if (node.nodeType !== 1) return { ok: false, message: `unexpected node type ${node.nodeType}` };
    const el = node as Element;
    const tag = el.localName;
    if (el.namespaceURI !== HTML_NS) return { ok: false, message: `foreign element <${tag}>` };
    if (el.attributes.length !== 1 || el.attributes[0].name !== 'id') {
      return { ok: false, message: `element <${tag}> with attributes other than one id` };
    }
    const raw = el.getAttribute('id') ?? '';
    if (!ID_PATTERN.test(raw)) return { ok: false, message: `element <${tag}> with a foreign id` };
    const id = Number(raw);
    const slot = slots[id];
    if (!slot || id === 0) return { ok: false, message: `unknown id ${id}` };
    if (slot.tag !== tag) return { ok: false, message: `id ${id} came back as <${tag}>, sent as <${slot.tag}>` };
    if (seen[id]) return { ok: false, message: `id ${id} appears twice` };
    seen[id] = 1;
    if (slot.parentId !== parentId) return { ok: false, message: `id ${id} moved to another parent` };
    tree[parentId].push(id);
    if (slot.opaque) {
      for (let c = el.firstChild; c; c = c.nextSibling) {
        if (c.nodeType !== 3 || /[^ \t\n\r\f]/.test((c as Text).data)) return { ok: false, message: `placeholder ${id} is not empty` };
      }
      continue;
    }
    for (let c = el.lastChild; c; c = c.previousSibling) stack.push({ node: c, id });
  }
  for (let id = 1; id < slots.length; id++) if (!seen[id]) return { ok: false, message: `id ${id} is missing` };
  return { ok: true, tree };
}

/**
 * What write-back changed in one block, enough to put back exactly what was there. Kept for
 * every translated block, so it holds only what the page does not: the original data of the
 * text nodes written (the page now holds the translation) and a fingerprint of what was written.
 */
export interface WriteRecord {
  /** Parent and original order of every container whose children were moved (none: nothing moved). */
  orders?: { parent: Node; nodes: Node[] }[];
  /**
   * Per text node written, in fours: the node, its original data, and the fingerprint of the
   * data written in two halves (small integers are stored in the array; a 52-bit number would
   * be a heap object of its own).
   */
  texts: (Text | string | number)[];
  /** Text nodes Glossa created (removed again on restore). */
  created?: Text[];
}

/** A fingerprint's halves are below 2^26: small integers. */
const HALF = 2 ** 26;

/** Calls `each` with every text node written, its original data and the fingerprint of what was written. */
export function forEachWritten(record: WriteRecord, each: (node: Text, source: string, written: number) => void): void {
  const { texts } = record;
  for (let i = 0; i < texts.length; i += 4) each(texts[i] as Text, texts[i + 1] as string, (texts[i + 2] as number) * HALF + (texts[i + 3] as number));
}

/** Whether the block's text nodes still hold what Glossa wrote and the nodes it created are still in the page. */
export function writeIntact(record: WriteRecord): boolean {
  const { texts } = record;
  for (let i = 0; i < texts.length; i += 4) {
    if (fingerprint((texts[i] as Text).data) !== (texts[i + 2] as number) * HALF + (texts[i + 3] as number)) return false;
  }
  return !record.created || record.created.every((n) => n.parentNode);
}

/**
 * Applies a matched translation to the block's nodes: element order per container, text per
 * gap between elements. Gaps reuse the page's text nodes in place; a gap that had none gets a
 * new one. `rootNodes` are the block's nodes under `rootParent` (all its children for an
 * element block, a run of them otherwise).
 */
export function applyTranslation(
  rootParent: Node,
  rootNodes: readonly Node[],
  source: Omit<SerializedBlock, 'plain'>,
  tree: TranslatedTree,
): WriteRecord {
  const record: WriteRecord = { texts: [] };
  const doc = rootParent.ownerDocument ?? (rootParent as Document);
  const { slots } = source;
  for (let id = 0; id < slots.length; id++) {
    const slot = slots[id];
    if (slot.opaque) continue;
    const parent = id === 0 ? rootParent : slot.element!;
    const original = id === 0 ? [...rootNodes] : childrenOf(slot.element!);
    const items = tree[id];
    if (id === 0 && items.length) {
      // White space around the block's text is the page's, not the translator's.
      if (typeof items[0] === 'string') items[0] = source.leading + trimWith(items[0], isHtmlSpace, { end: false });
      else items.unshift(source.leading);
      const last = items.length - 1;
      if (typeof items[last] === 'string') items[last] = trimWith(items[last] as string, isHtmlSpace, { start: false }) + source.trailing;
      else items.push(source.trailing);
    }
    // Split the original children into gaps around the elements that carry ids.
    const slotIds = new Map<Element, number>();
    for (let s = 1; s < slots.length; s++) if (slots[s].parentId === id) slotIds.set(slots[s].element!, s);
    const gaps: Node[][] = [[]];
    for (const node of original) {
      if (node.nodeType === 1 && slotIds.has(node as Element)) gaps.push([]);
      else gaps[gaps.length - 1].push(node);
    }
    // Translated order: text for gap k, then the k-th element.
    const texts: string[] = [''];
    const elements: Element[] = [];
    for (const item of items) {
      if (typeof item === 'string') texts[texts.length - 1] += item;
      else {
        elements.push(slots[item].element!);
        texts.push('');
      }
    }
    const desired: Node[] = [];
    for (let k = 0; k < texts.length; k++) {
      const gap = gaps[k] ?? [];
      const gapTexts = gap.filter((node): node is Text => node.nodeType === 3);
      const shares = shareGapText(gapTexts, texts[k]);
      gapTexts.forEach((text, i) => writeText(record, text, shares[i]));
      desired.push(...gap);
      if (!gapTexts.length && texts[k]) {
        const created = doc.createTextNode(texts[k]);
        (record.created ??= []).push(created);
        desired.push(created);
      }
      if (k < elements.length) desired.push(elements[k]);
    }
    if (!sameOrder(parent, original, desired)) {
      (record.orders ??= []).push({ parent, nodes: original.slice() });
      placeInOrder(parent, desired, original[0] ?? null);
    }
  }
  // Kept per translated block: copies of exactly their length (arrays grown by push keep spare room).
  record.texts = record.texts.slice();
  if (record.created) record.created = record.created.slice();
  if (record.orders) record.orders = record.orders.slice();
  return record;
}

const BLANK = /^[ \t\n\r\f]*$/;

/**
 * What each text node of a gap gets: the text goes into the first node that held text, so it
 * stays on the same side of comments around it; white space alone before or after that keeps
 * its node where the translation still has it there; other nodes are emptied.
 */
function shareGapText(nodes: readonly Text[], text: string): string[] {
  const shares = nodes.map(() => '');
  if (!nodes.length) return shares;
  const first = nodes.findIndex((node) => !BLANK.test(node.data));
  if (first < 0) {
    shares[0] = text;
    return shares;
  }
  let last = nodes.length - 1;
  while (BLANK.test(nodes[last].data)) last--;
  let rest = text;
  for (let i = 0; i < first && rest.startsWith(nodes[i].data); i++) {
    shares[i] = nodes[i].data;
    rest = rest.slice(nodes[i].data.length);
  }
  for (let i = nodes.length - 1; i > last && nodes[i].data.length <= rest.length && rest.endsWith(nodes[i].data); i--) {
    shares[i] = nodes[i].data;
    rest = rest.slice(0, rest.length - nodes[i].data.length);
  }
  shares[first] = rest;
  return shares;
}

function writeText(record: WriteRecord, node: Text, data: string): void {
  // Each text node is in one gap of one container: it is written once per translation.
  const source = node.data;
  const written = fingerprint(data);
  record.texts.push(node, source, Math.floor(written / HALF), written % HALF);
  if (source !== data) node.data = data;
}

function sameOrder(parent: Node, original: readonly Node[], desired: readonly Node[]): boolean {
  if (original.length !== desired.length) return false;
  for (let i = 0; i < original.length; i++) if (original[i] !== desired[i] || original[i].parentNode !== parent) return false;
  return true;
}

/**
 * Puts `desired` in that order where the run starts (before `anchorHint`'s group), moving only
 * nodes that are out of place. Nodes stay inside `parent`.
 */
export function placeInOrder(parent: Node, desired: readonly Node[], anchorHint: Node | null): void {
  const members = new Set(desired);
  // The run starts at the first member in document order: walk back from a member that is there.
  let start: Node | null = null;
  const probe = anchorHint && anchorHint.parentNode === parent ? anchorHint : desired.find((n) => n.parentNode === parent) ?? null;
  if (probe) {
    start = probe;
    while (start.previousSibling && members.has(start.previousSibling)) start = start.previousSibling;
  }
  // With no member in place yet (an empty element getting text), nodes are appended.
  let cursor: Node | null = start;
  for (const node of desired) {
    if (node === cursor) {
      cursor = cursor.nextSibling;
      continue;
    }
    parent.insertBefore(node, cursor);
  }
}

/** Nodes the page added to or removed from a container of a translated block (one mutation record). */
export interface ChildEdit {
  parent: Node;
  added: readonly Node[];
  removed: readonly Node[];
  /** The record's siblings: where the page put the added nodes, in the order it saw then. */
  previous: Node | null;
  next: Node | null;
}
