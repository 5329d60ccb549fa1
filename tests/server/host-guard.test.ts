// @vitest-environment node
// The local server against pages that reach it through the browser: no endpoint answers a Host
// that is another name (DNS rebinding), and the admin endpoints answer only a loopback Host with
// the token printed at start.
import { request } from 'node:http';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GlossaServer } from '../../server/index';

const KEY = 'guard-key';
let server: GlossaServer;

/** A raw request with the Host header a browser would send for the page's own name. */
function send(method: string, path: string, host: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers: { host, ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY], admin: true });
});
afterAll(() => server.close());

const translate = (host: string) => send('POST', '/v2/translate', host, { authorization: `Service-Auth-Key ${KEY}` }, JSON.stringify({ text: ['Hello'], target_lang: 'DE' }));

describe('the local server\'s Host check', () => {
  it('answers localhost and IP addresses, with or without a port', async () => {
    for (const host of ['127.0.0.1', `127.0.0.1:${server.port}`, `localhost:${server.port}`, 'LOCALHOST', `[::1]:${server.port}`, '192.168.1.20:8787']) {
      expect((await translate(host)).status, host).toBe(200);
    }
  });

  it('answers no endpoint for a Host that is another name, and logs nothing of it', async () => {
    const before = server.log.length;
    for (const host of ['rebind.attacker.example', `rebind.attacker.example:${server.port}`, 'localhost.attacker.example', '127.0.0.1.nip.io']) {
      const reply = await translate(host);
      expect(reply.status, host).toBe(403);
      expect(reply.text).not.toContain('translations');
    }
    expect(server.log.length).toBe(before);
  });
});

describe('the admin endpoints', () => {
  const auth = () => ({ authorization: `Bearer ${server.adminToken}` });

  it('need the token printed at start', async () => {
    expect(server.adminToken).toMatch(/^[\w-]{20,}$/);
    expect((await send('GET', '/__admin/log', '127.0.0.1')).status).toBe(403);
    expect((await send('GET', '/__admin/log', '127.0.0.1', { authorization: 'Bearer wrong-token-of-some-length' })).status).toBe(403);
    expect((await send('POST', '/__admin/reset', `localhost:${server.port}`)).status).toBe(403);
    expect((await send('GET', '/__admin/log', `127.0.0.1:${server.port}`, auth())).status).toBe(200);
  });

  it('answer only a loopback Host, even with the token: a rebinding page cannot read the log or add faults', async () => {
    await translate(`127.0.0.1:${server.port}`);
    for (const host of ['rebind.attacker.example', '192.168.1.20']) {
      const log = await send('GET', '/__admin/log', host, auth());
      expect(log.status, host).toBe(403);
      expect(log.text).not.toContain('Hello');
      expect((await send('POST', '/__admin/faults', host, auth(), JSON.stringify({ fault: 'hang' }))).status, host).toBe(403);
    }
    expect(server.faults.state().rules).toEqual([]);
    const log = await send('GET', '/__admin/log', `localhost:${server.port}`, auth());
    expect(JSON.parse(log.text).requests.length).toBeGreaterThan(0);
  });

  it('are printed with their token by `npm run server -- --faults`', async () => {
    const root = resolve(__dirname, '../..');
    const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['server/cli.ts', '--faults', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no start line: ${out}`)), 15_000);
      child.stdout.on('data', (d) => {
        out += d;
        if (/Bearer [\w-]{20,}/.test(out)) {
          clearTimeout(timer);
          done();
        }
      });
    });
    child.kill('SIGTERM');
    expect(out).toMatch(/fault admin at http:\/\/127\.0\.0\.1:\d+\/__admin\/ with the header "Authorization: Bearer [\w-]{20,}"/);
  });
});
