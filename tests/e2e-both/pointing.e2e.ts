// Pointing, in the run's browser: hover translation with the modifier and the context menu's
// `Translate this paragraph` without hover (so without any host access of its own) on a real
// saved page, the command on the block holding the focus or caret, `Never translate this part`
// (undone on the project's page; on heise's navigation bar, never sent again) and an `Only
// translate` rule. Saved pages come from ../shared/pages (skipped when absent); what was sent is
// read from the local API server's request log.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { startPageServer, type PageServer } from '../e2e-lib/page-server';
import { launchPointing, type PointingBrowser, type PointingPage } from '../e2e-lib/pointing-browser';
import { articleTextInPage, navAndRestInPage, navOnly, PAGES_DIR, plainOf, pointedCountInPage } from '../e2e-lib/pointing-pages';
import { defaults, sendCounts, textsOf, translateRequests } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';

const HOVER_ALL = { enabled: true, modifier: 'Alt', sites: ['127.0.0.1'] };
const browserName = e2eBrowser() === 'firefox' ? 'Firefox' : 'Chromium';

let browser: PointingBrowser | undefined;
let saved: PageServer | undefined;

afterEach(async () => {
  await browser?.glossa.close();
  await saved?.close();
  browser = undefined;
  saved = undefined;
});

async function start(settings: Record<string, unknown>): Promise<PointingBrowser> {
  browser = await launchPointing({ settings: { defaults: defaults('DE'), ...settings } });
  return browser;
}

/** A saved page (../shared/pages), open once its DOM is (its outside resources never load). */
async function openSaved(b: PointingBrowser, name: string): Promise<PointingPage> {
  saved ??= await startPageServer(PAGES_DIR);
  return b.glossa.openPage(`${saved.url}/${name}`, { waitUntil: 'domcontentloaded' });
}

/** The nth paragraph with real prose, scrolled into view: a point near its start, and its text. */
function paragraph(page: PointingPage, nth: number): Promise<{ x: number; y: number; text: string }> {
  return page.evaluate((n) => {
    const p = [...document.querySelectorAll('p')].filter((el) => /[a-z]{4,}( [a-z]+){12,}/.test(el.textContent ?? ''))[n];
    p.scrollIntoView({ block: 'center' });
    const r = p.getBoundingClientRect();
    return { x: r.left + Math.min(40, r.width / 2), y: r.top + Math.min(8, r.height / 2), text: p.textContent ?? '' };
  }, nth);
}

/** The first link of the navigation bar, scrolled into view: a point on it. */
function navLink(page: PointingPage): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const a = document.querySelector('nav a')!;
    a.scrollIntoView({ block: 'center' });
    const r = a.getBoundingClientRect();
    return { x: r.left + Math.min(4, r.width / 2), y: r.top + r.height / 2 };
  });
}

const pointedCount = (page: PointingPage) => page.evaluate(pointedCountInPage);

