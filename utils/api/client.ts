// The typed client of the translation API (../shared/spec/translation-api.md): one method per
// operation, JSON bodies, encoded query strings, the key only ever in the Authorization header.
// Every response is validated where it enters (validate.ts); every failure is one ApiError
// with a stable code. Transient failures are retried (retry.ts); every call can be aborted and
// has a timeout. `fetch` and the retry clock are injected so tests need no network.
import { elementContent, stripTags, withoutElements } from '../shared/text-scan';
import { ApiError, codeForStatus, isRetryable, type ApiErrorCode } from '../shared/api-errors';
import { abortedError, withRetry, type RetryOptions } from './retry';
import { translateBody } from './packing';
import type {
  CallOptions, CreateGlossaryParams, DictionaryEntries, DictionaryMeta, Glossary, Language,
  PatchGlossaryParams, TranslateParams, TranslateResult,
} from '../shared/api-types';
import {
  dictionaryMeta, entriesResponse, glossary, glossaryList, language, arrayOf, parseResponse,
  translateResponse, type Check,
} from './validate';

interface ApiClientConfig {
  /** Server address without a trailing slash, e.g. http://127.0.0.1:8787. */
  baseUrl: string;
  authKey: string;
  fetch?: typeof globalThis.fetch;
  /** Retry policy; `false` makes every call a single attempt. */
  retry?: RetryOptions | false;
  /** Timeout of one attempt in ms (default 30 s); CallOptions.timeoutMs overrides it per call. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Messages for error responses that carry no readable message of their own. */
const FALLBACK_MESSAGES: Record<ApiErrorCode, string> = {
  auth: 'The server did not accept the API key.',
  quota: 'The character quota of this API key is used up.',
  'rate-limit': 'Too many requests: the server asked to slow down.',
  'not-found': 'The server does not know this resource.',
  'bad-request': 'The server rejected the request.',
  'too-large': 'The request was too large for the server.',
  server: 'The server had a problem answering.',
  network: 'The server could not be reached.',
  timeout: 'The server did not answer in time.',
  'bad-response': 'The server sent an unexpected response.',
  aborted: 'The request was cancelled.',
  paused: 'A spending limit was reached.',
};

const MAX_MESSAGE = 300;
/** Retries of a request whose 200 answer could not be read. */
const MAX_BROKEN_RETRIES = 2;

/** Collapses whitespace and shortens a message taken from a response body. */
function tidy(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE - 1)}…` : flat;
}

/** A readable text from an HTML error page: its title, else its first heading, else its text. */
function htmlMessage(html: string): string {
  const pick = (name: string) => {
    const content = elementContent(html, name);
    return content === undefined ? undefined : stripTags(content, ' ');
  };
  const text = pick('title') ?? pick('h1') ?? stripTags(withoutElements(html, ['script', 'style']), ' ');
  return tidy(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
}

/** Message and detail of an error body, whether JSON `{message, detail}`, HTML, text or empty. */
function errorBody(text: string): { message: string; detail?: string } {
  const trimmed = text.trim();
  if (!trimmed) return { message: '' };
  if (trimmed.startsWith('{')) {
    try {
      const body = JSON.parse(trimmed) as Record<string, unknown>;
      const nested = typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : {};
      const message = [body.message, nested.message, body.error].find((m): m is string => typeof m === 'string') ?? '';
      const detail = typeof body.detail === 'string' ? tidy(body.detail) : undefined;
      return { message: tidy(message), detail };
    } catch {
      // Not JSON after all: fall through to plain text.
    }
  }
  if (/^<(!doctype|html|head|body|\?xml)|<\/(html|body|h1|title|p)>/i.test(trimmed)) return { message: htmlMessage(trimmed) };
  return { message: tidy(trimmed) };
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

type Query = Record<string, string>;

interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Query;
  /** Serialized JSON body. */
  body?: string;
  /** Validates the parsed body; absent for operations whose response body is not specified. */
  check?: Check<T>;
  what: string;
  /** Creating a glossary twice is not harmless: only retry failures where nothing happened. */
  idempotent?: boolean;
}

export function createApiClient({ baseUrl, authKey, fetch: fetchImpl = globalThis.fetch, retry, timeoutMs = DEFAULT_TIMEOUT_MS }: ApiClientConfig) {
  const root = baseUrl.replace(/\/+$/, '');
  const retryOptions: RetryOptions = retry === false ? { attempts: 1 } : (retry ?? {});
  const now = retryOptions.now ?? Date.now;
  // Named in network errors; an address that does not parse still gets a readable error.
  const serverName = URL.canParse(root) ? new URL(root).host : root;

  /** The key must never leave through an error message, even if a server echoes it. */
  const redact = (text: string) => (authKey ? text.split(authKey).join('[key]') : text);

  function apiError(code: ApiErrorCode, message: string, init: { status?: number; detail?: string; retryAfter?: number } = {}): ApiError {
    return new ApiError(code, redact(message), { ...init, detail: init.detail === undefined ? undefined : redact(init.detail) });
  }

  async function attempt<T>(spec: RequestSpec<T>, opts: CallOptions): Promise<T> {
    const external = opts.signal;
    if (external?.aborted) throw abortedError();
    const limit = opts.timeoutMs ?? timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limit);
    const onAbort = () => controller.abort();
    external?.addEventListener('abort', onAbort, { once: true });

    const transportError = (err: unknown): ApiError => {
      if (external?.aborted) return abortedError();
      if (timedOut) return apiError('timeout', `${FALLBACK_MESSAGES.timeout} (${Math.round(limit / 100) / 10} s)`);
      const reason = err instanceof Error ? err.message : String(err);
      return apiError('network', `${FALLBACK_MESSAGES.network} (${serverName})`, { detail: reason });
    };

    try {
      const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : '';
      const headers: Record<string, string> = { Authorization: `Service-Auth-Key ${authKey}`, Accept: 'application/json' };
      if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(`${root}${spec.path}${query}`, { method: spec.method, headers, body: spec.body, signal: controller.signal });
        text = await response.text();
      } catch (err) {
        throw transportError(err);
      }
      if (!response.ok) {
        const code = codeForStatus(response.status);
        const { message, detail } = errorBody(text);
        throw apiError(code, `${message || FALLBACK_MESSAGES[code]} (HTTP ${response.status})`, {
          status: response.status,
          detail,
          retryAfter: retryAfterSeconds(response.headers.get('Retry-After'), now()),
        });
      }
      if (!spec.check) return undefined as T;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw apiError('bad-response', `${FALLBACK_MESSAGES['bad-response']} (${spec.what}: not JSON)`, { status: response.status });
      }
      return parseResponse(spec.check, parsed, spec.what, response.status);
    } finally {
      clearTimeout(timer);
      external?.removeEventListener('abort', onAbort);
    }
  }

  function request<T>(spec: RequestSpec<T>, opts: CallOptions = {}): Promise<T> {
    // A 200 whose body is cut off or not the API's JSON is what a proxy or a dropped connection
    // leaves: tried again like a dropped connection, but at most twice (it may have been billed).
    let broken = 0;
    const base: RetryOptions = opts.onRetry ? { ...retryOptions, onRetry: opts.onRetry } : retryOptions;
    const retryIf = base.retryIf ?? isRetryable;
    const options: RetryOptions = spec.idempotent === false
      ? { ...base, retryIf: (code) => code === 'rate-limit' }
      : { ...base, retryIf: (code) => retryIf(code) || (code === 'bad-response' && ++broken <= MAX_BROKEN_RETRIES) };
    return withRetry(() => attempt(spec, opts), options, opts.signal);
  }

  const glossaryPath = (id: string) => `/v3/glossaries/${encodeURIComponent(id)}`;

  return {
    /** The server address this client talks to (part of the translation cache key). */
    baseUrl: root,

    /** POST /v2/translate: translations in request order, billed characters and model when present. */
    async translate(params: TranslateParams, opts?: CallOptions): Promise<TranslateResult> {
      if (params.text.length === 0) return { translations: [] };
      return request({
        method: 'POST', path: '/v2/translate', body: translateBody(params), check: translateResponse(params.text.length), what: 'translate',
      }, opts);
    },

    /** GET /v2/languages?type=source|target. */
    languages(type: 'source' | 'target', opts?: CallOptions): Promise<Language[]> {
      return request({ method: 'GET', path: '/v2/languages', query: { type }, check: arrayOf(language(type)), what: 'languages' }, opts);
    },

    /** POST /v3/glossaries. */
    createGlossary(params: CreateGlossaryParams, opts?: CallOptions): Promise<Glossary> {
      return request({
        method: 'POST', path: '/v3/glossaries', body: JSON.stringify({ name: params.name, dictionaries: params.dictionaries }),
        check: glossary, what: 'glossary', idempotent: false,
      }, opts);
    },

    /** GET /v3/glossaries. */
    listGlossaries(opts?: CallOptions): Promise<Glossary[]> {
      return request({ method: 'GET', path: '/v3/glossaries', check: glossaryList, what: 'glossaries' }, opts);
    },

    /** GET /v3/glossaries/{id}. */
    getGlossary(id: string, opts?: CallOptions): Promise<Glossary> {
      return request({ method: 'GET', path: glossaryPath(id), check: glossary, what: 'glossary' }, opts);
    },

    /** GET /v3/glossaries/{id}/entries: the one dictionary of this pair, as TSV. */
    getEntries(id: string, sourceLang: string, targetLang: string, opts?: CallOptions): Promise<DictionaryEntries> {
      return request({
        method: 'GET', path: `${glossaryPath(id)}/entries`, query: { source_lang: sourceLang, target_lang: targetLang },
        check: entriesResponse, what: 'entries',
      }, opts);
    },

    /** PUT /v3/glossaries/{id}/dictionaries: adds or replaces the dictionary of one pair. */
    putDictionary(id: string, dictionary: DictionaryEntries, opts?: CallOptions): Promise<DictionaryMeta> {
      return request({
        method: 'PUT', path: `${glossaryPath(id)}/dictionaries`, body: JSON.stringify(dictionary), check: dictionaryMeta, what: 'dictionary',
      }, opts);
    },

    /** PATCH /v3/glossaries/{id}: renames and/or merges entries into one dictionary. */
    patchGlossary(id: string, { name, dictionary }: PatchGlossaryParams, opts?: CallOptions): Promise<Glossary> {
      const body = { ...(name === undefined ? {} : { name }), ...(dictionary === undefined ? {} : { dictionaries: [dictionary] }) };
      return request({ method: 'PATCH', path: glossaryPath(id), body: JSON.stringify(body), check: glossary, what: 'glossary' }, opts);
    },

    /** DELETE /v3/glossaries/{id}. */
    deleteGlossary(id: string, opts?: CallOptions): Promise<void> {
      return request<void>({ method: 'DELETE', path: glossaryPath(id), what: 'delete' }, opts);
    },

    /** DELETE /v3/glossaries/{id}/dictionaries?source_lang&target_lang. */
    deleteDictionary(id: string, sourceLang: string, targetLang: string, opts?: CallOptions): Promise<void> {
      return request<void>({
        method: 'DELETE', path: `${glossaryPath(id)}/dictionaries`, query: { source_lang: sourceLang, target_lang: targetLang }, what: 'delete',
      }, opts);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
