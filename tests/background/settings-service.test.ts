// @vitest-environment node
// The settings service against the real local server: connection tests name the right problem
// and send nothing when they cannot succeed; only extension pages read or change settings.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startServer } from '../../server/index';
import { LANGUAGE_CACHE_MS, languageCacheItem, registerSettingsService } from '../../utils/background/settings-service';
import { FALLBACK_TARGET_LANGUAGES } from '../../utils/shared/languages';
import { removeAllListeners } from '../../utils/shared/protocol';
import { connectionItem, defaultsItem, siteRulesItem } from '../../utils/extension/settings-store';
import { type Connection } from '../../utils/shared/settings';
import { ask } from './via-message';
import type { MessageSender } from '../../utils/shared/protocol';

type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server;
let deadUrl: string;
const GOOD_KEY = 'settings-test-key';

const extensionPage = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') });
const contentScript = () => ({ id: fakeBrowser.runtime.id, url: 'https://news.example/article', tab: { id: 7, url: 'https://news.example/article' } as never });
const webPage = () => ({ url: 'https://evil.example/', origin: 'https://evil.example' });

/** Sends a message the way the browser delivers it, from an extension page unless told. */
function askAs(type: string, data: unknown, sender: object = extensionPage()): Promise<unknown> {
  return ask(type, data, sender as MessageSender);
}

/** Requests to /v2/languages the server has seen. */
function languageRequests(): number {
  return server.log.filter((r) => r.path === '/v2/languages').length;
}

let granted: string[];
let now: number;

function start(addresses = { paid: server.url, free: deadUrl }) {
  removeAllListeners();
  registerSettingsService({ fetch: globalThis.fetch, addresses, now: () => now, testTimeoutMs: 3000 });
}

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', keys: [GOOD_KEY] });
  // A port that was free a moment ago: nothing listens there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  deadUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await server.reset();
  now = Date.UTC(2026, 10, 21, 12);
  granted = ['http://127.0.0.1/*'];
  Object.assign(fakeBrowser.permissions, {
    contains: async ({ origins }: { origins: string[] }) => origins.every((o) => granted.includes(o)),
  });
  start();
});

const paid = (apiKey: string): Connection => ({ apiKey, plan: 'paid', customUrl: '' });
const custom = (apiKey: string, customUrl: string): Connection => ({ apiKey, plan: 'custom', customUrl });

describe('testConnection', () => {
  it('reports the target languages for a good key', async () => {
    const result = await askAs('testConnection', { connection: paid(GOOD_KEY) });
    expect(result).toMatchObject({ ok: true, baseUrl: server.url });
    expect((result as { targetLanguages: number }).targetLanguages).toBeGreaterThanOrEqual(34);
    expect(languageRequests()).toBe(1);
  });

  it('names a rejected key, once, without retrying', async () => {
    expect(await askAs('testConnection', { connection: paid('wrong-key') })).toEqual({ ok: false, problem: 'auth', status: 403, baseUrl: server.url });
    expect(languageRequests()).toBe(1);
  });

  it('names an unreachable server', async () => {
    expect(await askAs('testConnection', { connection: { apiKey: GOOD_KEY, plan: 'free', customUrl: '' } })).toEqual({ ok: false, problem: 'unreachable', baseUrl: deadUrl });
  });

  it('names an address where the API is not', async () => {
    const result = await askAs('testConnection', { connection: custom(GOOD_KEY, `${server.url}/somewhere/else`) });
    expect(result).toMatchObject({ ok: false, problem: 'wrong-address', status: 404 });
  });

  it('sends nothing for an empty key, a malformed address or an address without permission', async () => {
    expect(await askAs('testConnection', { connection: paid('   ') })).toEqual({ ok: false, problem: 'empty-key' });
    expect(await askAs('testConnection', { connection: custom(GOOD_KEY, 'http://user:pw@127.0.0.1:1') })).toEqual({ ok: false, problem: 'bad-address', addressProblem: 'credentials' });
    expect(await askAs('testConnection', { connection: custom(GOOD_KEY, `${server.url}?x=1`) })).toEqual({ ok: false, problem: 'bad-address', addressProblem: 'query' });
    granted = [];
    expect(await askAs('testConnection', { connection: paid(GOOD_KEY) })).toEqual({ ok: false, problem: 'permission', baseUrl: server.url });
    expect(server.log).toHaveLength(0);
  });

  it('tests the saved connection when none is given', async () => {
    await connectionItem.setValue(paid(GOOD_KEY));
    expect(await askAs('testConnection', {})).toMatchObject({ ok: true });
  });
});

