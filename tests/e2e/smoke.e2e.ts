import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';

describe('smoke: Glossa loads in Chromium and translates a page', () => {
  let glossa: ChromiumGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } } });
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('runs its service worker and serves its extension pages', async () => {
    expect(glossa.extensionId).toMatch(/^[a-p]{32}$/);
    const manifest = await glossa.inWorker(() => chrome.runtime.getManifest());
    expect(manifest.name).toBe('Glossa');
  });

  it('translates a page on the shortcut, keeping links, and restores it exactly', async () => {
    const page = await glossa.openPage('/article.html');
    const before = await page.evaluate(() => document.body.innerHTML);
    await glossa.dispatchCommand('translate-page', page);
    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.failed).toBe(0);
    expect(state.billedCharacters).toBeGreaterThan(0);

    const first = page.locator('#first');
    expect(await first.innerText()).not.toContain('The river was');
    // The page's own link element is reused, with its href untouched.
    expect(await first.locator('a').getAttribute('href')).toBe('https://example.org/birds');
    expect(await page.locator('pre').innerText()).toBe('do not translate this');
    const sent = glossa.api.log.filter((r) => r.path === '/v2/translate');
    expect(sent.length).toBeGreaterThan(0);

    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
  });
});
