// Writes a translation into the field as the user's own edit, so the page's app sees what the
// user sees and the editor's undo brings the draft back in one step:
// - text fields: the browser's insertText command (one undo step; React and Vue hear the
//   input event), else the value's native setter and an input event;
// - rich editors: a paste event carrying the translation as HTML and text, which ProseMirror,
//   Tiptap, Lexical and Quill take as one transaction of their own; a plain contenteditable
//   (nothing handles a paste it did not get from the browser) gets the insertHTML command.
//   Firefox's ClipboardEvent ignores `clipboardData` and hides data a content script set from
//   the page, so there the paste is made in the page's own world (see pasteEvent).
// Nothing is written when the field changed since the draft was read, and the outcome is
// 'replaced' only once the field is seen holding the new text.
import type { WritingField } from './field';
import { fragmentHtml } from './draft-html';

type WriteOutcome = 'replaced' | 'changed' | 'unwritten';

/** How long an editor may take to show a paste it took (Lexical renders on a later task). */
const SHOW_TIMEOUT_MS = 2_000;

type ExecDocument = Document & { execCommand?: (command: string, ui?: boolean, value?: string) => boolean };

function exec(doc: Document, command: string, value?: string): boolean {
  const run = (doc as ExecDocument).execCommand;
  if (typeof run !== 'function') return false;
  try {
    return run.call(doc, command, false, value);
  } catch {
    return false;
  }
}

/** Whether the field still holds the text the draft was read from. */
export function fieldUnchanged(field: WritingField): boolean {
  if (field.kind === 'text') return field.element.isConnected && field.element.value === field.before;
  return field.host.isConnected && (field.host.textContent ?? '') === field.before
    && (field.whole || field.host.contains(field.range.commonAncestorContainer));
}

/** Sets a text field's value through the prototype's setter, which frameworks' own setters do not hide. */
function setNativeValue(element: HTMLTextAreaElement | HTMLInputElement, value: string): void {
  const proto = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
  const view = element.ownerDocument.defaultView as (Window & typeof globalThis) | null;
  const Ctor = view?.InputEvent ?? InputEvent;
  element.dispatchEvent(new Ctor('input', { bubbles: true, inputType: 'insertReplacementText' }));
}

function writeText(field: Extract<WritingField, { kind: 'text' }>, translation: string): void {
  const { element, start, end } = field;
  // A single-line input cannot hold line breaks.
  const text = element.localName === 'input' ? translation.replace(/\s*\n\s*/g, ' ') : translation;
  const expected = field.before.slice(0, start) + text + field.before.slice(end);
  element.focus();
  element.setSelectionRange(start, end);
  if (exec(element.ownerDocument, 'insertText', text) && element.value === expected) return;
  if (element.value !== expected) setNativeValue(element, expected);
}

/** Waits until the editor has heard of the new selection (editors read it on selectionchange). */
function selectionSettled(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      doc.removeEventListener('selectionchange', done);
      resolve();
    };
    doc.addEventListener('selectionchange', done);
    // Browsers fire nothing when the selection did not move.
    (doc.defaultView ?? window).setTimeout(done, 50);
  });
}

/** Firefox's content-script world: the page's own objects, and a copier into the page's world. */
type FirefoxView = Window & typeof globalThis & { wrappedJSObject?: Window & typeof globalThis };
type CloneInto = <T>(value: T, target: Window) => T;

/**
 * A paste event carrying `html` and `text` that the page's editor can read. Firefox builds the
 * event's data itself from the non-standard `dataType`/`data` members, owned by whoever calls
 * the constructor: called in the page's world, the page may read it.
 */
export function pasteEvent(view: FirefoxView, html: string, text: string): ClipboardEvent {
  const pageView = view.wrappedJSObject;
  const cloneInto = (globalThis as { cloneInto?: CloneInto }).cloneInto;
  if (pageView && typeof cloneInto === 'function') {
    const init = cloneInto({ bubbles: true, cancelable: true, composed: true, dataType: 'text/html', data: html }, view);
    const event = new pageView.ClipboardEvent('paste', init);
    // Editors that read only plain text (or check for it) find it too.
    try {
      event.clipboardData?.setData('text/plain', text);
    } catch {
      // The HTML alone is what rich editors read first.
    }
    return event;
  }
  const data = new view.DataTransfer();
  data.setData('text/html', html);
  data.setData('text/plain', text);
  return new view.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true });
}

