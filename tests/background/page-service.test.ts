// @vitest-environment node
// translateBlocks as the background receives it: who may ask, what a message may carry, and
// that the tab's stored job (not the message) decides how to translate. Real local server.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createStore } from 'idb-keyval';
import { startServer, pseudoTranslate, type GlossaServer, type TranslateRequest } from '../../server/index';
import { registerPageService } from '../../utils/background/page-service';
import { ask } from './via-message';
import { PAGE_BATCH_LIMIT, PAGE_LIMITS } from '../../utils/shared/limits';
import * as v from 'valibot';
import { backgroundMessages } from '../../utils/shared/messages-to-background';
import { updateTabState } from '../../utils/background/tab-state';
import { removeAllListeners, type MessageSender, type PageJobOptions } from '../../utils/shared/protocol';
import { connectionItem } from '../../utils/extension/settings-store';
import { createTranslationCache } from '../../utils/background/translation/cache';
import { createApiClient } from '../../utils/api/client';
import { createTranslationService, type TranslationService } from '../../utils/background/translation/service';
import { usageForMonth } from '../../utils/background/translation/usage';

const KEY = 'page-service-key';
let server: GlossaServer;
let service: TranslationService;
let n = 0;

const job: PageJobOptions = { targetLang: 'FR', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false };
const contentSender = (tabId = 5, url = 'https://example.org/article'): MessageSender => ({
  id: fakeBrowser.runtime.id, tab: { id: tabId, url } as MessageSender['tab'], url, frameId: 0,
});

type BlocksReply = { results: { ok: boolean }[]; billedCharacters: number };

/** Sends data as a content script's message: the message rule checks it before the service sees it. */
function blocksViaMessage(data: unknown, sender: MessageSender, svc: TranslationService = service): Promise<BlocksReply> {
  removeAllListeners();
  registerPageService(svc);
  return ask<BlocksReply>('translateBlocks', data, sender);
}

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY] });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
  service = createTranslationService({ cache: createTranslationCache({ store: createStore(`page-service-${++n}`, 'translations') }) });
  await updateTabState(5, (s) => ({ ...s, phase: 'translating', job }));
});

