// Translations made for private windows: kept in the worker's memory only, never written to
// IndexedDB, and gone when the worker stops. Bounded: the oldest entries go first.
import type { CachedTranslation } from './cache';

/** Every private-window cache of this worker, so "Clear cache" can empty them all. */
const liveCaches = new Set<Map<string, CachedTranslation>>();

/** Empties the private-window translations kept in memory. */
export function clearSessionCaches(): void {
  for (const entries of liveCaches) entries.clear();
}

export function createSessionCache(maxEntries = 5_000) {
  const entries = new Map<string, CachedTranslation>();
  liveCaches.add(entries);
  return {
    get(key: string): CachedTranslation | undefined {
      return entries.get(key);
    },
    setMany(items: [string, CachedTranslation][]): void {
      for (const [key, value] of items) {
        entries.delete(key);
        entries.set(key, value);
      }
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    get size(): number {
      return entries.size;
    },
  };
}
