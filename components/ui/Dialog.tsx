// A modal dialog of the visual system. A real <dialog> opened with showModal (the page behind is
// inert); Tab and Shift+Tab also cycle inside it and Escape cancels, where a browser or test
// double lacks showModal. Focus starts on `initialFocus` and returns to the opener on close.
import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { focusableIn, keepTabInside } from './focus-trap';

interface Props {
  labelledBy: string;
  describedBy?: string;
  /** Escape, or the browser's own cancel. */
  onCancel(): void;
  /** What gets focus when the dialog opens; the first control otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  class?: string;
  children: ComponentChildren;
}

export function Dialog({ labelledBy, describedBy, onCancel, initialFocus, class: className, children }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    (initialFocus?.current ?? (dialog && focusableIn(dialog)[0]))?.focus();
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    keepTabInside(event, dialog);
  };

  return (
    <dialog
      ref={dialogRef}
      class={className ? `g-dialog ${className}` : 'g-dialog'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
