// Pointing on real saved pages (../shared/pages, skipped when absent): hover translation with
// the modifier, the context menu `translate-paragraph` without hover (so without any host
// access of its own), `Never translate this part` on a navigation bar, and an `Only translate`
// rule. What was sent is read from the local API server's request log.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { navAndRestInPage, navOnly, PAGES_DIR, pointedCountInPage } from '../e2e-lib/pointing-pages';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { defaults, sendCounts, textsOf, translateRequests } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';
import { startPageServer, type PageServer } from '../e2e-lib/page-server';
import { pickerIn } from '../e2e-lib/closed-roots-chromium';

const HOVER_ALL = { enabled: true, modifier: 'Alt', sites: ['127.0.0.1'] };

let glossa: ChromiumGlossa | undefined;
let saved: PageServer | undefined;

afterEach(async () => {
  await glossa?.close();
  await saved?.close();
  glossa = undefined;
  saved = undefined;
});

async function start(settings: Record<string, unknown>): Promise<{ glossa: ChromiumGlossa; saved: PageServer }> {
  glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE'), ...settings } });
  saved = await startPageServer(PAGES_DIR);
  return { glossa, saved };
}

/** Waits until the background has registered the hover script (the setting was just written). */
async function hoverRegistered(g: ChromiumGlossa): Promise<void> {
  await waitUntil(async () => (await g.inWorker(async () => (await chrome.scripting.getRegisteredContentScripts()).length)) > 0, 'the hover script', 15_000);
}

/** The nth paragraph with real prose, scrolled into view; its centre on screen. */
async function paragraph(page: Page, nth: number): Promise<{ x: number; y: number; text: string }> {
  const handle = page.locator('p').filter({ hasText: /[a-z]{4,}( [a-z]+){12,}/ }).nth(nth);
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  return { x: box.x + Math.min(40, box.width / 2), y: box.y + Math.min(8, box.height / 2), text: (await handle.textContent()) ?? '' };
}

const pointedCount = (page: Page) => page.evaluate(pointedCountInPage);

