// @vitest-environment node
// The vendor's official Node client (deepl-node, pinned in package.json), unchanged, against
// Glossa's server through a proxy that only rewrites the auth scheme: every call it offers for
// text translation, the language lists and v3 glossaries works, and its own error classes and
// retry see what they would see from the real service.
import {
  AuthorizationError,
  DeepLClient,
  DeepLError,
  GlossaryEntries,
  GlossaryNotFoundError,
  QuotaExceededError,
  TooManyRequestsError,
  type TargetLanguageCode,
  type TranslateTextOptions,
} from 'deepl-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pseudoTranslate, startServer, type GlossaServer, type TranslateRequest } from '../../server/index';
import { FORMALITY_TARGETS, SOURCE_CODES, TARGET_CODES } from '../../server/languages';
import { startAuthProxy, type AuthProxy } from './auth-proxy';

const KEY = 'compat-key';
let api: GlossaServer;
let proxy: AuthProxy;

beforeAll(async () => {
  api = await startServer({ port: 0, keys: [KEY], admin: true });
  proxy = await startAuthProxy(api.url);
});
beforeEach(async () => {
  await api.reset();
  api.plan = 'paid';
});
afterAll(async () => {
  await proxy?.close();
  await api?.close();
});

const clientWith = (key = KEY, maxRetries?: number) => new DeepLClient(key, { serverUrl: proxy.url, sendPlatformInfo: false, maxRetries });
const client = () => clientWith();
const lastParams = () => api.log.at(-1)?.params as TranslateRequest;

/** POST/PATCH to the server's fault admin, as a test outside the process would. */
async function admin(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<void> {
  const res = await fetch(`${api.url}/__admin${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${api.adminToken}` }, body: JSON.stringify(body) });
  expect(res.ok).toBe(true);
}

const entries = (pairs: Record<string, string>) => new GlossaryEntries({ entries: pairs });