describe.skipIf(!existsSync(resolve(PAGES_DIR, 'wikipedia.html')))(`pointing on saved pages (${browserName})`, () => {
  it('hover with Alt sends exactly that block once, hides it again, and Translate page does not send it again', async () => {
    const b = await start({});
    const g = b.glossa;
    const page = await openSaved(b, 'wikipedia.html');
    // Turned on with the page open: the page reacts without being loaded again.
    await g.setStorage({ hover: HOVER_ALL });
    await waitUntil(async () => (await b.registeredScripts()).length > 0, 'the hover script', 15_000);
    // What every page of a hover site loads is the hover script's listeners, not the page script.
    expect((await b.registeredScripts()).filter((file) => file !== 'browser-polyfill.js')).toEqual(['page-hover.js']);
    expect(await b.pageScriptIn(page)).toBe(false);
    const target = await paragraph(page, 3);
    const before = g.api.log.length;
    // The hover script is injected a moment after the setting changed: move over the paragraph,
    // as a reader does, and press until it listens, then exactly once (the next test leaves the
    // mouse resting instead).
    let nudge = 0;
    await waitUntil(async () => {
      await page.mouse.move(target.x + (nudge++ % 2), target.y);
      await page.keyboard.down('Alt');
      await page.keyboard.up('Alt');
      return waitUntil(async () => (await pointedCount(page)) === 1, 'the translation', 1500).then(() => true, () => false);
    }, 'the hovered paragraph to show its translation', 20_000);
    // The first point brought the page script.
    expect(await b.pageScriptIn(page)).toBe(true);
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

    // Two paragraphs in turn: the one after shows beside the first, not taken for it.
    await page.mouse.move(target.x, target.y);
    await page.keyboard.down('Alt');
    await page.keyboard.up('Alt');
    await waitUntil(async () => (await pointedCount(page)) === 1, 'the first paragraph again', 10_000);
    const next = await paragraph(page, 4);
    await page.mouse.move(next.x, next.y);
    await page.keyboard.down('Alt');
    await page.keyboard.up('Alt');
    await waitUntil(async () => (await pointedCount(page)) === 2, 'the next paragraph beside it', 10_000);

    // The whole page: every block but that one is sent; that one comes from the cache and is shown translated.
    const beforePage = g.api.log.length;
    await b.command('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    const counts = sendCounts(g.api.log, beforePage);
    expect(counts.size).toBeGreaterThan(20);
    expect(counts.has(sent[0])).toBe(false);
    const stillOriginal = await page.evaluate((w) => [...document.querySelectorAll('p')].some((p) => w.every((word) => (p.textContent ?? '').includes(word))), words);
    expect(stillOriginal).toBe(false);
  });

  it('hover with Alt translates the paragraph under a mouse that rested there since before Glossa listened', async () => {
    const b = await start({});
    const g = b.glossa;
    const page = await openSaved(b, 'wikipedia.html');
    const target = await paragraph(page, 2);
    // The mouse comes to rest before hover is turned on: the hover script, injected afterwards,
    // never gets a move (the reader reads; the page loaded under the mouse).
    await page.mouse.move(target.x, target.y);
    await g.setStorage({ hover: HOVER_ALL });
    await waitUntil(async () => (await b.registeredScripts()).length > 0, 'the hover script', 15_000);
    const before = g.api.log.length;
    // Pressed until the script listens; the mouse does not move.
    await waitUntil(async () => {
      await page.keyboard.down('Alt');
      await page.keyboard.up('Alt');
      return waitUntil(async () => (await pointedCount(page)) === 1, 'the translation', 1500).then(() => true, () => false);
    }, 'the paragraph under the resting mouse to show its translation', 20_000);
    const sent = translateRequests(g.api.log, before).map(textsOf);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(1);
    const words = target.text.replace(/\[\d+\]/g, '').split(/\s+/).filter((w) => /^[A-Za-z]{5,}$/.test(w)).slice(0, 6);
    for (const word of words) expect(sent[0][0]).toContain(word);
  });

  it('Translate this paragraph (context menu) works with no hover setting and no host access of its own', async () => {
    const b = await start({});
    const g = b.glossa;
    expect(await b.registeredScripts()).toEqual([]);
    expect(await b.hasAllSites()).toBe(false);
    const page = await openSaved(b, 'wikipedia.html');
    const target = await paragraph(page, 5);
    const before = g.api.log.length;
    await b.menuAt('translate-paragraph', page, target);
    await waitUntil(async () => (await pointedCount(page)) === 1, 'the paragraph translation', 20_000);
    expect(translateRequests(g.api.log, before).map(textsOf)).toEqual([[expect.any(String)]]);
    expect(await page.evaluate(() => document.querySelector('glossa-translation')!.closest('p') !== null)).toBe(true);
  });
});

describe(`pointing by keyboard (${browserName}, the project's own page)`, () => {
  it('the command translate-paragraph translates the block holding the focus, and again hides it', async () => {
    const b = await start({});
    const g = b.glossa;
    const page = await g.openPage('/article.html');
    await page.evaluate(() => document.querySelector<HTMLElement>('#first a')!.focus());
    const before = g.api.log.length;
    await b.command('translate-paragraph', page);
    await waitUntil(async () => (await page.evaluate(() => document.querySelectorAll('#first > glossa-translation').length)) === 1, 'the focused paragraph', 20_000);
    expect(translateRequests(g.api.log, before).map(textsOf)).toEqual([['The river was <b id="1">quiet</b> this morning, and the <a id="2">birds</a> were singing.']]);
    await b.command('translate-paragraph', page);
    await waitUntil(async () => (await pointedCount(page)) === 0, 'the translation to hide', 10_000);
    // The caret works as the focus does: a click in the last paragraph puts it there.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      const last = [...document.querySelectorAll('p')].at(-1)!;
      getSelection()!.collapse(last.firstChild!, 4);
    });
    await b.command('translate-paragraph', page);
    await waitUntil(async () => (await page.evaluate(() => [...document.querySelectorAll('p')].at(-1)!.querySelector('glossa-translation') !== null)), 'the paragraph holding the caret', 10_000);
  });
});

