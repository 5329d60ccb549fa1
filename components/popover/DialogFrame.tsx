// The frame of Glossa's in-page dialogs (the selection popover, "Fix translation…"): a titled
// dialog with a close button. Esc closes it; Tab and Shift+Tab cycle inside it, so keyboard
// users do not fall out into the page behind.
import type { ComponentChildren, RefObject } from 'preact';
import { useRef } from 'preact/hooks';
import { uiDirection, uiLocale } from '../../utils/shared/i18n';
import { Button } from '../ui/Button';
import { keepTabInside } from '../ui/focus-trap';

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
    // Inside the popover's closed shadow root: focus is read from that root, not the document.
    if (dialog.current) keepTabInside(event, dialog.current, dialog.current.getRootNode() as Document | ShadowRoot);
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
