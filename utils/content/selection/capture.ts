// Captures what the user selected, in a shape the API and the popover can use: the selection as
// HTML whose only markup is Glossa's id-only inline tags (selection-markup.ts), the surrounding text as
// the API's unbilled context (context.ts), where the selection sits on screen, and, for editable
// fields, what Replace needs. Works in the document, in open shadow roots (selected-range.ts),
// inside text fields and across several paragraphs; an empty or whitespace-only selection
// captures nothing. Pure DOM code: the window is a parameter so tests can pass their own.
import { contextFor, enclosingBlock, MAX_CONTEXT_CHARS, windowAround } from './context';
import { composedParent, deepActiveElement, selectedRange } from './selected-range';
import { INLINE_FROM_PAGE, normaliseSpace, serialiseFragment, type InlineElementInfo } from './selection-markup';

// The selection limits in one place: the background checks messages against them too.
export { MAX_CONTEXT_CHARS };

// Limits the background enforces too (utils/shared/limits.ts).
import { MAX_SELECTION_CHARS, MAX_SELECTION_HTML_CHARS } from '../../shared/limits';
export { MAX_SELECTION_CHARS, MAX_SELECTION_HTML_CHARS };

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

function fieldSelection(el: HTMLTextAreaElement | HTMLInputElement): { start: number; end: number } | null {
  try {
    const { selectionStart: start, selectionEnd: end } = el;
    if (start === null || end === null || start >= end) return null;
    return { start, end };
  } catch {
    return null; // types without selection support throw
  }
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
