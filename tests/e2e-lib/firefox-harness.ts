/// <reference types="chrome" />
// The Firefox harness (puppeteer-core): the e2e build of Glossa for Firefox (MV2) installed in
// the system firefox-esr over WebDriver BiDi, with the same local API server and page server as
// the Chromium harness (chromium-harness.ts) and the calls of harness.ts, so a scenario reads
// the same in both browsers (docs/testing.md tells the internals):
//
//   const glossa = await launchGlossaInFirefox();
//   const page = await glossa.openPage('/article.html');
//   await glossa.dispatchCommand('translate-page', page);
//   await glossa.waitForPhase(page, 'translated');
//
// Where Chromium has the service worker, Firefox has an extension page: the add-on's icon,
// opened in a background tab, is a realm with the add-on's APIs and no script of its own.
// Commands and menu clicks are fired from the chrome scope (key presses and native menus do
// not reach add-ons over BiDi), on the tab in front, as Firefox does; the engine pauses in
// hidden tabs, so the page under test is always brought to the front.
import { resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { launchFirefoxWithExtension, type ChromeScope } from '../../scripts/lib/firefox';
import { byLabel, waitForText } from './firefox-dom';
import { initialSettings, startApiServer, type ApiServer, type GlossaHarness, type LaunchOptions, type OpenPageOptions, type TabStateSnapshot } from './harness';
import { startPageServer, type PageServer } from './page-server';
import { waitUntil } from './wait';

export { TEST_KEY, type LaunchOptions, type TabStateSnapshot } from './harness';

/** This run's Firefox e2e build (see global-setup-firefox.ts), or the shared one with GLOSSA_E2E_SKIP_BUILD=1. */
export const FIREFOX_EXTENSION_DIR = process.env.GLOSSA_E2E_FIREFOX_DIR ?? resolve(__dirname, '../../.output/firefox-mv2-e2e');

/** The add-on's APIs as seen from its own pages (Firefox's `browser`: promise-based, MV2). */
export type ExtensionApi = typeof chrome;

/** MV2's toolbar button API as Firefox gives it (promises; @types/chrome has only callbacks). */
interface BrowserActionApi {
  getBadgeText(details: { tabId: number }): Promise<string>;
  getTitle(details: { tabId: number }): Promise<string>;
  getBadgeBackgroundColor(details: { tabId: number }): Promise<number[]>;
}

/** The page's BiDi browsing context id (puppeteer-core is pinned: `_id` is not public API). */
const contextId = (page: Page): string => (page.mainFrame() as unknown as { _id: string })._id;

/** Firefox keeps these settings in the add-on's IndexedDB, not storage.local (utils/extension/private-storage.ts, settings-store.ts). */
export const PRIVATE_KEYS = ['connection', 'siteRules', 'defaultGlossaries', 'siteScopes', 'writingPrefs', 'writingButtonSites'];
export const PRIVATE_DB = { name: 'glossa-private', store: 'items', changes: 'glossa-private-changes' };

export class FirefoxGlossa implements GlossaHarness<Page> {
  constructor(
    readonly browser: Browser,
    readonly extensionUrl: string,
    readonly chrome: ChromeScope,
    /** An extension page in a background tab: where inExtension runs. */
    private readonly realm: Page,
    readonly api: ApiServer,
    readonly pages: PageServer,
  ) {}

  pageUrl(path: string): string {
    return this.pages.url + path;
  }

  async openPage(pathOrUrl: string, { waitUntil }: OpenPageOptions = {}): Promise<Page> {
    const page = await this.browser.newPage();
    await page.goto(pathOrUrl.startsWith('http') ? pathOrUrl : this.pageUrl(pathOrUrl), { waitUntil: waitUntil === 'domcontentloaded' ? 'domcontentloaded' : 'load' });
    await page.bringToFront();
    return page;
  }

  async openExtensionPage(path: string): Promise<Page> {
    return openExtensionTab(this.browser, `${this.extensionUrl}${path}`);
  }

  /** The popup UI as a tab controlling `page`'s tab; `page` is brought back to the front, as a popup floats over it. */
  async openPopup(page: Page): Promise<Page> {
    const tabId = await this.tabIdOf(page);
    // Clicking the toolbar button grants activeTab for the tab in front, as here.
    await this.chrome.run(`${this.findTab(page)} ext.tabManager.addActiveTabPermission(tab);`);
    const popup = await this.openExtensionPage(`/popup.html?tabId=${tabId}`);
    await byLabel(popup, 'Target language');
    await page.bringToFront();
    return popup;
  }

  async openOptions(query = ''): Promise<Page> {
    const options = await this.openExtensionPage(`/options.html${query}`);
    await byLabel(options, 'API key');
    return options;
  }

  /** Runs `fn` in an extension page with the add-on's `browser` (the Chromium harness's inWorker). */
  async inExtension<R, A = null>(fn: (browser: ExtensionApi, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.realm.evaluate(`(${fn.toString()})(globalThis.browser, ${JSON.stringify(arg ?? null)})`) as Promise<R>;
  }

  /**
   * Runs `fn` in the top frame of `page` in Glossa's own isolated world (the content scripts'
   * sandbox: scripting.executeScript from an add-on page lands there in Firefox), never in the
   * page's. `fn` is sent as source and may use only its argument; the result is structured-cloned.
   */
  async inContentWorld<R, A = null>(page: Page, fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const tabId = await this.cachedTabIdOf(page);
    return this.realm.evaluate(`(async () => {
      const [first] = await globalThis.browser.scripting.executeScript({
        target: { tabId: ${tabId}, frameIds: [0] },
        func: async (a) => ({ value: await (${fn.toString()})(a) }),
        args: [${JSON.stringify(arg ?? null)}],
      });
      if (!first) throw new Error(${JSON.stringify(`Glossa cannot run in ${page.url()}`)});
      if (first.error) throw first.error;
      return first.result.value;
    })()`) as Promise<R>;
  }

  private readonly tabIds = new WeakMap<Page, Promise<number>>();

  /** A page's tab id never changes: looked up once (polling the closed roots asks for it often). */
  private cachedTabIdOf(page: Page): Promise<number> {
    let id = this.tabIds.get(page);
    if (!id) {
      id = this.tabIdOf(page);
      id.catch(() => this.tabIds.delete(page));
      this.tabIds.set(page, id);
    }
    return id;
  }

  /** Writes settings where the add-on keeps them: private ones in its IndexedDB (announced as the add-on does), the rest in storage.local. */
  async setStorage(values: Record<string, unknown>): Promise<void> {
    const local = Object.fromEntries(Object.entries(values).filter(([key]) => !PRIVATE_KEYS.includes(key)));
    const kept = Object.entries(values).filter(([key]) => PRIVATE_KEYS.includes(key));
    await this.inExtension(async (browser, { local, kept, db }) => {
      await browser.storage.local.set(local);
      if (kept.length === 0) return;
      const open = indexedDB.open(db.name);
      open.onupgradeneeded = () => open.result.createObjectStore(db.store);
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = database.transaction(db.store, 'readwrite');
      for (const [key, value] of kept) tx.objectStore(db.store).put(value, key);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      database.close();
      const changes = new BroadcastChannel(db.changes);
      for (const [key] of kept) changes.postMessage(key);
      changes.close();
    }, { local, kept, db: PRIVATE_DB });
  }

  async stored<T>(key: string): Promise<T> {
    if (!PRIVATE_KEYS.includes(key)) return this.inExtension(async (browser, k) => (await browser.storage.local.get(k))[k], key) as Promise<T>;
    return this.inExtension(async (_browser, { key, db }) => {
      const open = indexedDB.open(db.name);
      open.onupgradeneeded = () => open.result.createObjectStore(db.store);
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const read = database.transaction(db.store).objectStore(db.store).get(key);
      const value = await new Promise((resolve, reject) => {
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error);
      });
      database.close();
      return value;
    }, { key, db: PRIVATE_DB }) as Promise<T>;
  }

  /** Privileged code that finds `tab`, the XUL tab holding the page's BiDi browsing context. */
  private findTab(page: Page): string {
    return `
      const { NavigableManager } = ChromeUtils.importESModule('chrome://remote/content/shared/NavigableManager.sys.mjs');
      const linked = NavigableManager.getBrowserById(${JSON.stringify(contextId(page))});
      const tab = linked && win.gBrowser.getTabForBrowser(linked);
      if (!tab) throw new Error('no tab for ${page.url()}');`;
  }

  /** The add-on's tab id for a page (found from the privileged side: tabs.query hides URLs of sites not granted). */
  async tabIdOf(page: Page): Promise<number> {
    return this.chrome.run<number>(`${this.findTab(page)} return ext.tabManager.getWrapper(tab).id;`);
  }

  /** Brings `page` to the front and waits until Firefox has it as the selected tab (commands act on that tab). */
  private async front(page: Page): Promise<void> {
    await page.bringToFront();
    await waitUntil(() => this.chrome.run<boolean>(`${this.findTab(page)} return tab === win.gBrowser.selectedTab;`), `${page.url()} in front`);
  }

  /** Fires the add-on's command as if its shortcut had been pressed with `page` in front. */
  async dispatchCommand(name: 'translate-page' | 'translate-selection' | 'translate-field', page: Page): Promise<void> {
    await this.front(page);
    await this.chrome.run(`ext.shortcuts.onCommand(${JSON.stringify(name)});`);
  }

  /** Fires a click on the add-on's context-menu item on `page`, with activeTab granted as a real click does. */
  async clickMenu(menuItemId: 'translate-page' | 'translate-selection' | 'translate-field' | 'fix-translation', page: Page, info: Record<string, unknown> = {}): Promise<void> {
    await this.front(page);
    await this.chrome.run(`${this.findTab(page)}
      ext.tabManager.addActiveTabPermission(tab);
      const info = { menuItemId: ${JSON.stringify(menuItemId)}, editable: false, frameId: 0, modifiers: [], button: 0,
        pageUrl: tab.linkedBrowser.currentURI.spec, ...${JSON.stringify(info)} };
      ext.emit('webext-menu-menuitem-click', info, tab);`);
  }

  async tabState(page: Page): Promise<TabStateSnapshot> {
    const tabId = await this.tabIdOf(page);
    return this.inExtension(async (browser, id) => {
      const key = `tab:${id}`;
      const stored = await browser.storage.session.get(key);
      return (stored[key] ?? { phase: 'original', total: 0, done: 0, failed: 0, billedCharacters: 0 }) as TabStateSnapshot;
    }, tabId);
  }

  /** Waits until the tab's state reaches `phase`; an 'error' phase on the way is not a failure here. */
  async waitForPhase(page: Page, phase: TabStateSnapshot['phase'], timeoutMs = 30_000): Promise<TabStateSnapshot> {
    let last: TabStateSnapshot | undefined;
    try {
      await waitUntil(async () => (last = await this.tabState(page)).phase === phase, `phase "${phase}"`, timeoutMs);
    } catch {
      throw new Error(`The page did not reach "${phase}" within ${timeoutMs / 1000} s (last state: ${JSON.stringify(last)}).`);
    }
    return last!;
  }

  async waitForText(page: Page, text: string, timeoutMs = 30_000): Promise<void> {
    await waitForText(page, text, 'body', timeoutMs);
  }

  /** The tab's `prefers-color-scheme`, as the system setting would set it (the tab's browsing context override). */
  async colorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
    await this.chrome.run(`${this.findTab(page)} tab.linkedBrowser.browsingContext.prefersColorSchemeOverride = ${JSON.stringify(scheme)};`);
    // The override reaches the page's process a moment later: return once the page sees it.
    await waitUntil(() => page.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme), `the page in the ${scheme} scheme`);
  }

  /** The toolbar button's badge for the page's tab (MV2: browserAction). */
  async badge(page: Page): Promise<{ text: string; title: string; color: number[] }> {
    const tabId = await this.tabIdOf(page);
    return this.inExtension(async (browser, id) => {
      const action = (browser as unknown as { browserAction: BrowserActionApi }).browserAction;
      return {
        text: await action.getBadgeText({ tabId: id }),
        title: await action.getTitle({ tabId: id }),
        color: await action.getBadgeBackgroundColor({ tabId: id }),
      };
    }, tabId);
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await Promise.all([this.api.close(), this.pages.close()]);
  }
}

