// @vitest-environment node
// The client against the real local API server (server/): every operation, every parameter,
// and every error path the server can produce (with its fault injection).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, pseudoTranslate, type GlossaServer } from '../../server/index';
import { createApiClient, type ApiClient } from '../../utils/api/client';
import { translateBody } from '../../utils/api/packing';
import type { TranslateParams } from '../../utils/shared/api-types';

const KEY = 'client-test-key';
let server: GlossaServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY] });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  server.plan = 'paid';
  client = createApiClient({ baseUrl: server.url, authKey: KEY, retry: { baseDelayMs: 5, maxDelayMs: 40 } });
});

describe('translate', () => {
  it('translates in order and reports billed characters and the model used', async () => {
    const result = await client.translate({ text: ['Hallo Welt', 'Guten Morgen'], target_lang: 'EN-US', show_billed_characters: true, model_type: 'quality_optimized' });
    expect(result.translations.map((t) => t.text)).toEqual([pseudoTranslate('Hallo Welt', 'EN-US', { splitSentences: '0' }), pseudoTranslate('Guten Morgen', 'EN-US', { splitSentences: '0' })]);
    expect(result.translations[0].detected_source_language).toMatch(/^[A-Z]{2}$/);
    expect(result.billed_characters).toBe('Hallo Welt'.length + 'Guten Morgen'.length);
    expect(result.model_type_used).toBe('quality_optimized');
  });

  it('reads billed characters and the model from each translation when the server puts them there', async () => {
    const each = await startServer({ port: 0, keys: [KEY], placement: 'each' });
    try {
      const perItem = createApiClient({ baseUrl: each.url, authKey: KEY });
      const result = await perItem.translate({ text: ['eins', 'zwei drei'], target_lang: 'EN-US', show_billed_characters: true, model_type: 'prefer_quality_optimized' });
      expect(result.billed_characters).toBe('eins'.length + 'zwei drei'.length);
      expect(result.model_type_used).toBe('quality_optimized');
    } finally {
      await each.close();
    }
  });

  it('sends every parameter, exactly as packed, with the key only in the header', async () => {
    const params: TranslateParams = {
      text: ['<p>Ein <b>Text</b></p>'], target_lang: 'DE', source_lang: 'EN', context: 'Seitentitel', model_type: 'prefer_quality_optimized',
      split_sentences: 'nonewlines', preserve_formatting: true, formality: 'prefer_more', show_billed_characters: true, tag_handling: 'xml',
      outline_detection: false, non_splitting_tags: ['b'], splitting_tags: ['p'], ignore_tags: ['code'],
    };
    await client.translate(params);
    const [record] = server.log;
    expect(record.unknownParams).toBeUndefined();
    expect(record.params).toMatchObject({ ...params });
    expect(record.bodyBytes).toBe(new TextEncoder().encode(translateBody(params)).length);
    expect(JSON.stringify(record)).not.toContain(KEY);
    expect(record.query).toEqual({});
  });

  it('uses a glossary for its exact pair', async () => {
    const glossary = await client.createGlossary({ name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'cat\tKatze', entries_format: 'tsv' }] });
    const result = await client.translate({ text: ['the cat'], target_lang: 'DE', source_lang: 'EN', glossary_id: glossary.glossary_id });
    expect(result.translations[0].text).toContain('Katze');
  });

  it('sends nothing for an empty list of texts', async () => {
    expect(await client.translate({ text: [], target_lang: 'DE' })).toEqual({ translations: [] });
    expect(server.log).toHaveLength(0);
  });
});

describe('languages', () => {
  it('lists target and source languages with an encoded query', async () => {
    const targets = await client.languages('target');
    expect(targets.find((l) => l.language === 'DE')).toMatchObject({ name: expect.any(String), supports_formality: true });
    expect(targets.find((l) => l.language === 'EN-GB')?.supports_formality).toBe(false);
    const sources = await client.languages('source');
    expect(sources.some((l) => l.language === 'DE')).toBe(true);
    expect(sources.every((l) => !('supports_formality' in l))).toBe(true);
    expect(server.log.map((r) => r.query)).toEqual([{ type: 'target' }, { type: 'source' }]);
  });
});

