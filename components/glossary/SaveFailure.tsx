// A save that failed: the reason, and that the draft is kept for the next try.
import { t } from '../../utils/shared/i18n';

export function SaveFailure({ reason }: { reason: string }) {
  return (
    <div role="alert" class="glossa-gl-error-text">
      <p>{t('glossarySaveFailed', reason)}</p>
      <p>{t('glossaryDraftKept')}</p>
    </div>
  );
}
