// What a site translates, on a real saved page (../shared/pages, skipped when absent), in the
// run's browser: an `Only translate` rule for the article sends only the article's blocks and
// leaves the title and the navigation as they were. The browser-specific pointing tests:
// tests/e2e/pointing.e2e.ts (Chromium), tests/e2e-firefox/pointing.e2e.ts (Firefox).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GlossaHarness } from '../e2e-lib/harness';
import { launchHarness, type DriverPage } from '../e2e-lib/launch-harness';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { startPageServer, type PageServer } from '../e2e-lib/page-server';
import { articleTextInPage, PAGES_DIR, plainOf } from '../e2e-lib/pointing-pages';
import { defaults, sendCounts } from '../e2e-lib/requests';

let glossa: GlossaHarness<DriverPage> | undefined;
let saved: PageServer | undefined;

afterEach(async () => {
  await glossa?.close();
  await saved?.close();
  glossa = undefined;
  saved = undefined;
});

const browserName = e2eBrowser() === 'firefox' ? 'Firefox' : 'Chromium';

describe.skipIf(!existsSync(resolve(PAGES_DIR, 'heise.html')))(`what a site translates (${browserName}, heise.html)`, () => {
  it('an Only translate rule for article sends only blocks of the article', async () => {
    const g = (glossa = await launchHarness({ settings: { defaults: defaults('EN-US'), siteScopes: { '127.0.0.1': { only: ['article'], never: [] } } } }));
    saved = await startPageServer(PAGES_DIR);
    const page = await g.openPage(`${saved.url}/heise.html`, { waitUntil: 'domcontentloaded' });
    // The article's text and its translatable attributes (a link's title, an image's alt).
    const articleText = await page.evaluate(articleTextInPage);
    const title = await page.title();
    const nav = await page.evaluate(() => document.querySelector('nav')!.textContent);
    const before = g.api.log.length;
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    const sent = [...sendCounts(g.api.log, before).keys()];
    expect(sent.length).toBeGreaterThan(3);
    for (const text of sent) {
      const plain = plainOf(text);
      expect(articleText, plain).toContain(plain);
    }
    // The title and the navigation stay as they were.
    expect(await page.title()).toBe(title);
    expect(await page.evaluate(() => document.querySelector('nav')!.textContent)).toBe(nav);
  });
});
