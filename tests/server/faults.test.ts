// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server/index';
import { call, KEY, translateCall, useServer } from './helpers';

const server = useServer();
const hello = { text: ['Hello'], target_lang: 'DE' };

describe('faults through the control object', () => {
  it('adds latency to every API request', async () => {
    server().faults.latencyMs = 150;
    const started = performance.now();
    const res = await translateCall(server(), hello);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('logs a delayed request with its parameters while its answer is still pending', async () => {
    server().faults.latencyMs = 400;
    const pending = translateCall(server(), { text: ['In flight'], target_lang: 'DE' });
    await vi.waitFor(() => expect(server().log[0]?.params).toMatchObject({ text: ['In flight'] }));
    expect(server().log[0].status).toBe(0);
    expect((await pending).status).toBe(200);
    expect(server().log[0].status).toBe(200);
  });

  it('answers 429 with Retry-After for the next N requests, then recovers', async () => {
    server().faults.add({ fault: 'status', status: 429, retryAfter: 2, times: 2, path: '/v2/translate' });
    const first = await translateCall(server(), hello);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.data).toEqual({ message: 'Too many requests', detail: 'Injected fault: 429' });
    expect((await translateCall(server(), hello)).status).toBe(429);
    expect((await translateCall(server(), hello)).status).toBe(200);
    expect(server().log.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(server().log[0].fault).toBe('status');
  });

  it('fires at a rate, evenly spaced', async () => {
    server().faults.add({ fault: 'status', status: 503, rate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await translateCall(server(), hello)).status);
    expect(statuses).toEqual([200, 503, 200, 503, 200, 503]);
  });

  it('lets the first requests through with skip', async () => {
    server().faults.add({ fault: 'status', status: 500, skip: 2, times: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await translateCall(server(), hello)).status);
    expect(statuses).toEqual([200, 200, 500, 200]);
  });

  it('answers with an HTML page, plain text or an empty body', async () => {
    server().faults.add({ fault: 'status', status: 500, body: 'html', times: 1 });
    server().faults.add({ fault: 'status', status: 503, body: 'text', times: 1 });
    server().faults.add({ fault: 'status', status: 502, body: 'empty', times: 1 });
    const html = await translateCall(server(), hello);
    expect(html.status).toBe(500);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(html.text).toMatch(/<h1>500 Internal server error<\/h1>/);
    const text = await translateCall(server(), hello);
    expect([text.status, text.text]).toEqual([503, '503 Service unavailable\n']);
    const empty = await translateCall(server(), hello);
    expect([empty.status, empty.text]).toEqual([502, '']);
  });

  it('limits faults to a path prefix and method', async () => {
    server().faults.add({ fault: 'status', status: 500, path: '/v3/*', method: 'POST' });
    expect((await translateCall(server(), hello)).status).toBe(200);
    expect((await call(server(), 'GET', '/v3/glossaries')).status).toBe(200);
    const save = await call(server(), 'POST', '/v3/glossaries', { json: { name: 'T', dictionaries: [] } });
    expect(save.status).toBe(500);
  });

  it('answers 456 once the billed characters would pass the quota, and for every request after', async () => {
    server().faults.quotaCharacters = 12;
    expect((await translateCall(server(), { text: ['12345', '6789'], target_lang: 'DE' })).status).toBe(200);
    const over = await translateCall(server(), { text: ['abcd'], target_lang: 'DE' });
    expect(over.status).toBe(456);
    expect(over.data.message).toBe('Quota exceeded');
    expect((await translateCall(server(), { text: ['a'], target_lang: 'DE' })).status).toBe(456);
    expect(server().billedCharacters).toBe(9);
    expect((await call(server(), 'GET', '/v2/languages')).status).toBe(200);
  });

  it.each([
    ['invalid-json', 200, (t: string) => expect(() => JSON.parse(t)).toThrow()],
    ['wrong-shape', 200, (t: string) => expect(JSON.parse(t).translations).not.toBeInstanceOf(Array)],
    ['html', 502, (t: string) => expect(t).toMatch(/^<!DOCTYPE html>/)],
    ['empty', 200, (t: string) => expect(t).toBe('')],
    ['truncated', 200, (t: string) => expect(() => JSON.parse(t)).toThrow()],
  ] as const)('sends a malformed body: %s', async (shape, status, check) => {
    server().faults.add({ fault: 'malformed', shape, times: 1 });
    const res = await translateCall(server(), hello);
    expect(res.status).toBe(status);
    check(res.text);
    expect((await translateCall(server(), hello)).status).toBe(200);
  });

  it('sends the wrong number of translations', async () => {
    server().faults.add({ fault: 'malformed', shape: 'wrong-count' });
    expect((await translateCall(server(), { text: ['a', 'b', 'c'], target_lang: 'DE' })).data.translations).toHaveLength(2);
    expect((await translateCall(server(), { text: ['a'], target_lang: 'DE' })).data.translations).toHaveLength(2);
  });

  it('replaces translations with hostile payloads (one, a list in turn, or a function)', async () => {
    const id = server().faults.add({ fault: 'hostile', payload: '<img src=x onerror=alert(1)>' });
    const one = await translateCall(server(), { text: ['a', 'b'], target_lang: 'DE' });
    expect(one.data.translations.map((t: { text: string }) => t.text)).toEqual(['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>']);
    expect(one.data.translations[0].detected_source_language).toBe('EN');
    server().faults.remove(id);
    server().faults.add({ fault: 'hostile', payload: ['<script>x()</script>', 'javascript:alert(1)'], times: 1 });
    const list = await translateCall(server(), { text: ['a', 'b', 'c'], target_lang: 'DE' });
    expect(list.data.translations.map((t: { text: string }) => t.text)).toEqual(['<script>x()</script>', 'javascript:alert(1)', '<script>x()</script>']);
    server().faults.add({ fault: 'hostile', payload: (text, i) => `${text}<b id="dup">${i}</b>`, times: 1 });
    const fn = await translateCall(server(), { text: ['a'], target_lang: 'DE', preserve_formatting: true });
    expect(fn.data.translations[0].text).toBe('ä<b id="dup">0</b>');
  });

  it('does not send hostile payloads to other endpoints', async () => {
    server().faults.add({ fault: 'hostile', payload: 'evil' });
    expect((await call(server(), 'GET', '/v2/languages')).data[0].language).toBe('AR');
  });

  it('resets connections', async () => {
    server().faults.add({ fault: 'reset', times: 1 });
    await expect(translateCall(server(), hello)).rejects.toThrow();
    expect((await translateCall(server(), hello)).status).toBe(200);
  });

  it('delays one request', async () => {
    server().faults.add({ fault: 'delay', delayMs: 120, times: 1 });
    const started = performance.now();
    await translateCall(server(), hello);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('never answers a hung request, keeps serving others, and the client can give up', async () => {
    server().faults.add({ fault: 'hang', times: 1 });
    const controller = new AbortController();
    const hung = fetch(`${server().url}/v2/translate`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(hello),
      signal: controller.signal,
    });
    const outcome = await Promise.race([hung.then(() => 'answered', () => 'failed'), new Promise((r) => setTimeout(() => r('pending'), 300))]);
    expect(outcome).toBe('pending');
    expect((await translateCall(server(), hello)).status).toBe(200);
    controller.abort();
    await expect(hung).rejects.toThrow();
    await vi.waitFor(() => expect(server().log[0].aborted).toBe(true));
    expect(server().log[0]).toMatchObject({ fault: 'hang', status: 0, aborted: true });
  });

  it('ends hung requests when the server closes', async () => {
    const own = await startServer({ port: 0, keys: [KEY] });
    own.faults.add({ fault: 'hang' });
    const hung = fetch(`${own.url}/v2/languages`, { headers: { authorization: `Service-Auth-Key ${KEY}` } });
    await new Promise((r) => setTimeout(r, 100));
    await own.close();
    await expect(hung).rejects.toThrow();
  });

  it('goes down and comes back on the same port', async () => {
    let own = await startServer({ port: 0, keys: [KEY] });
    const { port, url } = own;
    expect((await call(own, 'GET', '/v2/languages')).status).toBe(200);
    await own.close();
    await expect(fetch(`${url}/v2/languages`)).rejects.toThrow();
    own = await startServer({ port, keys: [KEY] });
    try {
      expect(own.url).toBe(url);
      expect((await call(own, 'GET', '/v2/languages')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('clears everything with clear() and reset()', async () => {
    server().faults.latencyMs = 10;
    server().faults.quotaCharacters = 1;
    server().faults.add({ fault: 'status', status: 500 });
    server().faults.clear();
    expect(server().faults.state()).toEqual({ latencyMs: 0, quotaCharacters: undefined, quotaExhausted: false, rules: [] });
    expect((await translateCall(server(), hello)).status).toBe(200);
  });

  it('rejects invalid rules', () => {
    expect(() => server().faults.add({ fault: 'explode' } as never)).toThrow(/fault must be one of/);
    expect(() => server().faults.add({ fault: 'hostile' })).toThrow(/payload/);
    expect(() => server().faults.add({ fault: 'status', rate: 2 })).toThrow(/rate/);
  });
});

describe('the admin endpoint', () => {
  const admin = (method: string, path: string, json?: unknown) => call(server(), method, `/__admin${path}`, { key: null, json, headers: { authorization: `Bearer ${server().adminToken}` } });

  it('adds, lists and removes fault rules', async () => {
    const added = await admin('POST', '/faults', { fault: 'status', status: 503, retryAfter: 1, times: 1 });
    expect(added.status).toBe(201);
    expect((await admin('GET', '/faults')).data.rules).toEqual([expect.objectContaining({ id: added.data.id, fault: 'status', status: 503, fired: 0 })]);
    const res = await translateCall(server(), hello);
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '1']);
    expect((await admin('GET', '/faults')).data.rules).toEqual([]);
    const again = await admin('POST', '/faults', { fault: 'status', status: 500 });
    expect((await admin('DELETE', `/faults/${again.data.id}`)).status).toBe(204);
    expect((await translateCall(server(), hello)).status).toBe(200);
  });

  it('sets latency and quota, and hostile payloads', async () => {
    expect((await admin('PATCH', '/faults', { latencyMs: 5, quotaCharacters: 3 })).data).toMatchObject({ latencyMs: 5, quotaCharacters: 3 });
    expect((await translateCall(server(), { text: ['abcd'], target_lang: 'DE' })).status).toBe(456);
    await admin('PATCH', '/faults', { quotaCharacters: null });
    await admin('POST', '/faults', { fault: 'hostile', payload: '<script>alert(1)</script>' });
    expect((await translateCall(server(), hello)).data.translations[0].text).toBe('<script>alert(1)</script>');
    expect((await admin('DELETE', '/faults')).status).toBe(204);
    expect((await translateCall(server(), hello)).data.translations[0].text).toBe('Hëllö');
  });

  it('rejects invalid rules with 400', async () => {
    const res = await admin('POST', '/faults', { fault: 'status', status: 'boom' });
    expect(res.status).toBe(400);
    expect(res.data.detail).toMatch(/status must be a number/);
  });

  it('serves the request log, and is itself not logged', async () => {
    await translateCall(server(), { text: ['a', 'b'], target_lang: 'FR' });
    const res = await admin('GET', '/log');
    expect(res.data.requests).toHaveLength(1);
    expect(res.data.requests[0]).toMatchObject({ path: '/v2/translate', textCount: 2, status: 200 });
    expect((await admin('DELETE', '/log')).status).toBe(204);
    expect(server().log).toHaveLength(0);
  });

  it('switches the plan and resets everything', async () => {
    await admin('PATCH', '/state', { plan: 'free' });
    expect((await translateCall(server(), { ...hello, model_type: 'quality_optimized' })).status).toBe(400);
    await admin('PATCH', '/state', { plan: 'paid' });
    await call(server(), 'POST', '/v3/glossaries', { json: { name: 'T', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' }] } });
    await admin('POST', '/faults', { fault: 'status', status: 500 });
    expect((await admin('POST', '/reset')).status).toBe(204);
    expect(server().log).toHaveLength(0);
    expect((await call(server(), 'GET', '/v3/glossaries')).data.glossaries).toEqual([]);
    expect((await admin('GET', '/state')).data).toMatchObject({ plan: 'paid', billedCharacters: 0 });
  });

  it('does not exist without admin: an ordinary path, so 403 without a key and 404 with one', async () => {
    const plain = await startServer({ port: 0, keys: [KEY] });
    try {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fault: 'hang' }) };
      expect((await fetch(`${plain.url}/__admin/faults`, init)).status).toBe(403);
      const res = await fetch(`${plain.url}/__admin/faults`, { ...init, headers: { ...init.headers, authorization: `Service-Auth-Key ${KEY}` } });
      expect(res.status).toBe(404);
      expect(plain.faults.state().rules).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
