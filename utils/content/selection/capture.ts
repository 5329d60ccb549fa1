// Captures what the user selected, in a shape the API and the popover can use: the selection as
// HTML whose only markup is Glossa's id-only inline tags (`<b id="2">`), the text of the
// surrounding paragraph(s) as the API's unbilled context, where the selection sits on screen,
// and, for editable fields, what Replace needs. Works in the document, in open shadow roots,
// inside text fields and across several paragraphs; an empty or whitespace-only selection
// captures nothing. Pure DOM code: the window is a parameter so tests can pass their own.

/** Inline tags kept in the serialised selection (and the only ones a translation may bring back). */
export type InlineTag = 'a' | 'b' | 'strong' | 'i' | 'em' | 'u' | 's' | 'sub' | 'sup' | 'mark' | 'small';

/** Page tags serialised as one of Glossa's inline tags; any other inline element is unwrapped. */
const INLINE_FROM_PAGE: Readonly<Record<string, InlineTag>> = {
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
const SKIPPED = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'frame', 'object', 'embed',
  'canvas', 'video', 'audio', 'img', 'picture', 'input', 'select', 'textarea', 'button', 'head',
  'link', 'meta', 'title',
]);

/** Blocks that end a paragraph: two line breaks between them in the serialised selection. */
const PARAGRAPH_BLOCKS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'table', 'figure',
  'section', 'article', 'header', 'footer', 'aside', 'main', 'nav', 'form', 'fieldset', 'hr',
]);

/** Blocks that end a line: one line break. Table cells are separated by a space instead. */
const LINE_BLOCKS = new Set([
  'div', 'li', 'dt', 'dd', 'tr', 'caption', 'figcaption', 'summary', 'details', 'address', 'legend',
  'thead', 'tbody', 'tfoot', 'center', 'body', 'html',
]);
const CELLS = new Set(['td', 'th']);

/** Ancestors that give the context paragraph. */
const CONTEXT_BLOCKS = new Set([...PARAGRAPH_BLOCKS, ...LINE_BLOCKS, ...CELLS].filter((t) => !['tr', 'thead', 'tbody', 'tfoot', 'html', 'ul', 'ol', 'dl', 'table'].includes(t)));

// Limits the background enforces too (utils/shared/limits.ts).
import { MAX_CONTEXT_CHARS, MAX_SELECTION_CHARS, MAX_SELECTION_HTML_CHARS } from '../../shared/limits';
export { MAX_CONTEXT_CHARS, MAX_SELECTION_CHARS, MAX_SELECTION_HTML_CHARS };

export interface SelectionRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export type EditableTarget =
  | { kind: 'field'; element: HTMLTextAreaElement | HTMLInputElement; start: number; end: number; text: string }
  | { kind: 'contenteditable'; host: HTMLElement; range: Range; text: string };

export interface CapturedSelection {
  format: 'html' | 'text';
  /** What goes to the API: HTML with id-only inline tags, or plain text. */
  source: string;
  /** The selected text as the user sees it. */
  text: string;
  /** Surrounding paragraph text ('' when it would add nothing). */
  context: string;
  /** id → original inline element, for rebuilding the translation's links and formatting. */
  inline: ReadonlyMap<string, InlineElementInfo>;
  /** Viewport coordinates of the selection in its own frame. */
  rect: SelectionRect;
  /** Set when the selection is in a field the user can type into (enables Replace). */
  editable?: EditableTarget;
  /** The selection is longer than MAX_SELECTION_CHARS: the popover says so and sends nothing. */
  tooLong: boolean;
  document: Document;
}

// ── text fields ──────────────────────────────────────────────────────────────────────────

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', '']);

function isTextField(el: Element | null): el is HTMLTextAreaElement | HTMLInputElement {
  if (!el) return false;
  const tag = el.localName;
  if (tag === 'textarea') return true;
  // Password fields are never read; other types have no text selection.
  return tag === 'input' && TEXT_INPUT_TYPES.has(((el as HTMLInputElement).getAttribute('type') ?? '').toLowerCase());
}

/** The focused element, looking through open shadow roots. */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function fieldSelection(el: HTMLTextAreaElement | HTMLInputElement): { start: number; end: number } | null {
  try {
    const { selectionStart: start, selectionEnd: end } = el;
    if (start === null || end === null || start >= end) return null;
    return { start, end };
  } catch {
    return null; // types without selection support throw
  }
}