describe('page service', () => {
  it('translates for the sender tab with the job stored for that tab, in order, with billed characters', async () => {
    const data = { blocks: [{ text: 'Bonjour <b id="1">monde</b>', format: 'html' }, { text: 'Titre', format: 'text' }], context: '  Ma   page  ', priority: true,
      // Fields a page might try to slip in are ignored: the stored job decides.
      targetLang: 'JA', glossaryId: 'evil', job: { targetLang: 'JA' } };
    const reply = await blocksViaMessage(data, contentSender()) as { results: unknown[]; billedCharacters: number };
    expect(reply.results).toEqual([
      { ok: true, text: pseudoTranslate('Bonjour <b id="1">monde</b>', 'FR', { tagHandling: 'html' }), detectedSourceLang: expect.any(String) },
      { ok: true, text: pseudoTranslate('Titre', 'FR'), detectedSourceLang: expect.any(String) },
    ]);
    expect(reply.billedCharacters).toBe(server.billedCharacters);
    const params = server.log.map((r) => r.params as TranslateRequest);
    // The page's title is not sent: page blocks go without context (see page-service.ts).
    expect(params.every((p) => p.target_lang === 'FR' && p.glossary_id === undefined && p.context === undefined)).toBe(true);
    expect((await usageForMonth()).sites['example.org']).toBe(reply.billedCharacters);
  });

  it('fits the model to the plan of each request: after a switch from paid to free mid-page, quality is only preferred', async () => {
    // The tab's job keeps the model the user chose; the plan is read again for every request.
    await updateTabState(5, (s) => ({ ...s, job: { ...job, modelType: 'quality_optimized' } }));
    const client = createApiClient({ baseUrl: server.url, authKey: KEY });
    const svc = createTranslationService({ client: async () => client, cache: createTranslationCache({ store: createStore(`page-service-plan-${n}`, 'translations') }) });
    await connectionItem.setValue({ apiKey: KEY, plan: 'paid', customUrl: '' });
    await blocksViaMessage({ blocks: [{ text: 'Premier bloc', format: 'html' }] }, contentSender(), svc);
    await connectionItem.setValue({ apiKey: KEY, plan: 'free', customUrl: '' });
    const later = await blocksViaMessage({ blocks: [{ text: 'Bloc suivant', format: 'html' }] }, contentSender(), svc);
    expect(server.log.map((r) => (r.params as TranslateRequest).model_type)).toEqual(['quality_optimized', 'prefer_quality_optimized']);
    expect(later.results[0].ok).toBe(true);
  });

  it('lets no site shape another site\'s translation, yet serves a site\'s repeated navigation from the cache on its next pages', async () => {
    await updateTabState(6, (s) => ({ ...s, phase: 'translating', job }));
    const hostile = contentSender(6, 'https://hostile.example/trap');
    const bank = (path: string) => contentSender(5, `https://bank.example/${path}`);
    const cancel = { text: 'Cancel', format: 'html' as const };
    await blocksViaMessage({ blocks: [cancel] }, hostile, service);
    const onBank = await blocksViaMessage({ blocks: [cancel] }, bank('transfer'), service);
    // No page's title travels (the engine computes none): the bank's answer is exactly what its own request gets.
    expect(server.log.every((r) => (r.params as TranslateRequest).context === undefined)).toBe(true);
    expect(onBank.results[0]).toEqual({ ok: true, text: pseudoTranslate('Cancel', 'FR', { tagHandling: 'html' }), detectedSourceLang: expect.any(String) });

    // Five pages of one site, each with its own title: the shared navigation is billed once.
    await server.reset();
    const nav = ['Accounts', 'Payments', 'Cards', 'Help', 'Log out'].map((text) => ({ text, format: 'html' as const }));
    let billed = 0;
    for (let page = 1; page <= 5; page++) {
      const reply = await blocksViaMessage({ blocks: [...nav, { text: `Statement ${page}`, format: 'html' }] }, bank(`p${page}`), service);
      billed += reply.billedCharacters;
    }
    expect(billed).toBe(server.billedCharacters);
    expect(billed).toBe(nav.map((b) => b.text).join('').length + 'Statement 1'.length * 5);
  });

  it('answers through the messaging protocol once registered', async () => {
    removeAllListeners();
    registerPageService(service);
    const [reply] = await fakeBrowser.runtime.onMessage.trigger(
      { glossa: 'translateBlocks', data: { blocks: [{ text: 'Salut', format: 'text' }] } },
      contentSender(),
    );
    expect(reply).toEqual({ ok: true, value: { results: [{ ok: true, text: pseudoTranslate('Salut', 'FR'), detectedSourceLang: expect.any(String) }], billedCharacters: 5 } });
    removeAllListeners();
  });

  it('refuses senders that are not a content script in a tab', async () => {
    const data = { blocks: [{ text: 'x', format: 'text' }] };
    const noTab: MessageSender = { id: fakeBrowser.runtime.id, url: 'https://example.org/' };
    const extensionPage: MessageSender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html'), tab: { id: 5, url: fakeBrowser.runtime.getURL('/popup.html') } as MessageSender['tab'] };
    const otherExtension: MessageSender = { ...contentSender(), id: 'someone-else' };
    for (const sender of [noTab, extensionPage, otherExtension]) {
      await expect(blocksViaMessage(data, sender)).rejects.toMatchObject({ code: expect.stringMatching(/^(forbidden|bad-request)$/) });
    }
    expect(server.log).toHaveLength(0);
  });

  it('refuses a tab without a translation job', async () => {
    await expect(blocksViaMessage({ blocks: [{ text: 'x', format: 'text' }] }, contentSender(9), service)).rejects.toMatchObject({
      code: 'bad-request', message: expect.stringContaining('no translation'),
    });
    expect(server.log).toHaveLength(0);
  });

  it('refuses malformed or oversized block lists before any request', async () => {
    const bad: unknown[] = [
      null, 'blocks', {}, { blocks: 'x' }, { blocks: [null] }, { blocks: [{ text: 1, format: 'html' }] },
      { blocks: [{ text: 'x', format: 'markdown' }] }, { blocks: [{ text: 'x'.repeat(PAGE_LIMITS.maxBlockChars + 1), format: 'html' }] },
      { blocks: Array.from({ length: PAGE_LIMITS.maxBlocks + 1 }, () => ({ text: 'x', format: 'text' })) },
      { blocks: Array.from({ length: 10 }, () => ({ text: 'x'.repeat(PAGE_LIMITS.maxBlockChars), format: 'text' })) },
      // What the engine never sends: more than one batch's blocks or characters in one message.
      { blocks: Array.from({ length: PAGE_BATCH_LIMIT.blocks + 1 }, () => ({ text: 'x', format: 'text' })) },
      { blocks: [{ text: 'x'.repeat(70_000), format: 'text' }, { text: 'y'.repeat(70_000), format: 'text' }] },
    ];
    for (const data of bad) {
      await expect(blocksViaMessage(data, contentSender())).rejects.toMatchObject({ code: 'bad-request' });
    }
    expect(server.log).toHaveLength(0);
  });

  it('takes what the engine sends: a batch of blocks within its limit, or one larger block alone', () => {
    const accepts = (data: unknown) => v.safeParse(backgroundMessages.translateBlocks.data, data).success;
    expect(accepts({ blocks: Array.from({ length: PAGE_BATCH_LIMIT.blocks }, () => ({ text: 'x'.repeat(PAGE_BATCH_LIMIT.characters / PAGE_BATCH_LIMIT.blocks), format: 'html' })) })).toBe(true);
    expect(accepts({ blocks: [{ text: 'x'.repeat(300_000), format: 'html' }] })).toBe(true);
    // The limits were 2,000 blocks and 4 MiB a message: 33 times what the engine ever sends.
    expect(PAGE_LIMITS.maxBlocks * 1 + PAGE_LIMITS.maxTotalChars).toBeLessThanOrEqual(PAGE_BATCH_LIMIT.blocks + PAGE_BATCH_LIMIT.characters);
  });

  it('drops a title sent along and an odd detected language instead of failing', async () => {
    const long = 't'.repeat(5000);
    const reply = await blocksViaMessage({ blocks: [{ text: 'Salut', format: 'text' }], context: long, sourceLang: 'de; drop table' }, contentSender()) as { results: { ok: boolean }[] };
    expect(reply.results[0].ok).toBe(true);
    expect((server.log[0].params as TranslateRequest).source_lang).toBeUndefined();
  });

  it('reports a missing key as auth for the page to show, without a request', async () => {
    await connectionItem.setValue({ apiKey: '', plan: 'paid', customUrl: '' });
    await expect(blocksViaMessage({ blocks: [{ text: 'x', format: 'text' }] }, contentSender(), service)).rejects.toMatchObject({ code: 'auth' });
    expect(server.log).toHaveLength(0);
  });
});

