// Glossa's local implementation of the translation API (../shared/spec/translation-api.md):
// strict about every rule of the spec, pseudo-translating deterministically, with a request
// log and fault injection for tests. `startServer` is the library entry; cli.ts the command.
// A request goes: dispatch.ts (auth, routing, faults) → routes.ts → translate.ts / glossaries.ts.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createAdminHandler } from './admin';
import { adminHostAllowed, adminTokenMatches, createAdminToken, hostAllowed } from './host-guard';
import { createApiHandler } from './dispatch';
import { Faults } from './faults';
import { GlossaryStore, ownerOf } from './glossary-store';
import { errorReply, HttpError, writeReply } from './http';
import type { RequestRecord } from './request-log';
import type { ApiState } from './routes';
import type { FieldPlacement, Plan } from './translate';

export { pseudoTranslate, formalityMarker, GlossaryMatcher, type PseudoOptions } from './pseudo';
export { detectLanguage } from './detect';
export { Faults, type FaultRule, type FaultKind, type MalformedShape, type FaultState } from './faults';
export type { Plan, TranslateRequest, TranslateResponse, FieldPlacement } from './translate';
export type { RequestRecord } from './request-log';
export { TRANSLATE_BODY_LIMIT, GLOSSARY_BODY_LIMIT } from './routes';

export const DEMO_KEY = 'glossa-demo-key';
export const DEMO_GLOSSARY_NAME = 'Glossa demo';
/** Entries of the demo glossary (English → German) seeded for `npm start`. */
export const DEMO_GLOSSARY_ENTRIES = [
  ['browser extension', 'Browser-Erweiterung'],
  ['glossary', 'Glossar'],
  ['translation', 'Übersetzung'],
  ['web page', 'Webseite'],
  ['Glossa', 'Glossa'],
] as const;

export interface ServerOptions {
  /** 0 picks a free port (tests). Default 8787. */
  port?: number;
  host?: string;
  /** Which plan's address this server plays: quality_optimized fails on 'free'. Default 'paid'. */
  plan?: Plan;
  /** Accepted API keys. Default [DEMO_KEY]. */
  keys?: string[];
  /** Folder to persist glossaries in; in memory only without it. */
  dataDir?: string;
  /** Glossaries per key. Default 1000. */
  glossaryLimit?: number;
  /** Enables /__admin/* (request log, faults, reset) for tests: loopback `Host` and the admin token only. */
  admin?: boolean;
  /** The token /__admin/* asks for (`Authorization: Bearer …`); a random one when not given. */
  adminToken?: string;
  /** Seeds the demo glossary "Glossa demo" (EN → DE) for every key that lacks it. */
  seedDemo?: boolean;
  /** Where billed_characters and model_type_used are placed in translate responses. Default 'both'. */
  placement?: FieldPlacement;
}

export interface GlossaServer {
  url: string;
  port: number;
  host: string;
  /** The plan this server plays; tests may switch it. */
  plan: Plan;
  /** The token /__admin/* asks for, when admin is on (printed at start by the command line). */
  readonly adminToken?: string;
  /** Every API request (not admin), oldest first; cleared in place by reset(). */
  readonly log: RequestRecord[];
  readonly faults: Faults;
  readonly store: GlossaryStore;
  /** Characters billed since start or reset. */
  readonly billedCharacters: number;
  /** Clears the log, faults, billed count and glossaries (then re-seeds the demo glossary when asked). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<GlossaServer> {
  const host = options.host ?? '127.0.0.1';
  const keys = new Set(options.keys && options.keys.length > 0 ? options.keys : [DEMO_KEY]);
  const store = new GlossaryStore(options.dataDir);
  for (const warning of await store.load()) console.warn(`[glossa server] ${warning}`);
  const state: ApiState = {
    keys,
    store,
    faults: new Faults(),
    glossaryLimit: options.glossaryLimit ?? 1000,
    placement: options.placement ?? 'both',
    plan: options.plan ?? 'paid',
    billed: 0,
  };
  const log: RequestRecord[] = [];
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  async function seedDemo(): Promise<void> {
    if (!options.seedDemo) return;
    for (const key of keys) {
      const owner = ownerOf(key);
      if (store.list(owner).some((g) => g.name === DEMO_GLOSSARY_NAME)) continue;
      await store.create(owner, DEMO_GLOSSARY_NAME, [{ source: 'en', target: 'de', entries: new Map(DEMO_GLOSSARY_ENTRIES.map(([s, t]) => [s, t])) }]);
    }
  }
  await seedDemo();

  async function reset(): Promise<void> {
    log.length = 0;
    state.faults.clear();
    state.billed = 0;
    for (const res of hanging) res.destroy();
    hanging.clear();
    await store.clear();
    await seedDemo();
  }

  const handleApi = createApiHandler(state, log, hanging);
  const adminToken = options.admin ? (options.adminToken || createAdminToken()) : undefined;
  const handleAdmin = createAdminHandler(state, log, reset);

  const http = createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      writeReply(res, errorReply(new HttpError(400, 'Malformed request URL')));
      return;
    }
    // A name other than localhost in Host: a page of that name reached this server (DNS rebinding).
    if (!hostAllowed(req.headers.host)) {
      req.resume();
      writeReply(res, errorReply(new HttpError(403, 'Forbidden', 'This server answers requests to localhost or an IP address only')));
      return;
    }
    const isAdmin = adminToken !== undefined && (url.pathname === '/__admin' || url.pathname.startsWith('/__admin/'));
    if (isAdmin && !(adminHostAllowed(req.headers.host) && adminTokenMatches(req.headers.authorization, adminToken))) {
      req.resume();
      writeReply(res, errorReply(new HttpError(403, 'Forbidden', 'The admin endpoints need a loopback Host and the admin token printed at start')));
      return;
    }
    const task = isAdmin ? handleAdmin(req, res, url) : handleApi(req, res, url);
    task.catch((err) => {
      console.error('[glossa server] unexpected error', err);
      if (!res.headersSent) writeReply(res, errorReply(new HttpError(500, 'Internal server error')));
    });
  });

  // A slow or stalled client cannot hold a request open for long.
  http.requestTimeout = 60_000;
  http.headersTimeout = 30_000;
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  http.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-type: application/json\r\n\r\n{"message":"Bad request","detail":"Malformed HTTP request"}');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    http.once('error', onError);
    http.listen(options.port ?? 8787, host, () => {
      http.off('error', onError);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  const server: GlossaServer = {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    adminToken,
    get plan() {
      return state.plan;
    },
    set plan(plan: Plan) {
      state.plan = plan;
    },
    log,
    faults: state.faults,
    store,
    get billedCharacters() {
      return state.billed;
    },
    reset,
    async close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await store.flush();
    },
  };
  return server;
}
