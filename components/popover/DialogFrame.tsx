// The frame of Glossa's in-page dialogs (the selection popover, "Fix translation…"): a titled
// dialog with a close button. Esc closes it; Tab and Shift+Tab cycle inside it, so keyboard
// users do not fall out into the page behind.
import type { ComponentChildren, RefObject } from 'preact';
import { useRef } from 'preact/hooks';
import { uiDirection, uiLocale } from '../../utils/shared/i18n';
import { Button } from '../ui/Button';

interface DialogFrameProps {
  titleId: string;
  title: string;
  closeLabel: string;
  closeHint?: string;
  onClose(): void;
  /** For a dialog that moves focus to itself. */
  dialogRef?: RefObject<HTMLDivElement | null>;
  children: ComponentChildren;
}

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function DialogFrame(props: DialogFrameProps) {
  const own = useRef<HTMLDivElement>(null);
  const dialog = props.dialogRef ?? own;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusables = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusables.length === 0) return;
    const root = dialog.current.getRootNode() as Document | ShadowRoot;
    const index = focusables.indexOf(root.activeElement as HTMLElement);
    const next = event.shiftKey
      ? (index <= 0 ? focusables[focusables.length - 1] : focusables[index - 1])
      : (index === -1 || index === focusables.length - 1 ? focusables[0] : focusables[index + 1]);
    event.preventDefault();
    next.focus();
  };

  return (
    <div ref={dialog} class="popover" lang={uiLocale()} dir={uiDirection()} role="dialog" aria-labelledby={props.titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <div class="header">
        <h2 id={props.titleId} class="title">{props.title}</h2>
        <Button class="close" aria-label={props.closeLabel} title={props.closeHint} onClick={() => props.onClose()}>
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      {props.children}
    </div>
  );
}