describe('loading page code on first need', () => {
  /** The page service alone, its injections recorded instead of run. */
  const recordInjections = (): unknown[] => {
    const injected: unknown[] = [];
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation(async (injection) => {
      injected.push(injection);
      return [];
    });
    removeAllListeners();
    registerPageService(service);
    return injected;
  };

  it('injects page-extras.js into the frame that asked, and only for a tab\'s content script', async () => {
    const injected = recordInjections();
    const frame = { ...contentSender(7), frameId: 3 };
    const [reply] = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'loadPageExtras', data: {} }, frame);
    expect(await reply).toMatchObject({ ok: true });
    expect(injected).toEqual([{ target: { tabId: 7, frameIds: [3] }, files: ['page-extras.js'] }]);
    // An extension page has no frame to load them into: the message rule refuses it.
    const [refused] = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'loadPageExtras', data: {} }, { id: fakeBrowser.runtime.id, url: `chrome-extension://${fakeBrowser.runtime.id}/popup.html` });
    expect(await refused).toMatchObject({ ok: false });
    expect(injected).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('injects the page script into the hover script\'s frame on its first point, and only for a tab\'s content script', async () => {
    const injected = recordInjections();
    const [reply] = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'loadPageScript', data: {} }, { ...contentSender(7), frameId: 0 });
    expect(await reply).toMatchObject({ ok: true });
    expect(injected).toEqual([{ target: { tabId: 7 }, files: ['page-engine.js', 'page-extras.js'] }]);
    const [refused] = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'loadPageScript', data: {} }, { id: fakeBrowser.runtime.id, url: `chrome-extension://${fakeBrowser.runtime.id}/popup.html` });
    expect(await refused).toMatchObject({ ok: false });
    expect(injected).toHaveLength(1);
    vi.restoreAllMocks();
  });
});
