// @vitest-environment node
// Routing, authentication, the language list and bad input of every kind.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, KEY, translateCall, useServer } from './helpers';

const server = useServer();

/** Sends raw bytes and returns the raw answer (for input fetch refuses to send). */
function raw(request: string | Buffer, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server().url);
    const socket = connect(Number(port), '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms; got ${JSON.stringify(data)}`));
    });
    socket.write(request);
  });
}

describe('authentication', () => {
  it('answers 403 without a key, with a wrong key or with another scheme', async () => {
    for (const headers of [{}, { authorization: 'Service-Auth-Key wrong' }, { authorization: `Bearer ${KEY}` }, { authorization: 'Service-Auth-Key' }] as Record<string, string>[]) {
      const res = await call(server(), 'GET', '/v2/languages', { key: null, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.data.message).toBe('Authorization failed');
    }
  });

  it('accepts the scheme case-insensitively', async () => {
    expect((await call(server(), 'GET', '/v2/languages', { key: null, headers: { authorization: `service-auth-key ${KEY}` } })).status).toBe(200);
  });

  it('refuses a key in the URL or body', async () => {
    const inUrl = await call(server(), 'GET', '/v2/languages', { query: { auth_key: KEY } });
    expect(inUrl.status).toBe(403);
    expect(inUrl.data.detail).toMatch(/never in the URL/);
    expect(server().log[0].query).toEqual({ auth_key: '[redacted]' });
    expect(JSON.stringify(server().log)).not.toContain(KEY);
    const inBody = await call(server(), 'POST', '/v2/translate', { key: null, form: [['auth_key', KEY], ['text', 'x'], ['target_lang', 'DE']] });
    expect(inBody.status).toBe(403);
  });

  it('checks the key before routing: a wrong or missing key gets 403 on every path and method', async () => {
    for (const [method, path] of [['GET', '/'], ['GET', '/v2/usage'], ['GET', '/v3/glossaries/x/y'], ['DELETE', '/v2/translate'], ['POST', '/v2/languages'], ['PUT', '/v3/glossaries']]) {
      for (const key of ['wrong', null]) {
        const res = await call(server(), method, path, { key });
        expect(res.status, `${method} ${path} ${key}`).toBe(403);
        expect(res.data.message).toBe('Authorization failed');
      }
    }
  });

  it('checks the key before reading the body', async () => {
    const res = await call(server(), 'POST', '/v2/translate', { key: 'bad', body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(403);
  });
});

describe('routing', () => {
  it('answers 404 for unknown paths, with the error body', async () => {
    for (const path of ['/', '/v1/translate', '/v2/translate/', '/v2/usage', '/v3/glossaries/x/y', '/__admin/log/x']) {
      // Admin paths answer only with the admin token (host-guard.ts), then 404 like the rest.
      const res = await call(server(), 'GET', path, path.startsWith('/__admin') ? { key: null, headers: { authorization: `Bearer ${server().adminToken}` } } : {});
      expect(res.status, path).toBe(404);
      expect(res.data.message).toBe('Not found');
    }
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const res = await call(server(), 'GET', '/v2/translate');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await call(server(), 'DELETE', '/v3/glossaries')).headers.get('allow')).toBe('GET, POST');
    expect((await call(server(), 'POST', '/v2/languages')).status).toBe(405);
    expect((await call(server(), 'OPTIONS', '/v2/translate')).status).toBe(405);
  });

  it('sends no CORS headers (the real service does not either)', async () => {
    const res = await call(server(), 'GET', '/v2/languages', { headers: { origin: 'https://example.com' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('GET /v2/languages', () => {
  it('lists the spec target languages with formality flags', async () => {
    const res = await call(server(), 'GET', '/v2/languages', { query: { type: 'target' } });
    expect(res.status).toBe(200);
    expect(res.data.map((l: { language: string }) => l.language)).toEqual([
      'AR', 'BG', 'CS', 'DA', 'DE', 'EL', 'EN-GB', 'EN-US', 'ES', 'ET', 'FI', 'FR', 'HU', 'ID', 'IT', 'JA', 'KO', 'LT', 'LV', 'NB',
      'NL', 'PL', 'PT-BR', 'PT-PT', 'RO', 'RU', 'SK', 'SL', 'SV', 'TR', 'UK', 'ZH', 'ZH-HANS', 'ZH-HANT',
    ]);
    const formal = res.data.filter((l: { supports_formality: boolean }) => l.supports_formality).map((l: { language: string }) => l.language);
    expect(formal).toEqual(['DE', 'ES', 'FR', 'IT', 'JA', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RU']);
    expect(res.data.find((l: { language: string }) => l.language === 'EN-GB')).toEqual({ language: 'EN-GB', name: 'English (British)', supports_formality: false });
  });

  it('lists base source languages by default', async () => {
    const res = await call(server(), 'GET', '/v2/languages');
    expect(res.data).toContainEqual({ language: 'EN', name: 'English' });
    expect(res.data).toContainEqual({ language: 'PT', name: 'Portuguese' });
    expect(res.data.some((l: { language: string }) => l.language.includes('-'))).toBe(false);
    // supports_formality is about a language as a target: source items leave it out, as the vendor's do.
    expect(res.data.every((l: object) => Object.keys(l).join() === 'language,name')).toBe(true);
    expect((await call(server(), 'GET', '/v2/languages', { query: { type: 'source' } })).data).toEqual(res.data);
  });

  it('rejects other types', async () => {
    expect((await call(server(), 'GET', '/v2/languages', { query: { type: 'both' } })).status).toBe(400);
  });
});

describe('bad input', () => {
  it('answers 415 for a wrong or missing content type', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await call(server(), 'POST', '/v2/translate', { body: 'text=x', headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.data.message).toBe('Unsupported content type');
    }
    expect((await call(server(), 'POST', '/v2/translate', { body: '{}' })).status).toBe(415);
    const latin1 = await call(server(), 'POST', '/v2/translate', { body: '{}', headers: { 'content-type': 'application/json; charset=iso-8859-1' } });
    expect(latin1.status).toBe(415);
    const utf8 = await translateCall(server(), { text: ['x'], target_lang: 'DE' }, { headers: { 'content-type': 'application/json; charset=UTF-8' } });
    expect(utf8.status).toBe(200);
  });

  it('answers 400 for malformed JSON or a JSON body that is not an object', async () => {
    for (const body of ['{"text": [', '', 'null', '[1,2]', '"text"']) {
      const res = await call(server(), 'POST', '/v2/translate', { body, headers: { 'content-type': 'application/json' } });
      expect(res.status, body).toBe(400);
    }
    const res = await call(server(), 'POST', '/v2/translate', { body: '{"text": [', headers: { 'content-type': 'application/json' } });
    expect(res.data.message).toBe('Malformed JSON body');
  });

  it('answers 400 for invalid UTF-8', async () => {
    const body = Buffer.concat([Buffer.from('{"text": ["caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"], "target_lang": "DE"}')]);
    const res = await call(server(), 'POST', '/v2/translate', { body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('The request body is not valid UTF-8');
  });

  it('accepts a translate body of exactly 128 KiB and answers 413 above', async () => {
    const limit = 128 * 1024;
    const frame = JSON.stringify({ text: [''], target_lang: 'DE' });
    const fits = JSON.stringify({ text: ['a'.repeat(limit - frame.length)], target_lang: 'DE' });
    expect(Buffer.byteLength(fits)).toBe(limit);
    expect((await call(server(), 'POST', '/v2/translate', { body: fits, headers: { 'content-type': 'application/json' } })).status).toBe(200);
    const over = JSON.stringify({ text: ['a'.repeat(limit - frame.length + 1)], target_lang: 'DE' });
    const res = await call(server(), 'POST', '/v2/translate', { body: over, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.data.detail).toMatch(/at most 131072 bytes/);
    expect(server().billedCharacters).toBe(limit - frame.length);
  });

  it('answers 413 for a big body sent without Content-Length (chunked), and keeps serving', async () => {
    const chunks = Array.from({ length: 40 }, () => 'x'.repeat(8192));
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.pop();
        if (next) controller.enqueue(new TextEncoder().encode(next));
        else controller.close();
      },
    });
    const res = await fetch(`${server().url}/v2/translate`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${KEY}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await translateCall(server(), { text: ['x'], target_lang: 'DE' })).status).toBe(200);
  });

  it('handles texts with a huge number of lines', async () => {
    const text = 'start.\n'.repeat(16_000) + 'end';
    const res = await translateCall(server(), { text: [text], target_lang: 'DE' });
    expect(res.status).toBe(200);
    expect(res.data.translations[0].text).toBe('Stärt.\n'.repeat(16_000) + 'Ënd');
  });

  it('rejects a glossary with a million empty lines quickly and clearly', async () => {
    const res = await call(server(), 'POST', '/v3/glossaries', {
      json: { name: 'Lines', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: `a\tb${'\n'.repeat(1_000_000)}`, entries_format: 'tsv' }] },
    });
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(/Line 2 is empty/);
    expect(res.data.detail).toMatch(/^999999 problems/);
  });

  it('answers a malformed HTTP request with 400 and stays up', async () => {
    const answer = await raw('GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect((await call(server(), 'GET', '/v2/languages')).status).toBe(200);
  });

  it('answers a request whose body stops short once the client gives up, and stays up', async () => {
    const partial = raw(`POST /v2/translate HTTP/1.1\r\nHost: x\r\nAuthorization: Service-Auth-Key ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":`, 300).catch((e: Error) => e.message);
    expect(await partial).toMatch(/no answer within 300 ms/);
    expect((await call(server(), 'GET', '/v2/languages')).status).toBe(200);
  });

  it('serves many requests at once', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => translateCall(server(), { text: [`text ${i}`], target_lang: 'FR' })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(server().log).toHaveLength(40);
  });
});
