// Serialises a block (contiguous nodes under one parent, holding text and inline elements) into
// the HTML Glossa sends: every inline element becomes `<tag id="N">`, every opaque element an
// empty `<tag id="N"></tag>` placeholder, and no other attribute leaves the page.
import { OPAQUE_TAGS, VOID_TAGS, sentTagName, tagOf, type NodeStatus } from './rules';

/** One element of a block, addressed by its id in the sent HTML (index 0 is the block root). */
export interface Slot {
  /** The page's own element (undefined for the root, whose "children" are the block's nodes). */
  element?: Element;
  /** Tag name as sent; the translation must use the same one for this id. */
  tag: string;
  /** Id of the slot whose children hold this element. */
  parentId: number;
  opaque: boolean;
}

export interface SerializedBlock {
  /** The HTML sent to the translator, without the leading and trailing whitespace. */
  html: string;
  /** Text only (for the never-translate-a-translation check and language sampling). */
  plain: string;
  /** Whitespace cut from the start and end, put back around the translation. */
  leading: string;
  trailing: string;
  slots: Slot[];
  /** Whether any non-whitespace text was found outside placeholders. */
  hasText: boolean;
}

interface SerializeOptions {
  statusOf: (el: Element) => NodeStatus;
  /** Whether white space inside `parent` is rendered as written (pre, pre-wrap…). */
  preservesWhitespace: () => boolean;
  /** The text to send for a text node (Glossa's own earlier writes map back to their source). */
  textOf?: (node: Text) => string;
}

/** The block root's slot, the same for every block (blocks are kept for the page's lifetime). */
const ROOT_SLOT: Slot = Object.freeze({ tag: '', parentId: -1, opaque: false });
/** The slots of a block without elements (most list items and short paragraphs, every plain-text unit): shared. */
export const ROOT_ONLY: Slot[] = Object.freeze([ROOT_SLOT]) as unknown as Slot[];

const COLLAPSIBLE = /[ \t\n\r\f]+/g;
const HAS_COLLAPSIBLE = /[\t\n\r\f]| {2}/;
const LEADING_WS = /^[ \t\n\r\f]+/;
const TRAILING_WS = /[ \t\n\r\f]+$/;
const NON_WS = /[^ \t\n\r\f]/;
/** Inline nesting deeper than this makes the element a container (keeps recursion bounded). */
export const MAX_INLINE_DEPTH = 32;

/**
 * Text as a block's HTML carries it. Plain-text units (attributes, the title) are sent escaped
 * the same way, so a tooltip and a block of the same words are one text to translate. Every
 * escape is billed, so only what a parser could read as markup is escaped: every '<', and an
 * '&' before what could be a character reference. A '>' or an '&' before a space is text to a
 * parser already ("Tools & Services" costs no more than its letters).
 */