describe(`Never translate this part, undone (${browserName}, the project's own page)`, () => {
  it('saves the picked nav for the site, restores it at once, and Undo brings its translation back', async () => {
    const b = await start({});
    const g = b.glossa;
    const page = await g.openPage('/article.html');
    const navText = () => page.evaluate(() => document.querySelector('nav')!.textContent);
    const original = await navText();
    await b.command('translate-page', page);
    await g.waitForPhase(page, 'translated');
    const translated = await navText();
    expect(translated).not.toBe(original);
    await b.menuAt('exclude-element', page, await navLink(page));
    const picker = b.picker(page);
    // The link first (its own words name it only by position), then its parent, the nav.
    expect(await picker.text('code')).toMatch(/^(nav > )?a/);
    await picker.click('button', 'Wider');
    await picker.waitFor((root) => root.querySelector('code')?.textContent === 'nav');
    await picker.click('button', 'Save');
    await waitUntil(async () => (await navText()) === original, 'the nav to show its original', 15_000);
    expect(await b.stored('siteScopes')).toEqual({ '127.0.0.1': { only: [], never: ['nav'] } });
    await picker.click('button', 'Undo');
    await waitUntil(async () => (await navText()) === translated, 'the nav to be translated again', 15_000);
    expect(await b.stored('siteScopes')).toEqual({});
    await picker.waitForClosed();
  });
});

describe.skipIf(!existsSync(resolve(PAGES_DIR, 'heise.html')))(`what a site translates (${browserName}, heise.html)`, () => {
  it('Never translate this part on the navigation bar restores it on the translated page, and it is never sent again', async () => {
    const b = await start({ defaults: defaults('EN-US') });
    const g = b.glossa;
    const page = await openSaved(b, 'heise.html');
    const navText = () => page.evaluate(() => document.querySelector('nav')!.textContent!.replace(/\s+/g, ' ').trim());
    // The page outside the nav: translated again after the reload (from the cache or by new requests, as timing has it).
    const restText = () => page.evaluate(() => { const copy = document.body.cloneNode(true) as HTMLElement; copy.querySelectorAll('nav').forEach((n) => n.remove()); return copy.textContent!.replace(/\s+/g, ' ').trim(); });
    const original = await navText();
    const restOriginal = await restText();
    const texts = await page.evaluate(navAndRestInPage);
    const firstPass = g.api.log.length;
    await b.command('translate-page', page);
    await g.waitForPhase(page, 'translated', 60_000);
    expect(await navText()).not.toBe(original);
    // The nav's blocks, as the first translation sent them.
    const navSent = navOnly([...sendCounts(g.api.log, firstPass).keys()], texts);

    // Right-click a link in the navigation, then widen the choice until it is the nav itself.
    await b.menuAt('exclude-element', page, await navLink(page));
    const picker = b.picker(page);
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
    expect((await b.stored<Record<string, { never: string[] }>>('siteScopes'))['127.0.0.1'].never).toEqual([selector]);
    const before = g.api.log.length;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await b.command('translate-page', page);
    // Until the reloaded page has completed, the tab's state may still be the last page's
    // "translated": the page's text says when this translation is there, then its state.
    await waitUntil(async () => (await restText()) !== restOriginal, 'the page outside the nav translated again', 60_000);
    await g.waitForPhase(page, 'translated', 60_000);
    const sent = [...sendCounts(g.api.log, before).keys()];
    expect(navSent.length).toBeGreaterThan(2);
    expect(await navText()).toBe(original);
    expect(sent.filter((text) => navSent.includes(text))).toEqual([]);
  });

  it('an Only translate rule for article sends only blocks of the article', async () => {
    const b = await start({ defaults: defaults('EN-US'), siteScopes: { '127.0.0.1': { only: ['article'], never: [] } } });
    const g = b.glossa;
    const page = await openSaved(b, 'heise.html');
    // The article's text and its translatable attributes (a link's title, an image's alt).
    const articleText = await page.evaluate(articleTextInPage);
    const title = await page.title();
    const nav = await page.evaluate(() => document.querySelector('nav')!.textContent);
    const before = g.api.log.length;
    await b.command('translate-page', page);
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
