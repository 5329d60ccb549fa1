// Limits on spending that the user sets, enforced by the dispatcher's spending gate before each
// request. A page that keeps changing (live tickers, endless feeds, a page rewriting itself) is
// otherwise translated without end, unattended on always-translate sites. So:
//   - per tab: what the page adds or changes after it loaded is counted (the page as it loaded
//     is its first full translation, however far the reader scrolls through it); past the
//     ceiling (50,000 characters by default) the tab pauses until the user says to go on in the
//     popup (each "go on" allows another ceiling's worth);
//   - per month: an optional budget; once this month's billed characters reach it, page
//     translation pauses everywhere until the user goes on for a tab or raises the budget.
// Selections are asked for one by one and count only toward the month. The gate is asked before
// each request, so requests already in flight when a limit is reached still complete.
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../../shared/api-errors';
import { t } from '../../shared/i18n';
import type { SpendingLimits, TabSpend } from '../../shared/protocol';
import { getTabState, updateTabState } from '../tab-state';
import type { BillingOwner } from './dispatcher';
import { usageForMonth } from './usage';

export const DEFAULT_SPENDING_LIMITS: SpendingLimits = { tabCeiling: 50_000, monthlyBudget: 0 };
const MAX_LIMIT = 1_000_000_000;

export const spendingLimitsItem = storage.defineItem<SpendingLimits>('local:spendingLimits', { fallback: DEFAULT_SPENDING_LIMITS });

export const NO_SPEND: TabSpend = { firstPassDone: false, beyond: 0, allowance: 0 };

/** Checks limits that arrive in a message; undefined when malformed. 0 budget = none. */
export function validSpendingLimits(input: unknown): SpendingLimits | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { tabCeiling, monthlyBudget } = input as Record<string, unknown>;
  const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_LIMIT;
  if (!count(tabCeiling) || tabCeiling < 1 || !count(monthlyBudget)) return undefined;
  return { tabCeiling, monthlyBudget };
}

export async function spendingLimits(): Promise<SpendingLimits> {
  return validSpendingLimits(await spendingLimitsItem.getValue()) ?? DEFAULT_SPENDING_LIMITS;
}

function pausedError(reason: 'tab-ceiling' | 'month-budget'): ApiError {
  return new ApiError('paused', t(reason === 'tab-ceiling' ? 'spendingPausedTab' : 'spendingPausedMonth'));
}

/** Why this caller may not spend now (and the tab is marked paused for the popup), or undefined. */
export async function spendingGate(owner: BillingOwner): Promise<ApiError | undefined> {
  const limits = await spendingLimits();
  const spend = owner.tabId === undefined ? NO_SPEND : ((await getTabState(owner.tabId)).spend ?? NO_SPEND);
  let reason: 'tab-ceiling' | 'month-budget' | undefined;
  if (limits.monthlyBudget > 0 && !spend.budgetAllowed && (await usageForMonth()).total >= limits.monthlyBudget) reason = 'month-budget';
  else if (owner.pageChange && spend.beyond >= limits.tabCeiling + spend.allowance) reason = 'tab-ceiling';
  if (!reason) return undefined;
  if (owner.tabId !== undefined && !owner.selection) {
    const paused = reason;
    await updateTabState(owner.tabId, (s) => ({ ...s, spend: { ...(s.spend ?? NO_SPEND), paused } }));
  }
  return pausedError(reason);
}

/** Counts what text the page added or changed after it loaded has cost this tab. */
export async function noteSpent(owner: BillingOwner, characters: number): Promise<void> {
  if (owner.tabId === undefined || owner.selection || !owner.pageChange) return;
  await updateTabState(owner.tabId, (s) => ({ ...s, spend: { ...(s.spend ?? NO_SPEND), beyond: (s.spend ?? NO_SPEND).beyond + characters } }));
}

/** The first full translation of this page load is done: from now on spending counts. */
export function markFirstPassDone(spend: TabSpend | undefined): TabSpend {
  return spend?.firstPassDone ? spend : { ...(spend ?? NO_SPEND), firstPassDone: true };
}

/** The user said to go on: another ceiling's worth for this tab, or past the month's budget for it. */
export function allowMore(spend: TabSpend | undefined, limits: SpendingLimits): TabSpend {
  const current = spend ?? NO_SPEND;
  const next: TabSpend = { ...current, paused: undefined };
  if (current.paused === 'month-budget') next.budgetAllowed = true;
  else next.allowance = Math.max(current.allowance, current.beyond - limits.tabCeiling) + limits.tabCeiling;
  return next;
}
