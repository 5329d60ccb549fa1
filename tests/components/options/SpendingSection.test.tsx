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

describe('spending limits section', () => {
  it('shows the default ceiling, no budget and the month so far, with the budget warning beside it', async () => {
    render(<SpendingSection />);
    const ceiling = screen.getByLabelText('Pause a page after (characters beyond its first translation)') as HTMLInputElement;
    await waitFor(() => expect(ceiling.value).toBe('50000'));
    expect((screen.getByLabelText('Monthly budget (characters, 0 for none)') as HTMLInputElement).value).toBe('0');
    expect(screen.getByText('Billed this month: 12,345 characters')).toBeTruthy();
    expect(screen.getByLabelText('Monthly budget (characters, 0 for none)').getAttribute('aria-describedby')).toBe('spending-budget-warning');
    expect(screen.getByText(/page translation pauses until you go on/)).toBeTruthy();
  });

  it('saves valid limits and refuses others without saving', async () => {
    render(<SpendingSection />);
    const ceiling = screen.getByLabelText('Pause a page after (characters beyond its first translation)') as HTMLInputElement;
    const budget = screen.getByLabelText('Monthly budget (characters, 0 for none)') as HTMLInputElement;
    await waitFor(() => expect(ceiling.value).toBe('50000'));
    fireEvent.input(ceiling, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save spending limits' }));
    expect(await screen.findByText(/Enter whole numbers/)).toBeTruthy();
    expect(await spendingLimitsItem.getValue()).toEqual({ tabCeiling: 50_000, monthlyBudget: 0 });

    fireEvent.input(ceiling, { target: { value: '20000' } });
    fireEvent.input(budget, { target: { value: '500000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save spending limits' }));
    expect(await screen.findByText('Spending limits saved.')).toBeTruthy();
    expect(await spendingLimitsItem.getValue()).toEqual({ tabCeiling: 20_000, monthlyBudget: 500_000 });
  });
});
