// The background half of page translation. Blocks from content scripts are deduplicated
// (within a call and against every request in flight), looked up in the cache, and only the
// misses are queued in the dispatcher, which packs them (with the misses of the tab's other
// messages) into as few requests as the API's limits allow, viewport work first, a few
// requests in flight for all tabs together. Plain-text blocks travel as HTML (escaped), so every
// block of a page can share every request. A quota error stops every further request at once.
// Nothing already translated is sent again, and a block that keeps failing is not retried without bound. Billed characters are counted per tab and per site and month.
import { createApiClient, type ApiClient } from '../../api/client';
import { ApiError, type ApiErrorCode } from '../../shared/api-errors';
import { packRequests, API_LIMITS, type PackLimits } from '../../api/packing';
import type { Formality, TranslateParams } from '../../shared/api-types';
import { t } from '../../shared/i18n';
import type { BlockRequest, BlockResult, PageJobOptions } from '../../shared/protocol';
import { apiBaseUrl } from '../../shared/connection';
import { connectionItem } from '../../extension/settings-store';
import { cacheKey, defaultCache, glossaryRevision, glossaryRevisionsItem, type CachedTranslation, type TranslationCache } from './cache';
import { createGlossaryResolver, type GlossaryResolver } from './glossary-select';
import { createDispatcher, type BillingOwner, type DispatchItem, type Dispatcher } from './dispatcher';
import { recordUsage } from './usage';
import { sameMarkup } from './markup-check';
import { escapePlainForHtml, plainFromHtml } from './plain-html';
import { connectionProblem } from '../connection-check';

export interface TranslateBlocksInput {
  /** The tab the blocks come from (billed characters are counted for it). */
  tabId?: number;
  /** Hostname of the page, for the per-site usage figures. */
  site: string;
  /** The tab's job options, as the background stored them (never taken from the message). */
  job: PageJobOptions;
  blocks: BlockRequest[];
  /** Page title: sent as the unbilled `context` of every request. */
  context?: string;
  /** Source language the content script detected, used when the job leaves it to detection. */
  detectedSourceLang?: string;
  /** Blocks in the viewport: they go before everything else queued. */
  priority?: boolean;
}

export interface TranslateBlocksOutput {
  results: BlockResult[];
  billedCharacters: number;
}

export interface TranslationServiceDeps {
  /** The API client for the current settings; throws `auth` when there is no key. */
  client?: () => Promise<ApiClient>;
  cache?: TranslationCache;
  /** The request queue; the default one counts billed characters with `recordUsage`. */
  dispatcher?: Dispatcher;
  glossaries?: GlossaryResolver;
  recordUsage?: (site: string, tabId: number | undefined, characters: number) => Promise<void>;
  /** Failed requests of one block before it is refused for `failureCooldownMs`. */
  maxFailures?: number;
  failureCooldownMs?: number;
  /** After a quota stop, requests are tried again after this long (the plan may have been upgraded). */
  quotaPauseMs?: number;
  limits?: PackLimits;
  now?: () => number;
}

type Outcome = { ok: true; value: CachedTranslation } | { ok: false; error: ApiError };

/** Codes that say nothing about the block itself: they do not count against its retries. */
const GLOBAL_CODES: ReadonlySet<ApiErrorCode> = new Set(['quota', 'auth', 'aborted', 'rate-limit', 'network', 'timeout']);
const MAX_TRACKED_FAILURES = 5_000;
const LANG_RE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

let memoClient: { baseUrl: string; key: string; client: ApiClient } | undefined;

/** The client for the saved connection: no key means no request at all. */
export async function clientFromSettings(): Promise<ApiClient> {
  const connection = await connectionItem.getValue();
  // Checked before every call: the settings may change while a page is being translated.
  const unusable = await connectionProblem(connection);
  if (unusable) throw unusable;
  const key = connection.apiKey.trim();
  if (!key) throw new ApiError('auth', t('translationErrorNoKey'));
  const baseUrl = apiBaseUrl(connection);
  if (!/^https?:\/\/[^/]+/i.test(baseUrl)) throw new ApiError('bad-request', t('translationErrorNoServer'));
  if (!memoClient || memoClient.baseUrl !== baseUrl || memoClient.key !== key) {
    memoClient = { baseUrl, key, client: createApiClient({ baseUrl, authKey: key }) };
  }
  return memoClient.client;
}

/** `more`/`less` make a request fail for targets without formality; the prefer_ forms fall back. */
export function apiFormality(formality: Formality): Exclude<Formality, 'more' | 'less' | 'default'> | undefined {
  if (formality === 'more' || formality === 'prefer_more') return 'prefer_more';
  if (formality === 'less' || formality === 'prefer_less') return 'prefer_less';
  return undefined;
}

