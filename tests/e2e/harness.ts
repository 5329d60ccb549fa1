/// <reference types="chrome" />
// End-to-end harness: the e2e build of Glossa in the system Chromium, the local API server
// (server/) and a page server, both on 127.0.0.1, with helpers the e2e tests share.
//
//   const glossa = await launchGlossa();
//   const page = await glossa.openPage('/article.html');
//   await glossa.dispatchCommand('translate-page', page);
//   await glossa.waitForPhase(page, 'translated');
//   ...
//   await glossa.close();
//
// The popup opens as a tab: `popup.html?tabId=N` (N = the tab it controls), because a real
// popup is not a Playwright page. Synthetic command/menu dispatches do not grant activeTab,
// which is why the e2e build's manifest grants http://127.0.0.1/* and http://localhost/*.
import { resolve } from 'node:path';
import { rmSync } from 'node:fs';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { launchWithExtension } from '../../scripts/lib/chromium';
import { startPageServer, type PageServer } from './page-server';
import { startServer } from '../../server/index';

/** The e2e build: this run's own (see global-setup.ts), or the shared one with GLOSSA_E2E_SKIP_BUILD=1. */
export const E2E_EXTENSION_DIR = process.env.GLOSSA_E2E_EXTENSION_DIR ?? resolve(__dirname, '../../.output/chrome-mv3-e2e');
export const TEST_KEY = 'e2e-test-key';

type StartedServer = Awaited<ReturnType<typeof startServer>>;
type ServerOptions = NonNullable<Parameters<typeof startServer>[0]>;

export interface LaunchOptions {
  /** Options for the local API server (port 0, admin on, key TEST_KEY by default). */
  server?: Partial<ServerOptions>;
  /** Settings written to storage.local before the test starts (merged over the defaults). */
  settings?: Record<string, unknown>;
  /** Skip configuring the connection (e.g. to test the no-key state). */
  unconfigured?: boolean;
}

export interface TabStateSnapshot {
  phase: 'original' | 'translating' | 'translated' | 'error';
  total: number;
  done: number;
  failed: number;
  billedCharacters: number;
  errorCode?: string;
  errorMessage?: string;
}

/** True when the worker evaluates code within a short time (a stopped worker never does). */
async function answers(worker: Worker): Promise<boolean> {
  const probe = worker.evaluate(() => true).catch(() => false);
  return Promise.race([probe, new Promise<boolean>((r) => setTimeout(() => r(false), 1500))]);
}

export class Glossa {
  constructor(
    readonly context: BrowserContext,
    readonly extensionId: string,
    readonly api: StartedServer,
    readonly pages: PageServer,
    private readonly profileDir: string,
  ) {}

  /** Base URL of extension pages. */
  get extensionUrl(): string {
    return `chrome-extension://${this.extensionId}`;
  }

  /** The current service worker; wakes it when it was stopped (Playwright may keep a stopped worker's handle). */
  async worker(): Promise<Worker> {
    const current = this.context.serviceWorkers().find((w) => w.url().startsWith(this.extensionUrl));
    if (current && (await answers(current))) return current;
    const waiting = this.context.waitForEvent('serviceworker', { timeout: 30_000 }).catch(() => undefined);
    // Opening an extension page wakes a stopped worker.
    const waker = await this.context.newPage();
    await waker.goto(`${this.extensionUrl}/options.html`).catch(() => undefined);
    const deadline = Date.now() + 30_000;
    try {
      while (Date.now() < deadline) {
        const latest = this.context.serviceWorkers().filter((w) => w.url().startsWith(this.extensionUrl)).at(-1);
        if (latest && (await answers(latest))) return latest;
        const fresh = await Promise.race([waiting, new Promise<undefined>((r) => setTimeout(r, 500))]);
        if (fresh && (await answers(fresh))) return fresh;
      }
      throw new Error('The extension service worker did not come back within 30 s');
    } finally {
      await waker.close();
    }
  }