describe('who may ask', () => {
  it('gives settings, and so the key, to extension pages only', async () => {
    await connectionItem.setValue(paid('secret'));
    expect(await askAs('getSettings', {})).toMatchObject({ connection: { apiKey: 'secret' } });
    for (const sender of [contentScript(), webPage(), {}]) {
      await expect(askAs('getSettings', {}, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(askAs('saveSettings', { connection: paid('stolen') }, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(askAs('testConnection', { connection: paid(GOOD_KEY) }, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(askAs('usage', {}, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(askAs('clearCache', {}, sender)).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect((await connectionItem.getValue()).apiKey).toBe('secret');
    expect(server.log).toHaveLength(0);
  });

  it('lists languages for content scripts too, but not for web pages', async () => {
    await expect(askAs('languages', { type: 'target' }, contentScript())).resolves.toMatchObject({ source: 'fallback' });
    await expect(askAs('languages', { type: 'target' }, webPage())).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('saveSettings', () => {
  it('validates every part and saves nothing when one is wrong', async () => {
    await expect(
      askAs('saveSettings', { connection: custom('k', 'ftp://x.example'), defaults: { targetLang: 'FR', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: true } }),
    ).rejects.toMatchObject({ code: 'invalid-settings', field: 'connection.customUrl', addressProblem: 'scheme' });
    await expect(askAs('saveSettings', { defaults: { targetLang: '<b>', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: true } })).rejects.toMatchObject({ field: 'defaults.targetLang' });
    await expect(askAs('saveSettings', { siteRules: { always: ['ok.example', 'not a host'], never: [] } })).rejects.toMatchObject({ field: 'siteRules.always[1]' });
    await expect(askAs('saveSettings', { connection: paid('has space') })).rejects.toMatchObject({ field: 'connection.apiKey' });
    await expect(
      askAs('saveSettings', { connection: { apiKey: 'k', plan: 'free', customUrl: '' }, defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'quality_optimized', bilingual: false } }),
    ).rejects.toMatchObject({ field: 'defaults.modelType' });
    expect(await connectionItem.getValue()).toEqual({ apiKey: '', plan: 'paid', customUrl: '' });
    expect((await defaultsItem.getValue()).targetLang).toBe('EN-US');
  });

  it('stores normalised values and returns what is stored', async () => {
    const saved = (await askAs('saveSettings', {
      connection: custom(' k ', 'https://API.example.com/'),
      siteRules: { always: ['News.Example', 'news.example'], never: [] },
    })) as { connection: Connection };
    expect(saved.connection).toEqual({ apiKey: 'k', plan: 'custom', customUrl: 'https://api.example.com' });
    expect(await siteRulesItem.getValue()).toEqual({ always: ['news.example'], never: [] });
  });
});

describe('languages', () => {
  it('falls back to the built-in list without a key', async () => {
    expect(await askAs('languages', { type: 'target' })).toEqual({ languages: FALLBACK_TARGET_LANGUAGES, source: 'fallback' });
    expect(server.log).toHaveLength(0);
  });

  it('asks the API once a day', async () => {
    await connectionItem.setValue(paid(GOOD_KEY));
    expect(await askAs('languages', { type: 'target' })).toMatchObject({ source: 'api' });
    expect(await askAs('languages', { type: 'target' })).toMatchObject({ source: 'cache' });
    expect(languageRequests()).toBe(1);
    now += LANGUAGE_CACHE_MS + 1;
    expect(await askAs('languages', { type: 'target' })).toMatchObject({ source: 'api' });
    expect(languageRequests()).toBe(2);
    expect(await askAs('languages', { type: 'source' })).toMatchObject({ source: 'api' });
  });

  it('keeps yesterday’s list when the server is down, and uses the fallback when it never answered', async () => {
    await connectionItem.setValue(paid(GOOD_KEY));
    const fresh = (await askAs('languages', { type: 'target' })) as { languages: unknown[] };
    now += LANGUAGE_CACHE_MS + 1;
    start({ paid: server.url, free: deadUrl });
    await languageCacheItem.setValue({ target: { ...(await languageCacheItem.getValue()).target!, baseUrl: deadUrl } });
    await connectionItem.setValue({ apiKey: GOOD_KEY, plan: 'free', customUrl: '' });
    expect(await askAs('languages', { type: 'target' })).toEqual({ languages: fresh.languages, source: 'cache' });
    expect(await askAs('languages', { type: 'source' })).toMatchObject({ source: 'fallback' });
  });

  it('forgets the cached list when the connection changes', async () => {
    await askAs('saveSettings', { connection: paid(GOOD_KEY) });
    await askAs('languages', { type: 'target' });
    expect((await languageCacheItem.getValue()).target).toBeDefined();
    await askAs('saveSettings', { connection: paid('another-key') });
    expect((await languageCacheItem.getValue()).target).toBeUndefined();
  });
});

describe('first run', () => {
  it('opens the options page with the welcome on install only', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.1', temporary: false } as never);
    expect(create).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false } as never);
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith({ url: 'chrome-extension://test-extension-id/options.html?welcome=1' }));
  });
});
