// Glossa's local implementation of the translation API (../shared/spec/translation-api.md):
// strict about every rule of the spec, pseudo-translating deterministically, with a request
// log and fault injection for tests. `startServer` is the library entry; cli.ts the command.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkRule, Faults, type FaultKind, type FaultRule } from './faults';
import {
  createGlossary,
  deleteDictionary,
  deleteGlossary,
  getEntries,
  getGlossary,
  listGlossaries,
  patchGlossary,
  putDictionary,
  type GlossaryContext,
} from './glossaries';
import { GlossaryStore, ownerOf } from './glossary-store';
import { reorderInlineElements } from './reorder';
import { decodeUtf8, errorReply, HttpError, json, parseForm, parseJsonObject, readBody, requireMediaType, type Reply } from './http';
import { sourceLanguages, targetLanguages } from './languages';
import { billedCharacters, readTranslateParams, translate, type FieldPlacement, type Plan, type TranslateResponse } from './translate';

export { pseudoTranslate, detectLanguage, formalityMarker, GlossaryMatcher, type PseudoOptions } from './pseudo';
export { Faults, type FaultRule, type FaultKind, type MalformedShape, type FaultState } from './faults';
export type { Plan, TranslateRequest, TranslateResponse, FieldPlacement } from './translate';

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

export const TRANSLATE_BODY_LIMIT = 128 * 1024;
/** Glossary bodies carry up to 10 MB per dictionary, JSON-escaped. */
export const GLOSSARY_BODY_LIMIT = 64 * 1024 * 1024;
const ADMIN_BODY_LIMIT = 1024 * 1024;
const LOG_LIMIT = 5000;
/** Request bodies kept in the log's params; beyond this the oldest records lose their params. */
const LOG_PARAMS_BYTES = 128 * 1024 * 1024;

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
  /** Enables /__admin/* (request log, faults, reset) for tests. */
  admin?: boolean;
  /** Seeds the demo glossary "Glossa demo" (EN → DE) for every key that lacks it. */
  seedDemo?: boolean;
  /** Where billed_characters and model_type_used are placed in translate responses. Default 'both'. */
  placement?: FieldPlacement;
}

export interface RequestRecord {
  id: number;
  /** ISO time the request arrived. */
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  contentType?: string;
  /** Bytes of the request body as read (0 when not read). */
  bodyBytes: number;
  /** Validated translate parameters, or the parsed JSON body of a glossary request. */
  params?: unknown;
  /** Parameters the translate request carried that the API does not know. */
  unknownParams?: string[];
  textCount?: number;
  billedCharacters?: number;
  /** Response status; 0 while pending or when no response was sent (hang, reset). */
  status: number;
  /** From the request's arrival to the end of the answer (includes receiving the body). */
  durationMs: number;
  /** From the end of the request body until the answer was handed to the socket: the server's own work (and any injected latency). */
  processingMs?: number;
  fault?: FaultKind;
  /** Message of an error response. */
  error?: string;
  /** True when the client went away before the answer. */
  aborted?: boolean;
  /** True when params were dropped to bound the log's memory (very old records of long runs). */
  paramsDropped?: boolean;
}

export interface GlossaServer {
  url: string;
  port: number;
  host: string;
  /** The plan this server plays; tests may switch it. */
  plan: Plan;
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

interface RawReply {
  status: number;
  raw: string;
  contentType: string;
  headers?: Record<string, string>;
}

interface Route {
  pattern: RegExp;
  methods: Record<string, (ctx: RequestContext, match: RegExpExecArray) => Promise<Reply> | Reply>;
}

interface RequestContext {
  /** performance.now() when the body had been read. */
  bodyReadAt?: number;
  req: IncomingMessage;
  query: URLSearchParams;
  owner: string;
  record: RequestRecord;
}

const UUID_SEGMENT = '([^/]+)';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request', 403: 'Authorization failed', 404: 'Not found', 413: 'Request body too large', 429: 'Too many requests',
  456: 'Quota exceeded', 500: 'Internal server error', 502: 'Bad gateway', 503: 'Service unavailable', 504: 'Gateway timeout',
};