describe('glossaries', () => {
  it('covers create, list, get, entries, put, patch, delete dictionary and delete glossary', async () => {
    const created = await client.createGlossary({
      name: 'Tech', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'browser\tBrowser\nkey\tSchlüssel', entries_format: 'tsv' }],
    });
    expect(created).toMatchObject({ name: 'Tech', dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 2 }] });
    expect(created.creation_time).toMatch(/Z$/);
    const id = created.glossary_id;

    expect((await client.listGlossaries()).map((g) => g.glossary_id)).toEqual([id]);
    expect(await client.getGlossary(id)).toMatchObject({ glossary_id: id, name: 'Tech' });

    const entries = await client.getEntries(id, 'en', 'de');
    expect(entries).toEqual({ source_lang: 'en', target_lang: 'de', entries: expect.stringContaining('key\tSchlüssel'), entries_format: 'tsv' });

    expect(await client.putDictionary(id, { source_lang: 'de', target_lang: 'en', entries: 'Schlüssel,key\n"a, b",c', entries_format: 'csv' }))
      .toEqual({ source_lang: 'de', target_lang: 'en', entry_count: 2 });

    const patched = await client.patchGlossary(id, { name: 'Tech 2', dictionary: { source_lang: 'en', target_lang: 'de', entries: 'tab\tReiter', entries_format: 'tsv' } });
    expect(patched.name).toBe('Tech 2');
    expect(patched.dictionaries.find((d) => d.source_lang === 'en')?.entry_count).toBe(3);
    expect((await client.patchGlossary(id, { name: 'Renamed' })).name).toBe('Renamed');
    const patchBody = server.log.at(-2)!.params as Record<string, unknown>;
    expect(patchBody.dictionaries).toHaveLength(1);

    await client.deleteDictionary(id, 'de', 'en');
    expect((await client.getGlossary(id)).dictionaries).toHaveLength(1);
    expect(server.log.at(-2)!.query).toEqual({ source_lang: 'de', target_lang: 'en' });

    await client.deleteGlossary(id);
    expect(await client.listGlossaries()).toEqual([]);
    await expect(client.getGlossary(id)).rejects.toMatchObject({ code: 'not-found', status: 404 });
  });

  it('encodes ids in paths so an id cannot reach another endpoint', async () => {
    await expect(client.getGlossary('../../v2/languages?type=target')).rejects.toMatchObject({ code: 'not-found' });
    expect(server.log[0].path).toBe('/v3/glossaries/..%2F..%2Fv2%2Flanguages%3Ftype%3Dtarget');
  });
});