describe('translateText', () => {
  it('translates one text into a TextResult with billed characters', async () => {
    const result = await client().translateText('Hello, world!', null, 'de');
    expect(result).toEqual({ text: pseudoTranslate('Hello, world!', 'DE'), detectedSourceLang: 'en', billedCharacters: 13, modelTypeUsed: undefined });
    expect(api.log[0]).toMatchObject({ contentType: 'application/x-www-form-urlencoded', status: 200 });
  });

  it('translates many texts in order, detecting each source language', async () => {
    const texts = ['The cat sleeps', 'faisceau de protons', 'haz de protones', 'feixe de prótons', 'Guten Morgen', 'Доброе утро'];
    const results = await client().translateText(texts, null, 'en-GB');
    expect(results.map((r) => r.text)).toEqual(texts.map((t) => pseudoTranslate(t, 'EN-GB')));
    expect(results.map((r) => r.detectedSourceLang)).toEqual(['en', 'fr', 'es', 'pt', 'de', 'ru']);
    expect(lastParams().text).toEqual(texts);
  });

  it('takes a source language and every target the spec lists', async () => {
    for (const target of TARGET_CODES) {
      const result = await client().translateText('Good morning', 'en', target as TargetLanguageCode);
      expect(result.detectedSourceLang, target).toBe('en');
      expect(result.text, target).toBe(pseudoTranslate('Good morning', target));
    }
  });

  it.each<[string, TranslateTextOptions, Partial<TranslateRequest>]>([
    ['splitSentences off', { splitSentences: 'off' }, { split_sentences: '0' }],
    ['splitSentences on', { splitSentences: 'on' }, { split_sentences: '1' }],
    ['splitSentences default', { splitSentences: 'default' }, { split_sentences: '1' }],
    ['splitSentences nonewlines', { splitSentences: 'nonewlines' }, { split_sentences: 'nonewlines' }],
    ['preserveFormatting true', { preserveFormatting: true }, { preserve_formatting: true }],
    ['preserveFormatting false', { preserveFormatting: false }, { preserve_formatting: false }],
    ['formality', { formality: 'prefer_less' }, { formality: 'prefer_less' }],
    ['context', { context: 'A sign at the zoo' }, { context: 'A sign at the zoo' }],
    ['modelType', { modelType: 'latency_optimized' }, { model_type: 'latency_optimized' }],
    ['tagHandling', { tagHandling: 'html' }, { tag_handling: 'html' }],
    ['outlineDetection', { tagHandling: 'xml', outlineDetection: false }, { tag_handling: 'xml', outline_detection: false }],
    ['splittingTags as a list', { tagHandling: 'xml', splittingTags: ['p', 'div'] }, { tag_handling: 'xml', splitting_tags: ['p', 'div'] }],
    ['nonSplittingTags as a string', { tagHandling: 'xml', nonSplittingTags: 'b,i' }, { tag_handling: 'xml', non_splitting_tags: ['b', 'i'] }],
    ['ignoreTags', { tagHandling: 'xml', ignoreTags: ['code', 'kbd'] }, { tag_handling: 'xml', ignore_tags: ['code', 'kbd'] }],
  ])('sends %s as the API parameter', async (_name, options, params) => {
    await client().translateText('The cat sleeps.', 'en', 'de', options);
    expect(api.log.at(-1)?.status).toBe(200);
    expect(lastParams()).toEqual({ text: ['The cat sleeps.'], target_lang: 'DE', source_lang: 'EN', show_billed_characters: true, ...params });
    expect(api.log.at(-1)?.unknownParams).toBeUndefined();
  });

  it('ignores (and logs) the options the spec does not describe', async () => {
    const result = await client().translateText('The cat sleeps.', 'en', 'de', {
      tagHandlingVersion: 'v2', customInstructions: ['Be brief', 'Use British spelling'], styleRule: 'style-1', translationMemory: 'memory-1',
      translationMemoryThreshold: 80, extraRequestParameters: { beta_feature: '1' },
    });
    expect(result.text).toBe(pseudoTranslate('The cat sleeps.', 'DE'));
    expect(api.log.at(-1)?.unknownParams?.sort()).toEqual(['beta_feature', 'custom_instructions', 'style_id', 'tag_handling_version', 'translation_memory_id', 'translation_memory_threshold']);
  });

  it('keeps markup intact with HTML and XML tag handling', async () => {
    const html = '<p>Hello <b>world</b> &amp; <a href="/x">more</a></p>';
    expect((await client().translateText(html, 'en', 'fr', { tagHandling: 'html' })).text).toBe(pseudoTranslate(html, 'FR', { tagHandling: 'html' }));
    const xml = '<doc><x>Keep this</x><p>Change this</p></doc>';
    const result = await client().translateText(xml, 'en', 'de', { tagHandling: 'xml', ignoreTags: ['x'], splittingTags: 'p', outlineDetection: false });
    expect(result.text).toBe(pseudoTranslate(xml, 'DE', { tagHandling: 'xml', ignoreTags: ['x'] }));
    expect(result.text).toContain('<x>Keep this</x>');
  });

  it('uses context without billing it', async () => {
    const result = await client().translateText('Bank', 'en', 'de', { context: 'We sat on a bench in the park all afternoon.' });
    expect(result.billedCharacters).toBe(4);
    expect(api.billedCharacters).toBe(4);
  });

  it('applies formality where the target supports it and follows the prefer_ rules elsewhere', async () => {
    expect((await client().translateText('How are you?', 'en', 'de', { formality: 'more' })).text).toBe(`(Sie) ${pseudoTranslate('How are you?', 'DE')}`);
    expect((await client().translateText('How are you?', 'en', 'fr', { formality: 'less' })).text).toBe(`(tu) ${pseudoTranslate('How are you?', 'FR')}`);
    expect((await client().translateText('How are you?', 'en', 'en-US', { formality: 'prefer_more' })).text).toBe(pseudoTranslate('How are you?', 'EN-US'));
    const refused = await client().translateText('How are you?', 'en', 'en-US', { formality: 'more' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeepLError);
    expect(refused).not.toBeInstanceOf(AuthorizationError);
    expect((refused as Error).message).toMatch(/^Bad request, message: formality 'more' is not supported for target language EN-US/);
  });

  it('reports the model type used, with the free-plan fallback', async () => {
    expect((await client().translateText('Hello', 'en', 'de', { modelType: 'quality_optimized' })).modelTypeUsed).toBe('quality_optimized');
    expect((await client().translateText('Hello', 'en', 'de', { modelType: 'prefer_quality_optimized' })).modelTypeUsed).toBe('quality_optimized');
    api.plan = 'free';
    expect((await client().translateText('Hello', 'en', 'de', { modelType: 'prefer_quality_optimized' })).modelTypeUsed).toBe('latency_optimized');
    await expect(client().translateText('Hello', 'en', 'de', { modelType: 'quality_optimized' })).rejects.toThrow(/^Bad request, message: model_type 'quality_optimized' is not available/);
  });

  it('translates with a multilingual glossary for the exact pair', async () => {
    const glossary = await client().createMultilingualGlossary('Pets', [{ sourceLangCode: 'en', targetLangCode: 'de', entries: entries({ cat: 'Katze' }) }]);
    const result = await client().translateText('The cat sleeps', 'en', 'de', { glossary });
    expect(result.text).toBe(pseudoTranslate('The cat sleeps', 'DE', { glossary: [{ source: 'cat', target: 'Katze' }] }));
    expect(result.text).toContain('Katze');
    await expect(client().translateText('The cat sleeps', 'en', 'fr', { glossary: glossary.glossaryId })).rejects.toThrow(/^Bad request, message: The glossary has no dictionary for en→fr/);
  });
});

describe('languages', () => {
  it('lists the source languages, without supportsFormality', async () => {
    const sources = await client().getSourceLanguages();
    expect(sources.map((l) => l.code)).toEqual(SOURCE_CODES.map((c) => c.toLowerCase()));
    expect(sources).toContainEqual({ code: 'de', name: 'German' });
    expect(sources.every((l) => l.supportsFormality === undefined)).toBe(true);
  });

  it('lists the target languages with supportsFormality', async () => {
    const targets = await client().getTargetLanguages();
    expect(targets.map((l) => l.code)).toEqual(TARGET_CODES.map((c) => (c.includes('-') ? `${c.split('-')[0].toLowerCase()}-${c.split('-')[1]}` : c.toLowerCase())));
    expect(targets).toContainEqual({ code: 'en-GB', name: 'English (British)', supportsFormality: false });
    expect(targets.filter((l) => l.supportsFormality).map((l) => l.code.toUpperCase()).sort()).toEqual([...FORMALITY_TARGETS].sort());
  });
});

describe('v3 multilingual glossaries', () => {
  it('creates, lists, reads, edits and deletes through every call the client offers', async () => {
    const deepl = client();
    const created = await deepl.createMultilingualGlossary('Pets', [
      { sourceLangCode: 'en', targetLangCode: 'de', entries: entries({ cat: 'Katze', dog: 'Hund' }) },
      { sourceLangCode: 'de', targetLangCode: 'en', entries: entries({ Katze: 'cat' }) },
    ]);
    expect(created).toEqual({
      glossaryId: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Pets', creationTime: expect.any(Date),
      dictionaries: [{ sourceLangCode: 'en', targetLangCode: 'de', entryCount: 2 }, { sourceLangCode: 'de', targetLangCode: 'en', entryCount: 1 }],
    });
    expect(api.log.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/x-www-form-urlencoded', status: 201 });

    const fromCsv = await deepl.createMultilingualGlossaryWithCsv('Quoted', 'en', 'fr', 'cat,chat\n"a, b","say ""hi"""\nbird,oiseau,en,de\n');
    expect(fromCsv.dictionaries).toEqual([{ sourceLangCode: 'en', targetLangCode: 'fr', entryCount: 2 }]);
    const empty = await deepl.createMultilingualGlossary('Empty', []);
    expect(empty.dictionaries).toEqual([]);

    const listed = await deepl.listMultilingualGlossaries();
    expect(listed.map((g) => g.name).sort()).toEqual(['Empty', 'Pets', 'Quoted']);
    expect(listed.find((g) => g.glossaryId === created.glossaryId)).toEqual(created);
    expect(await deepl.getMultilingualGlossary(created.glossaryId)).toEqual(created);

    const pairs = await deepl.getMultilingualGlossaryDictionaryEntries(created, 'en', 'de');
    expect(pairs.sourceLangCode).toBe('en');
    expect(pairs.entries.entries()).toEqual({ cat: 'Katze', dog: 'Hund' });
    expect((await deepl.getMultilingualGlossaryDictionaryEntries(fromCsv.glossaryId, 'en', 'fr')).entries.entries()).toEqual({ cat: 'chat', 'a, b': 'say "hi"' });

    const replaced = await deepl.replaceMultilingualGlossaryDictionary(created, { sourceLangCode: 'en', targetLangCode: 'de', entries: entries({ bird: 'Vogel' }) });
    expect(replaced).toEqual({ sourceLangCode: 'en', targetLangCode: 'de', entryCount: 1 });
    const added = await deepl.replaceMultilingualGlossaryDictionaryWithCsv(created, 'en', 'fr', 'bird,oiseau\nfish,poisson');
    expect(added).toEqual({ sourceLangCode: 'en', targetLangCode: 'fr', entryCount: 2 });

    const merged = await deepl.updateMultilingualGlossaryDictionary(created, { sourceLangCode: 'en', targetLangCode: 'de', entries: entries({ bird: 'Amsel', cat: 'Katze' }) });
    expect(merged.dictionaries).toContainEqual({ sourceLangCode: 'en', targetLangCode: 'de', entryCount: 2 });
    expect((await deepl.getMultilingualGlossaryDictionaryEntries(created, 'en', 'de')).entries.entries()).toEqual({ bird: 'Amsel', cat: 'Katze' });
    const mergedCsv = await deepl.updateMultilingualGlossaryDictionaryWithCsv(created, 'en', 'fr', 'fish,poisson rouge\ncat,chat');
    expect(mergedCsv.dictionaries).toContainEqual({ sourceLangCode: 'en', targetLangCode: 'fr', entryCount: 3 });

    const renamed = await deepl.updateMultilingualGlossaryName(created, 'Animals');
    expect(renamed).toMatchObject({ glossaryId: created.glossaryId, name: 'Animals', creationTime: created.creationTime });
    expect(api.log.at(-1)).toMatchObject({ method: 'PATCH', contentType: 'application/x-www-form-urlencoded', params: { name: 'Animals' } });

    await deepl.deleteMultilingualGlossaryDictionary(created, 'de', 'en');
    expect((await deepl.getMultilingualGlossary(created.glossaryId)).dictionaries.map((d) => `${d.sourceLangCode}→${d.targetLangCode}`)).toEqual(['en→de', 'en→fr']);
    await expect(deepl.getMultilingualGlossaryDictionaryEntries(created, 'de', 'en')).rejects.toBeInstanceOf(GlossaryNotFoundError);

    await deepl.deleteMultilingualGlossary(created);
    await expect(deepl.getMultilingualGlossary(created.glossaryId)).rejects.toBeInstanceOf(GlossaryNotFoundError);
    expect((await deepl.listMultilingualGlossaries()).map((g) => g.name).sort()).toEqual(['Empty', 'Quoted']);
  });

  it('reports invalid entries as a bad request, changing nothing', async () => {
    const glossary = await client().createMultilingualGlossary('Pets', [{ sourceLangCode: 'en', targetLangCode: 'de', entries: entries({ cat: 'Katze' }) }]);
    const bad = client().updateMultilingualGlossaryDictionary(glossary, { sourceLangCode: 'en', targetLangCode: 'de', entries: entries({ ' dog': 'Hund' }) });
    await expect(bad).rejects.toThrow(/^Bad request, message: Invalid entries in the en→de dictionary: Line 1: the source phrase has leading or trailing whitespace/);
    await expect(client().createMultilingualGlossaryWithCsv('Bad', 'en-GB', 'de', 'a,b')).rejects.toThrow(/^Bad request.*use 'en'/);
    expect((await client().getMultilingualGlossaryDictionaryEntries(glossary, 'en', 'de')).entries.entries()).toEqual({ cat: 'Katze' });
  });
});

describe('errors the client maps', () => {
  it('raises AuthorizationError for a wrong key, on every path, known or not', async () => {
    const intruder = clientWith('not-the-key');
    await expect(intruder.translateText('Hello', null, 'de')).rejects.toBeInstanceOf(AuthorizationError);
    await expect(intruder.getSourceLanguages()).rejects.toBeInstanceOf(AuthorizationError);
    await expect(intruder.listMultilingualGlossaries()).rejects.toBeInstanceOf(AuthorizationError);
    await expect(intruder.getMultilingualGlossary('00000000-0000-0000-0000-000000000000')).rejects.toBeInstanceOf(AuthorizationError);
    // /v2/usage is outside the spec, so the server has no such endpoint: the key is still checked first.
    await expect(intruder.getUsage()).rejects.toBeInstanceOf(AuthorizationError);
    const unknownPath = await client().getUsage().catch((e: unknown) => e);
    expect(unknownPath).toBeInstanceOf(DeepLError);
    expect(unknownPath).not.toBeInstanceOf(AuthorizationError);
    expect((unknownPath as Error).message).toMatch(/^Not found/);
  });

  it('raises GlossaryNotFoundError for an unknown glossary', async () => {
    const id = '00000000-0000-0000-0000-000000000000';
    await expect(client().getMultilingualGlossary(id)).rejects.toBeInstanceOf(GlossaryNotFoundError);
    await expect(client().getMultilingualGlossaryDictionaryEntries(id, 'en', 'de')).rejects.toBeInstanceOf(GlossaryNotFoundError);
    await expect(client().updateMultilingualGlossaryName(id, 'x')).rejects.toBeInstanceOf(GlossaryNotFoundError);
    await expect(client().deleteMultilingualGlossary(id)).rejects.toBeInstanceOf(GlossaryNotFoundError);
  });

  it('raises QuotaExceededError when the quota set through the fault admin is used up', async () => {
    await admin('PATCH', '/faults', { quotaCharacters: 10 });
    await client().translateText('Hello', null, 'de');
    const error = await client().translateText('Hello again', null, 'de').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as Error).message).toMatch(/^Quota for this billing period has been exceeded, message: Quota exceeded/);
    expect(api.log.map((r) => r.status)).toEqual([200, 456]);
  });

  it('retries a 429 and succeeds, or raises TooManyRequestsError when it may not retry', async () => {
    await admin('POST', '/faults', { fault: 'status', status: 429, times: 1, path: '/v2/translate' });
    expect((await client().translateText('Hello', null, 'de')).text).toBe(pseudoTranslate('Hello', 'DE'));
    expect(api.log.map((r) => r.status)).toEqual([429, 200]);

    await admin('POST', '/faults', { fault: 'status', status: 429, times: 1, path: '/v2/translate' });
    await expect(clientWith(KEY, 1).translateText('Hello', null, 'de')).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(api.log.map((r) => r.status)).toEqual([429, 200, 429]);
  });
});