/** The context of a field selection: the field's text, cut to a window around the selection. */
function windowAround(text: string, start: number, end: number, max = MAX_CONTEXT_CHARS): string {
  if (text.length <= max) return text;
  const spare = Math.max(0, max - (end - start));
  const from = Math.max(0, start - Math.floor(spare / 2));
  return text.slice(from, Math.min(text.length, from + Math.max(max, end - start)));
}

function captureField(el: HTMLTextAreaElement | HTMLInputElement, doc: Document): CapturedSelection | null {
  const range = fieldSelection(el);
  if (!range) return null;
  const text = el.value.slice(range.start, range.end);
  if (!text.trim()) return null;
  const writable = !el.readOnly && !el.disabled;
  const box = el.getBoundingClientRect();
  const context = normaliseSpace(windowAround(el.value, range.start, range.end));
  return {
    format: 'text',
    source: text,
    text,
    context: context === normaliseSpace(text) ? '' : context,
    inline: new Map(),
    rect: { top: box.top, left: box.left, bottom: box.bottom, right: box.right },
    editable: writable ? { kind: 'field', element: el, start: range.start, end: range.end, text } : undefined,
    tooLong: text.length > MAX_SELECTION_CHARS,
    document: doc,
  };
}

// ── document selections (including open shadow roots) ─────────────────────────────────────

type ComposedSelection = Selection & {
  getComposedRanges?: (options?: { shadowRoots?: ShadowRoot[] }) => StaticRange[];
};

/**
 * A selection inside a shadow tree is reported around (or collapsed next to) its host; widen a
 * collapsed range to the nodes on either side so the host counts as touched.
 */
function probeRange(range: Range): Range {
  if (!range.collapsed || range.startContainer.nodeType !== 1) return range;
  const container = range.startContainer;
  const probe = range.cloneRange();
  probe.setStart(container, Math.max(0, range.startOffset - 1));
  probe.setEnd(container, Math.min(container.childNodes.length, range.startOffset + 1));
  return probe;
}

/** Open shadow roots of elements the range touches (and roots nested in them), bounded. */
function shadowRootsIn(selected: Range, limit = 200): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const range = probeRange(selected);
  const container = range.commonAncestorContainer;
  const start = container.nodeType === 1 ? (container as Element) : container.parentElement;
  if (!start) return roots;
  const visit = (root: Element | ShadowRoot, checkRange: boolean) => {
    const doc = root.ownerDocument ?? (root as ShadowRoot).host.ownerDocument;
    // Subtrees outside the selection are skipped whole, so a large page costs little.
    const walker = doc.createTreeWalker(root, 1, checkRange
      ? { acceptNode: (node) => (range.intersectsNode(node) ? 1 : 2) }
      : null);
    for (let node = walker.currentNode as Element | null; node && roots.length < limit; node = walker.nextNode() as Element | null) {
      if (node.nodeType !== 1) continue;
      const shadow = (node as Element).shadowRoot;
      if (!shadow || roots.includes(shadow)) continue;
      roots.push(shadow);
      visit(shadow, false);
    }
  };
  visit(start, true);
  return roots;
}

function liveRange(doc: Document, start: Node, startOffset: number, end: Node, endOffset: number): Range | null {
  const range = doc.createRange();
  try {
    range.setStart(start, startOffset);
    range.setEnd(end, endOffset);
  } catch {
    return null;
  }
  return range;
}

/**
 * The selected range, looking into open shadow roots: browsers report a selection inside a
 * shadow tree as one around its host, so ask for the composed range (or, in older Chromium,
 * the shadow root's own selection).
 */