  /** Runs `fn(arg)` in the background service worker (where `chrome` is available). */
  async inWorker<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const worker = await this.worker();
    return worker.evaluate(fn as never, arg) as Promise<R>;
  }

  pageUrl(path: string): string {
    return this.pages.url + path;
  }

  async openPage(pathOrUrl: string): Promise<Page> {
    const page = await this.context.newPage();
    await page.goto(pathOrUrl.startsWith('http') ? pathOrUrl : this.pageUrl(pathOrUrl));
    await page.bringToFront();
    return page;
  }

  /** The browser's tab id for a page opened in this context (pages on the same URL are told apart). */
  async tabIdOf(page: Page): Promise<number> {
    const url = page.url();
    const token = `glossa-e2e-${Math.random().toString(36).slice(2)}`;
    await page.evaluate((t) => { (window as unknown as { __glossaE2eToken: string }).__glossaE2eToken = t; }, token).catch(() => undefined);
    const id = await this.inWorker(async ({ u, t }: { u: string; t: string }) => {
      const tabs = (await chrome.tabs.query({})).filter((tab) => tab.url === u && tab.id !== undefined);
      if (tabs.length <= 1) return tabs[0]?.id ?? -1;
      for (const tab of tabs) {
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: tab.id! },
          world: 'MAIN',
          func: () => (window as unknown as { __glossaE2eToken?: string }).__glossaE2eToken ?? '',
        }).catch(() => []);
        if (result?.result === t) return tab.id!;
      }
      return -1;
    }, { u: url, t: token });
    if (id < 0) throw new Error(`No tab found for ${url}`);
    return id;
  }

  /** Opens the popup UI as a tab that controls `page`'s tab. */
  async openPopup(page: Page): Promise<Page> {
    const tabId = await this.tabIdOf(page);
    const popup = await this.context.newPage();
    await popup.setViewportSize({ width: 380, height: 640 });
    await popup.goto(`${this.extensionUrl}/popup.html?tabId=${tabId}`);
    return popup;
  }

  async openOptions(query = ''): Promise<Page> {
    const options = await this.context.newPage();
    await options.goto(`${this.extensionUrl}/options.html${query}`);
    return options;
  }

  /** Fires a keyboard command's listeners as if the shortcut had been pressed on `page`. */
  async dispatchCommand(name: 'translate-page' | 'translate-selection', page: Page): Promise<void> {
    const tabId = await this.tabIdOf(page);
    await this.inWorker(async ({ name, tabId }: { name: string; tabId: number }) => {
      const tab = await chrome.tabs.get(tabId);
      (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch(name, tab);
    }, { name, tabId });
  }

  /** Fires a context-menu click on `page` (id translate-page or translate-selection). */
  async clickMenu(menuItemId: 'translate-page' | 'translate-selection', page: Page, info: Record<string, unknown> = {}): Promise<void> {
    const tabId = await this.tabIdOf(page);
    await this.inWorker(async ({ menuItemId, tabId, info }: { menuItemId: string; tabId: number; info: Record<string, unknown> }) => {
      const tab = await chrome.tabs.get(tabId);
      const clickInfo = { menuItemId, pageUrl: tab.url, frameId: 0, editable: false, ...info };
      (chrome.contextMenus.onClicked as unknown as { dispatch(i: unknown, t: chrome.tabs.Tab): void }).dispatch(clickInfo, tab);
    }, { menuItemId, tabId, info });
  }

  /** The tab's state as the background keeps it in storage.session. */
  async tabState(page: Page): Promise<TabStateSnapshot> {
    const tabId = await this.tabIdOf(page);
    return this.inWorker(async (id: number) => {
      const key = `tab:${id}`;
      const stored = await chrome.storage.session.get(key);
      return (stored[key] ?? { phase: 'original', total: 0, done: 0, failed: 0, billedCharacters: 0 }) as TabStateSnapshot;
    }, tabId);
  }

  /** Waits until the tab's state reaches `phase` (e.g. 'translated'), returning that state. */
  async waitForPhase(page: Page, phase: TabStateSnapshot['phase'], timeoutMs = 30_000): Promise<TabStateSnapshot> {
    const deadline = Date.now() + timeoutMs;
    let last: TabStateSnapshot | undefined;
    while (Date.now() < deadline) {
      last = await this.tabState(page).catch(() => last);
      if (last?.phase === phase) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Tab did not reach phase "${phase}" within ${timeoutMs} ms; last state: ${JSON.stringify(last)}`);
  }

  /** Waits until the page's text contains `text` (e.g. a pseudo-translated word). */
  async waitForText(page: Page, text: string, timeoutMs = 30_000): Promise<void> {
    await page.waitForFunction((t) => document.body.innerText.includes(t), text, { timeout: timeoutMs });
  }

  /** Stops the extension's service worker through the DevTools protocol (as Chrome does when idle). */
  async stopWorker(): Promise<void> {
    const page = this.context.pages()[0] ?? (await this.context.newPage());
    const cdp = await this.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
  }

  /** Writes settings into storage.local (keys as WXT stores them: connection, defaults, siteRules …). */
  async setStorage(values: Record<string, unknown>): Promise<void> {
    await this.inWorker(async (v: Record<string, unknown>) => chrome.storage.local.set(v), values);
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await Promise.all([this.api.close(), this.pages.close()]);
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}

/** Starts the API server, the page server and Chromium with the e2e build of Glossa. */
export async function launchGlossa(options: LaunchOptions = {}): Promise<Glossa> {
  const api = await startServer({ port: 0, host: '127.0.0.1', plan: 'paid', keys: [TEST_KEY], admin: true, ...options.server });
  const pages = await startPageServer();
  const { context, extensionId, profileDir } = await launchWithExtension(E2E_EXTENSION_DIR);
  const glossa = new Glossa(context, extensionId, api, pages, profileDir);
  // Close the welcome tab the first install opens, so tests start from a known set of tabs.
  for (const page of context.pages()) if (page.url().includes('options.html')) await page.close();
  context.on('page', (page) => {
    if (page.url().includes('options.html?welcome')) void page.close();
  });
  const settings: Record<string, unknown> = options.unconfigured
    ? {}
    : { connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: api.url } };
  await glossa.setStorage({ ...settings, ...options.settings });
  return glossa;
}
