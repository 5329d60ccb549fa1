// A list or dictionary that did not load: why, and a way to try again.
import { t } from '../../utils/shared/i18n';
import { Button } from '../ui/Button';

export function LoadFailure({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div role="alert">
      <p class="glossa-gl-error-text">{message}</p>
      <Button onClick={onRetry}>{t('glossaryRetry')}</Button>
    </div>
  );
}
