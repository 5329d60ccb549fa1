import { afterEach, describe, expect, it } from 'vitest';
import { focusableIn, keepTabInside } from '../../../components/ui/focus-trap';

function tab(container: HTMLElement, root: Document | ShadowRoot, shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true });
  keepTabInside(event, container, root);
  return event;
}

function dialogWithControls(parent: ParentNode & Node): HTMLElement {
  const dialog = document.createElement('div');
  dialog.innerHTML = '<button>first</button><input aria-label="middle"><button disabled>off</button><a>no href</a><button>last</button>';
  parent.appendChild(dialog);
  return dialog;
}

const named = (el: Element | null) => el?.textContent || el?.getAttribute('aria-label');

afterEach(() => {
  document.body.replaceChildren();
});

describe('keepTabInside', () => {
  it('lists only the controls Tab reaches, in order', () => {
    const dialog = dialogWithControls(document.body);
    expect(focusableIn(dialog).map(named)).toEqual(['first', 'middle', 'last']);
  });

  it('wraps from the last control to the first and back with Shift+Tab, in the document', () => {
    const dialog = dialogWithControls(document.body);
    const [first, , last] = focusableIn(dialog);
    last.focus();
    expect(tab(dialog, document).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(first);
    tab(dialog, document, true);
    expect(document.activeElement).toBe(last);
  });

  it('inside a closed shadow root reads focus from the root, where the document sees only the host', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = host.attachShadow({ mode: 'closed' });
    const dialog = dialogWithControls(root);
    const [, middle, last] = focusableIn(dialog);
    middle.focus();
    expect(document.activeElement).toBe(host);
    tab(dialog, root);
    expect(root.activeElement).toBe(last);
    tab(dialog, root);
    expect(named(root.activeElement)).toBe('first');
    tab(dialog, root, true);
    expect(root.activeElement).toBe(last);
  });

  it('leaves other keys alone', () => {
    const dialog = dialogWithControls(document.body);
    const event = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    keepTabInside(event, dialog);
    expect(event.defaultPrevented).toBe(false);
  });
});
