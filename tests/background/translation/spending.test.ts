// @vitest-environment node
// Spending limits and private windows, through the one pipeline against the local API server:
// a tab pauses past its ceiling (counting what the page changed after it loaded) until the user goes
// on, the month's budget pauses everything, and a private tab leaves no persistent trace.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'idb-keyval';
import { startServer, type GlossaServer } from '../../../server/index';
import type { BlockRequest, PageJobOptions } from '../../../utils/shared/protocol';
import { connectionItem } from '../../../utils/extension/settings-store';
import { hostPermissionPattern } from '../../../utils/shared/connection';
import { createTranslationCache, type TranslationCache } from '../../../utils/background/translation/cache';
import { createTranslationService } from '../../../utils/background/translation/service';
import { allowMore, markFirstPassDone, spendingLimitsItem, validSpendingLimits } from '../../../utils/background/translation/spending';
import { monthKey, usageForMonth, usageItem } from '../../../utils/background/translation/usage';
import { continueSpending, handleProgress } from '../../../utils/background/tab-control';
import { getTabState, updateTabState } from '../../../utils/background/tab-state';
import { contentSender, installFakeContent, type FakeContent } from '../fake-tabs';

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

describe('per-tab spending ceiling', () => {
  it('counts only what the page changed after it loaded, pauses past the ceiling without a request, and goes on when the user says so', async () => {
    await spendingLimitsItem.setValue({ tabCeiling: 20, monthlyBudget: 0 });
    const svc = createTranslationService({ cache });
    const loaded = (text: string) => svc.translateBlocks({ tabId: TAB, site: 'ticker.example', job, blocks: [html(text)] });
    const page = (text: string) => svc.translateBlocks({ tabId: TAB, site: 'ticker.example', job, blocks: [html(text)], pageChange: true });

    // The page as it loaded is free of the ceiling, however large, also when it is reached by
    // scrolling after the first pass reported the tab translated.
    expect((await loaded('Die erste Fassung der ganzen Seite')).results[0].ok).toBe(true);
    fake.present.add(`${TAB}:0`);
    await handleProgress({ state: 'translated', total: 1, done: 1, failed: 0, billedCharacters: 34 }, contentSender(TAB, 'https://ticker.example/'));
    expect((await getTabState(TAB)).spend).toEqual({ firstPassDone: true, beyond: 0, allowance: 0 });
    expect((await loaded('Weiter unten auf der langen Seite, erst beim Lesen erreicht')).results[0].ok).toBe(true);
    expect((await getTabState(TAB)).spend?.beyond).toBe(0);

    expect((await page('Neue Meldung 1 ....')).results[0].ok).toBe(true); // 19 characters
    await vi.waitFor(async () => expect((await getTabState(TAB)).spend?.beyond).toBe(19));
    expect((await page('Neue Meldung 2 ....')).results[0].ok).toBe(true);
    await vi.waitFor(async () => expect((await getTabState(TAB)).spend?.beyond).toBe(38));
    const requests = translateRequests().length;
    const paused = await page('Neue Meldung 3 ....');
    expect(paused.results[0]).toMatchObject({ ok: false, code: 'paused' });
    expect(translateRequests()).toHaveLength(requests);
    expect((await getTabState(TAB)).spend?.paused).toBe('tab-ceiling');

    // Going on: another ceiling's worth, and the page is asked to send its failed blocks again.
    const state = await continueSpending(TAB);
    expect(state.spend).toMatchObject({ allowance: 38 });
    expect(state.spend?.paused).toBeUndefined();
    expect(fake.received.map((m) => m.type)).toEqual(['retryFailed']);
    expect((await page('Neue Meldung 3 ....')).results[0].ok).toBe(true);
  });

  it('starts over with every new translation of the page', async () => {
    expect(allowMore({ firstPassDone: true, beyond: 120, allowance: 0, paused: 'tab-ceiling' }, { tabCeiling: 100, monthlyBudget: 0 }))
      .toEqual({ firstPassDone: true, beyond: 120, allowance: 120, paused: undefined });
    expect(markFirstPassDone(undefined)).toEqual({ firstPassDone: true, beyond: 0, allowance: 0 });
    expect(validSpendingLimits({ tabCeiling: 0, monthlyBudget: 0 })).toBeUndefined();
    expect(validSpendingLimits({ tabCeiling: 1.5, monthlyBudget: 0 })).toBeUndefined();
    expect(validSpendingLimits({ tabCeiling: 10, monthlyBudget: -1 })).toBeUndefined();
    expect(validSpendingLimits({ tabCeiling: 10, monthlyBudget: 0, extra: 1 })).toEqual({ tabCeiling: 10, monthlyBudget: 0 });
  });
});

describe('monthly budget', () => {
  it('pauses page translation and selections once the month has billed the budget, until the user goes on for a tab', async () => {
    await spendingLimitsItem.setValue({ tabCeiling: 50_000, monthlyBudget: 100 });
    await usageItem.setValue({ [monthKey()]: { total: 100, sites: { 'other.example': 100 } } });
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