/** Resolves true once `host`'s text is no longer `before`, false when it stays so for `timeoutMs`. */
function textChanged(host: Element, before: string, timeoutMs = SHOW_TIMEOUT_MS): Promise<boolean> {
  const differs = () => (host.textContent ?? '') !== before;
  if (differs()) return Promise.resolve(true);
  const view = host.ownerDocument.defaultView ?? window;
  return new Promise((resolve) => {
    const finish = (changed: boolean) => {
      observer.disconnect();
      view.clearTimeout(timer);
      resolve(changed);
    };
    const observer = new view.MutationObserver(() => {
      if (differs()) finish(true);
    });
    observer.observe(host, { childList: true, subtree: true, characterData: true });
    const timer = view.setTimeout(() => finish(differs()), timeoutMs);
  });
}

const BLOCK_TAGS = new Set(['p', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre']);

/**
 * Quill keeps its closing line break (carrying the format of the draft's last line: a bullet,
 * a heading) outside any selection, so a paste that ends with a block of its own leaves one
 * empty line of that format behind. The last block's content goes in bare instead, and takes
 * that closing line's format.
 */
export function withOpenLastBlock(fragment: DocumentFragment): DocumentFragment {
  const open = fragment.cloneNode(true) as DocumentFragment;
  let last: ChildNode | null = open.lastChild;
  const chain: Element[] = [];
  while (last && last.nodeType === 1 && BLOCK_TAGS.has((last as Element).localName)) {
    chain.push(last as Element);
    last = (last as Element).lastChild;
  }
  const innermost = chain.at(-1);
  if (!innermost) return open;
  open.append(...innermost.childNodes);
  innermost.remove();
  // A list left without items (the draft's list had one) goes too.
  for (const block of chain.slice(0, -1).reverse()) if (!block.hasChildNodes()) block.remove();
  return open;
}

/** Writes into a rich editor; false when the editor took the paste but shows nothing new. */
async function writeRich(field: Extract<WritingField, { kind: 'rich' }>, fragment: DocumentFragment, text: string): Promise<boolean> {
  const { host } = field;
  const doc = host.ownerDocument;
  const view = (doc.defaultView ?? window) as FirefoxView;
  host.focus({ preventScroll: true });
  const range = field.whole ? doc.createRange() : field.range;
  if (field.whole) range.selectNodeContents(host);
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  await selectionSettled(doc);
  const html = fragmentHtml(field.whole && host.classList.contains('ql-editor') ? withOpenLastBlock(fragment) : fragment, doc);
  // A translation that reads as the draft did changes no text: nothing to wait for.
  const squash = (value: string) => value.replace(/\s+/g, ' ').trim();
  const sameText = squash(text) === squash(field.whole ? field.before : range.toString());
  const shown = () => sameText ? Promise.resolve(true) : textChanged(host, field.before);
  const paste = pasteEvent(view, html, text);
  host.dispatchEvent(paste);
  // An editor took the paste as its own transaction; the draft is still there if it read nothing.
  if (paste.defaultPrevented) return shown();
  if (!exec(doc, 'insertHTML', html)) {
    range.deleteContents();
    range.insertNode(fragment);
    host.dispatchEvent(new view.InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }
  return shown();
}

/** Writes the translation into the field, unless it changed since the draft was read. */
export async function writeTranslation(field: WritingField, fragment: DocumentFragment, text: string): Promise<WriteOutcome> {
  if (!fieldUnchanged(field)) return 'changed';
  if (field.kind === 'text') {
    writeText(field, text);
    return 'replaced';
  }
  return await writeRich(field, fragment, text) ? 'replaced' : 'unwritten';
}

/** Takes the replacement back as the editor's own undo would (the panel's Undo). */
export async function undoTranslation(field: WritingField): Promise<void> {
  const target = field.kind === 'text' ? field.element : field.host;
  const doc = target.ownerDocument;
  const view = (doc.defaultView ?? window) as Window & typeof globalThis;
  target.focus({ preventScroll: true });
  if (field.kind === 'rich') {
    // Editors keep their own history and listen for the shortcut.
    const mac = /Mac|iPhone|iPad/.test(view.navigator.platform);
    const key = new view.KeyboardEvent('keydown', { key: 'z', code: 'KeyZ', keyCode: 90, ctrlKey: !mac, metaKey: mac, bubbles: true, cancelable: true, composed: true });
    target.dispatchEvent(key);
    if (key.defaultPrevented) return;
  }
  if (exec(doc, 'undo')) return;
  if (field.kind === 'text') setNativeValue(field.element, field.before);
}
