// What this page and this month have cost against the user's limits, and, when a limit paused
// the page, the question whether to go on.
import type { TabInfo } from '@/utils/shared/protocol';
import type { TabState } from '@/utils/shared/tab-state';
import { formatNumber, t } from '@/utils/shared/i18n';

interface Props {
  info: TabInfo;
  state: TabState;
  busy: boolean;
  onContinue(): void;
}

const count = (n: number) => formatNumber(n);

export function SpendingPanel({ info, state, busy, onContinue }: Props) {
  const { limits, monthTotal } = info.spending;
  const spend = state.spend;
  return (
    <section class="spending" aria-label={t('spendingOptionsTitle')}>
      {spend?.paused && (
        <div class="notice notice-warning" role="alert">
          <p>{spend.paused === 'tab-ceiling'
            ? t('spendingPopupAskTab', [count(spend.beyond), count(limits.tabCeiling)])
            : t('spendingPopupAskMonth', count(limits.monthlyBudget))}</p>
          <div class="notice-actions">
            <button type="button" class="secondary" disabled={busy} onClick={onContinue}>{t('spendingPopupContinue')}</button>
          </div>
        </div>
      )}
      {spend?.firstPassDone && <p class="spending-line">{t('spendingPopupPage', [count(spend.beyond), count(limits.tabCeiling + spend.allowance)])}</p>}
      <p class="spending-line">{limits.monthlyBudget > 0
        ? t('spendingPopupMonth', [count(monthTotal), count(limits.monthlyBudget)])
        : t('spendingPopupMonthNoBudget', count(monthTotal))}</p>
    </section>
  );
}
