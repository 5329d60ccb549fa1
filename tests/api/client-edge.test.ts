// @vitest-environment node
// Responses the real local server never gives (HTML error pages, broken JSON, odd placements of
// billed_characters, a server that hangs or is not there): a tiny scripted HTTP server of our own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../../utils/api/client';
import { translateBody } from '../../utils/api/packing';

const KEY = 'secret-key-1234';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let replies: Reply[] = [];
const recorded: Recorded[] = [];

function script(...next: Reply[]) {
  replies = next;
  recorded.length = 0;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => (_req, res) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const raw = (status: number, body: string, type = 'text/html'): Reply => (_req, res) => {
  res.writeHead(status, { 'Content-Type': type });
  res.end(body);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = replies.shift();
      if (reply) reply(req, res);
      else json(500, { message: 'unscripted' })(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fastRetry = { baseDelayMs: 5, maxDelayMs: 20 };
const client = () => createApiClient({ baseUrl, authKey: KEY, retry: fastRetry });
const ok = (texts: string[]) => ({ translations: texts.map((text) => ({ detected_source_language: 'DE', text })) });

describe('client against a scripted server', () => {
  it('sends the key only in the Authorization header and the exact packed body', async () => {
    script(json(200, { ...ok(['a', 'b']), billed_characters: 7 }));
    const params = { text: ['ä', 'b'], target_lang: 'EN-US', context: 'Titel', show_billed_characters: true, tag_handling: 'html' as const };
    const result = await client().translate(params);
    expect(result).toEqual({ ...ok(['a', 'b']), billed_characters: 7 });
    const [req] = recorded;
    expect(req.headers.authorization).toBe(`Service-Auth-Key ${KEY}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.url).not.toContain(KEY);
    expect(req.body).toBe(translateBody(params));
  });

  it('reads billed_characters and model_type_used from each translation when the top level has none', async () => {
    script(json(200, {
      translations: [
        { detected_source_language: 'DE', text: 'x', billed_characters: 3, model_type_used: 'quality_optimized' },
        { detected_source_language: 'DE', text: 'y', billed_characters: 4, model_type_used: 'quality_optimized' },
      ],
    }));
    const result = await client().translate({ text: ['a', 'b'], target_lang: 'EN-US', model_type: 'quality_optimized', show_billed_characters: true });
    expect(result.billed_characters).toBe(7);
    expect(result.model_type_used).toBe('quality_optimized');
    expect(result.translations).toEqual(ok(['x', 'y']).translations);
  });

  it('turns an HTML error page into a readable message', async () => {
    const page = raw(502, '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>');
    script(page, page, page, page);
    // A 5xx is retried (4 attempts), then the last answer is reported.
    await expect(client().languages('target')).rejects.toMatchObject({ code: 'server', status: 502, message: '502 Bad Gateway (HTTP 502)' });
    expect(recorded).toHaveLength(4);
    script(raw(403, '<html><head><title>Forbidden</title></head><body>Access denied</body></html>'));
    await expect(client().languages('target')).rejects.toMatchObject({ code: 'auth', status: 403, message: 'Forbidden (HTTP 403)' });
  });

  it('gives empty and plain-text error bodies a readable message', async () => {
    script(raw(456, ''));
    await expect(client().listGlossaries()).rejects.toMatchObject({ code: 'quota', status: 456, message: 'The character quota of this API key is used up. (HTTP 456)' });
    script(raw(400, 'Value for target_lang not supported.', 'text/plain'));
    await expect(client().listGlossaries()).rejects.toMatchObject({ code: 'bad-request', message: 'Value for target_lang not supported. (HTTP 400)' });
    script(json(404, { message: 'Glossary not found', detail: 'no glossary abc' }));
    await expect(client().getGlossary('abc')).rejects.toMatchObject({ code: 'not-found', status: 404, message: 'Glossary not found (HTTP 404)', detail: 'no glossary abc' });
  });

  it('never puts the key in an error message, even when the server echoes it', async () => {
    script(json(403, { message: `Key ${KEY} is not valid`, detail: `got ${KEY}` }));
    const err = (await client().listGlossaries().catch((e: unknown) => e)) as Error & { detail?: string };
    expect(err.message).not.toContain(KEY);
    expect(err.detail).not.toContain(KEY);
    expect(JSON.stringify(err)).not.toContain(KEY);
  });

  // A 200 the client cannot read is tried twice more (as a dropped connection is), then reported.
  it('reports malformed and wrongly shaped 200 responses as bad-response after two more tries', async () => {
    const cases: [Reply, RegExp][] = [
      [raw(200, '<html>captive portal</html>'), /not JSON/],
      [json(200, '{"translations": [{"text": "x"'), /not JSON/],
      [json(200, { translations: [{ text: 'x' }] }), /detected_source_language/],
      [json(200, { translations: [] }), /expected 1 translations, got 0/],
      [json(200, { translations: 'x' }), /translations/],
      [json(200, { ...ok(['x']), billed_characters: -1 }), /billed_characters/],
      [json(200, { ...ok(['x']), model_type_used: 'warp_speed' }), /model_type_used/],
      [json(200, []), /expected an object/],
    ];
    for (const [reply, message] of cases) {
      script(reply, reply, reply);
      const err = (await client().translate({ text: ['a'], target_lang: 'DE' }).catch((e: unknown) => e)) as Error & { code: string };
      expect(err.code).toBe('bad-response');
      expect(err.message).toMatch(message);
      expect(recorded).toHaveLength(3);
    }
    script(json(200, [{ language: 'DE' }]), json(200, [{ language: 'DE' }]), json(200, [{ language: 'DE' }]));
    await expect(client().languages('target')).rejects.toMatchObject({ code: 'bad-response', message: expect.stringMatching(/\[0\]\.name/) });
    script(json(200, { dictionaries: [] }), json(200, { dictionaries: [] }), json(200, { dictionaries: [] }));
    await expect(client().getEntries('g', 'de', 'en')).rejects.toMatchObject({ code: 'bad-response' });
  });

  it('goes on when a cut-off answer is followed by a whole one, and never retries a broken answer to a request that is not idempotent', async () => {
    script(json(200, '{"translations": [{"text": "x"'), json(200, ok(['Hallo'])));
    await expect(client().translate({ text: ['a'], target_lang: 'DE' })).resolves.toMatchObject({ translations: [{ text: 'Hallo' }] });
    expect(recorded).toHaveLength(2);
    script(json(200, '{"glossary_id": '), json(200, { glossary_id: 'g2' }));
    await expect(client().createGlossary({ name: 'n', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' }] })).rejects.toMatchObject({ code: 'bad-response' });
    expect(recorded).toHaveLength(1);
  });

  it('requires supports_formality on target languages and does not read it on source languages', async () => {
    script(json(200, [{ language: 'DE', name: 'German' }]), json(200, [{ language: 'DE', name: 'German' }]), json(200, [{ language: 'DE', name: 'German' }]));
    await expect(client().languages('target')).rejects.toMatchObject({ code: 'bad-response', message: expect.stringMatching(/\[0\]\.supports_formality: expected a boolean/) });
    script(json(200, [{ language: 'DE', name: 'German', supports_formality: true }, { language: 'EN', name: 'English' }]));
    await expect(client().languages('source')).resolves.toEqual([{ language: 'DE', name: 'German' }, { language: 'EN', name: 'English' }]);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const when = new Date(Date.now() + 2000).toUTCString(); // second precision: 1–2 s from now
    script(json(429, { message: 'slow down' }, { 'Retry-After': when }), json(200, [{ language: 'DE', name: 'German', supports_formality: true }]));
    const started = Date.now();
    await expect(client().languages('target')).resolves.toEqual([{ language: 'DE', name: 'German', supports_formality: true }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(recorded).toHaveLength(2);
  });

  it('times out a server that never answers, with code timeout, and retries it within bounds', async () => {
    script(() => undefined, () => undefined);
    const started = Date.now();
    const err = await createApiClient({ baseUrl, authKey: KEY, timeoutMs: 150, retry: { ...fastRetry, attempts: 2 } })
      .listGlossaries().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'timeout' });
    expect(recorded).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops a call in flight when its signal aborts, with code aborted and no retry', async () => {
    script(() => undefined, () => undefined);
    const controller = new AbortController();
    const pending = client().translate({ text: ['a'], target_lang: 'DE' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    await new Promise((r) => setTimeout(r, 50));
    expect(recorded).toHaveLength(1);
    await expect(client().listGlossaries({ signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(recorded).toHaveLength(1); // an aborted signal sends nothing
  });

  it('reports a refused connection as network after bounded retries', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    const err = (await createApiClient({ baseUrl: `http://127.0.0.1:${port}`, authKey: KEY, fetch: counting, retry: fastRetry })
      .listGlossaries().catch((e: unknown) => e)) as Error & { code: string };
    expect(err.code).toBe('network');
    expect(err.message).toContain(`127.0.0.1:${port}`);
    expect(err.message).not.toContain(KEY);
    expect(attempts).toBe(4);
  });

  it('an address that cannot be fetched is a network error, not a crash', async () => {
    const broken = createApiClient({ baseUrl: 'not a url', authKey: KEY, retry: false });
    await expect(broken.languages('target')).rejects.toMatchObject({ code: 'network', message: expect.stringContaining('not a url') });
  });

  it('does not retry creating a glossary after a server error (it may have been created)', async () => {
    script(json(500, { message: 'oops' }), json(200, {}));
    await expect(client().createGlossary({ name: 'x', dictionaries: [] })).rejects.toMatchObject({ code: 'server' });
    expect(recorded).toHaveLength(1);
  });
});
