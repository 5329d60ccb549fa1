// The field button: shown for the focused text field or editor only (never for secrets or
// read-only fields), placed right after the field (next in the Tab order), hidden when the
// focus leaves for elsewhere; a press keeps the focus in the field, and only the user's own
// click opens the panel.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonFieldFor, FIELD_BUTTON_TAG, startFieldButton, type FieldButton } from '../../../utils/content/writing/field-button';

let handle: FieldButton | undefined;

afterEach(() => {
  handle?.stop();
  handle = undefined;
  document.body.innerHTML = '';
});

function start(html: string) {
  document.body.innerHTML = html;
  const open = vi.fn();
  handle = startFieldButton(document, { open, label: 'Translate what I wrote (Glossa)' });
  return { open, button: handle };
}

function trustedClick(target: Element): MouseEvent {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
  // happy-dom marks every script event untrusted; the browser's own clicks are trusted.
  Object.defineProperty(click, 'isTrusted', { value: true });
  target.dispatchEvent(click);
  return click;
}

describe('buttonFieldFor', () => {
  it.each([
    ['a password', '<input id="f" type="password">'],
    ['a card number', '<input id="f" autocomplete="cc-number">'],
    ['a one-time code', '<input id="f" autocomplete="one-time-code">'],
    ['a read-only text area', '<textarea id="f" readonly></textarea>'],
    ['a checkbox', '<input id="f" type="checkbox">'],
    ['a button', '<button id="f">Send</button>'],
  ])('gives no button to %s', (_name, html) => {
    document.body.innerHTML = html;
    expect(buttonFieldFor(document.querySelector('#f'))).toBeNull();
  });

  it('serves text areas, text and search inputs, and the editing host of a contenteditable', () => {
    document.body.innerHTML = '<textarea id="a"></textarea><input id="b"><input id="c" type="search"><div id="host" contenteditable="true"><p id="inner">Hi</p></div>';
    for (const id of ['a', 'b', 'c']) expect(buttonFieldFor(document.getElementById(id))).toBe(document.getElementById(id));
    expect(buttonFieldFor(document.getElementById('inner'))).toBe(document.getElementById('host'));
  });
});

describe('startFieldButton', () => {
  it('puts the button right after the focused field and takes it away when the focus goes elsewhere', () => {
    const { button } = start('<textarea id="reply"></textarea><label id="next">Next</label><input id="secret" type="password">');
    const reply = document.getElementById('reply') as HTMLTextAreaElement;
    expect(document.querySelector(FIELD_BUTTON_TAG)).toBeNull();
    reply.focus();
    const host = document.querySelector(FIELD_BUTTON_TAG);
    expect(host?.previousElementSibling).toBe(reply);
    expect(button.field).toBe(reply);
    expect(button.root?.querySelector('button')?.getAttribute('aria-label')).toBe('Translate what I wrote (Glossa)');
    (document.getElementById('secret') as HTMLInputElement).focus();
    expect(document.querySelector(FIELD_BUTTON_TAG)).toBeNull();
    expect(button.root).toBeNull();
  });

  it('keeps the focus in the field on a press and opens the panel on the user\'s own click only', () => {
    const { open, button } = start('<textarea id="reply">Hello</textarea>');
    const reply = document.getElementById('reply') as HTMLTextAreaElement;
    reply.focus();
    const own = button.root!.querySelector('button')!;
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    own.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    own.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(open).not.toHaveBeenCalled();
    trustedClick(own);
    expect(open).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(reply);
  });

  it('stays while the focus moves from the field to the button, and stop() takes it away', () => {
    const { button } = start('<div id="editor" contenteditable="true"><p>Hi</p></div>');
    const editor = document.getElementById('editor')!;
    editor.focus();
    expect(button.field).toBe(editor);
    const host = document.querySelector(FIELD_BUTTON_TAG)!;
    editor.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: host }));
    expect(document.querySelector(FIELD_BUTTON_TAG)).not.toBeNull();
    button.stop();
    expect(document.querySelector(FIELD_BUTTON_TAG)).toBeNull();
  });
});
