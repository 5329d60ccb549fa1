// The translation cache in IndexedDB (idb-keyval, its own database): a block translated once
// is never requested (or billed) again with the same settings. The key is a SHA-256 of
// everything that changes a translation: text, format, source and target language, formality,
// glossary and its revision, model type, server and the unbilled context sent with it. A running total of bytes and entries is
// kept next to the entries; past the cap the least recently used entries are evicted.
import { clear, createStore, entries as allEntries, delMany, get, getMany, setMany, type UseStore } from 'idb-keyval';
import { definePrivateItem } from '../../extension/private-storage';

export interface CacheKeyParts {
  text: string;
  format: 'html' | 'text';
  /** '' when the API detects the source language. */
  sourceLang: string;
  targetLang: string;
  formality: string;
  glossaryId: string;
  glossaryRevision: number;
  modelType: string;
  baseUrl: string;
  /** The request's `context` ('' for none): it changes the translation, so it is part of the key. */
  context: string;
}

export interface CachedTranslation {
  text: string;
  detectedSourceLang: string;
}

export interface CacheStats {
  entries: number;
  bytes: number;
}

interface Entry {
  /** Translation. */
  t: string;
  /** Detected source language. */
  d: string;
  /** Approximate stored size in bytes. */
  n: number;
  /** Last use (ms), coarse: refreshed at most once per TOUCH_MS to keep reads cheap. */
  a: number;
}

const META_KEY = '~meta';
const TOUCH_MS = 60 * 60 * 1000;
/** Eviction goes below the cap so that it does not run again on the next write. */
const EVICT_TO = 0.8;
const DEFAULT_CACHE_LIMITS = { maxBytes: 20 * 1024 * 1024, maxEntries: 50_000 };

// 2: the context joined the key (entries of version 1 were made with a context they do not name).
const KEY_VERSION = 2;

