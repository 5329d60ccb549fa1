// The bar that saves the connection and defaults form; it stays in view while the form is.
import { t } from '../../utils/shared/i18n';
import { StatusMessage, type Status } from './StatusMessage';
import { Button } from '../ui/Button';

interface Props {
  dirty: boolean;
  saving: boolean;
  status: Status | null;
}

export function SaveBar({ dirty, saving, status }: Props) {
  return (
    <div class="save-bar">
      <div>
        <p class={dirty ? 'dirty' : undefined}>{dirty ? t('optionsUnsaved') : t('optionsAllSaved')}</p>
        <StatusMessage id="save-status" status={status} />
      </div>
      <Button type="submit" kind="primary" aria-disabled={saving ? 'true' : undefined}>
        {t('optionsSave')}
      </Button>
    </div>
  );
}
