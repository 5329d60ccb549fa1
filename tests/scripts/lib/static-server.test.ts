// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFolder, type StaticServer } from '../../../scripts/lib/static-server';
import { assertPortFree, PortTakenError } from '../../../scripts/lib/ports';

/** A raw GET, so paths like /../x reach the server unnormalised. */
function get(url: string, path: string): Promise<{ status: number; type?: string; body: string }> {
  return new Promise((done, fail) => {
    const { hostname, port } = new URL(url);
    request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    }).on('error', fail).end();
  });
}

describe('demo page server', () => {
  let dir: string;
  let server: StaticServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'glossa-static-'));
    mkdirSync(join(dir, 'site/images'), { recursive: true });
    writeFileSync(join(dir, 'site/index.html'), '<h1>demo</h1>');
    writeFileSync(join(dir, 'site/images/a.svg'), '<svg/>');
    writeFileSync(join(dir, 'secret.txt'), 'outside');
    server = await serveFolder(join(dir, 'site'), 0);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for the folder and files with their type', async () => {
    expect(await get(server.url, '/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<h1>demo</h1>' });
    expect(await get(server.url, '/images/a.svg')).toMatchObject({ status: 200, type: 'image/svg+xml' });
    expect((await get(server.url, '/missing.html')).status).toBe(404);
  });

  it('never serves a file outside its folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/images/../../secret.txt']) {
      const res = await get(server.url, path);
      expect(res.body).not.toContain('outside');
      expect([403, 404]).toContain(res.status);
    }
  });
});

describe('port check', () => {
  it('passes for a free port and names a taken one', async () => {
    const probe = await serveFolder(tmpdir(), 0);
    const port = Number(new URL(probe.url).port);
    try {
      await expect(assertPortFree(port, 'the demo page', 'Use --demo-port.')).rejects.toThrow(PortTakenError);
      await expect(assertPortFree(port, 'the demo page', 'Use --demo-port.')).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use, but Glossa needs it for the demo page.\nUse --demo-port.`);
    } finally {
      await probe.close();
    }
    await expect(assertPortFree(port, 'the demo page', '')).resolves.toBeUndefined();
  });
});
