// The one translation pipeline, for page blocks and selections alike. A call is resolved from
// the current settings (request.ts), its texts are deduplicated by identity (within the call
// and against every translation in flight: the only dedupe in the background), looked up in
// the cache, and only the misses go to the dispatcher, which decides everything about sending
// (dispatcher.ts). Plain text travels as HTML (escaped), so every text of a page can share
// every request, and its answer is read back as text. Private windows read the cache without
// touching it and keep their own translations in memory only.
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../shared/api-errors';
import type { BlockRequest, BlockResult } from '../../shared/protocol';
import { t } from '../../shared/i18n';
import { cacheKey, defaultCache, glossaryRevisionsItem, type CachedTranslation, type TranslationCache } from './cache';
import type { GlossaryResolver } from './glossary-select';
import { createDispatcher, type BillingOwner, type DispatchItem, type Dispatcher } from './dispatcher';
import { createRequestResolver, type TranslationOptions } from './request';
import { recordUsage } from './usage';
import { sameMarkup } from './markup-check';
import { escapePlainForHtml, plainFromHtml } from './plain-html';
import { createSessionCache } from './session-cache';
import { noteSpent, spendingGate } from './spending';
import { afterStartup } from '../lifecycle';

interface TranslateBlocksInput {
  /** The tab the blocks come from (billed characters are counted for it). */
  tabId?: number;
  /** Hostname of the page, for the per-site usage figures. */
  site: string;
  /** The tab is in a private window: nothing about it may outlive the browsing session. */
  privateTab?: boolean;
  /** The options to translate with (a tab's stored job, or the defaults for a selection). */
  job: TranslationOptions;
  blocks: BlockRequest[];
  /** Sent as the unbilled `context` of every request, and part of each translation's identity. */
  context?: string;
  /** Source language the content script detected, used when the job leaves it to detection. */
  detectedSourceLang?: string;
  /** Blocks in the viewport or a selection the user waits for: they go before everything else. */
  priority?: boolean;
  /** A selection: counts toward the month's budget only, not the site's hourly ceiling. */
  selection?: boolean;
}

interface TranslateBlocksOutput {
  results: BlockResult[];
  billedCharacters: number;
}

export interface TranslationServiceDeps {
  /** The API client for the current settings; throws when no request may be made. */
  client?: () => Promise<ApiClient>;
  cache?: TranslationCache;
  /** The request queue; the default one counts billed characters with `recordUsage`. */
  dispatcher?: Dispatcher;
  glossaries?: GlossaryResolver;
  recordUsage?: (site: string, characters: number) => Promise<void>;
}