function normalLang(code: string | undefined): string | undefined {
  const trimmed = code?.trim();
  return trimmed && LANG_RE.test(trimmed) ? trimmed.toUpperCase() : undefined;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function createTranslationService(deps: TranslationServiceDeps = {}) {
  const getClient = deps.client ?? clientFromSettings;
  const cache = deps.cache ?? defaultCache();
  const addUsage = deps.recordUsage ?? recordUsage;
  const limits = deps.limits ?? API_LIMITS;
  const now = deps.now ?? Date.now;
  const dispatcher = deps.dispatcher ?? createDispatcher({
    concurrency: 3,
    limits,
    now,
    onBilled: (owner, characters) => void addUsage(owner.site, owner.tabId, characters).catch(() => undefined),
  });
  const glossaries = deps.glossaries ?? createGlossaryResolver();
  const maxFailures = deps.maxFailures ?? 3;
  const cooldown = deps.failureCooldownMs ?? 2 * 60_000;
  const quotaPause = deps.quotaPauseMs ?? 10 * 60_000;
  // Requests are shared only by texts for the same client (key and server).
  const clientIds = new WeakMap<ApiClient, number>();
  let nextClientId = 1;

  /** Translations being requested right now, by cache key: identical blocks wait for these. */
  const inFlight = new Map<string, Promise<Outcome>>();
  const failures = new Map<string, { count: number; at: number; error: ApiError }>();
  let lastClient: ApiClient | undefined;

  function refusedBefore(key: string): ApiError | undefined {
    const failure = failures.get(key);
    if (!failure) return undefined;
    if (now() - failure.at > cooldown) {
      failures.delete(key);
      return undefined;
    }
    return failure.count >= maxFailures ? failure.error : undefined;
  }

  function noteFailure(key: string, error: ApiError): void {
    if (GLOBAL_CODES.has(error.code)) return;
    const previous = failures.get(key);
    failures.delete(key);
    failures.set(key, { count: (previous?.count ?? 0) + 1, at: now(), error });
    if (failures.size > MAX_TRACKED_FAILURES) failures.delete(failures.keys().next().value as string);
  }

  async function translateBlocks(input: TranslateBlocksInput): Promise<TranslateBlocksOutput> {
    const client = await getClient();
    if (client !== lastClient) {
      // New key or server: a quota stop and the glossary list belonged to the old one.
      lastClient = client;
      if (!clientIds.has(client)) clientIds.set(client, nextClientId++);
      dispatcher.resume();
      glossaries.invalidate();
    } else if (dispatcher.stopped && now() - dispatcher.stoppedAt > quotaPause) dispatcher.resume();
    const { job, blocks } = input;
    const targetLang = job.targetLang;
    const sourceLang = normalLang(job.sourceLang) ?? normalLang(input.detectedSourceLang);
    const glossaryId = await glossaries.resolve(client, { glossaryId: job.glossaryId, sourceLang, targetLang });
    const revision = glossaryId ? await glossaryRevision(glossaryId) : 0;
    const formality = apiFormality(job.formality);

    // Plain text travels as HTML (plain-html.ts): one kind of request for every block, so text
    // and HTML blocks share requests and a page costs no request for its attributes and title
    // alone. From here on a text block is the HTML block that reads as its text: it shares the
    // cache entry, the request in flight and the text sent with an HTML block that reads the
    // same (a link "Home" with the title "Home"), and its answer is read back as text at the end.
    const wire = blocks.map((block): BlockRequest => (block.format === 'text' ? { text: escapePlainForHtml(block.text), format: 'html' } : block));
    // Distinct blocks by cache key; blank blocks need no translation (and would still be billed).
    const keys = await Promise.all(wire.map((block) => (block.text.trim() === '' ? undefined : cacheKey({
      text: block.text, format: block.format, sourceLang: sourceLang ?? '', targetLang, formality: formality ?? 'default',
      glossaryId: glossaryId ?? '', glossaryRevision: revision, modelType: job.modelType, baseUrl: client.baseUrl,
    }))));
    const distinct = new Map<string, BlockRequest>();
    keys.forEach((key, i) => {
      if (key !== undefined && !distinct.has(key)) distinct.set(key, wire[i]);
    });

    const outcomes = new Map<string, Promise<Outcome>>();
    const lookup = [...distinct.keys()].filter((key) => {
      const pending = inFlight.get(key);
      if (pending) outcomes.set(key, pending);
      return !pending;
    });
    const hits = await cache.getMany(lookup).catch(() => lookup.map(() => undefined));
    const owned = new Map<string, (outcome: Outcome) => void>();
    const misses: string[] = [];
    lookup.forEach((key, i) => {
      const hit = hits[i];
      // Another call may have started this block while the cache was being read.
      const pending = inFlight.get(key);
      if (hit) outcomes.set(key, Promise.resolve({ ok: true, value: hit }));
      else if (pending) outcomes.set(key, pending);
      else {
        const refused = dispatcher.stopped ?? refusedBefore(key);
        if (refused) {
          outcomes.set(key, Promise.resolve({ ok: false, error: refused }));
          return;
        }
        const d = deferred<Outcome>();
        inFlight.set(key, d.promise);
        outcomes.set(key, d.promise);
        owned.set(key, d.resolve);
        misses.push(key);
      }
    });

    const owner: BillingOwner = { billed: 0, site: input.site, tabId: input.tabId };
    const toStore: [string, CachedTranslation][] = [];
    const settle = (key: string, outcome: Outcome) => {
      const resolve = owned.get(key);
      if (!resolve) return;
      owned.delete(key);
      if (outcome.ok) {
        // An answer whose markup differs from what was sent is judged (and refused) by the page; it must not be served again from the cache.
        const sent = distinct.get(key);
        if (sent && sameMarkup(sent.text, outcome.value.text)) toStore.push([key, outcome.value]);
        failures.delete(key);
      } else noteFailure(key, outcome.error);
      resolve(outcome);
    };

    try {
      const params: Omit<TranslateParams, 'text'> = {
        target_lang: targetLang,
        ...(sourceLang ? { source_lang: sourceLang } : {}),
        ...(input.context ? { context: input.context } : {}),
        model_type: job.modelType,
        ...(formality ? { formality } : {}),
        ...(glossaryId ? { glossary_id: glossaryId } : {}),
        show_billed_characters: true,
        tag_handling: 'html',
      };
      // Packing here measures every block once and splits the ones too large for any request;
      // the dispatcher then fills each request from everything waiting of the same kind.
      const packed = packRequests(misses.map((key) => distinct.get(key)!.text), params, limits);
      for (const index of packed.oversized) settle(misses[index], { ok: false, error: new ApiError('too-large', t('translationErrorTooLarge')) });

      // A split block comes back in several pieces, possibly from several requests.
      const pieces = new Map<number, { parts: string[]; left: number; detected: string }>();
      const shareKey = JSON.stringify([clientIds.get(client), params, input.site, input.tabId ?? null]);
      const items: DispatchItem[] = [];
      for (const request of packed.requests) {
        request.params.text.forEach((text, j) => {
          const index = request.indices[j];
          const piece = pieces.get(index) ?? { parts: [], left: 0, detected: '' };
          pieces.set(index, piece);
          piece.left++;
          const slot = piece.parts.push('') - 1;
          items.push({
            text, group: shareKey, params, client, owner,
            resolve: (translation) => {
              piece.parts[slot] = translation.text;
              piece.detected ||= translation.detected_source_language;
              if (--piece.left === 0) settle(misses[index], { ok: true, value: { text: piece.parts.join(''), detectedSourceLang: piece.detected } });
            },
            reject: (error) => settle(misses[index], { ok: false, error }),
          });
        });
      }
      await dispatcher.submit(items, input.priority);
      // Store before letting go of the in-flight entries so an identical block arriving now
      // finds either the request or the cache, never neither.
      await cache.setMany(toStore).catch(() => undefined);
    } finally {
      for (const key of misses) {
        settle(key, { ok: false, error: new ApiError('server', t('translationErrorNoResult')) });
        inFlight.delete(key);
      }
    }
    const billedCharacters = owner.billed;

    const results = await Promise.all(blocks.map(async (block, i): Promise<BlockResult> => {
      const key = keys[i];
      if (key === undefined) return { ok: true, text: block.text };
      const outcome = await outcomes.get(key)!;
      if (outcome.ok) {
        // A text block's translation is read as text: markup in it is dropped, never passed on.
        const text = block.format === 'text' ? plainFromHtml(outcome.value.text) : outcome.value.text;
        return { ok: true, text, ...(outcome.value.detectedSourceLang ? { detectedSourceLang: outcome.value.detectedSourceLang } : {}) };
      }
      return { ok: false, code: outcome.error.code, message: outcome.error.message };
    }));
    return { results, billedCharacters };
  }

  return {
    translateBlocks,
    /** Accepts requests again after a quota stop (the user asked again, or changed the key). */
    resumeAfterQuota(): void {
      dispatcher.resume();
    },
    /** The glossary list is fetched again on next use (a glossary changed). */
    invalidateGlossaries(): void {
      glossaries.invalidate();
    },
    get quotaStopped(): boolean {
      return dispatcher.stopped?.code === 'quota';
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;

let shared: TranslationService | undefined;

/** The background's one translation service, shared by every tab. */
export function translationService(): TranslationService {
  if (!shared) {
    const service = createTranslationService();
    // Glossary edits (bumped revisions) may add or remove the dictionary a job needs.
    glossaryRevisionsItem.watch(() => service.invalidateGlossaries());
    shared = service;
  }
  return shared;
}
