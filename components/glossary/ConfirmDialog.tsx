// A real modal dialog (<dialog> with showModal: focus is trapped, the page behind is inert,
// Escape cancels). Focus starts on Cancel so Enter never confirms a destructive step by
// accident, and returns to the control that opened it.
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import type { DialogRequest } from './manager-context';

interface Props {
  request: DialogRequest;
  onClose: (choice: string) => void;
}

export function ConfirmDialog({ request, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    cancelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const close = (choice: string) => {
    const dialog = dialogRef.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    onClose(choice);
  };

  return (
    <dialog
      ref={dialogRef}
      class="g-dialog glossa-gl-dialog"
      aria-labelledby="glossa-gl-dialog-title"
      aria-describedby="glossa-gl-dialog-body"
      onCancel={(event) => {
        event.preventDefault();
        close('cancel');
      }}
    >
      <h2 id="glossa-gl-dialog-title">{request.title}</h2>
      <div id="glossa-gl-dialog-body">
        {request.body.map((paragraph, i) => <p key={i}>{paragraph}</p>)}
      </div>
      <div class="glossa-gl-actions">
        <button type="button" ref={cancelRef} onClick={() => close('cancel')}>
          {request.cancelLabel ?? t('glossaryCancel')}
        </button>
        {request.actions.map((action) => (
          <button key={action.id} type="button" class={action.destructive ? 'glossa-gl-danger' : undefined} onClick={() => close(action.id)}>
            {action.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
