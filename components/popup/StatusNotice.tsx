// A problem or notice in plain words, with the way out next to it.
import { t } from '@/utils/shared/i18n';
import type { PopupStatus } from './popup-status';
import { Button } from '../ui/Button';

interface Props {
  status: PopupStatus;
  busy: boolean;
  onRetry(): void;
  onOpenOptions(): void;
}

export function StatusNotice({ status, busy, onRetry, onOpenOptions }: Props) {
  return (
    <div class={`notice notice-${status.tone}`} role={status.tone === 'error' ? 'alert' : 'status'}>
      <p>{status.text}</p>
      {status.actions.length > 0 && (
        <div class="notice-actions">
          {status.actions.includes('retry') && (
            <Button disabled={busy} onClick={onRetry}>{t('popupRetry')}</Button>
          )}
          {status.actions.includes('options') && (
            <Button class="link" onClick={onOpenOptions}>{t('popupOpenOptions')}</Button>
          )}
        </div>
      )}
    </div>
  );
}
