// A modal dialog keeps the keyboard inside it, Escape cancels, and focus goes back on close.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useRef, useState } from 'preact/hooks';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

afterEach(() => cleanup());

function Page({ onCancel }: { onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    onCancel();
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete glossary</Button>
      {open && (
        <Dialog labelledBy="title" initialFocus={cancel} onCancel={close}>
          <h2 id="title">Delete “Company terms”?</h2>
          <label>Type the name <input /></label>
          <Button ref={cancel} onClick={close}>Cancel</Button>
          <Button kind="danger" onClick={close}>Delete</Button>
        </Dialog>
      )}
    </>
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey });

describe('Dialog', () => {
  it('starts on the chosen control and cycles Tab and Shift+Tab inside the dialog', () => {
    render(<Page onCancel={() => {}} />);
    const opener = screen.getByRole('button', { name: 'Delete glossary' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-labelledby')).toBe('title');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    tab();
    expect(document.activeElement).toBe(dialog.querySelector('input'));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    for (let i = 0; i < 6; i++) {
      tab(i % 2 === 0);
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('cancels on Escape and gives focus back to the button that opened it', () => {
    const cancelled = vi.fn();
    render(<Page onCancel={cancelled} />);
    const opener = screen.getByRole('button', { name: 'Delete glossary' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