/**
 * Opens one of the add-on's pages in a new tab. Navigation to moz-extension:// is reported to
 * BiDi late or never, so this waits on the document instead of on goto.
 */
async function openExtensionTab(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  void page.goto(url, { timeout: 0 }).catch(() => undefined);
  await waitUntil(() => page.evaluate((u) => location.href === u && document.readyState === 'complete', url).catch(() => false), `${url} to load`);
  return page;
}

/** Starts the API server, the page server and Firefox with the e2e build of Glossa installed. */
export async function launchGlossaInFirefox(options: LaunchOptions = {}): Promise<FirefoxGlossa> {
  const api = await startApiServer(options);
  const pages = await startPageServer();
  let browser: Browser | undefined;
  try {
    const launched = await launchFirefoxWithExtension(FIREFOX_EXTENSION_DIR, { lang: options.lang });
    browser = launched.browser;
    // The add-on's icon: an extension page with the add-on's APIs and no script of its own.
    const realm = await openExtensionTab(browser, `${launched.extensionUrl}/icon/16.png`);
    const glossa = new FirefoxGlossa(browser, launched.extensionUrl, launched.chrome, realm, api, pages);
    // The first install opens the welcome page (after creating the menus): wait for it, then close it.
    await waitUntil(async () => (await glossa.inExtension(async (browser, url) => {
      const tabs = (await browser.tabs.query({})).filter((tab) => tab.url === url);
      await Promise.all(tabs.map((tab) => browser.tabs.remove(tab.id!)));
      return tabs.length;
    }, `${launched.extensionUrl}/options.html?welcome=1`)) > 0, 'the welcome page');
    await glossa.setStorage(initialSettings(options, api));
    return glossa;
  } catch (err) {
    await browser?.close().catch(() => undefined);
    await Promise.all([api.close(), pages.close()]);
    throw err;
  }
}
