/// <reference types="chrome" />
// The spending ceiling in Chromium against the local server: a page of an always-translate site
// that reloads itself every second with 2,000 new characters. Every load is translated as it
// loads until the site's characters in the last hour reach the ceiling (set low here); then
// Glossa pauses the site without sending, loads keep coming and nothing is billed, the popup
// asks, and the user's Continue translates the site's page again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { translateRequests } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';

// Each run's text is new: nothing comes from the cache of an earlier run.
const RUN = Date.now().toString(36);
const CEILING = 10_000;

/** 200 characters of item `i` of load `n`: ten of them are the 2,000 new characters of a load. */
const itemText = `(n, i) => ('Load ' + n + ', item ' + i + ' of run ${RUN}: ' + 'fresh words arrive with every reload of this page and nobody asked for them. '.repeat(3)).slice(0, 199) + '.'`;

/** The page: ten new paragraphs on every load; with `reload`, the next load follows a second later. */
const reloader = (reload: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reloads itself</title></head>
<body><main id="feed"><h1>Fresh every second</h1></main>
<script>
  const n = Number(new URLSearchParams(location.search).get('n') || '0');
  const itemText = ${itemText};
  const feed = document.getElementById('feed');
  for (let i = 0; i < 10; i++) {
    const p = document.createElement('p');
    p.id = 'item-' + i;
    p.textContent = itemText(n, i);
    feed.append(p);
  }
  window.loadNumber = n;
  window.reloading = ${reload};
  if (${reload} && n > 0) setTimeout(() => location.replace('/reloader.html?n=' + (n + 1)), 1000);
</script></body></html>`;

interface SiteSpend { billed: [number, number][]; granted: [number, number][]; paused?: boolean }

describe('spending ceiling per site per hour', () => {
  let glossa: ChromiumGlossa;

  const siteRecord = () => glossa.inWorker(async () => ((await chrome.storage.session.get('siteSpending')).siteSpending as Record<string, SiteSpend> | undefined)?.['127.0.0.1']);
  const spent = (record: SiteSpend | undefined) => (record?.billed ?? []).reduce((sum, [, characters]) => sum + characters, 0);
  const loadNumber = (page: Page) => page.evaluate(() => (window as unknown as { loadNumber?: number }).loadNumber ?? -1).catch(() => -1);
  const requestCount = () => translateRequests(glossa.api.log).length;

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({
      settings: {
        defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
        siteRules: { always: ['127.0.0.1'], never: [] },
        spendingLimits: { siteHourCeiling: CEILING, monthlyBudget: 0 },
      },
    });
    await glossa.setStorage({ connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url } });
    glossa.pages.set('/reloader.html', reloader(true));
  });

  afterAll(async () => {
    await glossa?.close();
  });

  it('stops a page that reloads itself with new text at the ceiling, asks in the popup, and honours Continue', async () => {
    const page = await glossa.openPage('/reloader.html');
    const tabId = await glossa.tabIdOf(page);
    await page.evaluate(() => location.replace('/reloader.html?n=1'));

    // Loads are translated as they load, until the site's hour reaches the ceiling.
    await waitUntil(async () => (await siteRecord())?.paused === true, 'the site pausing at its ceiling', 60_000);
    const pausedRecord = await siteRecord();
    expect(spent(pausedRecord)).toBeGreaterThanOrEqual(CEILING);
    // What was in flight when the ceiling was reached still landed, nothing more: about one load's worth.
    expect(spent(pausedRecord)).toBeLessThan(CEILING + 2 * 2_000);
    const pausedAt = await loadNumber(page);
    expect(pausedAt).toBeGreaterThanOrEqual(5); // 2,000 characters a load: the ceiling is five loads

    // Paused: the page keeps reloading with new text, and nothing more is sent.
    await waitUntil(async () => (await loadNumber(page)) >= pausedAt + 2, 'two more loads', 30_000);
    const sent = requestCount();
    const before = await loadNumber(page);
    await waitUntil(async () => (await loadNumber(page)) >= before + 3, 'three more loads', 30_000);
    expect(requestCount()).toBe(sent);
    expect(spent(await siteRecord())).toBe(spent(pausedRecord));
    const untranslated = await page.locator('#item-0').innerText().catch(() => '');
    expect(untranslated).toMatch(/^Load \d+, item 0 of run/);

    // The page stops reloading (its next load is the last), and the popup asks.
    glossa.pages.set('/reloader.html', reloader(false));
    const popup = await glossa.openPopup(page);
    await popup.getByText(/This site has used [\d,]+ characters in the last hour/).waitFor();
    await page.bringToFront();
    await waitUntil(async () => (await page.evaluate(() => (window as unknown as { reloading?: boolean }).reloading).catch(() => undefined)) === false
      && (await glossa.inWorker(async (id: number) => (await chrome.tabs.get(id)).status, tabId)) === 'complete', 'the last load', 30_000);
    const last = await loadNumber(page);
    expect(await page.locator('#item-0').innerText()).toMatch(/^Load \d+, item 0 of run/);

    // Continue: the site gets another ceiling's worth, and the page on screen is translated.
    await popup.getByRole('button', { name: 'Keep translating' }).click();
    await waitUntil(async () => (await siteRecord())?.paused !== true, 'the pause ending', 30_000);
    await waitUntil(async () => !/^Load \d+, item 9 of run/.test(await page.locator('#item-9').innerText().catch(() => 'Load 0, item 9 of run')), 'the last load being translated', 30_000);
    expect(await loadNumber(page)).toBe(last);
    expect(requestCount()).toBeGreaterThan(sent);
    const after = await siteRecord();
    expect(after?.granted).toHaveLength(1);
    expect(spent(after)).toBeGreaterThan(spent(pausedRecord));
    await popup.close();
  });
});
