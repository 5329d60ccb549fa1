// @vitest-environment node
// Spending limits and private windows, through the one pipeline against the local API server:
// a site pauses past its hourly ceiling (every load and every tab of it counted) until the user
// goes on, the month's budget (on by default) pauses everything, the gate fails closed, and a
// private tab leaves no persistent trace.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'idb-keyval';
import { startServer, type GlossaServer } from '../../../server/index';
import type { BlockRequest, PageJobOptions } from '../../../utils/shared/protocol';
import { connectionItem } from '../../../utils/extension/settings-store';
import { hostPermissionPattern } from '../../../utils/shared/connection';
import { createTranslationCache, type TranslationCache } from '../../../utils/background/translation/cache';
import { createTranslationService } from '../../../utils/background/translation/service';
import { DEFAULT_SPENDING_LIMITS, noteSpent, PRIVATE_SITE, siteSpend, spendingGate, spendingLimitsItem, validSpendingLimits } from '../../../utils/background/translation/spending';
import { monthKey, usageForMonth, usageItem } from '../../../utils/background/translation/usage';
import { continueSpending } from '../../../utils/background/tab-control';
import { clearTabState, getTabState, updateTabState } from '../../../utils/background/tab-state';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeContent, type FakeContent } from '../fake-tabs';

const KEY = 'spending-test-key';
const TAB = 9;
let server: GlossaServer;
let cache: TranslationCache;
let fake: FakeContent;
let stores = 0;

const job: PageJobOptions = { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false };
const html = (text: string): BlockRequest => ({ text, format: 'html' });
const translateRequests = () => server.log.filter((r) => r.path === '/v2/translate');

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY] });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  fake = installFakeContent();
  fake.granted.add(hostPermissionPattern(server.url));
  cache = createTranslationCache({ store: createStore(`spending-test-${++stores}`, 'translations') });
  await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
  await updateTabState(TAB, (s) => ({ ...s, phase: 'translating', job, url: 'https://ticker.example/' }));
});

const article = (loadNo: number) => Array.from({ length: 10 }, (_, i) => html(`Meldung ${loadNo}.${i}: ${'Neuer Text dieser Ladung. '.repeat(7)}`));

