// Component tests of the glossary manager against the real thing: the real glossary service
// (as the background registers it) and the real local API server. The fake browser delivers
// messages with an options-page sender, and the client fetches over node:http, because the
// test DOM's fetch applies CORS, which an extension's background does not.
import { request } from 'node:http';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startServer, type GlossaServer } from '../../../server/index';
import { createApiClient, type ApiClient } from '../../../utils/api/client';
import { registerGlossaryService } from '../../../utils/background/glossary-service';
import { removeAllListeners } from '../../../utils/shared/protocol';

export const KEY = 'component-test-key';

/** fetch over node:http: enough of it for the API client (method, headers, body, signal). */
export const nodeFetch: typeof fetch = (input, init = {}) => new Promise((resolve, reject) => {
  const url = new URL(String(input));
  const req = request(url, { method: init.method ?? 'GET', headers: init.headers as Record<string, string> }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
      const status = res.statusCode ?? 500;
      const body = status === 204 ? null : Buffer.concat(chunks).toString('utf8');
      resolve(new Response(body, { status, headers }));
    });
    res.on('error', reject);
  });
  req.on('error', reject);
  init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
  if (init.body !== undefined && init.body !== null) req.write(String(init.body));
  req.end();
});

export interface Backend {
  server: GlossaServer;
  /** A client of the same server for arranging and checking state, as another device would. */
  api: ApiClient;
  close(): Promise<void>;
}

export async function startBackend(): Promise<Backend> {
  const server = await startServer({ port: 0, keys: [KEY] });
  const api = createApiClient({ baseUrl: server.url, authKey: KEY, fetch: nodeFetch, retry: false });
  return { server, api, close: () => server.close() };
}

/** Registers the real service against `backend` and routes page messages to it. */
export function connectService(backend: Backend): void {
  removeAllListeners();
  const client = createApiClient({ baseUrl: backend.server.url, authKey: KEY, fetch: nodeFetch, retry: false });
  registerGlossaryService({ client: async () => client });
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
  (fakeBrowser.runtime as { sendMessage: unknown }).sendMessage = async (message: unknown) =>
    (await fakeBrowser.runtime.onMessage.trigger(message, sender)).find(Boolean);
}
