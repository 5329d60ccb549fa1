import { describe, expect, it } from 'vitest';
import { monthKey, recordUsage, usageForMonth, usageItem, usageReport } from '../../../utils/background/translation/usage';

describe('usage', () => {
  it('adds billed characters per month and site', async () => {
    const nov = new Date(2026, 10, 21);
    await Promise.all([
      recordUsage('example.org', 100, nov),
      recordUsage('example.org', 50, nov),
      recordUsage('news.test', 30, nov),
      recordUsage('example.org', 0, nov),
    ]);
    expect(await usageForMonth('2026-11')).toEqual({ total: 180, sites: { 'example.org': 150, 'news.test': 30 } });
    expect(await usageReport('2026-11')).toEqual({
      month: '2026-11', total: 180, sites: [{ site: 'example.org', characters: 150 }, { site: 'news.test', characters: 30 }],
    });
  });

  it('starts each month at zero and keeps about a year', async () => {
    for (let m = 0; m < 16; m++) await recordUsage('a.test', 10, new Date(2025, m, 5));
    const stored = await usageItem.getValue();
    expect(Object.keys(stored)).toHaveLength(13);
    expect(stored['2026-04']?.total).toBe(10);
    expect(stored['2025-01']).toBeUndefined();
    expect((await usageForMonth('2030-01')).total).toBe(0);
  });

  it('names months in local time', () => {
    expect(monthKey(new Date(2026, 0, 31, 23, 30))).toBe('2026-01');
  });
});
