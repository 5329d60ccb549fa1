// Shared by the server tests: a real server on port 0 and a small fetch wrapper.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startServer, type GlossaServer, type ServerOptions } from '../../server/index';

export const KEY = 'test-key';
export const OTHER_KEY = 'other-key';

export interface CallOptions {
  key?: string | null;
  json?: unknown;
  form?: [string, string][] | string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  data: any;
}

export async function call(server: GlossaServer, method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? KEY : opts.key;
  if (key !== null) headers.authorization = `Service-Auth-Key ${key}`;
  let body: string | Buffer | undefined = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] ??= 'application/json';
  } else if (opts.form !== undefined) {
    body = typeof opts.form === 'string' ? opts.form : new URLSearchParams(opts.form).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  }
  const url = new URL(path, server.url);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  // Node's fetch takes a Buffer; the DOM typings in this project do not know that.
  const res = await fetch(url, { method, headers, body: body as BodyInit | undefined });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  return { status: res.status, headers: res.headers, text, data };
}

/** Starts one server for the file (reset before each test) and returns a getter. */
export function useServer(options: ServerOptions = {}): () => GlossaServer {
  let server: GlossaServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, keys: [KEY, OTHER_KEY], admin: true, ...options });
  });
  beforeEach(async () => {
    await server.reset();
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server;
}

export const translateCall = (server: GlossaServer, json: Record<string, unknown>, opts: CallOptions = {}) =>
  call(server, 'POST', '/v2/translate', { json, ...opts });
