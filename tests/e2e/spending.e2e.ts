/// <reference types="chrome" />
// A page that keeps changing, in Chromium against the local server: after its first full
// translation, what it bills counts against the tab's ceiling (set low here); past it Glossa
// pauses without sending, the popup asks, and going on translates the page's new text again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossa, TEST_KEY, type Glossa } from './harness';

// Each run's items are new text: nothing comes from the cache of an earlier run.
const RUN = Date.now().toString(36);

const TICKER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Live ticker</title></head>
<body><main id="feed"><h1>Live market ticker</h1><p>Prices update every moment, all day long.</p></main>
<script>
  let n = 0;
  window.startTicker = () => {
    window.ticker = setInterval(() => {
      n += 1;
      const p = document.createElement('p');
      p.id = 'tick-' + n;
      p.textContent = 'Ticker item ' + n + ' of run ${RUN}: the market moved by ' + n + ' points today.';
      // Newest first, under the heading: always on screen, as a live ticker shows it.
      document.querySelector('#feed h1').after(p);
    }, 120);
  };
  window.stopTicker = () => clearInterval(window.ticker);
  window.lastTick = () => n;
</script></body></html>`;

const source = (n: number) => `Ticker item ${n} of run ${RUN}: the market moved by ${n} points today.`;

describe('per-tab spending ceiling', () => {
  let glossa: Glossa;

  async function spend(page: Page): Promise<{ firstPassDone?: boolean; beyond?: number; paused?: string } | undefined> {
    const tabId = await glossa.tabIdOf(page);
    return glossa.inWorker(async (id: number) => ((await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as { spend?: never } | undefined)?.spend, tabId);
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: T | undefined;
    while (Date.now() < deadline) {
      last = await read();
      if (done(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${what} did not happen within ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`);
  }

  const translated = (page: Page, n: number) => page.locator(`#tick-${n}`).innerText().then((text) => text !== source(n), () => false);

  beforeAll(async () => {
    glossa = await launchGlossa({
      settings: {
        defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
        spendingLimits: { tabCeiling: 2_000, monthlyBudget: 0 },
      },
    });
    await glossa.setStorage({ connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url } });
    glossa.pages.set('/ticker.html', TICKER);
  });

  afterAll(async () => {
    await glossa?.close();
  });

  it('pauses a page that keeps changing once it used its allowance, asks in the popup, and goes on when told', async () => {
    const page = await glossa.openPage('/ticker.html');
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    expect((await spend(page))?.firstPassDone).toBe(true);

    await page.evaluate(() => (window as unknown as { startTicker(): void }).startTicker());
    // New items are translated until the ceiling is used up; then the tab pauses.
    await until(() => translated(page, 1), Boolean, 'The first new item being translated');
    const paused = await until(() => spend(page), (s) => s?.paused === 'tab-ceiling', 'The tab pausing at its ceiling');
    expect(paused?.beyond).toBeGreaterThanOrEqual(2_000);

    // Paused: items keep arriving, nothing more is sent (once what was in flight has landed).
    const lastTick = () => page.evaluate(() => (window as unknown as { lastTick(): number }).lastTick());
    const translateCount = () => glossa.api.log.filter((r) => r.path === '/v2/translate').length;
    const settled = await lastTick();
    await until(lastTick, (n) => n >= settled + 3, 'Three more items arriving');
    const sent = translateCount();
    const before = await lastTick();
    await until(lastTick, (n) => n >= before + 5, 'Five more items arriving');
    expect(translateCount()).toBe(sent);
    expect(await translated(page, before + 4)).toBe(false);
    await page.evaluate(() => (window as unknown as { stopTicker(): void }).stopTicker());

    // The popup asks; going on translates the items that waited, and the page's new text again.
    const popup = await glossa.openPopup(page);
    await popup.getByText(/This page keeps changing and has used/).waitFor();
    await page.bringToFront();
    await popup.getByRole('button', { name: 'Keep translating' }).click();
    await until(() => spend(page), (s) => s?.paused === undefined, 'The pause ending');
    await until(() => translated(page, before + 4), Boolean, 'An item that waited during the pause being translated');
    const resumedAt = await lastTick();
    await page.evaluate(() => (window as unknown as { startTicker(): void }).startTicker());
    await until(() => translated(page, resumedAt + 2), Boolean, 'An item arriving after going on being translated');
    await page.evaluate(() => (window as unknown as { stopTicker(): void }).stopTicker());
    await popup.close();
  });
});