type Outcome = { ok: true; value: CachedTranslation } | { ok: false; error: ApiError };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function createTranslationService(deps: TranslationServiceDeps = {}) {
  const cache = deps.cache ?? defaultCache();
  const sessionCache = createSessionCache();
  const addUsage = deps.recordUsage ?? recordUsage;
  const dispatcher = deps.dispatcher ?? createDispatcher({
    onBilled: (owner, characters) => {
      // A private window's site is never recorded; the month's total still counts it.
      void addUsage(owner.private ? '' : owner.site, characters).catch(() => undefined);
      void noteSpent(owner, characters).catch(() => undefined);
    },
    spendingGate,
  });
  const resolver = createRequestResolver({ client: deps.client, glossaries: deps.glossaries });
  // Requests are shared only by texts for the same client (key and server).
  const clientIds = new WeakMap<ApiClient, number>();
  let nextClientId = 1;

  /** Translations being requested right now, by identity: identical texts wait for these. */
  const inFlight = new Map<string, Promise<Outcome>>();

  async function lookup(keys: string[], privateTab: boolean): Promise<(CachedTranslation | undefined)[]> {
    const persistent = await cache.getMany(keys, { touch: !privateTab }).catch(() => keys.map(() => undefined));
    return privateTab ? persistent.map((hit, i) => hit ?? sessionCache.get(keys[i])) : persistent;
  }

  async function translateBlocks(input: TranslateBlocksInput): Promise<TranslateBlocksOutput> {
    const { client, params, identity, revisionOf } = await resolver.resolve(input.job, { detectedSourceLang: input.detectedSourceLang, context: input.context });
    if (!clientIds.has(client)) clientIds.set(client, nextClientId++);
    const privateTab = input.privateTab === true;

    // From here on a text block is the HTML block that reads as its text: it shares the cache
    // entry, the request in flight and the text sent with an HTML block that reads the same.
    const wire = input.blocks.map((block): BlockRequest => (block.format === 'text' ? { text: escapePlainForHtml(block.text), format: 'html' } : block));
    // Blank blocks need no translation (and would still be billed).
    const keys = await Promise.all(wire.map((block) => (block.text.trim() === '' ? undefined : cacheKey({ ...identity, glossaryRevision: revisionOf(block.text), text: block.text, format: block.format }))));
    const distinct = new Map<string, BlockRequest>();
    keys.forEach((key, i) => {
      if (key !== undefined && !distinct.has(key)) distinct.set(key, wire[i]);
    });

    const outcomes = new Map<string, Promise<Outcome>>();
    const unknown = [...distinct.keys()].filter((key) => {
      const pending = inFlight.get(key);
      if (pending) outcomes.set(key, pending);
      return !pending;
    });
    const hits = await lookup(unknown, privateTab);
    const owned = new Map<string, (outcome: Outcome) => void>();
    const misses: string[] = [];
    unknown.forEach((key, i) => {
      const hit = hits[i];
      // Another call may have started this text while the cache was being read.
      const pending = inFlight.get(key);
      if (hit) outcomes.set(key, Promise.resolve({ ok: true, value: hit }));
      else if (pending) outcomes.set(key, pending);
      else {
        const d = deferred<Outcome>();
        inFlight.set(key, d.promise);
        outcomes.set(key, d.promise);
        owned.set(key, d.resolve);
        misses.push(key);
      }
    });

    const owner: BillingOwner = { billed: 0, site: input.site, tabId: input.tabId, private: privateTab, selection: input.selection === true };
    const toStore: [string, CachedTranslation][] = [];
    const settle = (key: string, outcome: Outcome) => {
      const resolve = owned.get(key);
      if (!resolve) return;
      owned.delete(key);
      // An answer whose markup differs from what was sent is judged (and refused) by the page; it must not be served again from the cache.
      if (outcome.ok && sameMarkup(distinct.get(key)!.text, outcome.value.text)) toStore.push([key, outcome.value]);
      resolve(outcome);
    };

    try {
      const group = JSON.stringify([clientIds.get(client), params, input.site, input.tabId ?? null, owner.selection]);
      const items: DispatchItem[] = misses.map((key) => ({
        text: distinct.get(key)!.text, key, group, params, client, owner,
        resolve: (translation) => settle(key, { ok: true, value: { text: translation.text, detectedSourceLang: translation.detected_source_language } }),
        reject: (error) => settle(key, { ok: false, error }),
      }));
      await dispatcher.submit(items, input.priority);
    } finally {
      for (const key of misses) if (owned.has(key)) settle(key, { ok: false, error: new ApiError('server', t('translationErrorNoResult')) });
      // The answer does not wait for the cache's write (a transaction, milliseconds on every
      // call). The in-flight entries are let go only once it is written, so an identical text
      // arriving meanwhile finds either the answered request or the cache, never neither.
      const stored = privateTab ? sessionCache.setMany(toStore) : cache.setMany(toStore).catch(() => undefined);
      void Promise.resolve(stored).then(() => {
        for (const key of misses) inFlight.delete(key);
      });
    }

    const results = await Promise.all(input.blocks.map(async (block, i): Promise<BlockResult> => {
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
    return { results, billedCharacters: owner.billed };
  }

  return {
    translateBlocks,
    /** Gets ready for blocks about to come (a page translation is starting): the cache is opened meanwhile. */
    prepare(): void {
      void cache.open();
    },
    /** Accepts requests again after a quota stop (the user asked again, or changed the key). */
    resumeAfterQuota(): void {
      dispatcher.resume();
    },
    /** The glossary list is fetched again on next use (a glossary changed). */
    invalidateGlossaries(): void {
      resolver.invalidateGlossaries();
    },
    /** The glossaries requests are checked against (one cached list for the pipeline and writing help). */
    listGlossaries: () => resolver.listGlossaries(),
    get quotaStopped(): boolean {
      return dispatcher.stopped?.code === 'quota';
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;

let shared: TranslationService | undefined;

/** The background's one translation service, shared by every tab and by selections. */
export function translationService(): TranslationService {
  if (!shared) {
    const service = createTranslationService();
    // Glossary edits (bumped revisions) may add or remove the dictionary a job needs.
    glossaryRevisionsItem.watch(afterStartup(() => service.invalidateGlossaries()));
    shared = service;
  }
  return shared;
}