export function selectedRange(win: Window): Range | null {
  const selection = win.getSelection() as ComposedSelection | null;
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const roots = shadowRootsIn(range);
  if (roots.length === 0) return range;
  if (typeof selection.getComposedRanges === 'function') {
    try {
      const [composed] = selection.getComposedRanges({ shadowRoots: roots });
      if (composed && !composed.collapsed && composed.startContainer.getRootNode() === composed.endContainer.getRootNode()) {
        return liveRange(win.document, composed.startContainer, composed.startOffset, composed.endContainer, composed.endOffset) ?? range;
      }
    } catch {
      // Older signature or a detached root: fall through.
    }
  }
  for (const root of roots) {
    const own = (root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.();
    if (own && own.rangeCount > 0 && !own.getRangeAt(0).collapsed) return own.getRangeAt(0);
  }
  return range;
}

function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Only http(s) links survive: a javascript: or data: address must never become clickable. */
export function safeHref(anchor: Element, base: string): string | undefined {
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
  return { html: state.html.replace(/\s+$/, ''), text: state.text.replace(/\s+$/, ''), inline: state.inline };
}

/** The parent across a shadow boundary (a shadow root's parent is its host). */
function composedParent(node: Node): Node | null {
  if (node.parentNode && node.parentNode.nodeType === 11) return (node.parentNode as ShadowRoot).host ?? null;
  return node.parentNode;
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

function contextFor(range: Range, selected: string): string {
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

/** The editing host a range lies in, when the whole range is editable. */
function editingHost(range: Range): HTMLElement | null {
  const hostOf = (node: Node): HTMLElement | null => {
    let host: HTMLElement | null = null;
    for (let el: Node | null = node; el; el = el.parentNode) {
      if (el.nodeType !== 1) continue;
      const attr = (el as Element).getAttribute('contenteditable');
      if (attr === null) continue;
      if (attr.toLowerCase() === 'false') break;
      host = el as HTMLElement; // keep climbing: the outermost editable ancestor is the host
    }
    return host;
  };
  const start = hostOf(range.startContainer);
  return start && start === hostOf(range.endContainer) ? start : null;
}

function rangeRect(range: Range): SelectionRect {
  const box = typeof range.getBoundingClientRect === 'function' ? range.getBoundingClientRect() : null;
  if (box && (box.width || box.height)) return { top: box.top, left: box.left, bottom: box.bottom, right: box.right };
  // Collapsed-looking ranges (a selection around a host) measure as 0×0: use the enclosing element.
  const el = range.startContainer.nodeType === 1 ? (range.startContainer as Element) : range.startContainer.parentElement;
  const fallback = el?.getBoundingClientRect();
  return fallback ? { top: fallback.top, left: fallback.left, bottom: fallback.bottom, right: fallback.right } : { top: 0, left: 0, bottom: 0, right: 0 };
}

/**
 * The range's contents wrapped in (shallow clones of) the inline elements around it: text
 * selected inside a link or a bold run keeps that link or bold in the translation.
 */
function withInlineAncestors(range: Range): Node {
  let content: Node = range.cloneContents();
  const block = enclosingBlock(range.commonAncestorContainer);
  for (let node: Node | null = range.commonAncestorContainer; node && node !== block; node = node.parentNode) {
    if (node.nodeType !== 1 || !INLINE_FROM_PAGE[(node as Element).localName]) continue;
    const wrapper = node.cloneNode(false);
    wrapper.appendChild(content);
    content = wrapper;
  }
  return content;
}

/** Whether a node sits inside preformatted text (its line breaks are part of the text). */
function insidePre(node: Node): boolean {
  for (let current: Node | null = node; current; current = composedParent(current)) {
    if (current.nodeType === 1 && (current as Element).localName === 'pre') return true;
  }
  return false;
}

/** Captures a range: serialised HTML, text, context, editable target. Null for whitespace only. */
export function captureRange(range: Range, doc: Document = range.startContainer.ownerDocument ?? document): CapturedSelection | null {
  if (range.collapsed) return null;
  const { html, text, inline } = serialiseFragment(withInlineAncestors(range), doc.baseURI, insidePre(range.commonAncestorContainer));
  if (!text.trim()) return null;
  const host = editingHost(range);
  const useHtml = html.length <= MAX_SELECTION_HTML_CHARS;
  return {
    format: useHtml ? 'html' : 'text',
    source: useHtml ? html : text,
    text,
    context: contextFor(range, text),
    inline: useHtml ? inline : new Map(),
    rect: rangeRect(range),
    editable: host ? { kind: 'contenteditable', host, range: range.cloneRange(), text: range.toString() } : undefined,
    tooLong: text.length > MAX_SELECTION_CHARS,
    document: doc,
  };
}

/**
 * Captures the current selection of a window: a focused text field's selection first (the
 * document selection does not include it), then the document's (or a shadow root's) selection.
 */
export function captureSelection(win: Window = window): CapturedSelection | null {
  const doc = win.document;
  const active = deepActiveElement(doc);
  if (isTextField(active)) {
    const field = captureField(active, doc);
    if (field) return field;
  }
  const range = selectedRange(win);
  return range ? captureRange(range, doc) : null;
}