describe.skipIf(!existsSync(resolve(PAGES_DIR, 'wikipedia.html')))('pointing on saved pages (Chromium)', () => {
  it('hover with Alt sends exactly that block once, hides it again, and Translate page does not send it again', async () => {
    const { glossa: g, saved: s } = await start({});
    const page = await g.context.newPage();
    await page.goto(`${s.url}/wikipedia.html`, { waitUntil: 'domcontentloaded' });
    await page.bringToFront();
    // Turned on with the page open: the page reacts without being loaded again.
    await g.setStorage({ hover: HOVER_ALL });
    await hoverRegistered(g);
    const target = await paragraph(page, 3);
    const before = g.api.log.length;
    await page.mouse.move(target.x, target.y);
    // The page script asks for its setup once it loads: press until it listens, then exactly once.
    await waitUntil(async () => {
      await page.keyboard.down('Alt');
      await page.keyboard.up('Alt');
      return (await waitUntil(async () => (await pointedCount(page)) === 1, 'the translation', 1500).then(() => true, () => false));
    }, 'the hovered paragraph to show its translation', 20_000);
    const requests = translateRequests(g.api.log, before);
    expect(requests).toHaveLength(1);
    const [sent] = requests.map(textsOf);
    expect(sent).toHaveLength(1);
    // Exactly that block: its words, and no other paragraph's.
    const words = target.text.replace(/\[\d+\]/g, '').split(/\s+/).filter((w) => /^[A-Za-z]{5,}$/.test(w)).slice(0, 6);
    for (const word of words) expect(sent[0]).toContain(word);
    const shown = await page.evaluate(() => document.querySelector('glossa-translation[data-glossa-pointed]')!.parentElement!.localName);
    expect(shown).toBe('p');

    // Again: hidden, nothing sent.
    await page.keyboard.down('Alt');
    await page.keyboard.up('Alt');
    await waitUntil(async () => (await pointedCount(page)) === 0, 'the translation to hide', 10_000);
    expect(translateRequests(g.api.log, before)).toHaveLength(1);

    // The whole page: every block but that one is sent; that one comes from the cache and is shown translated.
    const beforePage = g.api.log.length;
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    const counts = sendCounts(g.api.log, beforePage);
    expect(counts.size).toBeGreaterThan(20);
    expect(counts.has(sent[0])).toBe(false);
    const stillOriginal = await page.evaluate((w) => [...document.querySelectorAll('p')].some((p) => w.every((word) => (p.textContent ?? '').includes(word))), words);
    expect(stillOriginal).toBe(false);
  });

  it('Translate this paragraph (context menu) works with no hover setting and no host access of its own', async () => {
    const { glossa: g, saved: s } = await start({});
    expect(await g.inWorker(async () => (await chrome.scripting.getRegisteredContentScripts()).length)).toBe(0);
    expect(await g.inWorker(async () => chrome.permissions.contains({ origins: ['*://*/*'] }))).toBe(false);
    const page = await g.context.newPage();
    await page.goto(`${s.url}/wikipedia.html`, { waitUntil: 'domcontentloaded' });
    await page.bringToFront();
    const target = await paragraph(page, 5);
    const before = g.api.log.length;
    await page.mouse.move(target.x, target.y);
    await page.mouse.click(target.x, target.y, { button: 'right' });
    await g.clickMenu('translate-paragraph', page);
    await waitUntil(async () => (await pointedCount(page)) === 1, 'the paragraph translation', 20_000);
    const requests = translateRequests(g.api.log, before);
    expect(requests.map(textsOf)).toEqual([[expect.any(String)]]);
    expect(await page.evaluate(() => document.querySelector('glossa-translation')!.closest('p') !== null)).toBe(true);
  });
});

describe('pointing by keyboard (Chromium, the project\'s own page)', () => {
  it('the command translate-paragraph translates the block holding the focus, and again hides it', async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE') } });
    const g = glossa;
    const page = await g.openPage('/article.html');
    await page.focus('#first a');
    const before = g.api.log.length;
    await g.dispatchCommand('translate-paragraph', page);
    await waitUntil(async () => (await page.evaluate(() => document.querySelectorAll('#first > glossa-translation').length)) === 1, 'the focused paragraph', 20_000);
    expect(translateRequests(g.api.log, before).map(textsOf)).toEqual([['The river was <b id="1">quiet</b> this morning, and the <a id="2">birds</a> were singing.']]);
    await g.dispatchCommand('translate-paragraph', page);
    await waitUntil(async () => (await pointedCount(page)) === 0, 'the translation to hide', 10_000);
    // The caret works as the focus does: a click in the last paragraph puts it there.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      const last = [...document.querySelectorAll('p')].at(-1)!;
      getSelection()!.collapse(last.firstChild!, 4);
    });
    await g.dispatchCommand('translate-paragraph', page);
    await waitUntil(async () => (await page.evaluate(() => [...document.querySelectorAll('p')].at(-1)!.querySelector('glossa-translation') !== null)), 'the paragraph holding the caret', 10_000);
  });
});

