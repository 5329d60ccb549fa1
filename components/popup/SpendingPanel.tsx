// What this site (last hour) and this month have cost against the user's limits, and, when a
// limit paused the page, the question whether to go on.
import type { TabInfo } from '@/utils/shared/protocol';
import type { TabState } from '@/utils/shared/tab-state';
import { formatNumber, t } from '@/utils/shared/i18n';
import { Button } from '../ui/Button';

interface Props {
  info: TabInfo;
  state: TabState;
  busy: boolean;
  onContinue(): void;
}

const count = (n: number) => formatNumber(n);

export function SpendingPanel({ info, state, busy, onContinue }: Props) {
  const { limits, monthTotal, site } = info.spending;
  // The ceiling belongs to the site: a reload of a paused site still asks.
  const paused = state.spend?.paused ?? (site?.paused ? 'site-hour' : undefined);
  return (
    <section class="spending" aria-label={t('spendingOptionsTitle')}>
      {paused && (
        <div class="notice notice-warning" role="alert">
          <p>{paused === 'site-hour'
            ? t('spendingPopupAskSite', [count(Math.max(site?.spent ?? 0, limits.siteHourCeiling)), count(limits.siteHourCeiling)])
            : t('spendingPopupAskMonth', count(limits.monthlyBudget))}</p>
          <div class="notice-actions">
            <Button disabled={busy} onClick={onContinue}>{t('spendingPopupContinue')}</Button>
          </div>
        </div>
      )}
      {site && site.spent > 0 && <p class="spending-line">{t('spendingPopupSite', [count(site.spent), count(site.allowed)])}</p>}
      <p class="spending-line">{limits.monthlyBudget > 0
        ? t('spendingPopupMonth', [count(monthTotal), count(limits.monthlyBudget)])
        : t('spendingPopupMonthNoBudget', count(monthTotal))}</p>
    </section>
  );
}
