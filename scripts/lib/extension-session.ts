/// <reference types="chrome" />
// Driving a loaded Glossa from outside, the way the tour needs it: code in the service
// worker, synthetic command and menu dispatches (native shortcuts and menus cannot be pressed
// by Playwright), and the per-tab state the background keeps in storage.session.
import type { BrowserContext, Page, Worker } from 'playwright-core';

export interface TabStateSnapshot {
  phase: 'original' | 'translating' | 'translated' | 'error';
  total: number;
  done: number;
  failed: number;
  billedCharacters: number;
  errorCode?: string;
  errorMessage?: string;
}

export class ExtensionSession {
  constructor(
    readonly context: BrowserContext,
    readonly extensionId: string,
  ) {}

  get extensionUrl(): string {
    return `chrome-extension://${this.extensionId}`;
  }

  /** The running service worker; opening an extension page wakes one that Chromium stopped. */
  async worker(): Promise<Worker> {
    const running = this.context.serviceWorkers().find((w) => w.url().startsWith(this.extensionUrl));
    if (running) return running;
    const started = this.context.waitForEvent('serviceworker', { timeout: 30_000 });
    const waker = await this.context.newPage();
    await waker.goto(`${this.extensionUrl}/popup.html`).catch(() => undefined);
    const worker = await started;
    await waker.close();
    return worker;
  }

  async inWorker<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return (await this.worker()).evaluate(fn as never, arg) as Promise<R>;
  }

  /** Writes into storage.local (keys as WXT stores them: connection, defaults …). */
  async setStorage(values: Record<string, unknown>): Promise<void> {
    await this.inWorker((v: Record<string, unknown>) => chrome.storage.local.set(v), values);
  }

  async tabIdOf(page: Page): Promise<number> {
    const url = page.url();
    const id = await this.inWorker(async (u: string) => (await chrome.tabs.query({})).find((tab) => tab.url === u)?.id ?? -1, url);
    if (id < 0) throw new Error(`The browser has no tab for ${url}.`);
    return id;
  }

  /** Fires the listeners of a keyboard command as if its shortcut had been pressed on `page`. */
  async dispatchCommand(name: 'translate-page' | 'translate-selection', page: Page): Promise<void> {
    const tabId = await this.tabIdOf(page);
    await this.inWorker(async ({ name, tabId }: { name: string; tabId: number }) => {
      const tab = await chrome.tabs.get(tabId);
      (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch(name, tab);
    }, { name, tabId });
  }

  /** Fires a context-menu click (ids translate-page / translate-selection) on `page`. */
  async clickMenu(menuItemId: 'translate-page' | 'translate-selection', page: Page, info: Record<string, unknown> = {}): Promise<void> {
    const tabId = await this.tabIdOf(page);
    await this.inWorker(async ({ menuItemId, tabId, info }: { menuItemId: string; tabId: number; info: Record<string, unknown> }) => {
      const tab = await chrome.tabs.get(tabId);
      const click = { menuItemId, pageUrl: tab.url, frameId: 0, editable: false, ...info };
      (chrome.contextMenus.onClicked as unknown as { dispatch(i: unknown, t: chrome.tabs.Tab): void }).dispatch(click, tab);
    }, { menuItemId, tabId, info });
  }

  async tabState(page: Page): Promise<TabStateSnapshot> {
    const tabId = await this.tabIdOf(page);
    return this.inWorker(async (id: number) => {
      const key = `tab:${id}`;
      const stored = await chrome.storage.session.get(key);
      return (stored[key] ?? { phase: 'original', total: 0, done: 0, failed: 0, billedCharacters: 0 }) as TabStateSnapshot;
    }, tabId);
  }

  /** Waits for the tab to reach `phase`; a tab that ends in 'error' instead fails at once. */
  async waitForPhase(page: Page, phase: TabStateSnapshot['phase'], timeoutMs = 30_000): Promise<TabStateSnapshot> {
    const deadline = Date.now() + timeoutMs;
    let last: TabStateSnapshot | undefined;
    while (Date.now() < deadline) {
      last = await this.tabState(page).catch(() => last);
      if (last?.phase === phase) return last;
      if (last?.phase === 'error' && phase !== 'error') {
        throw new Error(`Glossa reported an error on the demo page: ${last.errorMessage ?? last.errorCode ?? 'unknown error'}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`The demo page did not reach "${phase}" within ${timeoutMs / 1000} s (last state: ${JSON.stringify(last)}).`);
  }
}