describe('spending ceiling per site per hour', () => {
  it('adds up every page load of a site that reloads itself with new text, pauses it at the ceiling without a request, and goes on when the user says so', async () => {
    await spendingLimitsItem.setValue({ siteHourCeiling: 5_000, monthlyBudget: 0 });
    const svc = createTranslationService({ cache });
    fake.present.add(`${TAB}:0`);
    // Each load is a new page in the same tab: its state starts over (as on a navigation), its text is new.
    const load = async (n: number) => {
      await clearTabState(TAB);
      await updateTabState(TAB, (s) => ({ ...s, phase: 'translating', job, url: 'https://reloader.example/' }));
      return svc.translateBlocks({ tabId: TAB, site: 'reloader.example', job, blocks: article(n) });
    };
    let n = 0;
    let out = await load(++n);
    while (out.results.every((r) => r.ok)) {
      expect(n).toBeLessThan(10); // ~1,900 characters a load: the third load at most reaches 5,000
      out = await load(++n);
    }
    const spent = (await siteSpend('reloader.example')).spent;
    expect(spent).toBeGreaterThanOrEqual(5_000);
    expect(spent).toBeLessThan(5_000 + 2_000); // what was in flight at the ceiling, no more
    expect(out.results.every((r) => !r.ok && r.code === 'paused')).toBe(true);
    expect((await getTabState(TAB)).spend?.paused).toBe('site-hour');

    // Another load, another tab of the same site: still paused, nothing sent.
    const requests = translateRequests().length;
    expect((await load(++n)).results[0]).toMatchObject({ ok: false, code: 'paused' });
    const otherTab = await svc.translateBlocks({ tabId: TAB + 1, site: 'reloader.example', job, blocks: [html('Ein anderer Tab derselben Website')] });
    expect(otherTab.results[0]).toMatchObject({ ok: false, code: 'paused' });
    expect(translateRequests()).toHaveLength(requests);
    // Another site is not held back by this one.
    expect((await svc.translateBlocks({ tabId: TAB + 2, site: 'calm.example', job, blocks: [html('Eine ruhige Seite')] })).results[0].ok).toBe(true);

    // Continue: another ceiling's worth for this site, and the page is asked to send its failed blocks again.
    await continueSpending(TAB);
    expect(fake.received.map((m) => m.type)).toContain('retryFailed');
    expect((await getTabState(TAB)).spend?.paused).toBeUndefined();
    expect(await siteSpend('reloader.example')).toMatchObject({ paused: false, allowed: spent + 5_000 });
    expect((await load(++n)).results.every((r) => r.ok)).toBe(true);
  });

  it('lets a long article read by scrolling translate without a question under the default limits', async () => {
    const svc = createTranslationService({ cache });
    // 150,000 characters in the batches a reader's scrolling sends: more than any saved test page (wikipedia: 35,000).
    let billed = 0;
    for (let batch = 0; batch < 60; batch++) {
      const out = await svc.translateBlocks({ tabId: TAB, site: 'longread.example', job, blocks: Array.from({ length: 10 }, (_, i) => html(`Absatz ${batch}.${i}: ${'Ein langer Artikel. '.repeat(12)}`)) });
      expect(out.results.every((r) => r.ok)).toBe(true);
      billed += out.billedCharacters;
    }
    expect(billed).toBeGreaterThan(150_000);
    expect((await getTabState(TAB)).spend?.paused).toBeUndefined();
    expect(DEFAULT_SPENDING_LIMITS.siteHourCeiling).toBeGreaterThan(billed);
  });

  it('counts a site for an hour: what is older no longer counts, and neither do the user\'s earlier allowances', async () => {
    await spendingLimitsItem.setValue({ siteHourCeiling: 1_000, monthlyBudget: 0 });
    const owner = { billed: 0, site: 'hourly.example', tabId: TAB };
    const t0 = Date.UTC(2026, 10, 25, 12, 0, 0);
    await noteSpent(owner, 1_200, t0);
    expect(await spendingGate(owner, t0 + 60_000)).toMatchObject({ code: 'paused' });
    expect(await spendingGate(owner, t0 + 61 * 60_000)).toBeUndefined();
    expect(await siteSpend('hourly.example', t0 + 61 * 60_000)).toMatchObject({ spent: 0, allowed: 1_000 });
  });

  it('counts private windows together under one name that is no site', async () => {
    await spendingLimitsItem.setValue({ siteHourCeiling: 1_000, monthlyBudget: 0 });
    await noteSpent({ billed: 0, site: 'clinic.example', tabId: TAB, private: true }, 600);
    await noteSpent({ billed: 0, site: 'bank.example', tabId: TAB + 1, private: true }, 600);
    expect(await spendingGate({ billed: 0, site: 'third.example', tabId: TAB + 2, private: true })).toMatchObject({ code: 'paused' });
    expect(await spendingGate({ billed: 0, site: 'third.example', tabId: TAB + 2 })).toBeUndefined();
    expect(await siteSpend(PRIVATE_SITE)).toMatchObject({ spent: 1_200 });
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toMatch(/clinic|bank\.example/);
  });

  it('fails closed: when the limits cannot be read, nothing is sent', async () => {
    const svc = createTranslationService({ cache });
    vi.spyOn(spendingLimitsItem, 'getValue').mockRejectedValue(new Error('storage is broken'));
    const out = await svc.translateBlocks({ tabId: TAB, site: 'ticker.example', job, blocks: [html('Gesperrt, bis die Grenzen lesbar sind')] });
    expect(out.results[0]).toMatchObject({ ok: false, code: 'paused', message: expect.stringContaining('could not read your spending limits') });
    expect(translateRequests()).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('checks limits that arrive in a message or from storage', () => {
    expect(validSpendingLimits({ siteHourCeiling: 0, monthlyBudget: 0 })).toBeUndefined();
    expect(validSpendingLimits({ siteHourCeiling: 1.5, monthlyBudget: 0 })).toBeUndefined();
    expect(validSpendingLimits({ siteHourCeiling: 10, monthlyBudget: -1 })).toBeUndefined();
    // Limits of the earlier per-page ceiling are not this ceiling: the defaults apply.
    expect(validSpendingLimits({ tabCeiling: 50_000, monthlyBudget: 0 })).toBeUndefined();
    expect(validSpendingLimits({ siteHourCeiling: 10, monthlyBudget: 0, extra: 1 })).toEqual({ siteHourCeiling: 10, monthlyBudget: 0 });
  });
});

describe('monthly budget', () => {
  it('is on by default: page translation and selections pause once the month has billed it, until the user goes on for a tab', async () => {
    expect(DEFAULT_SPENDING_LIMITS.monthlyBudget).toBe(500_000);
    await usageItem.setValue({ [monthKey()]: { total: 500_000, sites: { 'other.example': 500_000 } } });
    const svc = createTranslationService({ cache });
    const out = await svc.translateBlocks({ tabId: TAB, site: 'ticker.example', job, blocks: [html('Schlagzeile')] });
    expect(out.results[0]).toMatchObject({ ok: false, code: 'paused' });
    const selection = await svc.translateBlocks({ tabId: TAB, site: 'ticker.example', job, blocks: [html('Auswahl')], selection: true });
    expect(selection.results[0]).toMatchObject({ ok: false, code: 'paused' });
    expect(translateRequests()).toHaveLength(0);
    expect((await getTabState(TAB)).spend?.paused).toBe('month-budget');

    fake.present.add(`${TAB}:0`);
    await continueSpending(TAB);
    expect((await svc.translateBlocks({ tabId: TAB, site: 'ticker.example', job, blocks: [html('Schlagzeile')] })).results[0].ok).toBe(true);
  });

  it('can be turned off', async () => {
    await spendingLimitsItem.setValue({ siteHourCeiling: 200_000, monthlyBudget: 0 });
    await usageItem.setValue({ [monthKey()]: { total: 5_000_000, sites: {} } });
    const svc = createTranslationService({ cache });
    expect((await svc.translateBlocks({ tabId: TAB, site: 'ticker.example', job, blocks: [html('Ohne Budget')] })).results[0].ok).toBe(true);
  });
});

describe('private windows', () => {
  it('keeps no translation in the persistent cache and no hostname in the usage, yet counts the month and serves repeats from memory', async () => {
    const svc = createTranslationService({ cache });
    const secret = { tabId: TAB, site: 'clinic.example', privateTab: true, job, blocks: [html('Ihr Befund ist da')] };
    const first = await svc.translateBlocks(secret);
    expect(first.results[0].ok).toBe(true);
    const again = await svc.translateBlocks(secret);
    expect(again.results).toEqual(first.results);
    expect(translateRequests()).toHaveLength(1);
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 });
    await vi.waitFor(async () => expect((await usageForMonth()).total).toBe(first.billedCharacters));
    expect(JSON.stringify(await usageItem.getValue())).not.toContain('clinic.example');

    // An ordinary window finds nothing the private one left behind.
    const ordinary = createTranslationService({ cache });
    await ordinary.translateBlocks({ ...secret, privateTab: false, site: 'other.example' });
    expect(translateRequests()).toHaveLength(2);
  });

  it('reads the persistent cache without refreshing its entries', async () => {
    let clock = 0;
    const timed = createTranslationCache({ store: createStore(`spending-touch-${stores}`, 'translations'), now: () => clock });
    await timed.setMany([['k', { text: 'x', detectedSourceLang: 'DE' }]]);
    clock = 10 * 60 * 60 * 1000;
    await timed.getMany(['k'], { touch: false });
    await timed.setMany([['other', { text: 'y', detectedSourceLang: 'DE' }]]);
    // Only an ordinary read moves the entry's last use; a private one leaves it as it was.
    const store = createStore(`spending-touch-${stores}`, 'translations');
    const { get } = await import('idb-keyval');
    expect((await get<{ a: number }>('k', store))?.a).toBe(0);
  });
});