function htmlPage(status: number): string {
  const title = `${status} ${STATUS_TEXT[status] ?? 'Error'}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
}

export async function startServer(options: ServerOptions = {}): Promise<GlossaServer> {
  const host = options.host ?? '127.0.0.1';
  const keys = new Set(options.keys && options.keys.length > 0 ? options.keys : [DEMO_KEY]);
  const glossaryLimit = options.glossaryLimit ?? 1000;
  const placement = options.placement ?? 'both';
  const store = new GlossaryStore(options.dataDir);
  for (const warning of await store.load()) console.warn(`[glossa server] ${warning}`);
  const faults = new Faults();
  const log: RequestRecord[] = [];
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let billed = 0;
  let nextId = 1;

  function boundLogMemory(): void {
    let kept = 0;
    for (let i = log.length - 1; i >= 0; i--) {
      const record = log[i];
      if (record.params === undefined) continue;
      kept += record.bodyBytes;
      if (kept > LOG_PARAMS_BYTES) {
        record.params = undefined;
        record.paramsDropped = true;
      }
    }
  }

  async function seedDemo(): Promise<void> {
    if (!options.seedDemo) return;
    for (const key of keys) {
      const owner = ownerOf(key);
      if (store.list(owner).some((g) => g.name === DEMO_GLOSSARY_NAME)) continue;
      await store.create(owner, DEMO_GLOSSARY_NAME, [{ source: 'en', target: 'de', entries: new Map(DEMO_GLOSSARY_ENTRIES.map(([s, t]) => [s, t])) }]);
    }
  }
  await seedDemo();

  const glossaryContext = (ctx: RequestContext): GlossaryContext => ({ store, owner: ctx.owner, glossaryLimit, bodyBytes: ctx.record.bodyBytes });

  async function jsonBody(ctx: RequestContext, limit: number): Promise<Record<string, unknown>> {
    const type = requireMediaType(ctx.req, ['application/json']);
    ctx.record.contentType = type;
    const body = await readBody(ctx.req, limit);
    ctx.bodyReadAt = performance.now();
    ctx.record.bodyBytes = body.length;
    const parsed = parseJsonObject(decodeUtf8(body));
    ctx.record.params = parsed;
    return parsed;
  }

  async function handleTranslate(ctx: RequestContext): Promise<Reply> {
    const type = requireMediaType(ctx.req, ['application/json', 'application/x-www-form-urlencoded']);
    ctx.record.contentType = type;
    const body = await readBody(ctx.req, TRANSLATE_BODY_LIMIT);
    ctx.bodyReadAt = performance.now();
    ctx.record.bodyBytes = body.length;
    const text = decodeUtf8(body);
    const input: { json: Record<string, unknown> } | { form: Map<string, string[]> } =
      type === 'application/json' ? { json: parseJsonObject(text) } : { form: parseForm(text) };
    if ('json' in input ? 'auth_key' in input.json : input.form.has('auth_key')) {
      throw new HttpError(403, 'Authorization failed', 'Send the key in the Authorization header, never in the body');
    }
    const { request, unknown } = readTranslateParams(input);
    ctx.record.params = request;
    ctx.record.textCount = request.text.length;
    if (unknown.length) ctx.record.unknownParams = unknown;
    const response = translate(request, { plan: server.plan, store, owner: ctx.owner, placement });
    const cost = billedCharacters(request.text);
    if (faults.quotaCharacters !== undefined && (faults.quotaExhausted || billed + cost > faults.quotaCharacters)) {
      faults.quotaExhausted = true;
      throw new HttpError(456, 'Quota exceeded', `The character limit (${faults.quotaCharacters}) of this billing period has been reached`);
    }
    billed += cost;
    ctx.record.billedCharacters = cost;
    return json(200, response);
  }

  function handleLanguages(ctx: RequestContext): Reply {
    const type = (ctx.query.get('type') ?? 'source').toLowerCase();
    if (type !== 'source' && type !== 'target') throw new HttpError(400, "Value for 'type' not supported", "Use 'source' or 'target'");
    return json(200, type === 'target' ? targetLanguages() : sourceLanguages());
  }

  const routes: Route[] = [
    { pattern: /^\/v2\/translate$/, methods: { POST: handleTranslate } },
    { pattern: /^\/v2\/languages$/, methods: { GET: handleLanguages } },
    {
      pattern: /^\/v3\/glossaries$/,
      methods: {
        GET: (ctx) => listGlossaries(glossaryContext(ctx)),
        POST: async (ctx) => {
          const body = await jsonBody(ctx, GLOSSARY_BODY_LIMIT);
          return createGlossary(glossaryContext(ctx), body);
        },
      },
    },
    {
      pattern: new RegExp(`^/v3/glossaries/${UUID_SEGMENT}$`),
      methods: {
        GET: (ctx, m) => getGlossary(glossaryContext(ctx), m[1]),
        PATCH: async (ctx, m) => {
          const body = await jsonBody(ctx, GLOSSARY_BODY_LIMIT);
          return patchGlossary(glossaryContext(ctx), m[1], body);
        },
        DELETE: (ctx, m) => deleteGlossary(glossaryContext(ctx), m[1]),
      },
    },
    { pattern: new RegExp(`^/v3/glossaries/${UUID_SEGMENT}/entries$`), methods: { GET: (ctx, m) => getEntries(glossaryContext(ctx), m[1], ctx.query) } },
    {
      pattern: new RegExp(`^/v3/glossaries/${UUID_SEGMENT}/dictionaries$`),
      methods: {
        PUT: async (ctx, m) => {
          const body = await jsonBody(ctx, GLOSSARY_BODY_LIMIT);
          return putDictionary(glossaryContext(ctx), m[1], body);
        },
        DELETE: (ctx, m) => deleteDictionary(glossaryContext(ctx), m[1], ctx.query),
      },
    },
  ];

  function authorize(req: IncomingMessage, query: URLSearchParams): string {
    if (query.has('auth_key')) throw new HttpError(403, 'Authorization failed', 'Send the key in the Authorization header, never in the URL');
    const header = req.headers.authorization;
    if (!header) throw new HttpError(403, 'Authorization failed', 'Missing Authorization header: send "Authorization: Service-Auth-Key <key>"');
    const m = /^Service-Auth-Key[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!m) throw new HttpError(403, 'Authorization failed', 'The Authorization header must read "Service-Auth-Key <key>"');
    if (!keys.has(m[1])) throw new HttpError(403, 'Authorization failed', 'The key is not valid');
    return ownerOf(m[1]);
  }

  function write(res: ServerResponse, reply: Reply | RawReply): void {
    if (res.headersSent || res.destroyed) return;
    const headers: Record<string, string | number> = { ...reply.headers };
    let payload: Buffer | undefined;
    if ('raw' in reply) {
      payload = Buffer.from(reply.raw);
      headers['content-type'] = reply.contentType;
    } else if (reply.body !== undefined) {
      // Encoded once: measuring a string and then writing it would encode 10 MB twice.
      payload = Buffer.from(JSON.stringify(reply.body));
      headers['content-type'] = 'application/json; charset=utf-8';
    }
    if (payload !== undefined) headers['content-length'] = payload.length;
    res.writeHead(reply.status, headers);
    res.end(payload);
  }

  function statusFaultReply(rule: FaultRule): Reply | RawReply {
    const status = rule.status ?? 500;
    const headers: Record<string, string> = {};
    if (rule.retryAfter !== undefined) headers['retry-after'] = String(rule.retryAfter);
    const message = STATUS_TEXT[status] ?? 'Error';
    const kind = rule.body ?? 'json';
    if (kind === 'json') return { status, body: { message, detail: `Injected fault: ${status}` }, headers };
    if (kind === 'html') return { status, raw: htmlPage(status), contentType: 'text/html', headers };
    if (kind === 'text') return { status, raw: `${status} ${message}\n`, contentType: 'text/plain', headers };
    return { status, raw: '', contentType: 'application/json', headers };
  }

  /** Malformed answers that stand for a broken proxy: they skip the handler (nothing billed). */
  function malformedReply(rule: FaultRule, path: string): RawReply | undefined {
    const status = rule.status ?? 200;
    switch (rule.shape ?? 'invalid-json') {
      case 'invalid-json':
        return { status, raw: '{"translations": [{"detected_source_language": "EN", "text": "unterminated', contentType: 'application/json' };
      case 'wrong-shape':
        return { status, raw: path === '/v2/translate' ? '{"translations": {"text": 42}}' : '{"unexpected": true}', contentType: 'application/json' };
      case 'html':
        return { status: rule.status ?? 502, raw: htmlPage(rule.status ?? 502), contentType: 'text/html' };
      case 'empty':
        return { status, raw: '', contentType: 'application/json' };
      default:
        return undefined;
    }
  }

  function applyAfterFaults(reply: Reply, rule: FaultRule | undefined, path: string): Reply | RawReply {
    if (!rule || reply.status >= 300) return reply;
    if (rule.fault === 'hostile' && path === '/v2/translate') {
      const body = reply.body as TranslateResponse;
      const payload = rule.payload!;
      body.translations = body.translations.map((t, i) => ({
        ...t,
        text: typeof payload === 'function' ? payload(t.text, i) : Array.isArray(payload) ? payload[i % payload.length] : payload,
      }));
      return reply;
    }
    if (rule.fault === 'reorder') {
      for (const translation of (reply.body as TranslateResponse).translations) translation.text = reorderInlineElements(translation.text);
      return reply;
    }
    if (rule.fault === 'malformed' && rule.shape === 'wrong-count' && path === '/v2/translate') {
      const body = reply.body as TranslateResponse;
      body.translations = body.translations.length > 1 ? body.translations.slice(0, -1) : [...body.translations, { ...body.translations[0] }];
      return reply;
    }
    if (rule.fault === 'malformed' && rule.shape === 'wrong-count') {
      // Other endpoints have no list of translations to shorten: answer the wrong shape instead.
      return { status: reply.status, raw: '{"unexpected": true}', contentType: 'application/json; charset=utf-8' };
    }
    if (rule.fault === 'malformed') {
      const text = JSON.stringify(reply.body ?? {});
      return { status: reply.status, raw: text.slice(0, Math.max(1, Math.floor(text.length / 2))), contentType: 'application/json; charset=utf-8' };
    }
    return reply;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const record: RequestRecord = {
      id: nextId++,
      time: new Date().toISOString(),
      method,
      path: url.pathname,
      // A key sent in the URL (refused below) must not end up in the log.
      query: Object.fromEntries([...url.searchParams].map(([k, v]) => [k, k === 'auth_key' ? '[redacted]' : v])),
      bodyBytes: 0,
      status: 0,
      durationMs: 0,
    };
    log.push(record);
    if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
    boundLogMemory();
    const ctx: Partial<RequestContext> = {};
    res.on('finish', () => {
      const now = performance.now();
      record.status = res.statusCode;
      record.durationMs = now - started;
    });
    const answered = () => {
      record.processingMs = performance.now() - (ctx.bodyReadAt ?? started);
    };
    res.on('close', () => {
      if (!res.writableFinished) {
        record.aborted = true;
        record.durationMs = performance.now() - started;
      }
      hanging.delete(res);
    });

    let wait = 0;
    try {
      let match: RegExpExecArray | null = null;
      const route = routes.find((r) => (match = r.pattern.exec(url.pathname)) !== null);
      if (!route || !match) throw new HttpError(404, 'Not found', `No endpoint at ${url.pathname}`);
      const handler = route.methods[method];
      if (!handler) {
        throw new HttpError(405, 'Method not allowed', `${url.pathname} accepts ${Object.keys(route.methods).join(', ')}`, { allow: Object.keys(route.methods).join(', ') });
      }

      const rule = faults.match(method, url.pathname);
      if (rule) record.fault = rule.fault;
      if (rule?.fault === 'reset') {
        req.socket.destroy();
        return;
      }
      if (rule?.fault === 'hang') {
        req.resume();
        hanging.add(res);
        return;
      }
      // The request is handled (and logged with its parameters) on arrival; the answer waits.
      wait = faults.latencyMs + (rule?.fault === 'delay' ? (rule.delayMs ?? 0) : 0);
      const injected = rule?.fault === 'status' ? statusFaultReply(rule) : rule?.fault === 'malformed' ? malformedReply(rule, url.pathname) : undefined;
      if (injected) {
        req.resume();
        if (wait > 0) await sleep(wait);
        write(res, injected);
        return answered();
      }

      const owner = authorize(req, url.searchParams);
      Object.assign(ctx, { req, query: url.searchParams, owner, record });
      const reply = await handler(ctx as RequestContext, match);
      if (wait > 0) await sleep(wait);
      write(res, applyAfterFaults(reply, rule, url.pathname));
      answered();
    } catch (err) {
      const httpError = err instanceof HttpError ? err : new HttpError(500, 'Internal server error', (err as Error)?.message ?? String(err));
      if (!(err instanceof HttpError)) console.error('[glossa server] unexpected error', err);
      record.error = httpError.message;
      // Unread bodies are drained so the client sees the answer, not a reset connection.
      if (!req.complete) req.resume();
      const closeConnection = (err as { closeConnection?: boolean }).closeConnection === true;
      if (wait > 0 && !closeConnection) await sleep(wait);
      write(res, errorReply(closeConnection ? new HttpError(httpError.status, httpError.message, httpError.detail, { connection: 'close' }) : httpError));
      answered();
      if (closeConnection) res.on('finish', () => req.socket.destroy());
    }
  }

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice('/__admin'.length);
    const readJson = async () => {
      requireMediaType(req, ['application/json']);
      return parseJsonObject(decodeUtf8(await readBody(req, ADMIN_BODY_LIMIT)));
    };
    try {
      if (path === '/log' && method === 'GET') return write(res, json(200, { requests: log }));
      if (path === '/log' && method === 'DELETE') {
        log.length = 0;
        return write(res, { status: 204 });
      }
      if (path === '/faults' && method === 'GET') return write(res, json(200, faults.state()));
      if (path === '/faults' && method === 'POST') {
        const body = await readJson();
        let id: number;
        try {
          id = faults.add(checkRule(body));
        } catch (err) {
          throw new HttpError(400, 'Invalid fault rule', (err as Error).message);
        }
        return write(res, json(201, { id }));
      }
      if (path === '/faults' && method === 'PATCH') {
        const body = await readJson();
        if (body.latencyMs !== undefined) {
          if (typeof body.latencyMs !== 'number' || body.latencyMs < 0) throw new HttpError(400, 'latencyMs must be a number ≥ 0');
          faults.latencyMs = body.latencyMs;
        }
        if (body.quotaCharacters !== undefined) {
          if (body.quotaCharacters !== null && (typeof body.quotaCharacters !== 'number' || body.quotaCharacters < 0)) throw new HttpError(400, 'quotaCharacters must be a number ≥ 0 or null');
          faults.quotaCharacters = body.quotaCharacters ?? undefined;
          faults.quotaExhausted = false;
        }
        return write(res, json(200, faults.state()));
      }
      if (path === '/faults' && method === 'DELETE') {
        faults.clear();
        return write(res, { status: 204 });
      }
      const ruleMatch = /^\/faults\/(\d+)$/.exec(path);
      if (ruleMatch && method === 'DELETE') {
        faults.remove(Number(ruleMatch[1]));
        return write(res, { status: 204 });
      }
      if (path === '/state' && method === 'GET') {
        return write(res, json(200, { plan: server.plan, billedCharacters: billed, requests: log.length }));
      }
      if (path === '/state' && method === 'PATCH') {
        const body = await readJson();
        if (body.plan !== 'free' && body.plan !== 'paid') throw new HttpError(400, "plan must be 'free' or 'paid'");
        server.plan = body.plan;
        return write(res, json(200, { plan: server.plan, billedCharacters: billed, requests: log.length }));
      }
      if (path === '/reset' && method === 'POST') {
        await server.reset();
        return write(res, { status: 204 });
      }
      throw new HttpError(404, 'Not found', `No admin endpoint ${method} ${url.pathname}`);
    } catch (err) {
      const httpError = err instanceof HttpError ? err : new HttpError(500, 'Internal server error', String(err));
      if (!req.complete) req.resume();
      write(res, errorReply(httpError));
    }
  }

  const http = createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      write(res, errorReply(new HttpError(400, 'Malformed request URL')));
      return;
    }
    const task = options.admin && (url.pathname === '/__admin' || url.pathname.startsWith('/__admin/')) ? handleAdmin(req, res, url) : handleApi(req, res, url);
    task.catch((err) => {
      console.error('[glossa server] unexpected error', err);
      if (!res.headersSent) write(res, errorReply(new HttpError(500, 'Internal server error')));
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
    plan: options.plan ?? 'paid',
    log,
    faults,
    store,
    get billedCharacters() {
      return billed;
    },
    async reset() {
      log.length = 0;
      faults.clear();
      billed = 0;
      for (const res of hanging) res.destroy();
      hanging.clear();
      await store.clear();
      await seedDemo();
    },
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
