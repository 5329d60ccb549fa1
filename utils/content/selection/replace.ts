// Puts a translation in place of the selection in an editable field. The browser's own editing
// command is used where it exists, so the change joins the field's undo history and the page's
// framework sees an ordinary input; otherwise the text is set directly and an input event sent.
// Nothing is replaced when the field's text changed since the selection was captured.
import { joinLines } from '../../shared/text-scan';
import type { ReplaceOutcome } from '../../shared/selection-types';
import type { EditableTarget } from './capture';

type ExecDocument = Document & { execCommand?: (command: string, ui?: boolean, value?: string) => boolean };

function insertWithCommand(doc: Document, text: string): boolean {
  const exec = (doc as ExecDocument).execCommand;
  if (typeof exec !== 'function') return false;
  try {
    return exec.call(doc, 'insertText', false, text);
  } catch {
    return false;
  }
}

function inputEvent(view: Window | null, text: string): Event {
  const Ctor = (view as (Window & { InputEvent?: typeof InputEvent }) | null)?.InputEvent ?? (typeof InputEvent === 'function' ? InputEvent : undefined);
  return Ctor
    ? new Ctor('input', { bubbles: true, inputType: 'insertReplacementText', data: text })
    : new Event('input', { bubbles: true });
}

function replaceInField(target: Extract<EditableTarget, { kind: 'field' }>, translation: string): ReplaceOutcome {
  const { element, start, end } = target;
  if (!element.isConnected || element.value.slice(start, end) !== target.text) return 'changed';
  // A single-line input cannot hold line breaks.
  const text = element.localName === 'input' ? joinLines(translation) : translation;
  element.focus();
  element.setSelectionRange(start, end);
  const expected = element.value.slice(0, start) + text + element.value.slice(end);
  if (insertWithCommand(element.ownerDocument, text) && element.value === expected) return 'replaced';
  if (element.value !== expected) {
    element.setRangeText(text, start, end, 'end');
    element.dispatchEvent(inputEvent(element.ownerDocument.defaultView, text));
  }
  return 'replaced';
}

function replaceInEditable(target: Extract<EditableTarget, { kind: 'contenteditable' }>, translation: string): ReplaceOutcome {
  const { host, range } = target;
  if (!host.isConnected || !host.contains(range.commonAncestorContainer) || range.toString() !== target.text) return 'changed';
  const doc = host.ownerDocument;
  host.focus();
  const selection = doc.defaultView?.getSelection();
  if (selection) {
    selection.removeAllRanges();
    selection.addRange(range);
    if (insertWithCommand(doc, translation)) return 'replaced';
  }
  range.deleteContents();
  const node = doc.createTextNode(translation);
  range.insertNode(node);
  range.setStartAfter(node);
  range.collapse(true);
  host.dispatchEvent(inputEvent(doc.defaultView, translation));
  return 'replaced';
}

/** Replaces the captured selection with `translation` (plain text). */
export function replaceSelection(target: EditableTarget, translation: string): ReplaceOutcome {
  return target.kind === 'field' ? replaceInField(target, translation) : replaceInEditable(target, translation);
}
