import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SpendingSection } from '@/components/options/SpendingSection';
import { registerTabControl } from '@/utils/background/tab-control';
import { spendingLimitsItem } from '@/utils/background/translation/spending';
import { monthKey, usageItem } from '@/utils/background/translation/usage';
import { removeAllListeners } from '@/utils/shared/protocol';

beforeEach(async () => {
  removeAllListeners();
  // The options page is an extension page: its messages reach the real background handlers.
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
  fakeBrowser.runtime.sendMessage = (async (message: unknown) => (await fakeBrowser.runtime.onMessage.trigger(message, sender)).find(Boolean)) as never;
  registerTabControl();
  await usageItem.setValue({ [monthKey()]: { total: 12_345, sites: {} } });
});

afterEach(cleanup);

const CEILING = 'Ask before one site uses more per hour than (characters)';
const BUDGET = 'Monthly budget (characters)';
const BUDGET_ON = 'Pause at a monthly budget';

describe('spending limits section', () => {
  it('shows the default hourly ceiling, the default budget turned on and the month so far, with the budget warning beside it', async () => {
    render(<SpendingSection />);
    const ceiling = screen.getByLabelText(CEILING) as HTMLInputElement;
    await waitFor(() => expect(ceiling.value).toBe('200000'));
    expect((screen.getByLabelText(BUDGET_ON) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(BUDGET) as HTMLInputElement).value).toBe('500000');
    expect(screen.getByText('Billed this month: 12,345 characters')).toBeTruthy();
    expect(screen.getByLabelText(BUDGET).getAttribute('aria-describedby')).toBe('spending-budget-warning');
    expect(screen.getByText(/page translation pauses until you go on/)).toBeTruthy();
  });

  it('saves valid limits, turns the budget off, and refuses others without saving', async () => {
    render(<SpendingSection />);
    const ceiling = screen.getByLabelText(CEILING) as HTMLInputElement;
    const budget = screen.getByLabelText(BUDGET) as HTMLInputElement;
    await waitFor(() => expect(ceiling.value).toBe('200000'));
    fireEvent.input(ceiling, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save spending limits' }));
    expect(await screen.findByText(/Enter whole numbers/)).toBeTruthy();
    expect(await spendingLimitsItem.getValue()).toEqual({ siteHourCeiling: 200_000, monthlyBudget: 500_000 });

    fireEvent.input(ceiling, { target: { value: '20000' } });
    fireEvent.input(budget, { target: { value: '900000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save spending limits' }));
    expect(await screen.findByText('Spending limits saved.')).toBeTruthy();
    expect(await spendingLimitsItem.getValue()).toEqual({ siteHourCeiling: 20_000, monthlyBudget: 900_000 });

    // Off: no budget at all, and the field shows it cannot be edited.
    fireEvent.click(screen.getByLabelText(BUDGET_ON));
    expect(budget.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save spending limits' }));
    await waitFor(async () => expect(await spendingLimitsItem.getValue()).toEqual({ siteHourCeiling: 20_000, monthlyBudget: 0 }));
  });
});