describe('Never translate this part, undone (Chromium, the project\'s own page)', () => {
  it('saves the picked nav for the site, restores it at once, and Undo brings its translation back', async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE') } });
    const g = glossa;
    const page = await g.openPage('/article.html');
    const navText = () => page.evaluate(() => document.querySelector('nav')!.textContent);
    const original = await navText();
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated');
    const translated = await navText();
    expect(translated).not.toBe(original);
    const link = (await page.locator('nav a').first().boundingBox())!;
    await page.mouse.move(link.x + 2, link.y + link.height / 2);
    await page.mouse.click(link.x + 2, link.y + link.height / 2, { button: 'right' });
    await g.clickMenu('exclude-element', page);
    const picker = pickerIn(page, g.extensionId);
    // The link first (its own words name it only by position), then its parent, the nav.
    expect(await picker.text('code')).toMatch(/^(nav > )?a/);
    await picker.click('button', 'Wider');
    await picker.waitFor((root) => root.querySelector('code')?.textContent === 'nav');
    await picker.click('button', 'Save');
    await waitUntil(async () => (await navText()) === original, 'the nav to show its original', 15_000);
    const stored = () => g.inWorker(async () => (await chrome.storage.local.get('siteScopes')).siteScopes as Record<string, unknown> | undefined);
    expect(await stored()).toEqual({ '127.0.0.1': { only: [], never: ['nav'] } });
    await picker.click('button', 'Undo');
    await waitUntil(async () => (await navText()) === translated, 'the nav to be translated again', 15_000);
    expect(await stored()).toEqual({});
    await picker.waitForClosed();
  });
});

describe.skipIf(!existsSync(resolve(PAGES_DIR, 'heise.html')))('what a site translates (Chromium, heise.html)', () => {
  it('Never translate this part on the navigation bar restores it on the translated page, and it is never sent again', async () => {
    const { glossa: g, saved: s } = await start({ defaults: defaults('EN-US') });
    const page = await g.context.newPage();
    await page.goto(`${s.url}/heise.html`, { waitUntil: 'domcontentloaded' });
    await page.bringToFront();
    const navText = async () => page.evaluate(() => document.querySelector('nav')!.textContent!.replace(/\s+/g, ' ').trim());
    // The page outside the nav: translated again after the reload (from the cache or by new requests, as timing has it).
    const restText = async () => page.evaluate(() => { const copy = document.body.cloneNode(true) as HTMLElement; copy.querySelectorAll('nav').forEach((n) => n.remove()); return copy.textContent!.replace(/\s+/g, ' ').trim(); });
    const original = await navText();
    const restOriginal = await restText();
    const texts = await page.evaluate(navAndRestInPage);
    const firstPass = g.api.log.length;
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    expect(await navText()).not.toBe(original);
    // The nav's blocks, as the first translation sent them.
    const navSent = navOnly([...sendCounts(g.api.log, firstPass).keys()], texts);

    // Right-click a link in the navigation, then widen the choice until it is the nav itself.
    const link = page.locator('nav a').first();
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.click(box.x + 4, box.y + box.height / 2, { button: 'right' });
    await g.clickMenu('exclude-element', page);
    const picker = pickerIn(page, g.extensionId);
    for (let i = 0; i < 10; i++) {
      const chosen = await picker.text('code');
      if (await page.evaluate((sel) => document.querySelector(sel)?.localName === 'nav', chosen)) break;
      await picker.click('button', 'Wider');
      await picker.waitFor((root, previous) => root.querySelector('code')?.textContent !== previous, chosen);
    }
    const selector = await picker.text('code');
    expect(await page.evaluate((sel) => document.querySelector(sel)?.localName, selector)).toBe('nav');
    await picker.click('button', 'Save');
    await picker.waitFor((root) => root.textContent?.includes('Undo'));
    await waitUntil(async () => (await navText()) === original, 'the navigation bar to show its original', 15_000);

    // Stored for the site; a fresh translation of the page sends nothing from the nav.
    const stored = await g.inWorker(async () => (await chrome.storage.local.get('siteScopes')).siteScopes as Record<string, { never: string[] }>);
    expect(stored['127.0.0.1'].never).toEqual([selector]);
    const before = g.api.log.length;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await g.dispatchCommand('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    const sent = [...sendCounts(g.api.log, before).keys()];
    expect(navSent.length).toBeGreaterThan(2);
    expect(await restText()).not.toBe(restOriginal);
    expect(await navText()).toBe(original);
    expect(sent.filter((text) => navSent.includes(text))).toEqual([]);
  });
});
