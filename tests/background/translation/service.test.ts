// @vitest-environment node
// The background translation pipeline against the real local API server, with the fake
// browser's storage and fake-indexeddb: dedupe, cache, packing parameters, glossary choice,
// quota stop, bounded retries and usage counting, observed through the server's request log.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'idb-keyval';
import { startServer, pseudoTranslate, type GlossaServer } from '../../../server/index';
import { createApiClient } from '../../../utils/api/client';
import type { TranslateRequest } from '../../../server/index';
import type { BlockRequest, PageJobOptions } from '../../../utils/shared/protocol';
import { connectionItem, defaultGlossariesItem } from '../../../utils/extension/settings-store';
import { bumpGlossaryRevision, createTranslationCache, type TranslationCache } from '../../../utils/background/translation/cache';
import { apiFormality } from '../../../utils/shared/formality';
import { createTranslationService, translationService, type TranslationServiceDeps } from '../../../utils/background/translation/service';
import { usageForMonth } from '../../../utils/background/translation/usage';
import { siteSpend } from '../../../utils/background/translation/spending';
import { createDispatcher } from '../../../utils/background/translation/dispatcher';
import { escapePlainForHtml, plainFromHtml } from '../../../utils/background/translation/plain-html';
import { API_LIMITS, translateBody } from '../../../utils/api/packing';
import { packRequests } from '../../../scripts/lib/packing-minimum';
import { utf8Length } from '../../../utils/shared/utf8';
import type { TranslateParams } from '../../../utils/shared/api-types';

const KEY = 'service-test-key';
let server: GlossaServer;
let cache: TranslationCache;
let storeCounter = 0;

const job: PageJobOptions = { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false };
const html = (text: string): BlockRequest => ({ text, format: 'html' });
const plain = (text: string): BlockRequest => ({ text, format: 'text' });

function service(deps: TranslationServiceDeps = {}) {
  return createTranslationService({ cache, ...deps });
}

/** Texts the server was asked to translate, over all translate requests. */
function sentTexts(): string[] {
  return server.log.filter((r) => r.path === '/v2/translate').flatMap((r) => (r.params as TranslateRequest | undefined)?.text ?? []);
}
const translateRequests = () => server.log.filter((r) => r.path === '/v2/translate');

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY] });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  cache = createTranslationCache({ store: createStore(`service-test-${++storeCounter}`, 'translations') });
  await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
});

/**
 * A dispatcher whose clock stands still until every expected text is queued: partial requests
 * wait for the messages still on their way however busy the machine is, then the clock jumps
 * past the gather time and the queue is sent.
 */
function heldDispatcher() {
  let clock = 0;
  const dispatcher = createDispatcher({ gatherMs: 300, now: () => clock });
  return {
    dispatcher,
    async release(expectedTexts: number): Promise<void> {
      await vi.waitFor(() => expect(dispatcher.stats.accepted).toBe(expectedTexts), { timeout: 15_000 });
      clock = 60_000;
    },
  };
}

