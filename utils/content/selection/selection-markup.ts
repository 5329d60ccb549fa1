// Serialises a selected fragment into what the API gets: HTML whose only markup is Glossa's
// id-only inline tags (`<b id="2">`), line breaks at block boundaries, and the matching plain
// text; plus, per id, what the page's element was (the popover rebuilds links and formatting
// from that, never from the response). Pure DOM code. It differs from the page engine's
// utils/page/serialize.ts on purpose: a selection keeps a closed set of formatting tags to rebuild
// in the popover, while a page block keeps every element by id to put the page's own nodes back.
import type { InlineTag } from '../../shared/selection-types';

/** Page tags serialised as one of Glossa's inline tags; any other inline element is unwrapped. */
export const INLINE_FROM_PAGE: Readonly<Record<string, InlineTag>> = {
  a: 'a', b: 'b', strong: 'strong', i: 'i', em: 'em', u: 'u', s: 's', strike: 's', del: 's',
  sub: 'sub', sup: 'sup', mark: 'mark', small: 'small',
};

/** What the original element behind one id was: the renderer rebuilds links from this, never from the response. */
export interface InlineElementInfo {
  tag: InlineTag;
  /** Absolute http(s) address of a link; absent for other schemes (javascript:, data:, …). */
  href?: string;
}


/** Elements whose content is not readable text of the selection. */
export const SKIPPED = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'frame', 'object', 'embed',
  'canvas', 'video', 'audio', 'img', 'picture', 'input', 'select', 'textarea', 'button', 'head',
  'link', 'meta', 'title',
]);

/** Blocks that end a paragraph: two line breaks between them in the serialised selection. */
export const PARAGRAPH_BLOCKS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'table', 'figure',
  'section', 'article', 'header', 'footer', 'aside', 'main', 'nav', 'form', 'fieldset', 'hr',
]);

/** Blocks that end a line: one line break. Table cells are separated by a space instead. */
export const LINE_BLOCKS = new Set([
  'div', 'li', 'dt', 'dd', 'tr', 'caption', 'figcaption', 'summary', 'details', 'address', 'legend',
  'thead', 'tbody', 'tfoot', 'center', 'body', 'html',
]);
export const CELLS = new Set(['td', 'th']);

/** Runs of whitespace as one space, trimmed. */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Only http(s) links survive: a javascript: or data: address must never become clickable. */
function safeHref(anchor: Element, base: string): string | undefined {
  const raw = anchor.getAttribute('href');
  if (raw === null) return undefined;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

interface Serialiser {
  html: string;
  text: string;
  /** Line breaks owed before the next text (block boundaries), emitted only between texts. */
  pendingBreaks: number;
  pendingSpace: boolean;
  nextId: number;
  inline: Map<string, InlineElementInfo>;
  base: string;
  pre: number;
}

function emitText(state: Serialiser, raw: string): void {
  const text = state.pre > 0 ? raw : raw.replace(/\s+/g, ' ');
  if (!text) return;
  if (!text.trim() && state.pre === 0) {
    if (state.text) state.pendingSpace = true;
    return;
  }
  if (state.text) {
    if (state.pendingBreaks > 0) {
      state.html += '<br>'.repeat(state.pendingBreaks);
      state.text += '\n'.repeat(state.pendingBreaks);
    } else if (state.pendingSpace && !/\s$/.test(state.text) && !/^\s/.test(text)) {
      state.html += ' ';
      state.text += ' ';
    }
  }
  state.pendingBreaks = 0;
  state.pendingSpace = false;
  const trimmed = state.text ? text : text.replace(/^\s+/, '');
  // Line breaks of preformatted text would be mere whitespace in HTML.
  state.html += state.pre > 0 ? escapeHtml(trimmed).replace(/\r?\n/g, '<br>') : escapeHtml(trimmed);
  state.text += trimmed;
}

function owe(state: Serialiser, breaks: number): void {
  if (state.text) state.pendingBreaks = Math.max(state.pendingBreaks, breaks);
}

function hasText(node: Node): boolean {
  return (node.textContent ?? '').trim().length > 0;
}

function serialiseNode(node: Node, state: Serialiser): void {
  if (node.nodeType === 3) {
    emitText(state, (node as Text).data);
    return;
  }
  if (node.nodeType !== 1 && node.nodeType !== 11) return;
  if (node.nodeType === 11) {
    for (const child of Array.from(node.childNodes)) serialiseNode(child, state);
    return;
  }
  const el = node as Element;
  const tag = el.localName;
  if (SKIPPED.has(tag) || el.hasAttribute('hidden')) return;
  if (tag === 'br') {
    if (state.text) state.pendingBreaks += 1;
    return;
  }
  const breaks = PARAGRAPH_BLOCKS.has(tag) ? 2 : LINE_BLOCKS.has(tag) ? 1 : 0;
  if (breaks) owe(state, breaks);
  if (CELLS.has(tag) && state.text) state.pendingSpace = true;
  if (tag === 'pre') state.pre += 1;
  const inlineTag = INLINE_FROM_PAGE[tag];
  if (inlineTag && hasText(el)) {
    // The id is emitted only with content after it, so an element whose text is all skipped
    // (or all whitespace at the start) leaves no empty tag pair.
    const id = String(state.nextId++);
    const info: InlineElementInfo = { tag: inlineTag };
    if (inlineTag === 'a') {
      const href = safeHref(el, state.base);
      if (href) info.href = href;
    }
    const before = state.html;
    const beforeText = state.text;
    const marker = `<${inlineTag} id="${id}">`;
    const opened = state.html.length;
    state.html += marker;
    for (const child of Array.from(el.childNodes)) serialiseNode(child, state);
    if (state.text === beforeText) {
      state.html = before;
    } else {
      // Breaks owed before the first text were emitted after the opening tag: move them before it.
      const inner = state.html.slice(opened + marker.length);
      const lead = /^(?:<br>|\s)+/.exec(inner)?.[0] ?? '';
      state.html = state.html.slice(0, opened) + lead + marker + inner.slice(lead.length) + `</${inlineTag}>`;
      state.inline.set(id, info);
    }
  } else {
    for (const child of Array.from(el.childNodes)) serialiseNode(child, state);
  }
  if (tag === 'pre') state.pre -= 1;
  if (breaks) owe(state, breaks);
}

/** Serialises a fragment into HTML with id-only inline tags and the matching plain text. */
export function serialiseFragment(fragment: Node, base: string, preformatted = false): { html: string; text: string; inline: Map<string, InlineElementInfo> } {
  const state: Serialiser = { html: '', text: '', pendingBreaks: 0, pendingSpace: false, nextId: 1, inline: new Map(), base, pre: preformatted ? 1 : 0 };
  serialiseNode(fragment, state);
  // trimEnd, not /\s+$/: the same white space, without the regular expression's quadratic time on a long run of it.
  return { html: state.html.trimEnd(), text: state.text.trimEnd(), inline: state.inline };
}

