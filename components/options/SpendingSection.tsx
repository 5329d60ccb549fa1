// Spending limits: the per-site hourly ceiling and the monthly budget (on by default, can be
// turned off), with what the budget does and does not promise right next to it. Saved on its own
// (the background checks the values and applies them to the next request).
import { useEffect, useState } from 'preact/hooks';
import { sendMessage, type SpendingOverview } from '../../utils/shared/protocol';
import { t } from '../../utils/shared/i18n';
import { formatNumber } from './format';
import { StatusMessage, type Status } from './StatusMessage';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextInput } from '../ui/TextInput';

const WHOLE = /^\d{1,10}$/;
/** What the budget field offers when it is turned on again (the background's default). */
const DEFAULT_MONTHLY_BUDGET = 500_000;

export function SpendingSection() {
  const [overview, setOverview] = useState<SpendingOverview | null>(null);
  const [ceiling, setCeiling] = useState('');
  const [budget, setBudget] = useState('');
  const [budgetOn, setBudgetOn] = useState(true);
  const [status, setStatus] = useState<Status | null>(null);

  const adopt = (next: SpendingOverview) => {
    setOverview(next);
    setCeiling(String(next.limits.siteHourCeiling));
    setBudgetOn(next.limits.monthlyBudget > 0);
    // Off keeps the last figure shown, so turning it on again starts from a sensible one.
    if (next.limits.monthlyBudget > 0) setBudget(String(next.limits.monthlyBudget));
    else setBudget((current) => current || String(DEFAULT_MONTHLY_BUDGET));
  };

  useEffect(() => {
    void sendMessage('spendingLimits', {}).then(adopt, (err: unknown) => setStatus({ kind: 'error', text: String((err as Error).message ?? err) }));
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!WHOLE.test(ceiling.trim()) || Number(ceiling) < 1 || (budgetOn && (!WHOLE.test(budget.trim()) || Number(budget) < 1))) {
      setStatus({ kind: 'error', text: t('spendingOptionsInvalid') });
      return;
    }
    try {
      adopt(await sendMessage('saveSpendingLimits', { siteHourCeiling: Number(ceiling), monthlyBudget: budgetOn ? Number(budget) : 0 }));
      setStatus({ kind: 'ok', text: t('spendingOptionsSaved') });
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <section id="spending" class="options-section" aria-labelledby="spending-title">
      <h2 id="spending-title">{t('spendingOptionsTitle')}</h2>
      <form onSubmit={(event) => void save(event)}>
        <div class="field">
          <label for="spending-ceiling">{t('spendingOptionsCeiling')}</label>
          <TextInput id="spending-ceiling" inputMode="numeric" value={ceiling} aria-describedby="spending-ceiling-help" onInput={(e) => setCeiling(e.currentTarget.value)} />
          <p id="spending-ceiling-help" class="section-intro">{t('spendingOptionsCeilingHelp')}</p>
        </div>
        <div class="checkbox">
          <Checkbox id="spending-budget-on" checked={budgetOn} onChange={(e) => setBudgetOn(e.currentTarget.checked)} />
          <label for="spending-budget-on">{t('spendingOptionsBudgetOn')}</label>
        </div>
        <div class="field">
          <label for="spending-budget">{t('spendingOptionsBudget')}</label>
          <TextInput id="spending-budget" inputMode="numeric" value={budget} disabled={!budgetOn} aria-describedby="spending-budget-warning" onInput={(e) => setBudget(e.currentTarget.value)} />
          <p id="spending-budget-warning" class="status status-warn">{t('spendingOptionsBudgetWarning')}</p>
        </div>
        {overview && <p>{t('spendingOptionsMonth', formatNumber(overview.monthTotal))}</p>}
        <Button type="submit">{t('spendingOptionsSave')}</Button>
        <StatusMessage status={status} />
      </form>
    </section>
  );
}
