// The API key and the usage by site are out of a content script's reach (issue 12.2): code run in
// Glossa's own content script of a translated tab (its isolated world, found over CDP) cannot
// read them from storage, although the background and the options page still can.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { defaults, html } from '../e2e-lib/requests';

const SECRET = 'sk-private-storage-7d1e-SECRET';

describe('private data is unreadable by content scripts', () => {
  let glossa: ChromiumGlossa;

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ server: { keys: [SECRET] }, settings: { defaults: defaults('DE') } });
    await glossa.setStorage({ connection: { apiKey: SECRET, plan: 'custom', customUrl: glossa.api.url } });
    glossa.pages.set('/private/article.html', html('Private article', '<p id="one">A paragraph translated once, so usage is recorded for this site.</p>'));
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('a content script of a translated tab reads neither the key nor the usage', async () => {
    const page = await glossa.openPage('/private/article.html');
    const cdp = await glossa.context.newCDPSession(page);
    const contexts: { id: number; origin: string; type: string }[] = [];
    cdp.on('Runtime.executionContextCreated', (event: { context: { id: number; origin: string; auxData?: { type?: string } } }) => {
      contexts.push({ id: event.context.id, origin: event.context.origin, type: event.context.auxData?.type ?? '' });
    });
    await cdp.send('Runtime.enable');
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    const usage = await glossa.inWorker(async () => JSON.stringify(await chrome.storage.local.get('usage')));
    expect(usage).toContain('127.0.0.1'); // the background recorded the site and can read it back

    await expect.poll(() => contexts.some((c) => c.type === 'isolated' && c.origin.startsWith(glossa.extensionUrl))).toBe(true);
    const world = contexts.find((c) => c.type === 'isolated' && c.origin.startsWith(glossa.extensionUrl))!;
    const attempt = `(async () => {
      const api = globalThis.chrome ?? globalThis.browser;
      try { return JSON.stringify(await api.storage.local.get(null)); } catch (err) { return 'refused: ' + (err && err.message); }
    })()`;
    const result = await cdp.send('Runtime.evaluate', { expression: attempt, contextId: world.id, awaitPromise: true, returnByValue: true });
    const seen = String((result as { result: { value?: string } }).result.value);
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain('127.0.0.1');
    expect(seen).toMatch(/^refused: /);
  });
});
