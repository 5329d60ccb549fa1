// @vitest-environment node
// The selection service against the real local API server (server/index.ts): what the
// background sends for a selection, what it answers, and whom it refuses. Selections go through
// the one translation pipeline, so its client, cache, dispatcher and quota stop apply to them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createStore } from 'idb-keyval';
import { startServer, pseudoTranslate, type GlossaServer } from '../../server/index';
import { createApiClient } from '../../utils/api/client';
import { registerSelectionService, type SelectionServiceDeps } from '../../utils/background/selection-service';
import { removeAllListeners, sendMessage, type MessageSender, type SelectionTranslation } from '../../utils/shared/protocol';
import { connectionItem, defaultGlossariesItem, defaultsItem } from '../../utils/extension/settings-store';
import { pairKey } from '../../utils/shared/language-code';
import { hostPermissionPattern } from '../../utils/shared/connection';
import { createTranslationCache } from '../../utils/background/translation/cache';
import { plainFromHtml } from '../../utils/background/translation/plain-html';
import { createTranslationService, type TranslationService } from '../../utils/background/translation/service';
import { errorKind } from '../../utils/content/selection/error-text';
import { DETAIL_BAD_ADDRESS, DETAIL_NO_KEY, DETAIL_PERMISSION } from '../../utils/shared/api-errors';
import { MAX_CONTEXT_CHARS, MAX_SELECTION_CHARS, MAX_SELECTION_HTML_CHARS } from '../../utils/content/selection/capture';
import { installFakeContent, type FakeContent } from './fake-tabs';
import { ask } from './via-message';

const KEY = 'selection-test-key';
let server: GlossaServer;
let cacheNumber = 0;
let fake: FakeContent;

const page = (): MessageSender => ({ id: fakeBrowser.runtime.id, url: 'https://news.example/article', frameId: 0, tab: { id: 7, url: 'https://news.example/article' } as never });

function freshService(): TranslationService {
  return createTranslationService({ cache: createTranslationCache({ store: createStore(`selection-cache-${++cacheNumber}`, 'kv') }) });
}

function deps(service: TranslationService = freshService()): SelectionServiceDeps {
  return { service };
}

/** Sends data as a tab's content script would: the message's rule checks sender and data before the service sees them. */
async function select(data: unknown, d: SelectionServiceDeps = deps(), sender: MessageSender = page()): Promise<SelectionTranslation> {
  removeAllListeners();
  registerSelectionService(d);
  return ask<SelectionTranslation>('translateSelection', data, sender);
}

const translateRequests = () => server.log.filter((r) => r.path === '/v2/translate');
const lastParams = () => translateRequests().at(-1)!.params as Record<string, unknown>;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset();
  removeAllListeners();
  fake = installFakeContent();
  fake.granted.add(hostPermissionPattern(server.url));
  await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
});

