// Which field the user asked writing help for, and what its draft is. Text areas and text-like
// inputs give their selected text (or all of it); contenteditable editors give their selected
// fragment (or the whole editing host) as HTML. Fields that hold secrets are refused before
// anything is read: nothing of a password, a card number or a one-time code ever leaves.
import { serialiseDraft, textDraftHtml, type DraftElementInfo } from './draft-html';

type TextField = HTMLTextAreaElement | HTMLInputElement;

export type WritingField =
  | { kind: 'text'; element: TextField; start: number; end: number; before: string }
  | { kind: 'rich'; host: HTMLElement; range: Range; whole: boolean; before: string };

export interface Draft {
  field: WritingField;
  /** What is sent: id-only tags (rich) or escaped text with <br> (text fields). */
  html: string;
  /** The draft as plain text (language detection, the panel). */
  text: string;
  /** What each id of `html` stood for in the draft (rich editors); the write-back builds only these. */
  elements: Map<string, DraftElementInfo>;
}

export type FieldProblem = 'no-field' | 'sensitive' | 'empty';

/** Input types whose value is prose a user writes. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', '']);

/** Fields that hold secrets or payment data: never read, never sent. */
export function isSensitive(element: Element): boolean {
  if (element.localName === 'input' && (element as HTMLInputElement).type === 'password') return true;
  const tokens = (element.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
  return tokens.some((token) => token.startsWith('cc-') || token === 'one-time-code' || token === 'current-password' || token === 'new-password');
}

/** The focused element, through open shadow roots and same-origin frames. */
export function focusedElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (;;) {
    if (active?.shadowRoot?.activeElement) {
      active = active.shadowRoot.activeElement;
      continue;
    }
    if (active && (active.localName === 'iframe' || active.localName === 'frame')) {
      let inner: Document | null = null;
      try {
        inner = (active as HTMLIFrameElement).contentDocument;
      } catch {
        inner = null;
      }
      if (inner?.activeElement && inner.activeElement !== inner.body) {
        active = inner.activeElement;
        continue;
      }
      if (inner?.body?.isContentEditable) return inner.body;
    }
    return active;
  }
}

/** The outermost contenteditable ancestor: the editor's root. */
export function editingHost(element: HTMLElement): HTMLElement {
  let host = element;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}

export function isTextField(element: Element): element is TextField {
  if (element.localName === 'textarea') return true;
  return element.localName === 'input' && TEXT_INPUT_TYPES.has((element as HTMLInputElement).type.toLowerCase());
}

/** The field the user means and its draft, or why there is none. */
export function captureDraft(doc: Document = document): Draft | FieldProblem {
  const active = focusedElement(doc);
  if (!active) return 'no-field';
  if (isSensitive(active)) return 'sensitive';
  if (isTextField(active)) {
    if (active.readOnly || active.disabled) return 'no-field';
    const value = active.value;
    let start = active.selectionStart ?? 0;
    let end = active.selectionEnd ?? 0;
    if (start === end) {
      start = 0;
      end = value.length;
    }
    const text = value.slice(start, end);
    if (text.trim() === '') return 'empty';
    return { field: { kind: 'text', element: active, start, end, before: value }, html: textDraftHtml(text), text, elements: new Map() };
  }
  if (!(active as HTMLElement).isContentEditable) return 'no-field';
  const host = editingHost(active as HTMLElement);
  if (isSensitive(host)) return 'sensitive';
  const hostDoc = host.ownerDocument;
  const selection = hostDoc.getSelection();
  let range: Range | null = null;
  if (selection && selection.rangeCount > 0 && !selection.isCollapsed) {
    const candidate = selection.getRangeAt(0);
    if (host.contains(candidate.commonAncestorContainer)) range = candidate.cloneRange();
  }
  const whole = range === null;
  if (!range) {
    range = hostDoc.createRange();
    range.selectNodeContents(host);
  }
  const { html, text, elements } = serialiseDraft(range.cloneContents());
  if (text.trim() === '') return 'empty';
  return { field: { kind: 'rich', host, range, whole, before: host.textContent ?? '' }, html, text, elements };
}
