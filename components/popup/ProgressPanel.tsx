// Live progress of the page: blocks done of total, failed blocks, billed characters.
import type { TabState } from '@/utils/shared/tab-state';
import { t } from '@/utils/shared/i18n';

interface Props {
  state: TabState;
}

function formatNumber(value: number): string {
  return new Intl.NumberFormat(globalThis.navigator?.language || 'en').format(value);
}

export function ProgressPanel({ state }: Props) {
  const started = state.phase !== 'original' || state.total > 0;
  if (!started || (state.phase === 'translating' && state.total === 0)) {
    return state.phase === 'translating' ? <p class="progress-text" role="status">{t('popupStarting')}</p> : null;
  }
  if (state.phase === 'translated' && state.total === 0) {
    // Everything was already in the target language (such blocks are never sent: they would be billed).
    return <p class="progress-text" role="status">{t('popupNothingToTranslate')}</p>;
  }
  return (
    <div class="progress" role="status" aria-live="polite">
      {state.total > 0 && (
        <progress max={state.total} value={state.done + state.failed} aria-label={t('popupProgressLabel')} />
      )}
      <p class="progress-text">
        {t('popupProgress', [formatNumber(state.done), formatNumber(state.total)])}
        {state.failed > 0 && <span class="failed">{' · '}{t('popupFailedCount', formatNumber(state.failed))}</span>}
      </p>
      <p class="progress-text muted">{t('popupBilled', formatNumber(state.billedCharacters))}</p>
    </div>
  );
}
