// TEMPORARY check by the API engineer (deleted after use): page translation through the background pipeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGlossa, type Glossa } from './harness';

describe('pipeline check', () => {
  let glossa: Glossa;
  beforeAll(async () => {
    glossa = await launchGlossa({ settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'more', modelType: 'latency_optimized', bilingual: false } } });
  }, 120_000);
  afterAll(async () => {
    await glossa?.close();
  });

  it('translates, then a reload is served from the cache', async () => {
    const page = await glossa.openPage('/article.html');
    await glossa.dispatchCommand('translate-page', page);
    const state = await glossa.waitForPhase(page, 'translated');
    const translateLog = () => glossa.api.log.filter((r) => r.path === '/v2/translate');
    console.log('first', JSON.stringify(state), translateLog().map((r) => [r.status, r.textCount, r.billedCharacters, r.bodyBytes]));
    const firstRequests = translateLog().length;
    expect(firstRequests).toBeGreaterThan(0);
    await page.reload();
    await glossa.dispatchCommand('translate-page', page);
    const again = await glossa.waitForPhase(page, 'translated');
    console.log('reload', JSON.stringify(again), translateLog().length - firstRequests);
    expect(translateLog().length).toBe(firstRequests);
    const usage = await glossa.inWorker(async () => chrome.storage.local.get('usage'));
    console.log('usage', JSON.stringify(usage));
  }, 120_000);
});
