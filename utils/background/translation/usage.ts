// Billed characters, as the API reports them, per calendar month and per site (private storage,
// for the options page and the monthly budget). Only what the server says it billed is counted:
// cache hits and deduplicated blocks cost nothing. The hourly count per site that the spending
// ceiling needs is the ceiling's own (spending.ts); a tab's page figure is its progress report.
import type { UsageReport } from '../../shared/protocol';
import { definePrivateItem } from '../../extension/private-storage';

interface MonthUsage {
  total: number;
  /** Billed characters per hostname. */
  sites: Record<string, number>;
}

/** Months kept: the current one and a year back. */
const KEEP_MONTHS = 13;

/** Billed characters by month and site: the sites say where the user reads, so the item is private. */
export const usageItem = definePrivateItem<Record<string, MonthUsage>>('usage', {});

/** "2026-11" for a date, in local time (the month the user sees on the calendar). */
export function monthKey(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

let writes: Promise<unknown> = Promise.resolve();

/** Adds billed characters for a site (hostname); writes run one after another. */
export function recordUsage(site: string, characters: number, date: Date = new Date()): Promise<void> {
  if (!(characters > 0)) return Promise.resolve();
  const next = writes.catch(() => undefined).then(async () => {
    const all = await usageItem.getValue();
    const month = monthKey(date);
    const current = all[month] ?? { total: 0, sites: {} };
    const host = site || '(unknown)';
    const updated: Record<string, MonthUsage> = {
      ...all,
      [month]: { total: current.total + characters, sites: { ...current.sites, [host]: (current.sites[host] ?? 0) + characters } },
    };
    for (const old of Object.keys(updated).sort().reverse().slice(KEEP_MONTHS)) delete updated[old];
    await usageItem.setValue(updated);
  });
  writes = next;
  return next;
}

/** Billed characters of one month (the current one by default), total and per site. */
export async function usageForMonth(month: string = monthKey()): Promise<MonthUsage> {
  await writes.catch(() => undefined);
  return (await usageItem.getValue())[month] ?? { total: 0, sites: {} };
}

/** The options page's figures: this month's billed characters, in total and per site, most first. */
export async function usageReport(month: string = monthKey()): Promise<UsageReport> {
  const usage = await usageForMonth(month);
  const sites = Object.entries(usage.sites)
    .map(([site, characters]) => ({ site, characters }))
    .sort((a, b) => b.characters - a.characters || a.site.localeCompare(b.site));
  return { month, total: usage.total, sites };
}
