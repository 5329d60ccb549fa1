import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureSelection, type EditableTarget } from '../../../utils/content/selection/capture';
import { replaceSelection } from '../../../utils/content/selection/replace';

type ExecDoc = Document & { execCommand?: (command: string, ui?: boolean, value?: string) => boolean };

function fieldTarget(html: string, start: number, end: number): { el: HTMLTextAreaElement | HTMLInputElement; target: EditableTarget } {
  document.body.innerHTML = html;
  const el = document.querySelector('textarea, input') as HTMLTextAreaElement | HTMLInputElement;
  el.focus();
  el.setSelectionRange(start, end);
  const captured = captureSelection(window)!;
  return { el, target: captured.editable! };
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

describe('replaceSelection', () => {
  it('replaces the selection in a textarea and tells the page through an input event', () => {
    const { el, target } = fieldTarget('<textarea>Hello dear world!</textarea>', 6, 16);
    const inputs: InputEvent[] = [];
    el.addEventListener('input', (e) => inputs.push(e as InputEvent));
    expect(replaceSelection(target, 'liebe Welt')).toBe('replaced');
    expect(el.value).toBe('Hello liebe Welt!');
    expect(inputs).toHaveLength(1);
    expect(inputs[0].inputType).toBe('insertReplacementText');
  });

  it("uses the browser's insertText command when it exists, so undo works", () => {
    const { el, target } = fieldTarget('<textarea>one two three</textarea>', 4, 7);
    const exec = vi.fn((command: string, _ui?: boolean, value?: string) => {
      // What a browser does: insert at the field's current selection.
      const field = document.activeElement as HTMLTextAreaElement;
      field.setRangeText(value ?? '', field.selectionStart!, field.selectionEnd!, 'end');
      return command === 'insertText';
    });
    (document as ExecDoc).execCommand = exec;
    expect(replaceSelection(target, 'zwei')).toBe('replaced');
    expect(exec).toHaveBeenCalledWith('insertText', false, 'zwei');
    expect(el.value).toBe('one zwei three');
  });

  it('falls back when the command exists but does nothing', () => {
    const { el, target } = fieldTarget('<textarea>one two three</textarea>', 4, 7);
    (document as ExecDoc).execCommand = vi.fn(() => false);
    expect(replaceSelection(target, 'zwei')).toBe('replaced');
    expect(el.value).toBe('one zwei three');
  });

  it('puts line breaks of the translation on one line in a single-line input', () => {
    const { el, target } = fieldTarget('<input type="text" value="first line">', 0, 10);
    replaceSelection(target, 'erste\nZeile');
    expect(el.value).toBe('erste Zeile');
  });

  it('replaces nothing when the field changed since the selection', () => {
    const { el, target } = fieldTarget('<textarea>Hello dear world!</textarea>', 6, 16);
    el.value = 'Something else entirely';
    expect(replaceSelection(target, 'liebe Welt')).toBe('changed');
    expect(el.value).toBe('Something else entirely');
  });

  it('replaces a selection in contenteditable and keeps the surrounding markup', () => {
    document.body.innerHTML = '<div id="ed" contenteditable="true"><p>Keep <b>this</b> and change this part.</p></div>';
    const p = document.querySelector('p')!;
    const last = p.lastChild as Text;
    const range = document.createRange();
    range.setStart(last, 5);
    range.setEnd(last, 21);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const captured = captureSelection(window)!;
    const inputs: Event[] = [];
    document.getElementById('ed')!.addEventListener('input', (e) => inputs.push(e));
    expect(replaceSelection(captured.editable!, 'diesen Teil ändern')).toBe('replaced');
    expect(p.innerHTML).toBe('Keep <b>this</b> and diesen Teil ändern.');
    expect(inputs).toHaveLength(1);
  });

  it('replaces nothing in contenteditable when the selected text changed', () => {
    document.body.innerHTML = '<div contenteditable="true"><p>Some words here</p></div>';
    const text = document.querySelector('p')!.firstChild as Text;
    const range = document.createRange();
    range.setStart(text, 5);
    range.setEnd(text, 10);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const captured = captureSelection(window)!;
    text.data = 'Other text now';
    expect(replaceSelection(captured.editable!, 'Wörter')).toBe('changed');
  });
});
