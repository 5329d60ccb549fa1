/// <reference types="chrome" />
// Every way a user starts a translation, in Chromium against the local server: the popup
// (translate, show original, errors in plain words), the keyboard command, both context-menu
// items, the badge in each state, site rules (always on load, never even on the shortcut) and
// the state surviving the service worker being stopped.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';

interface Badge {
  text: string;
  title: string;
  color: number[];
}

describe('popup, shortcuts, menus, badge and site rules', () => {
  let glossa: ChromiumGlossa;
  const opened: Page[] = [];

  async function open(path = '/article.html'): Promise<Page> {
    const page = await glossa.openPage(path);
    opened.push(page);
    return page;
  }

  /**
   * The popup opened as a tab for `page`. A real popup floats over a visible page; as a tab it
   * would hide the page, and the engine pauses in hidden tabs: so the page stays in front.
   */
  async function popupFor(page: Page): Promise<Page> {
    const popup = await glossa.openPopup(page);
    opened.push(popup);
    await popup.getByLabel('Target language').waitFor();
    await page.bringToFront();
    return popup;
  }

  async function badge(page: Page): Promise<Badge> {
    const tabId = await glossa.tabIdOf(page);
    return glossa.inWorker(async (id: number) => ({
      text: await chrome.action.getBadgeText({ tabId: id }),
      title: await chrome.action.getTitle({ tabId: id }),
      color: await chrome.action.getBadgeBackgroundColor({ tabId: id }),
    }), tabId);
  }

  const firstParagraph = (page: Page) => page.locator('#first').innerText();
  const translateRequests = () => glossa.api.log.filter((r) => r.path === '/v2/translate');

  async function configure(settings: Record<string, unknown> = {}): Promise<void> {
    await glossa.inWorker(async () => chrome.storage.local.clear());
    await glossa.setStorage({
      connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url },
      defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
      ...settings,
    });
  }

  beforeAll(async () => {
    glossa = await launchGlossaInChromium();
  });
  afterAll(async () => {
    await glossa?.close();
  });
  /** Empties the translation cache (IndexedDB in the worker), so each test reaches the server. */
  async function clearTranslationCache(): Promise<void> {
    await glossa.inWorker(async () => {
      // Never create the database here: idb-keyval creates its store only when it creates the database.
      if (!(await indexedDB.databases()).some((d) => d.name === 'glossa-cache')) return;
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('glossa-cache');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('translations')) {
            db.close();
            resolve();
            return;
          }
          const tx = db.transaction('translations', 'readwrite');
          tx.objectStore('translations').clear();
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    });
  }

  beforeEach(async () => {
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
    await glossa.api.reset();
    await clearTranslationCache();
    await configure();
  });

  it('popup: translates the page with the chosen options, then shows the original again', async () => {
    const page = await open();
    const original = await page.locator('body').innerHTML();
    const before = await firstParagraph(page);
    const popup = await popupFor(page);
    await popup.getByLabel('Target language').selectOption('FR');
    await popup.getByLabel('Formality').selectOption('prefer_more');
    await popup.getByRole('button', { name: 'Translate page' }).click();

    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.done).toBe(state.total);
    expect(state.billedCharacters).toBeGreaterThan(0);
    expect(await firstParagraph(page)).not.toBe(before);
    const sent = translateRequests()[0].params as { target_lang: string; formality?: string };
    expect(sent).toMatchObject({ target_lang: 'FR', formality: 'prefer_more' });

    // The popup follows live: progress, billed characters and the other button.
    await popup.getByText(`${state.total} of ${state.total} blocks translated`).waitFor();
    await popup.getByText(new RegExp(`${state.billedCharacters.toLocaleString('en-US')} characters billed`)).waitFor();
    expect(await badge(page)).toMatchObject({ text: 'FR', color: [0x15, 0x80, 0x3d, 255] });

    await popup.getByRole('button', { name: 'Show original' }).click();
    await glossa.waitForPhase(page, 'original');
    await page.waitForFunction((html) => document.body.innerHTML === html, original);
    await popup.getByRole('button', { name: 'Translate page' }).waitFor();
    expect((await badge(page)).text).toBe('');

    // Reopened, the popup remembers the choices.
    const again = await popupFor(page);
    await again.waitForFunction(() => (document.getElementById('target-language') as HTMLSelectElement).value === 'FR');
  });

  it('shortcut: translate-page translates, and pressed again shows the original', async () => {
    const page = await open();
    const before = await firstParagraph(page);
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    expect(await firstParagraph(page)).not.toBe(before);
    expect((await badge(page)).text).toBe('DE');

    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    await page.waitForFunction((text) => document.getElementById('first')?.innerText === text, before);
  });

  it('context menu: "Translate page" translates the page', async () => {
    const page = await open();
    const before = await firstParagraph(page);
    await glossa.clickMenu('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    expect(await firstParagraph(page)).not.toBe(before);
  });

  it('context menu: "Translate selection" opens the popover with the translation', async () => {
    const page = await open();
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('first')!);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
    await glossa.clickMenu('translate-selection', page, { selectionText: 'The river was quiet this morning' });
    await page.locator('glossa-selection-popover').waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => translateRequests().length, { timeout: 15_000 }).toBeGreaterThan(0);
    const request = translateRequests()[0].params as { text: string[] };
    expect(request.text.join(' ')).toContain('river');
    // The page itself stays untranslated.
    expect((await glossa.tabState(page)).phase).toBe('original');
  });

  it('badge: blue progress while translating, then the target language in green', async () => {
    glossa.api.faults.latencyMs = 1_500;
    const page = await open();
    await glossa.dispatchCommand('translate-page', page);
    await expect.poll(async () => (await badge(page)).text, { timeout: 10_000 }).toMatch(/^(…|\d{1,2}%)$/);
    const translating = await badge(page);
    expect(translating.color).toEqual([0x1d, 0x4e, 0xd8, 255]);
    expect(translating.title).toMatch(/translating/);
    await glossa.waitForPhase(page, 'translated');
    const done = await badge(page);
    expect(done).toMatchObject({ text: 'DE', color: [0x15, 0x80, 0x3d, 255] });
    expect(done.title).toMatch(/translated to German/);
  });

  it('always-translate site: translated as soon as it loads', async () => {
    await configure({ siteRules: { always: ['127.0.0.1'], never: [] } });
    const page = await open();
    await glossa.waitForPhase(page, 'translated');
    expect(translateRequests().length).toBeGreaterThan(0);
    expect((await badge(page)).text).toBe('DE');
  });

  it('never-translate site: skipped even on the shortcut, with a message', async () => {
    await configure({ siteRules: { always: [], never: ['127.0.0.1'] } });
    const page = await open();
    const before = await firstParagraph(page);
    await glossa.dispatchCommand('translate-page', page);
    await expect.poll(async () => (await badge(page)).text).toBe('OFF');
    expect((await badge(page)).title).toMatch(/127\.0\.0\.1 is set to never translate/);
    expect(translateRequests()).toHaveLength(0);
    expect(await firstParagraph(page)).toBe(before);
    const popup = await popupFor(page);
    await popup.getByText('127.0.0.1 is set to never translate', { exact: false }).waitFor();
    expect(await popup.getByRole('button', { name: 'Translate page' }).isDisabled()).toBe(true);
  });

  it('a rejected key: the popup says so and links to the options', async () => {
    await configure({ connection: { apiKey: 'not-the-key', plan: 'custom', customUrl: glossa.api.url } });
    const page = await open();
    const popup = await popupFor(page);
    await popup.getByRole('button', { name: 'Translate page' }).click();
    await glossa.waitForPhase(page, 'error');
    await popup.getByText('The server rejected your API key', { exact: false }).waitFor();
    await popup.getByRole('button', { name: 'Open options' }).last().waitFor();
    const b = await badge(page);
    expect(b).toMatchObject({ text: '!', color: [0xb9, 0x1c, 0x1c, 255] });
    expect(b.title).toMatch(/API key is missing or was rejected/);
    expect(translateRequests().every((r) => r.status === 403)).toBe(true);
  });

  it('quota exceeded (456): translation stops, popup and badge say why', async () => {
    glossa.api.faults.quotaCharacters = 20;
    const page = await open();
    const popup = await popupFor(page);
    await popup.getByRole('button', { name: 'Translate page' }).click();
    const state = await glossa.waitForPhase(page, 'error');
    expect(state.errorCode).toBe('quota');
    await popup.getByText('Your translation quota is used up', { exact: false }).waitFor();
    const b = await badge(page);
    expect(b.text).toBe('!');
    expect(b.title).toMatch(/quota is used up/);
    // Not one request sent after the 456 answer came back: requests already in flight with it
    // (up to the concurrency bound) may still arrive within moments, nothing later.
    const refused = translateRequests().find((r) => r.status === 456);
    expect(refused).toBeDefined();
    const answeredAt = Date.parse(refused!.time) + refused!.durationMs;
    const countThen = translateRequests().length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(translateRequests()).toHaveLength(countThen);
    expect(translateRequests().filter((r) => Date.parse(r.time) > answeredAt + 100)).toEqual([]);
    // The dispatcher starts with six requests in flight (concurrency.ts).
    expect(translateRequests().filter((r) => r.status === 456).length).toBeLessThanOrEqual(6);
  });

  it('navigation: pushState and #fragments keep the translation; a new page starts over', async () => {
    const page = await open();
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    await page.evaluate(() => history.pushState({}, '', '/article.html?view=2'));
    await page.evaluate(() => {
      location.hash = 'comments';
    });
    await new Promise((r) => setTimeout(r, 500));
    expect((await glossa.tabState(page)).phase).toBe('translated');
    expect((await badge(page)).text).toBe('DE');

    await page.goto(glossa.pageUrl('/article.html?fresh=1'));
    await expect.poll(async () => (await glossa.tabState(page)).phase).toBe('original');
    await expect.poll(async () => (await badge(page)).text).toBe('');
  });

  // Last on purpose: the stopped worker can stay listed in Playwright, and the harness asks it.
  it('the worker stopped: the restarted worker keeps the tab’s state, badge and popup', async () => {
    const page = await open();
    const tabId = await glossa.tabIdOf(page);
    await glossa.dispatchCommand('translate-page', page);
    const state = await glossa.waitForPhase(page, 'translated');
    await glossa.stopWorker();

    // The popup's first message starts a new worker, which answers from storage.session. The
    // stopped worker may stay listed in Playwright (asking it hangs), so everything below goes
    // through the popup, opened here without the harness's worker-based tab lookup.
    const popup = await glossa.context.newPage();
    opened.push(popup);
    await popup.goto(`${glossa.extensionUrl}/popup.html?tabId=${tabId}`);
    await page.bringToFront();
    await popup.getByRole('button', { name: 'Show original' }).waitFor();
    await popup.getByText(`${state.total} of ${state.total} blocks translated`).waitFor();
    const badgeText = () => popup.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
    expect(await badgeText()).toBe('DE');

    const translated = await page.locator('#first').innerText();
    await popup.getByRole('button', { name: 'Show original' }).click();
    await popup.getByRole('button', { name: 'Translate page' }).waitFor();
    await page.waitForFunction((text) => document.getElementById('first')?.innerText !== text, translated);
    await expect.poll(badgeText).toBe('');
  });
});