/** The cache key: a hex SHA-256 of every input that changes a translation. */
export async function cacheKey(p: CacheKeyParts): Promise<string> {
  const material = JSON.stringify([KEY_VERSION, p.text, p.format, p.sourceLang.toUpperCase(), p.targetLang.toUpperCase(), p.formality,
    p.glossaryId, p.glossaryRevision, p.modelType, p.baseUrl, p.context]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Strings are stored as UTF-16 by IndexedDB engines; count that plus a fixed overhead. */
function entrySize(key: string, t: string, d: string): number {
  return 2 * (key.length + t.length + d.length) + 64;
}

interface CacheOptions {
  store?: UseStore;
  maxBytes?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createTranslationCache(options: CacheOptions = {}) {
  let store = options.store;
  const db = () => (store ??= createStore('glossa-cache', 'translations'));
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_LIMITS.maxBytes;
  const maxEntries = options.maxEntries ?? DEFAULT_CACHE_LIMITS.maxEntries;
  const now = options.now ?? Date.now;

  // Writes read and update the running total: run them one after another.
  let writes: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = writes.catch(() => undefined).then(work);
    writes = next;
    return next;
  };

  async function evict(): Promise<void> {
    const rows = (await allEntries<string, Entry>(db())).filter(([key]) => key !== META_KEY);
    rows.sort((x, y) => x[1].a - y[1].a);
    let bytes = rows.reduce((sum, [, e]) => sum + (e.n ?? 0), 0);
    let count = rows.length;
    const drop: string[] = [];
    for (const [key, entry] of rows) {
      if (bytes <= maxBytes * EVICT_TO && count <= maxEntries * EVICT_TO) break;
      drop.push(key);
      bytes -= entry.n ?? 0;
      count--;
    }
    await delMany(drop, db());
    await setMany([[META_KEY, { bytes, entries: count } satisfies CacheStats]], db());
  }

  return {
    /** Opens the database ahead of the first lookup (the first after the worker starts waits for the open otherwise). */
    async open(): Promise<void> {
      await get(META_KEY, db()).catch(() => undefined);
    },

    /**
     * Cached translations for these keys (undefined for misses); refreshes their last use unless
     * `touch` is false (a private window reads without leaving a trace).
     */
    async getMany(keys: string[], { touch = true }: { touch?: boolean } = {}): Promise<(CachedTranslation | undefined)[]> {
      if (keys.length === 0) return [];
      const found = await getMany<Entry>(keys, db());
      const time = now();
      const touched: [string, Entry][] = [];
      const result = found.map((entry, i) => {
        if (!entry || typeof entry.t !== 'string') return undefined;
        if (touch && time - entry.a > TOUCH_MS) touched.push([keys[i], { ...entry, a: time }]);
        return { text: entry.t, detectedSourceLang: typeof entry.d === 'string' ? entry.d : '' };
      });
      if (touched.length > 0) void serial(() => setMany(touched, db())).catch(() => undefined);
      return result;
    },

    /** Stores translations, keeping the running total, and evicts past the cap. */
    setMany(items: [string, CachedTranslation][]): Promise<void> {
      if (items.length === 0) return Promise.resolve();
      return serial(async () => {
        const keys = items.map(([key]) => key);
        const [existing, meta] = await Promise.all([getMany<Entry>(keys, db()), get<CacheStats>(META_KEY, db())]);
        let bytes = meta?.bytes ?? 0;
        let count = meta?.entries ?? 0;
        const time = now();
        const rows: [string, Entry | CacheStats][] = items.map(([key, value], i) => {
          const old = existing[i];
          if (old) bytes -= old.n ?? 0;
          else count++;
          const entry: Entry = { t: value.text, d: value.detectedSourceLang, n: entrySize(key, value.text, value.detectedSourceLang), a: time };
          bytes += entry.n;
          return [key, entry];
        });
        rows.push([META_KEY, { bytes, entries: count }]);
        await setMany(rows, db());
        if (bytes > maxBytes || count > maxEntries) await evict();
      });
    },

    clear(): Promise<void> {
      return serial(() => clear(db()));
    },

    async stats(): Promise<CacheStats> {
      await writes.catch(() => undefined);
      const meta = await get<CacheStats>(META_KEY, db());
      return { entries: meta?.entries ?? 0, bytes: meta?.bytes ?? 0 };
    },
  };
}

export type TranslationCache = ReturnType<typeof createTranslationCache>;

let shared: TranslationCache | undefined;

/** The extension's one cache (background, and the options page for stats and clearing). */
export function defaultCache(): TranslationCache {
  return (shared ??= createTranslationCache());
}

/** Empties the translation cache (options page). */
export function clearCache(): Promise<void> {
  return defaultCache().clear();
}

/** Entries and approximate bytes of the translation cache (options page). */
export function cacheStats(): Promise<CacheStats> {
  return defaultCache().stats();
}

// ── glossary revisions ─────────────────────────────────────────────────────────────────
// Translations made with a glossary are keyed by its revision; changing the glossary's
// entries bumps the revision, so those translations are no longer served.

// Private: a revision is keyed by glossary id, which a content script must not learn (Firefox lets
// content scripts read storage.local).
export const glossaryRevisionsItem = definePrivateItem<Record<string, number>>('glossaryRevisions', {});

let revisionWrites: Promise<unknown> = Promise.resolve();

/** Marks a glossary as changed: cached translations made with it are not used again. */
export function bumpGlossaryRevision(glossaryId: string): Promise<void> {
  const next = revisionWrites.catch(() => undefined).then(async () => {
    const revisions = await glossaryRevisionsItem.getValue();
    await glossaryRevisionsItem.setValue({ ...revisions, [glossaryId]: (revisions[glossaryId] ?? 0) + 1 });
  });
  revisionWrites = next;
  return next;
}

export async function glossaryRevision(glossaryId: string): Promise<number> {
  await revisionWrites.catch(() => undefined);
  return (await glossaryRevisionsItem.getValue())[glossaryId] ?? 0;
}