export function escapeText(text: string): string {
  return text.replace(MAY_START_REFERENCE, '&amp;').replace(/</g, '&lt;');
}
const MAY_START_REFERENCE = /&(?=[#A-Za-z])/g;

/** Serialises `nodes` (children of one parent, in order) as one block. */
export function serializeBlock(nodes: readonly Node[], options: SerializeOptions): SerializedBlock {
  const slots: Slot[] = [ROOT_SLOT];
  const textOf = options.textOf ?? ((node: Text) => node.data);
  let preserve: boolean | undefined;
  const preserved = () => (preserve ??= options.preservesWhitespace());
  let html = '';
  let plain = '';
  let hasText = false;
  // Rendering collapses a space that follows another space, even across inline elements.
  let lastWasSpace = true;

  // Children are walked by sibling links: reading `childNodes` leaves a cached list on every element in Blink's heap.
  const visit = (first: Node | null | undefined, parentId: number, depth: number, list?: readonly Node[]): void => {
    for (let i = 0, node = list ? list[0] : first; node; node = list ? list[++i] : node.nextSibling) {
      if (node.nodeType === 3) {
        let text = textOf(node as Text);
        if (!text) continue;
        if (HAS_COLLAPSIBLE.test(text) || (lastWasSpace && text[0] === ' ')) {
          if (!preserved()) {
            text = text.replace(COLLAPSIBLE, ' ');
            if (lastWasSpace && text[0] === ' ') text = text.slice(1);
          }
        }
        if (!text) continue;
        if (!hasText && NON_WS.test(text)) hasText = true;
        lastWasSpace = text.endsWith(' ');
        html += escapeText(text);
        plain += text;
        continue;
      }
      if (node.nodeType !== 1) continue; // comments and processing instructions stay where they are
      const el = node as Element;
      const status = options.statusOf(el);
      const tag = tagOf(el);
      const id = slots.length;
      const opaque = status !== 'inline' || depth >= MAX_INLINE_DEPTH;
      const sent = sentTagName(tag);
      slots.push({ element: el, tag: sent, parentId, opaque });
      if (opaque) {
        html += VOID_TAGS.has(sent) ? `<${sent} id="${id}">` : `<${sent} id="${id}"></${sent}>`;
        if (tag === 'br') lastWasSpace = true;
        else if (!OPAQUE_TAGS.has(tag)) lastWasSpace = false;
        continue;
      }
      html += `<${sent} id="${id}">`;
      visit(el.firstChild, id, depth + 1);
      html += `</${sent}>`;
    }
  };
  visit(undefined, 0, 0, nodes);

  // The white space as written around the text is put back around the translation.
  const leading = rawLeading(nodes, textOf);
  const trailing = rawTrailing(nodes, textOf);
  html = html.replace(LEADING_WS, '').replace(TRAILING_WS, '');
  // Kept per block: a copy of exactly its length (an array grown by push keeps spare room).
  return { html, plain: plain.trim(), leading, trailing, slots: slots.length === 1 ? ROOT_ONLY : slots.slice(), hasText };
}

/** The white space as written at the start of the block's first text nodes (root level). */
function rawLeading(nodes: readonly Node[], textOf: (node: Text) => string): string {
  let out = '';
  for (const node of nodes) {
    if (node.nodeType === 8) continue;
    if (node.nodeType !== 3) break;
    const text = textOf(node as Text);
    const ws = LEADING_WS.exec(text)?.[0] ?? '';
    out += ws;
    if (ws.length < text.length) break;
  }
  return out;
}

function rawTrailing(nodes: readonly Node[], textOf: (node: Text) => string): string {
  let out = '';
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (node.nodeType === 8) continue;
    if (node.nodeType !== 3) break;
    const text = textOf(node as Text);
    const ws = TRAILING_WS.exec(text)?.[0] ?? '';
    out = ws + out;
    if (ws.length < text.length) break;
  }
  return out;
}

const ESCAPED = /&(amp|lt|gt);/g;
const UNESCAPED: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

/**
 * A block's text read back from the HTML sent (the same as `plain`, which the engine does not
 * keep for every block): only Glossa's own tags and its three escapes are in that HTML.
 */
export function plainOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(ESCAPED, (_m, name: string) => UNESCAPED[name]).trim();
}

/** The children of a node, read by sibling links (no cached child list is left behind). */
export function childrenOf(parent: Node): Node[] {
  const out: Node[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) out.push(child);
  return out;
}

/** Plain-text blocks (attributes, title): collapsed and trimmed, with the cut white space kept. */
export function serializePlain(value: string): { text: string; leading: string; trailing: string } {
  const leading = LEADING_WS.exec(value)?.[0] ?? '';
  const rest = value.slice(leading.length);
  const trailing = rest ? (TRAILING_WS.exec(rest)?.[0] ?? '') : '';
  const inner = rest.slice(0, rest.length - trailing.length);
  // Replaced only where something collapses: a replace joins the pieces around every single
  // space into a rope, kept per attribute (thousands of link titles on a long page).
  const text = HAS_COLLAPSIBLE.test(inner) ? inner.replace(COLLAPSIBLE, ' ') : inner;
  return { text, leading, trailing };
}
