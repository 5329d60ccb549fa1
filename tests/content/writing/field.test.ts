// Which field writing help reads and what its draft is: the selection inside it, or all of it;
// secret fields are refused before anything is read.
import { afterEach, describe, expect, it } from 'vitest';
import { captureDraft, isSensitive, type Draft } from '../../../utils/content/writing/field';

afterEach(() => {
  document.body.innerHTML = '';
});

function focus(html: string, selector: string): HTMLElement {
  document.body.innerHTML = html;
  const el = document.querySelector(selector) as HTMLElement;
  el.focus();
  return el;
}

describe('captureDraft', () => {
  it('takes the whole text area when nothing is selected, the selection when something is', () => {
    const area = focus('<textarea id="t">Hello there.\nSee you.</textarea>', '#t') as HTMLTextAreaElement;
    area.setSelectionRange(3, 3);
    const whole = captureDraft(document) as Draft;
    expect(whole.text).toBe('Hello there.\nSee you.');
    expect(whole.html).toBe('Hello there.<br>See you.');
    area.setSelectionRange(6, 11);
    const part = captureDraft(document) as Draft;
    expect(part.text).toBe('there');
    expect(part.field).toMatchObject({ kind: 'text', start: 6, end: 11 });
  });

  it.each([
    ['a password', '<input id="f" type="password" value="hunter2 is my password">'],
    ['a card number', '<input id="f" autocomplete="cc-number" value="4111 1111">'],
    ['a one-time code', '<input id="f" autocomplete="one-time-code" value="123456">'],
    ['a billing card name', '<input id="f" autocomplete="section-pay billing cc-name" value="Jane Doe">'],
  ])('refuses %s field', (_name, html) => {
    focus(html, '#f');
    expect(captureDraft(document)).toBe('sensitive');
  });

  it('says when no field has focus, or the field is empty', () => {
    document.body.innerHTML = '<p>Just text</p>';
    expect(captureDraft(document)).toBe('no-field');
    focus('<input id="f" type="text" value="  ">', '#f');
    expect(captureDraft(document)).toBe('empty');
    focus('<input id="f" type="number" value="12">', '#f');
    expect(captureDraft(document)).toBe('no-field');
  });

  it('reads a contenteditable editor, marked translate="no" or not, from its outermost editable element', () => {
    focus('<div id="e" contenteditable="true" translate="no"><p>Hi <b>you</b></p><p id="inner">there</p></div>', '#e');
    const draft = captureDraft(document) as Draft;
    expect(draft.field).toMatchObject({ kind: 'rich', whole: true });
    expect(draft.html).toBe('<p id="w1">Hi <b id="w2">you</b></p><p id="w3">there</p>');
  });

  it('sees secret marks on the editor too', () => {
    expect(isSensitive(Object.assign(document.createElement('div'), { innerHTML: '' }))).toBe(false);
    focus('<div id="e" contenteditable="true" autocomplete="one-time-code">123</div>', '#e');
    expect(captureDraft(document)).toBe('sensitive');
  });
});