describe('translation service', () => {
  it('translates html and text blocks in order, in one HTML request with the right parameters', async () => {
    const blocks = [html('Hallo <b id="1">Welt</b>'), plain('Ein Titel'), html('Noch ein Absatz.')];
    const out = await service().translateBlocks({ tabId: 7, site: 'example.org', job: { ...job, targetLang: 'EN-GB', formality: 'more' }, blocks, context: 'Seitentitel' });
    const htmlOpts = { tagHandling: 'html' as const, splitSentences: 'nonewlines' as const, formality: 'prefer_more' as const };
    expect(out.results).toEqual([
      { ok: true, text: pseudoTranslate('Hallo <b id="1">Welt</b>', 'EN-GB', htmlOpts), detectedSourceLang: expect.any(String) },
      { ok: true, text: plainFromHtml(pseudoTranslate('Ein Titel', 'EN-GB', htmlOpts)), detectedSourceLang: expect.any(String) },
      { ok: true, text: pseudoTranslate('Noch ein Absatz.', 'EN-GB', htmlOpts), detectedSourceLang: expect.any(String) },
    ]);
    const requests = translateRequests().map((r) => r.params as TranslateRequest);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      text: ['Hallo <b id="1">Welt</b>', 'Ein Titel', 'Noch ein Absatz.'], target_lang: 'EN-GB', context: 'Seitentitel', formality: 'prefer_more',
      show_billed_characters: true, model_type: 'latency_optimized', tag_handling: 'html',
    });
    expect(requests[0].source_lang).toBeUndefined();
    expect(requests[0].glossary_id).toBeUndefined();
    expect(out.billedCharacters).toBe(server.billedCharacters);
    expect(out.billedCharacters).toBe('Hallo <b id="1">Welt</b>Ein TitelNoch ein Absatz.'.length);
  });

  it('sends plain text escaped only where HTML would read markup, and reads the answer back as text', async () => {
    const blocks = [plain('Fish & chips <3 a<b &amp; c'), plain('Home'), html('Home')];
    const out = await service().translateBlocks({ tabId: 1, site: 'a.test', job, blocks });
    // One text for "Home": the title and the link read the same.
    expect(sentTexts()).toEqual(['Fish & chips <3 a&lt;b &amp;amp; c', 'Home']);
    const htmlOpts = { tagHandling: 'html' as const };
    expect(out.results.map((r) => r.ok && r.text)).toEqual([
      plainFromHtml(pseudoTranslate('Fish & chips <3 a&lt;b &amp;amp; c', 'DE', htmlOpts)),
      plainFromHtml(pseudoTranslate('Home', 'DE', htmlOpts)),
      pseudoTranslate('Home', 'DE', htmlOpts),
    ]);
    // The escaped text comes back as the characters it stood for.
    const first = out.results[0].ok ? out.results[0].text : '';
    expect(first).toContain('<');
    expect(first).not.toContain('&lt;');
    expect(first).toMatch(/&/);
  });

  it('never lets markup in the translation of a plain text through: it is read as text', async () => {
    const client = createApiClient({ baseUrl: server.url, authKey: KEY });
    const hostile = { ...client, translate: async (params: Parameters<typeof client.translate>[0]) => ({
      translations: params.text.map(() => ({ text: 'Hallo <img src=x onerror="alert(1)"><b>Welt</b> &lt;3 &#x1F600;', detected_source_language: 'EN' })),
      billed_characters: 5,
    }) };
    const out = await service({ client: async () => hostile }).translateBlocks({ site: 'a.test', job, blocks: [plain('Hello world')] });
    expect(out.results).toEqual([{ ok: true, text: 'Hallo Welt <3 \u{1F600}', detectedSourceLang: 'EN' }]);
  });

  it('sends identical blocks once, within a call and across concurrent calls of any tab', async () => {
    const svc = service();
    const menu = ['Start', 'Reply', 'Share', 'Reply', 'Start', 'Reply'].map(html);
    const out = await svc.translateBlocks({ tabId: 1, site: 'a.test', job, blocks: menu });
    expect(sentTexts()).toEqual(['Start', 'Reply', 'Share']);
    expect(out.results.map((r) => r.ok && r.text)).toEqual(['Start', 'Reply', 'Share', 'Reply', 'Start', 'Reply'].map((t) => pseudoTranslate(t, 'DE', { tagHandling: 'html' })));
    expect(out.billedCharacters).toBe('StartReplyShare'.length);

    await server.reset();
    server.faults.latencyMs = 100;
    const [a, b] = await Promise.all([
      svc.translateBlocks({ tabId: 1, site: 'a.test', job, blocks: [html('Eins'), html('Zwei')] }),
      svc.translateBlocks({ tabId: 2, site: 'b.test', job, blocks: [html('Zwei'), html('Drei'), html('Eins')] }),
    ]);
    expect(sentTexts().sort()).toEqual(['Drei', 'Eins', 'Zwei']);
    expect(b.results.map((r) => r.ok && r.text)).toEqual(['Zwei', 'Drei', 'Eins'].map((t) => pseudoTranslate(t, 'DE', { tagHandling: 'html' })));
    expect(a.results.every((r) => r.ok)).toBe(true);
    // Each character is billed once, to the call that asked first.
    expect(a.billedCharacters + b.billedCharacters).toBe('EinsZweiDrei'.length);
  });

  it('lets the messages of one page share requests: 6 messages of 20 blocks take the packing minimum of 3', async () => {
    const { dispatcher, release } = heldDispatcher();
    const svc = service({ dispatcher });
    const messages = Array.from({ length: 6 }, (_, m) => Array.from({ length: 20 }, (_, i) => html(`Nachricht ${m} Block ${i}`)));
    const pending = Promise.all(messages.map((blocks) => svc.translateBlocks({ tabId: 3, site: 'a.test', job, blocks })));
    await release(120);
    const replies = await pending;
    expect(translateRequests().map((r) => r.textCount)).toEqual([50, 50, 20]);
    expect(replies.every((r) => r.results.every((x) => x.ok))).toBe(true);
    expect(replies.reduce((sum, r) => sum + r.billedCharacters, 0)).toBe(server.billedCharacters);
  });

  it('packs the blocks of a page, HTML and plain text from many messages, into the greedy minimum of requests', async () => {
    const { dispatcher, release } = heldDispatcher();
    const svc = service({ dispatcher });
    const long = (i: number) => `Absatz ${i}: ${'ein langer Satz mit Wörtern, '.repeat(150 + (i % 7) * 40)}`;
    const messages: BlockRequest[][] = [
      Array.from({ length: 30 }, (_, i) => html(`Überschrift <b id="1">${i}</b>`)),
      Array.from({ length: 15 }, (_, i) => plain(`Bildbeschreibung ${i} & mehr`)),
      Array.from({ length: 40 }, (_, i) => html(i % 2 ? long(i) : `Kurz ${i}`)),
      // Attributes that read like blocks already sent, and a title: no text of their own.
      [plain('Kurz 0'), plain('Kurz 2'), plain('Seitentitel')],
      Array.from({ length: 25 }, (_, i) => (i % 3 ? html(long(100 + i)) : plain(`Knopf ${i}`))),
    ];
    const pending = Promise.all(messages.map((blocks) => svc.translateBlocks({ tabId: 3, site: 'a.test', job, blocks, context: 'Seite' })));
    await release(new Set(messages.flat().map((b) => (b.format === 'text' ? escapePlainForHtml(b.text) : b.text))).size);
    const replies = await pending;
    expect(replies.every((r) => r.results.every((x) => x.ok))).toBe(true);

    // The minimum: every distinct text as sent, packed greedily in order, as one kind of request.
    const distinct = [...new Set(messages.flat().map((b) => (b.format === 'text' ? escapePlainForHtml(b.text) : b.text)))];
    const params = translateRequests()[0].params as TranslateRequest;
    const { text: _text, ...rest } = params;
    const minimum = packRequests(distinct, rest as Omit<TranslateParams, 'text'>).requests.length;
    expect(minimum).toBeGreaterThan(2); // the byte limit, not only the count, decides here
    expect(translateRequests().length).toBeLessThanOrEqual(minimum);
    // And each request was full when it went: it could not have taken the text that opened the next.
    const sent = translateRequests().map((r) => r.params as TranslateRequest);
    sent.slice(0, -1).forEach((p, i) => {
      const withNext = utf8Length(translateBody({ ...(p as TranslateParams), text: [...p.text, sent[i + 1].text[0]] }));
      expect(p.text.length === API_LIMITS.maxTexts || withNext > API_LIMITS.maxBytes).toBe(true);
    });
    expect(translateRequests().every((r) => (r.params as TranslateRequest).tag_handling === 'html')).toBe(true);
    expect(sentTexts().sort()).toEqual([...distinct].sort());
    expect(server.billedCharacters).toBe(distinct.reduce((n, t) => n + t.length, 0));
  });

  it('answers before the cache is written, and a text asked for again meanwhile is not requested again', async () => {
    let finishWrite!: () => void;
    const written = new Promise<void>((resolve) => {
      finishWrite = resolve;
    });
    // A cache whose write has not landed yet (an IndexedDB transaction in progress).
    const slowCache: TranslationCache = { ...cache, setMany: (items) => written.then(() => cache.setMany(items)) };
    const pipeline = service({ cache: slowCache });
    const blocks = [html('Ein Satz, der <b id="1">gleich</b> wiederkommt.')];
    const first = await pipeline.translateBlocks({ tabId: 1, site: 'a.test', job, blocks });
    expect(first.results[0]).toMatchObject({ ok: true });
    const again = await pipeline.translateBlocks({ tabId: 1, site: 'a.test', job, blocks });
    expect(again.results).toEqual(first.results);
    expect(again.billedCharacters).toBe(0);
    expect(translateRequests()).toHaveLength(1);
    finishWrite();
    await cache.stats();
    // Once written, the cache serves it (the in-flight entry is gone).
    const later = await pipeline.translateBlocks({ tabId: 1, site: 'a.test', job, blocks });
    expect(later.results).toEqual(first.results);
    expect(translateRequests()).toHaveLength(1);
  });

  it('serves translated blocks from the cache: a reload costs no request and no billed character', async () => {
    const blocks = [html('Ein Absatz mit <a id="1">Link</a>.'), plain('Bildbeschreibung'), html('   ')];
    const first = await service().translateBlocks({ tabId: 1, site: 'a.test', job, blocks });
    expect(first.billedCharacters).toBeGreaterThan(0);
    const requestsBefore = translateRequests().length;
    // A new service stands for a restarted service worker: only IndexedDB remains, with what was
    // written before the worker went (answers do not wait for the write; stats() waits for it).
    await cache.stats();
    const again = await service().translateBlocks({ tabId: 1, site: 'a.test', job, blocks });
    expect(translateRequests()).toHaveLength(requestsBefore);
    expect(again.billedCharacters).toBe(0);
    expect(again.results).toEqual(first.results);
    expect(again.results[2]).toEqual({ ok: true, text: '   ' }); // blank blocks are never sent
  });

  it('keeps the context in a translation\'s identity: another context is asked for, never served another\'s answer', async () => {
    // A translator whose answer depends on the context, as a real one's may.
    const calls: (string | undefined)[] = [];
    const client = { ...createApiClient({ baseUrl: server.url, authKey: KEY }), translate: async (params: TranslateParams) => {
      calls.push(params.context);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { translations: params.text.map((text) => ({ text: `${text} [${params.context ?? ''}]`, detected_source_language: 'EN' })), billed_characters: 6 };
    } };
    const svc = service({ client: async () => client });
    const cancel = [html('Cancel')];
    // At the same time (in-flight dedupe) and one after the other (cache): each context gets its own answer.
    const [hostile, bank] = await Promise.all([
      svc.translateBlocks({ tabId: 1, site: 'hostile.example', job, blocks: cancel, context: 'Delete your account' }),
      svc.translateBlocks({ tabId: 2, site: 'bank.example', job, blocks: cancel, context: 'Online banking' }),
    ]);
    const later = await svc.translateBlocks({ tabId: 3, site: 'bank.example', job, blocks: cancel, context: 'Online banking' });
    expect(hostile.results[0]).toMatchObject({ ok: true, text: 'Cancel [Delete your account]' });
    expect(bank.results[0]).toMatchObject({ ok: true, text: 'Cancel [Online banking]' });
    expect(later.results[0]).toMatchObject({ ok: true, text: 'Cancel [Online banking]' });
    expect(calls.sort()).toEqual(['Delete your account', 'Online banking']);
  });

  it('asks again when anything in the cache key changes', async () => {
    const svc = service();
    const blocks = [html('Guten Tag')];
    await svc.translateBlocks({ site: '', job, blocks });
    await svc.translateBlocks({ site: '', job: { ...job, formality: 'less' }, blocks });
    await svc.translateBlocks({ site: '', job: { ...job, targetLang: 'FR' }, blocks });
    await svc.translateBlocks({ site: '', job: { ...job, modelType: 'quality_optimized' }, blocks });
    await svc.translateBlocks({ site: '', job: { ...job, sourceLang: 'DE' }, blocks });
    // Plain text that reads the same as an HTML block is that block sent as HTML: no new request.
    const asText = await svc.translateBlocks({ site: '', job, blocks: [plain('Guten Tag')] });
    expect(asText.results).toEqual([{ ok: true, text: plainFromHtml(pseudoTranslate('Guten Tag', 'DE', { tagHandling: 'html' })), detectedSourceLang: expect.any(String) }]);
    await svc.translateBlocks({ site: '', job, blocks: [plain('Guten Tag &copy;')] });
    await svc.translateBlocks({ site: '', job, blocks });
    expect(translateRequests()).toHaveLength(6);
    expect(sentTexts()[5]).toBe('Guten Tag &amp;copy;');
  });

  it('uses the source language the page detected when the job leaves it open, and never sends it empty', async () => {
    const svc = service();
    await svc.translateBlocks({ site: '', job: { ...job, targetLang: 'EN-US' }, blocks: [html('Hallo')], detectedSourceLang: 'de' });
    await svc.translateBlocks({ site: '', job: { ...job, targetLang: 'EN-US' }, blocks: [html('Tschüss')], detectedSourceLang: '' });
    const [withSource, without] = translateRequests().map((r) => r.params as TranslateRequest);
    expect(withSource.source_lang).toBe('DE');
    expect(without).not.toHaveProperty('source_lang');
  });

  it('with no key: error auth with a clear message, and no request', async () => {
    await connectionItem.setValue({ apiKey: '  ', plan: 'custom', customUrl: server.url });
    await expect(service().translateBlocks({ site: '', job, blocks: [html('Hallo')] })).rejects.toMatchObject({
      code: 'auth', message: expect.stringContaining('API key'),
    });
    expect(server.log).toHaveLength(0);
  });

  it('uses the glossary only for its exact pair, with source_lang, and the default glossary of the pair', async () => {
    const admin = createApiClient({ baseUrl: server.url, authKey: KEY });
    const glossary = await admin.createGlossary({ name: 'G', dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'Katze\tcat', entries_format: 'tsv' }] });
    server.log.length = 0;
    const svc = service();
    const withGlossary = { ...job, sourceLang: 'DE', targetLang: 'EN-GB', glossaryId: glossary.glossary_id };
    const out = await svc.translateBlocks({ site: '', job: withGlossary, blocks: [html('Die Katze')] });
    expect(out.results[0]).toMatchObject({ ok: true, text: expect.stringContaining('cat') });
    // Detected source: the glossary still applies, because source_lang is then known.
    await svc.translateBlocks({ site: '', job: { ...withGlossary, sourceLang: '' }, blocks: [html('Eine Katze')], detectedSourceLang: 'DE' });
    // No source language: no glossary (the API would reject the request).
    await svc.translateBlocks({ site: '', job: { ...withGlossary, sourceLang: '' }, blocks: [html('Zwei Katzen')] });
    // Another pair: no glossary.
    await svc.translateBlocks({ site: '', job: { ...withGlossary, targetLang: 'FR' }, blocks: [html('Die Katze')] });
    // No glossary in the job: the pair's default.
    await defaultGlossariesItem.setValue({ 'de>en': glossary.glossary_id });
    await svc.translateBlocks({ site: '', job: { ...job, sourceLang: 'DE', targetLang: 'EN-US' }, blocks: [html('Keine Katze')] });
    const sent = translateRequests().map((r) => r.params as TranslateRequest);
    expect(sent.map((p) => p.glossary_id ?? null)).toEqual([glossary.glossary_id, glossary.glossary_id, null, null, glossary.glossary_id]);
    expect(server.log.filter((r) => r.path === '/v3/glossaries')).toHaveLength(1); // the list is cached briefly
    expect(translateRequests().every((r) => r.status === 200)).toBe(true);
  });

  it('a changed glossary (bumped revision) is not served from the cache', async () => {
    const admin = createApiClient({ baseUrl: server.url, authKey: KEY });
    const glossary = await admin.createGlossary({ name: 'G', dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'Hund\tdog', entries_format: 'tsv' }] });
    const svc = service();
    const g = { ...job, sourceLang: 'DE', targetLang: 'EN-US', glossaryId: glossary.glossary_id };
    await svc.translateBlocks({ site: '', job: g, blocks: [html('Der Hund')] });
    await svc.translateBlocks({ site: '', job: g, blocks: [html('Der Hund')] });
    expect(translateRequests()).toHaveLength(1);
    await admin.patchGlossary(glossary.glossary_id, { dictionary: { source_lang: 'de', target_lang: 'en', entries: 'Hund\thound', entries_format: 'tsv' } });
    await bumpGlossaryRevision(glossary.glossary_id);
    const out = await svc.translateBlocks({ site: '', job: g, blocks: [html('Der Hund')] });
    expect(translateRequests()).toHaveLength(2);
    expect(out.results[0]).toMatchObject({ ok: true, text: expect.stringContaining('hound') });
  });

  it('on 456 stops every request for every tab at once, still serving cached blocks', async () => {
    const svc = service();
    await svc.translateBlocks({ tabId: 1, site: 'a.test', job, blocks: [html('Schon übersetzt')] });
    server.faults.quotaCharacters = server.billedCharacters; // nothing more may be billed
    server.log.length = 0;
    const many = Array.from({ length: 400 }, (_, i) => html(`Absatz Nummer ${i}`));
    const out = await svc.translateBlocks({ tabId: 1, site: 'a.test', job, blocks: many });
    expect(out.results.every((r) => !r.ok && r.code === 'quota')).toBe(true);
    // Eight requests were needed; at most the six in flight at the start reached the server.
    expect(translateRequests().length).toBeLessThanOrEqual(6);
    expect(svc.quotaStopped).toBe(true);
    const requestsAfterStop = server.log.length;
    const other = await svc.translateBlocks({ tabId: 2, site: 'b.test', job, blocks: [html('Neuer Text'), html('Schon übersetzt')] });
    expect(server.log).toHaveLength(requestsAfterStop);
    expect(other.results[0]).toMatchObject({ ok: false, code: 'quota' });
    expect(other.results[1]).toMatchObject({ ok: true });
    // After the user changes the key or asks to go on, requests flow again.
    server.faults.quotaCharacters = undefined;
    server.faults.quotaExhausted = false;
    svc.resumeAfterQuota();
    expect((await svc.translateBlocks({ tabId: 2, site: 'b.test', job, blocks: [html('Neuer Text')] })).results[0].ok).toBe(true);
  });

  it('starts with three requests in flight and sends viewport blocks first', async () => {
    let inFlight = 0;
    let peak = 0;
    const order: string[] = [];
    // Requests are held at the door until the viewport block has joined the queue.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const countingFetch: typeof fetch = async (input, init) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      order.push(JSON.parse(String(init?.body)).text[0]);
      try {
        await gate;
        return await fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const client = createApiClient({ baseUrl: server.url, authKey: KEY, fetch: countingFetch });
    // Three at the start (the default is six) so that five full requests still wait behind them.
    const dispatcher = createDispatcher({ adaptive: { initial: 3 } });
    const svc = service({ client: async () => client, dispatcher });
    const rest = Array.from({ length: 400 }, (_, i) => html(`Block ${i}`)); // 8 requests of 50
    const below = svc.translateBlocks({ site: '', job, blocks: rest });
    await vi.waitFor(() => expect(inFlight).toBe(3));
    const viewport = svc.translateBlocks({ site: '', job, blocks: [html('Oben im Bild')], priority: true });
    await vi.waitFor(() => expect(dispatcher.stats.accepted).toBe(401));
    // Nothing answered yet: the limit has not grown (it grows with answers: concurrency.test.ts).
    expect(inFlight).toBe(3);
    open();
    await Promise.all([below, viewport]);
    expect(peak).toBeLessThanOrEqual(6);
    // The viewport request went right after the first three, before the other five queued ones.
    expect(order.indexOf('Oben im Bild')).toBe(3);
  });

  it('never sends a block too large for any request; splits a long paragraph and rejoins it', async () => {
    const svc = service();
    const hugeElement = html(`<b id="1">${'Wort '.repeat(30_000)}</b>`);
    const longParagraph = html('Ein ganzer Satz mit <i id="2">Betonung</i>. '.repeat(4_000));
    const out = await svc.translateBlocks({ site: '', job, blocks: [hugeElement, longParagraph] });
    expect(out.results[0]).toMatchObject({ ok: false, code: 'too-large' });
    expect(out.results[1].ok).toBe(true);
    const texts = sentTexts();
    expect(texts.join('')).toBe(longParagraph.text);
    expect(translateRequests().length).toBeGreaterThan(1);
    expect(translateRequests().every((r) => r.status === 200)).toBe(true);
    // The translation is the pieces' translations, in order.
    expect(out.results[1].ok && out.results[1].text).toBe(texts.map((t) => pseudoTranslate(t, 'DE', { tagHandling: 'html' })).join(''));
  });

  it('bounds retries per block: after repeated failures it is refused without a request', async () => {
    const bodies: string[][] = [];
    const recording: typeof fetch = (input, init) => {
      bodies.push(JSON.parse(String(init?.body)).text);
      return fetch(input, init);
    };
    const client = createApiClient({ baseUrl: server.url, authKey: KEY, fetch: recording, retry: false });
    const svc = service({ client: async () => client, dispatcher: createDispatcher({ maxFailures: 2 }) });
    server.faults.add({ fault: 'status', status: 500 });
    for (let i = 0; i < 2; i++) {
      const out = await svc.translateBlocks({ site: '', job, blocks: [html('Kaputt')] });
      expect(out.results[0]).toMatchObject({ ok: false, code: 'server' });
    }
    const third = await svc.translateBlocks({ site: '', job, blocks: [html('Kaputt'), html('Anders')] });
    expect(third.results[0]).toMatchObject({ ok: false, code: 'server' });
    expect(bodies).toEqual([['Kaputt'], ['Kaputt'], ['Anders']]);
    expect(translateRequests()).toHaveLength(3);
  });

  it('reports bad responses per block without caching them', async () => {
    const svc = service({ client: async () => createApiClient({ baseUrl: server.url, authKey: KEY, retry: false }) });
    server.faults.add({ fault: 'malformed', shape: 'wrong-count', times: 1 });
    const out = await svc.translateBlocks({ site: '', job, blocks: [html('A eins'), html('B zwei')] });
    expect(out.results.every((r) => !r.ok && r.code === 'bad-response')).toBe(true);
    const again = await svc.translateBlocks({ site: '', job, blocks: [html('A eins'), html('B zwei')] });
    expect(again.results.every((r) => r.ok)).toBe(true);
  });

  it('counts billed characters per site for this month and for the spending ceiling\'s hour', async () => {
    const svc = service();
    const a = await svc.translateBlocks({ tabId: 11, site: 'news.test', job, blocks: [html('Nachrichten von heute')] });
    const b = await svc.translateBlocks({ tabId: 12, site: 'shop.test', job, blocks: [html('Warenkorb')] });
    await svc.translateBlocks({ tabId: 11, site: 'news.test', job, blocks: [html('Nachrichten von heute')] }); // cached: free
    const month = await usageForMonth();
    expect(month.sites['news.test']).toBe(a.billedCharacters);
    expect(month.sites['shop.test']).toBe(b.billedCharacters);
    expect(month.total).toBe(server.billedCharacters);
    await vi.waitFor(async () => expect((await siteSpend('news.test')).spent).toBe(a.billedCharacters));
  });

  it('sees a dictionary added to the job glossary at once when the glossary manager bumps its revision', async () => {
    const admin = createApiClient({ baseUrl: server.url, authKey: KEY });
    const glossary = await admin.createGlossary({ name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'dog\tHund', entries_format: 'tsv' }] });
    const svc = translationService(); // the background's shared service watches glossary revisions
    const g = { ...job, sourceLang: 'FR', targetLang: 'DE', glossaryId: glossary.glossary_id };
    await svc.translateBlocks({ site: '', job: g, blocks: [html('le chat')] });
    await admin.putDictionary(glossary.glossary_id, { source_lang: 'fr', target_lang: 'de', entries: 'chat\tKatze', entries_format: 'tsv' });
    await bumpGlossaryRevision(glossary.glossary_id);
    const out = await svc.translateBlocks({ site: '', job: g, blocks: [html('le chat')] });
    expect(out.results[0]).toMatchObject({ ok: true, text: expect.stringContaining('Katze') });
    expect(translateRequests().map((r) => (r.params as TranslateRequest).glossary_id ?? null)).toEqual([null, glossary.glossary_id]);
  });
});

