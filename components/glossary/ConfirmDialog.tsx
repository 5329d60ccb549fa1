// The glossary manager's confirmation: a modal Dialog whose focus starts on Cancel, so Enter
// never confirms a destructive step by accident; Escape cancels.
import { useRef } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import type { DialogRequest } from './manager-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

interface Props {
  request: DialogRequest;
  onClose: (choice: string) => void;
}

export function ConfirmDialog({ request, onClose }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog class="glossa-gl-dialog" labelledBy="glossa-gl-dialog-title" describedBy="glossa-gl-dialog-body" initialFocus={cancelRef} onCancel={() => onClose('cancel')}>
      <h2 id="glossa-gl-dialog-title">{request.title}</h2>
      <div id="glossa-gl-dialog-body">
        {request.body.map((paragraph, i) => <p key={i}>{paragraph}</p>)}
      </div>
      <div class="g-actions">
        <Button ref={cancelRef} onClick={() => onClose('cancel')}>
          {request.cancelLabel ?? t('glossaryCancel')}
        </Button>
        {request.actions.map((action) => (
          <Button key={action.id} kind={action.destructive ? 'danger' : 'secondary'} onClick={() => onClose(action.id)}>
            {action.label}
          </Button>
        ))}
      </div>
    </Dialog>
  );
}
