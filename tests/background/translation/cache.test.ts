import { describe, expect, it } from 'vitest';
import { createStore } from 'idb-keyval';
import {
  bumpGlossaryRevision, cacheKey, cacheStats, clearCache, createTranslationCache, defaultCache, glossaryRevision, type CacheKeyParts,
} from '../../../utils/background/translation/cache';

const parts: CacheKeyParts = {
  text: 'Hallo <b id="1">Welt</b>', format: 'html', sourceLang: 'DE', targetLang: 'EN-US', formality: 'default',
  glossaryId: '', glossaryRevision: 0, modelType: 'latency_optimized', baseUrl: 'http://127.0.0.1:8787', context: '',
};

let dbCounter = 0;
const freshStore = () => createStore(`glossa-cache-test-${++dbCounter}`, 'translations');

describe('cacheKey', () => {
  it('differs whenever anything that changes a translation differs', async () => {
    const base = await cacheKey(parts);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(await cacheKey({ ...parts })).toBe(base);
    const variants: Partial<CacheKeyParts>[] = [
      { text: 'Hallo Welt' }, { format: 'text' }, { sourceLang: '' }, { targetLang: 'EN-GB' }, { formality: 'prefer_more' },
      { glossaryId: 'g1' }, { glossaryRevision: 1 }, { modelType: 'quality_optimized' }, { baseUrl: 'http://127.0.0.1:8788' },
      // The unbilled context changes the translation: a page titled otherwise must not get this one.
      { context: 'Online banking' },
    ];
    const keys = await Promise.all(variants.map((v) => cacheKey({ ...parts, ...v })));
    expect(new Set([base, ...keys]).size).toBe(variants.length + 1);
  });

  it('ignores the case of language codes', async () => {
    expect(await cacheKey({ ...parts, targetLang: 'en-us' })).toBe(await cacheKey(parts));
  });
});

describe('translation cache', () => {
  it('returns stored translations and misses for the rest, and counts entries and bytes', async () => {
    const cache = createTranslationCache({ store: freshStore() });
    await cache.setMany([['k1', { text: 'Hello', detectedSourceLang: 'DE' }], ['k2', { text: 'World', detectedSourceLang: '' }]]);
    expect(await cache.getMany(['k1', 'missing', 'k2'])).toEqual([
      { text: 'Hello', detectedSourceLang: 'DE' }, undefined, { text: 'World', detectedSourceLang: '' },
    ]);
    const stats = await cache.stats();
    expect(stats.entries).toBe(2);
    expect(stats.bytes).toBeGreaterThan(0);
    // Overwriting a key does not count it twice.
    await cache.setMany([['k1', { text: 'Hi', detectedSourceLang: 'DE' }]]);
    expect((await cache.stats()).entries).toBe(2);
  });

  it('evicts the least recently used entries past the entry cap', async () => {
    let time = 1_000_000_000;
    const cache = createTranslationCache({ store: freshStore(), maxEntries: 10, now: () => time });
    for (let i = 0; i < 10; i++) {
      time += 1000;
      await cache.setMany([[`k${i}`, { text: `t${i}`, detectedSourceLang: '' }]]);
    }
    // Using k0 and k1 (more than an hour later) makes them recent.
    time += 2 * 60 * 60 * 1000;
    await cache.getMany(['k0', 'k1']);
    time += 1000;
    await cache.setMany([['k10', { text: 't10', detectedSourceLang: '' }]]);
    const stats = await cache.stats();
    expect(stats.entries).toBeLessThanOrEqual(8);
    const found = await cache.getMany(Array.from({ length: 11 }, (_, i) => `k${i}`));
    expect(found[0]).toBeDefined();
    expect(found[1]).toBeDefined();
    expect(found[10]).toBeDefined();
    expect(found[2]).toBeUndefined(); // the oldest unused went first
    expect(found.filter(Boolean)).toHaveLength(stats.entries);
  });

  it('evicts past the byte cap', async () => {
    const cache = createTranslationCache({ store: freshStore(), maxBytes: 10_000 });
    for (let i = 0; i < 20; i++) await cache.setMany([[`k${i}`, { text: 'x'.repeat(1000), detectedSourceLang: '' }]]);
    expect((await cache.stats()).bytes).toBeLessThanOrEqual(10_000);
    expect((await cache.getMany(['k19']))[0]).toBeDefined();
  });

  it('clearCache empties the shared cache and cacheStats reports it', async () => {
    await defaultCache().setMany([['a', { text: 'A', detectedSourceLang: '' }]]);
    expect((await cacheStats()).entries).toBeGreaterThan(0);
    await clearCache();
    expect(await cacheStats()).toEqual({ entries: 0, bytes: 0 });
    expect(await defaultCache().getMany(['a'])).toEqual([undefined]);
  });
});

describe('glossary revisions', () => {
  it('bumping a glossary changes its revision and nothing else', async () => {
    expect(await glossaryRevision('g1')).toBe(0);
    await Promise.all([bumpGlossaryRevision('g1'), bumpGlossaryRevision('g1'), bumpGlossaryRevision('g2')]);
    expect(await glossaryRevision('g1')).toBe(2);
    expect(await glossaryRevision('g2')).toBe(1);
    expect(await glossaryRevision('g3')).toBe(0);
  });
});
