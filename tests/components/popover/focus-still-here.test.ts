import { afterEach, describe, expect, it } from 'vitest';
import { focusIfStillHere } from '../../../components/popover/focus-still-here';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A page field, and Glossa's host with a closed root holding a dialog and a second control. */
function setup() {
  document.body.innerHTML = '<input id="field"><div id="host"></div>';
  const root = document.getElementById('host')!.attachShadow({ mode: 'closed' });
  root.innerHTML = '<div id="dialog" tabindex="-1">Popover</div><button id="inside">Add</button>';
  return { field: document.getElementById('field') as HTMLInputElement, root, dialog: root.getElementById('dialog') as HTMLElement, inside: root.getElementById('inside') as HTMLElement };
}

describe('focus taken back after an asynchronous step', () => {
  it('is not taken from a page field the reader moved to meanwhile', () => {
    const { field, root, dialog } = setup();
    field.focus();
    focusIfStillHere(dialog);
    expect(document.activeElement).toBe(field);
    expect(root.activeElement).toBeNull();
  });

  it('is taken while focus is still inside the popover, or nowhere', () => {
    const { root, dialog, inside } = setup();
    inside.focus();
    focusIfStillHere(dialog);
    expect(root.activeElement).toBe(dialog);
    dialog.blur();
    focusIfStillHere(inside);
    expect(root.activeElement).toBe(inside);
  });

  it('does nothing for an element no longer in the page', () => {
    const { field, dialog } = setup();
    field.focus();
    dialog.remove();
    focusIfStillHere(dialog);
    expect(document.activeElement).toBe(field);
  });
});