describe('translation service: hostile answers (hardening)', () => {
  it('does not cache an HTML answer whose markup differs from what was sent, so asking again goes to the server', async () => {
    const svc = service();
    const rule = server.faults.add({ fault: 'hostile', payload: '<img src=x onerror=alert(1)><b id="1">Welt</b>' });
    const first = await svc.translateBlocks({ site: '', job, blocks: [html('Hallo <b id="1">Welt</b>')] });
    expect(first.results[0]).toMatchObject({ ok: true, text: expect.stringContaining('<img') });
    server.faults.remove(rule);
    const second = await svc.translateBlocks({ site: '', job, blocks: [html('Hallo <b id="1">Welt</b>')] });
    expect(second.results[0]).toEqual({ ok: true, text: pseudoTranslate('Hallo <b id="1">Welt</b>', 'DE', { tagHandling: 'html' }), detectedSourceLang: expect.any(String) });
    expect(translateRequests()).toHaveLength(2);
    // The good answer is cached as usual.
    await svc.translateBlocks({ site: '', job, blocks: [html('Hallo <b id="1">Welt</b>')] });
    expect(translateRequests()).toHaveLength(2);
  });
});

describe('apiFormality', () => {
  it('never sends plain more/less, which fail for targets without formality', () => {
    expect(apiFormality('more')).toBe('prefer_more');
    expect(apiFormality('less')).toBe('prefer_less');
    expect(apiFormality('prefer_more')).toBe('prefer_more');
    expect(apiFormality('prefer_less')).toBe('prefer_less');
    expect(apiFormality('default')).toBeUndefined();
  });
});
