// Pointing in Firefox on real saved pages (../shared/pages, skipped when absent), as in
// Chromium (tests/e2e/pointing.e2e.ts): hover with the modifier, the context menu path without
// hover, `Never translate this part` on a navigation bar, and an `Only translate` rule.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { navAndRestInPage, navOnly, PAGES_DIR, pointedCountInPage } from '../e2e-lib/pointing-pages';
import { defaults, sendCounts, textsOf, translateRequests } from '../e2e-lib/requests';
import { startPageServer, type PageServer } from '../e2e-lib/page-server';
import { pickerIn } from '../e2e-lib/closed-roots-firefox';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitUntil } from '../e2e-lib/wait';


let glossa: FirefoxGlossa | undefined;
let saved: PageServer | undefined;

afterEach(async () => {
  await glossa?.close();
  await saved?.close();
  glossa = undefined;
  saved = undefined;
});

async function start(settings: Record<string, unknown>, path: string): Promise<{ g: FirefoxGlossa; page: Page }> {
  glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('DE'), ...settings } });
  saved = await startPageServer(PAGES_DIR);
  const page = await glossa.openPage(`${saved.url}${path}`);
  return { g: glossa, page };
}

/** The centre-left of the nth paragraph with real prose, scrolled into view. */
async function paragraph(page: Page, nth: number): Promise<{ x: number; y: number }> {
  return page.evaluate((n) => {
    const p = [...document.querySelectorAll('p')].filter((el) => /[a-z]{4,}( [a-z]+){12,}/.test(el.textContent ?? ''))[n];
    p.scrollIntoView({ block: 'center' });
    const r = p.getBoundingClientRect();
    return { x: r.left + Math.min(40, r.width / 2), y: r.top + Math.min(8, r.height / 2) };
  }, nth);
}

const pointedCount = (page: Page) => page.evaluate(pointedCountInPage);

describe.skipIf(!existsSync(resolve(PAGES_DIR, 'wikipedia.html')))('pointing on saved pages (Firefox)', () => {
  it('hover with Alt sends exactly that block once, hides it again, and Translate page does not send it again', async () => {
    const { g } = await start({ hover: { enabled: true, modifier: 'Alt', sites: ['127.0.0.1'] } }, '/hukumusume.html');
    await waitUntil(async () => (await g.inExtension(async (browser) => (await browser.scripting.getRegisteredContentScripts()).length)) > 0, 'the hover script');
    const page = await g.openPage(`${saved!.url}/wikipedia.html`);
    const target = await paragraph(page, 3);
    const before = g.api.log.length;
    await page.mouse.move(target.x, target.y);
    await waitUntil(async () => {
      await page.keyboard.down('Alt');
      await page.keyboard.up('Alt');
      return waitUntil(async () => (await pointedCount(page)) === 1, 'the translation', 1500).then(() => true, () => false);
    }, 'the hovered paragraph to show its translation');
    const requests = translateRequests(g.api.log, before);
    expect(requests.map(textsOf)).toEqual([[expect.any(String)]]);
    const sent = textsOf(requests[0])[0];

    await page.keyboard.down('Alt');
    await page.keyboard.up('Alt');
    await waitUntil(async () => (await pointedCount(page)) === 0, 'the translation to hide');
    expect(translateRequests(g.api.log, before)).toHaveLength(1);

    const beforePage = g.api.log.length;
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    const counts = sendCounts(g.api.log, beforePage);
    expect(counts.size).toBeGreaterThan(20);
    expect(counts.has(sent)).toBe(false);
  });

  it('Translate this paragraph (context menu) works without hover and its host access', async () => {
    const { g, page } = await start({}, '/wikipedia.html');
    expect(await g.inExtension(async (browser) => (await browser.scripting.getRegisteredContentScripts()).length)).toBe(0);
    const target = await paragraph(page, 5);
    const before = g.api.log.length;
    await page.mouse.move(target.x, target.y);
    await g.clickMenu('translate-paragraph' as never, page);
    await waitUntil(async () => (await pointedCount(page)) === 1, 'the paragraph translation');
    expect(translateRequests(g.api.log, before).map(textsOf)).toEqual([[expect.any(String)]]);
  });
});

describe.skipIf(!existsSync(resolve(PAGES_DIR, 'heise.html')))('what a site translates (Firefox, heise.html)', () => {
  it('Never translate this part on the navigation bar restores it, and it is never sent again', async () => {
    const { g, page } = await start({ defaults: defaults('EN-US') }, '/heise.html');
    const navText = () => page.evaluate(() => document.querySelector('nav')!.textContent!.replace(/\s+/g, ' ').trim());
    // The page outside the nav: translated again after the reload (from the cache or by new requests, as timing has it).
    const restText = () => page.evaluate(() => { const copy = document.body.cloneNode(true) as HTMLElement; copy.querySelectorAll('nav').forEach((n) => n.remove()); return copy.textContent!.replace(/\s+/g, ' ').trim(); });
    const original = await navText();
    const restOriginal = await restText();
    const texts = await page.evaluate(navAndRestInPage);
    const firstPass = g.api.log.length;
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    expect(await navText()).not.toBe(original);
    // The nav's blocks, as the first translation sent them.
    const navSent = navOnly([...sendCounts(g.api.log, firstPass).keys()], texts);

    const box = await page.evaluate(() => {
      const a = document.querySelector('nav a')!;
      a.scrollIntoView({ block: 'center' });
      const r = a.getBoundingClientRect();
      return { x: r.left + 4, y: r.top + r.height / 2 };
    });
    await page.mouse.move(box.x, box.y);
    await g.clickMenu('exclude-element' as never, page);
    const picker = pickerIn(page, g);
    for (let i = 0; i < 10; i++) {
      const chosen = await picker.text('code');
      if (await page.evaluate((sel) => document.querySelector(sel)?.localName === 'nav', chosen)) break;
      await picker.click('button', 'Wider');
      await picker.waitFor((root, previous) => root.querySelector('code')?.textContent !== previous, chosen);
    }
    const selector = await picker.text('code');
    await picker.click('button', 'Save');
    await picker.waitFor((root) => root.textContent?.includes('Undo'));
    await waitUntil(async () => (await navText()) === original, 'the navigation bar to show its original');
    expect((await g.stored<Record<string, { never: string[] }>>('siteScopes'))['127.0.0.1'].never).toEqual([selector]);

    const before = g.api.log.length;
    await page.reload();
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    const sent = [...sendCounts(g.api.log, before).keys()];
    expect(await navText()).toBe(original);
    expect(navSent.length).toBeGreaterThan(2);
    expect(await restText()).not.toBe(restOriginal);
    expect(sent.filter((text) => navSent.includes(text))).toEqual([]);
  });
});
