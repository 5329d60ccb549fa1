// The spending ceiling: the one place that decides whether Glossa may bill characters for page
// translation without asking the user. Asked by the dispatcher before every request, told by it
// what every request billed; the popup and options read their figures from here.
//   - Per site per hour: every character billed for one site's pages (as they load, as they
//     change, in any tab, across reloads and navigations) in the last 60 minutes counts. Past the
//     ceiling (200,000 characters by default: several long articles read to the end) that site's
//     page translation pauses and the popup asks; each Continue allows another ceiling's worth for
//     the next hour. A site that reloads itself with new text cannot escape it: loads add up.
//   - Per month: a budget (500,000 characters by default, the free plan's allowance; 0 turns it
//     off). Once this month's billed total reaches it, page translation pauses everywhere until the
//     user goes on for a page or raises the budget.
//   - Selections are asked for one by one: they count toward the month only.
//   - Private windows count together as one site that is never named, so no hostname of theirs
//     is kept.
//   - When the limits or the counts cannot be read, nothing is sent (fails closed).
// The hourly counts live in storage.session (trusted contexts only; gone when the browser
// closes). Requests already in flight when a limit is reached still complete.
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../../shared/api-errors';
import { t } from '../../shared/i18n';
import type { SiteSpend, SpendingLimits, SpendingOverview, TabSpend } from '../../shared/protocol';
import { getTabState, updateTabState } from '../tab-state';
import type { BillingOwner } from './dispatcher';
import { usageForMonth } from './usage';

export const DEFAULT_SPENDING_LIMITS: SpendingLimits = { siteHourCeiling: 200_000, monthlyBudget: 500_000 };
const MAX_LIMIT = 1_000_000_000;
const HOUR_MS = 60 * 60_000;
const MINUTE_MS = 60_000;
/** The one name private windows' spending is counted under. */
export const PRIVATE_SITE = '(private window)';

export const spendingLimitsItem = storage.defineItem<SpendingLimits>('local:spendingLimits', { fallback: DEFAULT_SPENDING_LIMITS });

/** One site's last hour: billed characters per minute, and what the user allowed by going on. */
interface SiteHour {
  /** [minute (ms since epoch / 60,000), characters billed in it]. */
  billed: [number, number][];
  /** [when the user went on (ms), characters it allowed]. */
  granted: [number, number][];
  /** The ceiling stopped a request; cleared when the user goes on. */
  paused?: boolean;
}

const siteHoursItem = storage.defineItem<Record<string, SiteHour>>('session:siteSpending', { fallback: {} });

/** Checks stored or sent limits; undefined when malformed (limits of an older version included). */
export function validSpendingLimits(input: unknown): SpendingLimits | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { siteHourCeiling, monthlyBudget } = input as Record<string, unknown>;
  const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_LIMIT;
  if (!count(siteHourCeiling) || siteHourCeiling < 1 || !count(monthlyBudget)) return undefined;
  return { siteHourCeiling, monthlyBudget };
}

export async function spendingLimits(): Promise<SpendingLimits> {
  return validSpendingLimits(await spendingLimitsItem.getValue()) ?? DEFAULT_SPENDING_LIMITS;
}

export async function saveSpendingLimits(limits: SpendingLimits): Promise<void> {
  await spendingLimitsItem.setValue(limits);
}

/** The name a caller's spending is counted under. */
function spendingSite(owner: Pick<BillingOwner, 'site' | 'private'>): string {
  return owner.private ? PRIVATE_SITE : owner.site || '(unknown)';
}

/** A site's record with what is older than an hour dropped. */
function lastHour(record: SiteHour | undefined, now: number): SiteHour {
  const since = now - HOUR_MS;
  return {
    billed: (record?.billed ?? []).filter(([minute]) => (minute + 1) * MINUTE_MS > since),
    granted: (record?.granted ?? []).filter(([at]) => at > since),
    ...(record?.paused ? { paused: true } : {}),
  };
}

function figures(record: SiteHour | undefined, limits: SpendingLimits, now: number): SiteSpend {
  const hour = lastHour(record, now);
  return {
    spent: hour.billed.reduce((sum, [, characters]) => sum + characters, 0),
    allowed: limits.siteHourCeiling + hour.granted.reduce((sum, [, characters]) => sum + characters, 0),
    paused: hour.paused === true,
  };
}

// Read-modify-write of the hourly record runs one after another.
let writes: Promise<unknown> = Promise.resolve();