describe('translateSelection', () => {
  it('sends the HTML with tag handling and the paragraph as unbilled context', async () => {
    const html = 'Read <a id="1">the docs</a> today.';
    const context = 'Before you start, read the docs today. They explain everything.';
    const result = await select({ html, context });
    const params = lastParams();
    expect(params).toMatchObject({ text: [html], target_lang: 'EN-US', context, tag_handling: 'html', show_billed_characters: true });
    expect(params.source_lang).toBeUndefined();
    expect(result).toEqual({
      translation: pseudoTranslate(html, 'EN-US', { tagHandling: 'html' }),
      format: 'html',
      detectedSourceLang: 'EN',
      targetLang: 'EN-US',
      billedCharacters: html.length,
    });
    // Only the selection is billed, never the context.
    expect(translateRequests().at(-1)!.billedCharacters).toBe(html.length);
  });

  it('sends form-field text as escaped HTML, like every plain text, and reads the answer back as text', async () => {
    const result = await select({ text: 'plain <b>text</b>', targetLang: 'de' });
    const params = lastParams();
    expect(params).toMatchObject({ text: ['plain &lt;b>text&lt;/b>'], tag_handling: 'html', target_lang: 'DE' });
    // What looked like markup in the field is text in the answer, never markup.
    expect(result).toEqual(expect.objectContaining({ format: 'text', translation: plainFromHtml(pseudoTranslate('plain &lt;b>text&lt;/b>', 'DE', { tagHandling: 'html' })) }));
    expect(result.translation).toMatch(/^[^&]*<b\S*>/);
  });

  it('uses the saved defaults: formality as prefer_*, model type, and the default glossary of the pair', async () => {
    const client = createApiClient({ baseUrl: server.url, authKey: KEY });
    const glossary = await client.createGlossary({ name: 'Team', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'docs\tDokumentation', entries_format: 'tsv' }] });
    await defaultsItem.setValue({ targetLang: 'DE', sourceLang: 'EN', formality: 'more', modelType: 'quality_optimized', bilingual: false });
    await defaultGlossariesItem.setValue({ [pairKey('EN', 'DE')]: glossary.glossary_id });
    const result = await select({ html: 'the docs' });
    expect(lastParams()).toMatchObject({ source_lang: 'EN', target_lang: 'DE', formality: 'prefer_more', model_type: 'quality_optimized', glossary_id: glossary.glossary_id });
    expect(result.translation).toContain('Dokumentation');

    // Another target from the picker: that pair has no default glossary, so none is sent.
    await select({ html: 'the docs', targetLang: 'FR' });
    expect(lastParams()).toMatchObject({ source_lang: 'EN', target_lang: 'FR', formality: 'prefer_more' });
    expect(lastParams().glossary_id).toBeUndefined();
  });

  it('answers a repeated selection from the cache without billing it again', async () => {
    const d = deps();
    const first = await select({ html: 'Same words', context: 'Same words here.' }, d);
    const second = await select({ html: 'Same words', context: 'Same words here.' }, d);
    expect(translateRequests()).toHaveLength(1);
    expect(second).toEqual({ ...first, billedCharacters: 0 });
    // Another context can change the translation: it is requested.
    await select({ html: 'Same words', context: 'Other paragraph.' }, d);
    expect(translateRequests()).toHaveLength(2);
  });

  it('cuts an oversized context instead of failing', async () => {
    await select({ html: 'word', context: 'x'.repeat(MAX_CONTEXT_CHARS * 3) });
    expect((lastParams().context as string).length).toBe(MAX_CONTEXT_CHARS);
  });

  it('splits a selection too large for one request, like any block, and rejoins it', async () => {
    const huge = '語'.repeat(50_000); // 150 KB of UTF-8
    const result = await select({ html: huge });
    const sent = translateRequests().flatMap((r) => (r.params as { text: string[] }).text);
    expect(translateRequests().length).toBeGreaterThan(1);
    expect(sent.join('')).toBe(huge);
    expect(result.translation).toBe(sent.map((text) => pseudoTranslate(text, 'EN-US', { tagHandling: 'html' })).join(''));
  });

  it('reports settings problems with the same code as page translation, and a detail the popover can act on', async () => {
    const problems: unknown[] = [];
    await connectionItem.setValue({ apiKey: '  ', plan: 'custom', customUrl: server.url });
    problems.push(await select({ html: 'x' }).catch((err: unknown) => err));
    await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: 'ftp://nowhere' });
    problems.push(await select({ html: 'x' }).catch((err: unknown) => err));
    await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
    fake.granted.clear();
    problems.push(await select({ html: 'x' }).catch((err: unknown) => err));
    expect(problems).toMatchObject([
      { code: 'auth', detail: DETAIL_NO_KEY },
      { code: 'bad-request', detail: DETAIL_BAD_ADDRESS },
      // The page pipeline says `bad-request` for a missing permission too (connection-check.ts).
      { code: 'bad-request', detail: DETAIL_PERMISSION },
    ]);
    expect(problems.map(errorKind)).toEqual(['no-key', 'bad-address', 'permission']);
    expect(translateRequests()).toHaveLength(0);
  });

  it('stops with pages on a quota error: after a 456 on a page, a selection sends nothing', async () => {
    const service = freshService();
    server.faults.add({ fault: 'status', status: 456, path: '/v2/translate' });
    const pageJob = { targetLang: 'EN-US', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } as const;
    const pageOut = await service.translateBlocks({ tabId: 7, site: 'news.example', job: pageJob, blocks: [{ text: 'Ein Absatz', format: 'html' }] });
    expect(pageOut.results[0]).toMatchObject({ ok: false, code: 'quota' });
    const requests = translateRequests().length;
    await expect(select({ html: 'Noch etwas' }, deps(service))).rejects.toMatchObject({ code: 'quota' });
    expect(translateRequests()).toHaveLength(requests);
  });

  it('shares the cache with page blocks: a selection a page already translated costs nothing', async () => {
    const service = freshService();
    const pageJob = { targetLang: 'EN-US', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } as const;
    await service.translateBlocks({ tabId: 7, site: 'news.example', job: pageJob, blocks: [{ text: 'Guten Morgen', format: 'html' }] });
    const result = await select({ html: 'Guten Morgen' }, deps(service));
    expect(translateRequests()).toHaveLength(1);
    expect(result).toMatchObject({ translation: pseudoTranslate('Guten Morgen', 'EN-US', { tagHandling: 'html' }), billedCharacters: 0 });
  });

  it('passes API errors on by code: rejected key, quota', async () => {
    await connectionItem.setValue({ apiKey: 'wrong-key', plan: 'custom', customUrl: server.url });
    await expect(select({ html: 'x' })).rejects.toMatchObject({ code: 'auth' });
    await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
    server.faults.add({ fault: 'status', status: 456, path: '/v2/translate' });
    await expect(select({ html: 'x' })).rejects.toMatchObject({ code: 'quota' });
  });

  it('answers only content scripts in a tab', async () => {
    registerSelectionService(deps());
    // The fake browser delivers runtime messages without a sender tab, like an extension page
    // would: the message rule refuses the sender before the service sees it.
    await expect(sendMessage('translateSelection', { html: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    const optionsPage: MessageSender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
    await expect(select({ html: 'x' }, deps(), optionsPage)).rejects.toMatchObject({ code: 'forbidden' });
    const otherExtension: MessageSender = { ...page(), id: 'someone-else' };
    await expect(select({ html: 'x' }, deps(), otherExtension)).rejects.toMatchObject({ code: 'forbidden' });
    expect(translateRequests()).toHaveLength(0);
    // Delivered with a tab sender, the registered handler translates.
    await expect(select({ html: 'Hello' })).resolves.toMatchObject({ format: 'html', detectedSourceLang: 'EN' });
  });
});

describe('what a translateSelection message may carry', () => {
  const bad: [string, unknown][] = [
    ['not an object', 'hello'],
    ['null', null],
    ['an array', [{ html: 'x' }]],
    ['neither html nor text', { context: 'x' }],
    ['both html and text', { html: 'x', text: 'x' }],
    ['whitespace only', { html: ' \n\t ' }],
    ['html not a string', { html: 42 }],
    ['context not a string', { html: 'x', context: { evil: true } }],
    ['target with a path in it', { html: 'x', targetLang: '../v3/glossaries' }],
    ['target not a string', { html: 'x', targetLang: 7 }],
    ['target far too long', { html: 'x', targetLang: 'e'.repeat(40) }],
  ];
  for (const [name, data] of bad) {
    it(`refuses ${name} before anything is sent`, async () => {
      await expect(select(data)).rejects.toMatchObject({ code: 'bad-request' });
      expect(translateRequests()).toHaveLength(0);
    });
  }

  it('takes the longest selection the content script sends, and refuses a longer one as too large', async () => {
    await expect(select({ text: 'a'.repeat(MAX_SELECTION_CHARS) })).resolves.toMatchObject({ format: 'text' });
    const requests = translateRequests().length;
    const tooLong: unknown[] = [
      await select({ text: 'a'.repeat(MAX_SELECTION_CHARS + 1) }).catch((err: unknown) => err),
      await select({ html: 'a'.repeat(MAX_SELECTION_HTML_CHARS + 1) }).catch((err: unknown) => err),
    ];
    expect(tooLong).toMatchObject([{ code: 'too-large', field: 'text' }, { code: 'too-large', field: 'html' }]);
    // The popover says the selection is too long, with nothing to fix in the options.
    expect(tooLong.map(errorKind)).toEqual(['too-large', 'too-large']);
    expect(translateRequests()).toHaveLength(requests);
  });

  it('normalises what it keeps: one-line context, upper-case target', async () => {
    const result = await select({ html: '<b id="1">x</b>', context: '  a \n b ', targetLang: 'pt-br', extra: 1 });
    expect(lastParams()).toMatchObject({ text: ['<b id="1">x</b>'], context: 'a b', target_lang: 'PT-BR' });
    expect(result).toMatchObject({ format: 'html', targetLang: 'PT-BR' });
  });
});