describe('errors', () => {
  it('a wrong key is an auth error with the server message, never retried, key not in the message', async () => {
    const wrong = createApiClient({ baseUrl: server.url, authKey: 'wrong-key-zz', retry: { baseDelayMs: 5 } });
    const err = (await wrong.translate({ text: ['x'], target_lang: 'DE' }).catch((e: unknown) => e)) as Error & Record<string, unknown>;
    expect(err).toMatchObject({ code: 'auth', status: 403, message: 'Authorization failed (HTTP 403)', detail: 'The key is not valid' });
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('wrong-key-zz');
    expect(server.log).toHaveLength(1);
  });

  it('quota (456) fails at once without retry', async () => {
    server.faults.quotaCharacters = 5;
    await expect(client.translate({ text: ['more than five characters'], target_lang: 'DE' })).rejects.toMatchObject({ code: 'quota', status: 456, message: 'Quota exceeded (HTTP 456)' });
    expect(server.log).toHaveLength(1);
  });

  it('a 400 is a bad-request with the server message, never retried', async () => {
    await expect(client.translate({ text: ['x'], target_lang: 'XX' })).rejects.toMatchObject({ code: 'bad-request', status: 400 });
    await expect(client.translate({ text: ['x'], target_lang: 'EN-GB', formality: 'more' })).rejects.toMatchObject({ code: 'bad-request' });
    server.plan = 'free';
    await expect(client.translate({ text: ['x'], target_lang: 'DE', model_type: 'quality_optimized' })).rejects.toMatchObject({
      code: 'bad-request', message: expect.stringContaining('quality_optimized'),
    });
    expect(server.log).toHaveLength(3);
  });

  it('a body over 128 KiB is too-large (413)', async () => {
    await expect(client.translate({ text: ['x'.repeat(140_000)], target_lang: 'DE' })).rejects.toMatchObject({ code: 'too-large', status: 413 });
  });

  it('rate limiting (429) is retried after Retry-After, then succeeds', async () => {
    server.faults.add({ fault: 'status', status: 429, retryAfter: 1, times: 1 });
    const started = Date.now();
    const result = await client.translate({ text: ['Hallo'], target_lang: 'EN-US' });
    expect(result.translations).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.log.map((r) => r.status)).toEqual([429, 200]);
  });

  it('persistent rate limiting ends as rate-limit with retryAfter after bounded attempts', async () => {
    server.faults.add({ fault: 'status', status: 429 });
    await expect(client.languages('target')).rejects.toMatchObject({ code: 'rate-limit', status: 429 });
    expect(server.log).toHaveLength(4);
    server.faults.clear();
    server.faults.add({ fault: 'status', status: 429, retryAfter: 120 });
    await expect(client.languages('target')).rejects.toMatchObject({ code: 'rate-limit', retryAfter: 120 });
  });

  it('5xx is retried, then succeeds', async () => {
    server.faults.add({ fault: 'status', status: 503, times: 2 });
    await expect(client.listGlossaries()).resolves.toEqual([]);
    expect(server.log.map((r) => r.status)).toEqual([503, 503, 200]);
    server.faults.add({ fault: 'status', status: 500, body: 'html', times: 1 });
    await expect(client.languages('target')).resolves.toBeInstanceOf(Array);
  });

  it('a persistent 5xx with an HTML page, plain text or empty body gives a readable message', async () => {
    server.faults.add({ fault: 'status', status: 502, body: 'html' });
    await expect(client.languages('target')).rejects.toMatchObject({ code: 'server', status: 502, message: '502 Bad gateway (HTTP 502)' });
    server.faults.clear();
    server.faults.add({ fault: 'status', status: 500, body: 'text' });
    await expect(client.languages('target')).rejects.toMatchObject({ code: 'server', message: '500 Internal server error (HTTP 500)' });
    server.faults.clear();
    server.faults.add({ fault: 'status', status: 503, body: 'empty' });
    await expect(client.languages('target')).rejects.toMatchObject({ code: 'server', message: 'The server had a problem answering. (HTTP 503)' });
  });

  it('malformed bodies are bad-response, never a crash', async () => {
    for (const shape of ['invalid-json', 'wrong-shape', 'empty', 'wrong-count', 'truncated'] as const) {
      server.faults.clear();
      server.faults.add({ fault: 'malformed', shape, path: '/v2/translate' });
      await expect(client.translate({ text: ['a', 'b'], target_lang: 'DE' }), shape).rejects.toMatchObject({ code: 'bad-response' });
    }
    server.faults.clear();
    server.faults.add({ fault: 'malformed', shape: 'wrong-shape', path: '/v3/*' });
    await expect(client.listGlossaries()).rejects.toMatchObject({ code: 'bad-response', message: expect.stringContaining('glossaries') });
  });

  it('a reset connection is a network error, retried', async () => {
    server.faults.add({ fault: 'reset', times: 1 });
    await expect(client.languages('target')).resolves.toBeInstanceOf(Array);
    server.faults.add({ fault: 'reset' });
    await expect(client.languages('target')).rejects.toMatchObject({ code: 'network' });
  });

  it('a server that hangs times out (code timeout)', async () => {
    server.faults.add({ fault: 'hang' });
    const quick = createApiClient({ baseUrl: server.url, authKey: KEY, timeoutMs: 100, retry: false });
    await expect(quick.translate({ text: ['x'], target_lang: 'DE' })).rejects.toMatchObject({ code: 'timeout' });
    await expect(client.languages('target', { timeoutMs: 100 })).rejects.toMatchObject({ code: 'timeout' });
  });

  it('an abort stops the call (code aborted)', async () => {
    server.faults.latencyMs = 2_000;
    const controller = new AbortController();
    const pending = client.translate({ text: ['x'], target_lang: 'DE' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a refused connection is a network error', async () => {
    const gone = await startServer({ port: 0, keys: [KEY] });
    const url = gone.url;
    await gone.close();
    const offline = createApiClient({ baseUrl: url, authKey: KEY, retry: { baseDelayMs: 5, maxDelayMs: 10 } });
    await expect(offline.languages('target')).rejects.toMatchObject({ code: 'network' });
  });

  it('error codes survive structured cloning (extension messaging)', async () => {
    server.faults.quotaCharacters = 0;
    const err = await client.translate({ text: ['x'], target_lang: 'DE' }).catch((e: unknown) => e);
    const copy = structuredClone({ ...(err as object), message: (err as Error).message });
    expect(copy).toMatchObject({ code: 'quota', status: 456 });
  });
});