function changeSite(site: string, change: (record: SiteHour) => SiteHour, now: number): Promise<void> {
  const next = writes.catch(() => undefined).then(async () => {
    const all = await siteHoursItem.getValue();
    const updated: Record<string, SiteHour> = {};
    // Sites with nothing left in the last hour are dropped, so the record stays small.
    for (const [name, record] of Object.entries(all)) {
      const hour = lastHour(record, now);
      if (hour.billed.length > 0 || hour.granted.length > 0 || hour.paused) updated[name] = hour;
    }
    updated[site] = change(lastHour(updated[site], now));
    await siteHoursItem.setValue(updated);
  });
  writes = next;
  return next;
}

/** A site's figures for the last hour (popup, tests). */
export async function siteSpend(site: string, now: number = Date.now()): Promise<SiteSpend> {
  await writes.catch(() => undefined);
  return figures((await siteHoursItem.getValue())[site], await spendingLimits(), now);
}

type PauseReason = NonNullable<TabSpend['paused']>;

function pausedError(reason: PauseReason | 'unchecked'): ApiError {
  const text = { 'site-hour': 'spendingPausedSite', 'month-budget': 'spendingPausedMonth', unchecked: 'spendingPausedUnchecked' } as const;
  return new ApiError('paused', t(text[reason]));
}

async function decide(owner: BillingOwner, now: number): Promise<PauseReason | undefined> {
  const limits = await spendingLimits();
  const spend = owner.tabId === undefined ? {} : ((await getTabState(owner.tabId)).spend ?? {});
  if (limits.monthlyBudget > 0 && !spend.budgetAllowed && (await usageForMonth()).total >= limits.monthlyBudget) return 'month-budget';
  if (owner.selection) return undefined;
  await writes.catch(() => undefined);
  const site = spendingSite(owner);
  const hour = figures((await siteHoursItem.getValue())[site], limits, now);
  if (hour.spent < hour.allowed) return undefined;
  if (!hour.paused) await changeSite(site, (record) => ({ ...record, paused: true }), now);
  return 'site-hour';
}

/** Why this caller may not spend now (and its tab is marked paused for the popup), or undefined. */
export async function spendingGate(owner: BillingOwner, now: number = Date.now()): Promise<ApiError | undefined> {
  let reason: PauseReason | undefined;
  try {
    reason = await decide(owner, now);
  } catch {
    // Limits that cannot be checked are not a reason to spend without them.
    return pausedError('unchecked');
  }
  if (!reason) return undefined;
  if (owner.tabId !== undefined && !owner.selection) {
    const paused = reason;
    await updateTabState(owner.tabId, (s) => ({ ...s, spend: { ...s.spend, paused } })).catch(() => undefined);
  }
  return pausedError(reason);
}

/** Counts what a request billed for a page of the caller's site (selections count toward the month only). */
export async function noteSpent(owner: BillingOwner, characters: number, now: number = Date.now()): Promise<void> {
  if (owner.selection || !(characters > 0)) return;
  const minute = Math.floor(now / MINUTE_MS);
  await changeSite(spendingSite(owner), (record) => {
    const last = record.billed.at(-1);
    const billed: [number, number][] = last && last[0] === minute
      ? [...record.billed.slice(0, -1), [minute, last[1] + characters]]
      : [...record.billed, [minute, characters]];
    return { ...record, billed };
  }, now);
}

/**
 * The user said to go on for a tab: past the month's budget for this page, or another ceiling's
 * worth for its site over the next hour.
 */
export async function allowMore(tabId: number, owner: Pick<BillingOwner, 'site' | 'private'>, now: number = Date.now()): Promise<void> {
  const limits = await spendingLimits();
  const state = await getTabState(tabId);
  const site = spendingSite(owner);
  const hour = await siteSpend(site, now);
  if (state.spend?.paused === 'month-budget') {
    await updateTabState(tabId, (s) => ({ ...s, spend: { ...s.spend, paused: undefined, budgetAllowed: true } }));
    return;
  }
  // Room for another ceiling's worth beyond what the site has spent by now.
  const grant = Math.max(0, hour.spent - hour.allowed) + limits.siteHourCeiling;
  if (hour.paused || state.spend?.paused === 'site-hour') await changeSite(site, (record) => ({ ...record, paused: undefined, granted: [...record.granted, [now, grant]] }), now);
  await updateTabState(tabId, (s) => ({ ...s, spend: { ...s.spend, paused: undefined } }));
}

/** Limits, this month's total and, for a page, its site's last hour. */
export async function spendingOverview(owner?: Pick<BillingOwner, 'site' | 'private'>): Promise<SpendingOverview> {
  const [limits, month] = await Promise.all([spendingLimits(), usageForMonth()]);
  const site = owner && (owner.site || owner.private) ? await siteSpend(spendingSite(owner)) : undefined;
  return { limits, monthTotal: month.total, ...(site ? { site } : {}) };
}
