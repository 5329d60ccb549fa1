// A tiny HTTP server on 127.0.0.1 for test pages: files from tests/e2e-lib/pages/ plus pages a
// test registers at run time (with their own headers, e.g. a Content-Security-Policy).
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export interface PageServer {
  url: string;
  /** Every path (with its query) requested so far, oldest first: what a page fetched on its own. */
  readonly requested: string[];
  /** Serves `body` at `path` (e.g. '/dynamic.html') until the server closes. */
  set(path: string, body: string, headers?: Record<string, string>): string;
  close(): Promise<void>;
}

export async function startPageServer(root = resolve(__dirname, 'pages'), host = '127.0.0.1'): Promise<PageServer> {
  const routes = new Map<string, { body: string; headers: Record<string, string> }>();
  const requested: string[] = [];
  const server: Server = createServer(async (req, res) => {
    requested.push(req.url ?? '/');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes.get(path);
    if (route) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? TYPES['.html'], ...route.headers });
      res.end(route.body);
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requested,
    set(path, body, headers = {}) {
      routes.set(path, { body, headers });
      return url + path;
    },
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
