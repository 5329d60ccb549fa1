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

/** True when the worker evaluates code within a short time (a stopped worker never does). */
async function answers(worker: Worker): Promise<boolean> {
  const probe = worker.evaluate(() => true).catch(() => false);
  return Promise.race([probe, new Promise<boolean>((r) => setTimeout(() => r(false), 1500))]);
}

export class ExtensionSession {
  constructor(
    readonly context: BrowserContext,
    readonly extensionId: string,
  ) {}

  get extensionUrl(): string {
    return `chrome-extension://${this.extensionId}`;
  }

  /** The running service worker; wakes one that was stopped (Playwright may keep a stopped worker's handle). */
  async worker(): Promise<Worker> {
    const current = this.context.serviceWorkers().find((w) => w.url().startsWith(this.extensionUrl));
    if (current && (await answers(current))) return current;
    const waiting = this.context.waitForEvent('serviceworker', { timeout: 30_000 }).catch(() => undefined);
    // Opening an extension page wakes a stopped worker.
    const waker = await this.context.newPage();
    await waker.goto(`${this.extensionUrl}/popup.html`).catch(() => undefined);
    const deadline = Date.now() + 30_000;
    try {
      while (Date.now() < deadline) {
        const latest = this.context.serviceWorkers().filter((w) => w.url().startsWith(this.extensionUrl)).at(-1);
        if (latest && (await answers(latest))) return latest;
        const fresh = await Promise.race([waiting, new Promise<undefined>((r) => setTimeout(r, 500))]);
        if (fresh && (await answers(fresh))) return fresh;
      }
      throw new Error('The extension service worker did not come back within 30 s.');
    } finally {
      await waker.close();
    }
  }

  async inWorker<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return (await this.worker()).evaluate(fn as never, arg) as Promise<R>;
  }

  /** Writes into storage.local (keys as WXT stores them: connection, defaults …). */
  async setStorage(values: Record<string, unknown>): Promise<void> {
    await this.inWorker((v: Record<string, unknown>) => chrome.storage.local.set(v), values);
  }

  /** The browser's tab id for a page (pages on the same URL are told apart by a token in the page). */
  async tabIdOf(page: Page): Promise<number> {
    const url = page.url();
    const token = `glossa-${Math.random().toString(36).slice(2)}`;
    await page.evaluate((t) => { (window as unknown as { __glossaTabToken: string }).__glossaTabToken = t; }, token).catch(() => undefined);
    const id = await this.inWorker(async ({ u, t }: { u: string; t: string }) => {
      const tabs = (await chrome.tabs.query({})).filter((tab) => tab.url === u && tab.id !== undefined);
      if (tabs.length <= 1) return tabs[0]?.id ?? -1;
      for (const tab of tabs) {
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: tab.id! },
          world: 'MAIN',
          func: () => (window as unknown as { __glossaTabToken?: string }).__glossaTabToken ?? '',
        }).catch(() => []);
        if (result?.result === t) return tab.id!;
      }
      return -1;
    }, { u: url, t: token });
    if (id < 0) throw new Error(`The browser has no tab for ${url}.`);
    return id;
  }

  /** Fires the listeners of a keyboard command as if its shortcut had been pressed on `page`. */
  async dispatchCommand(name: 'translate-page' | 'translate-selection' | 'translate-field' | 'translate-paragraph', page: Page): Promise<void> {
    const tabId = await this.tabIdOf(page);
    await this.inWorker(async ({ name, tabId }: { name: string; tabId: number }) => {
      const tab = await chrome.tabs.get(tabId);
      (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch(name, tab);
    }, { name, tabId });
  }

  /** Fires a context-menu click (ids translate-page / translate-selection / fix-translation) on `page`. */
  async clickMenu(menuItemId: 'translate-page' | 'translate-selection' | 'fix-translation' | 'translate-paragraph' | 'exclude-element' | 'translate-field', page: Page, info: Record<string, unknown> = {}): Promise<void> {
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

  /** Waits for the tab to reach `phase`; with failOnError, a tab that ends in 'error' instead fails at once. */
  async waitForPhase(page: Page, phase: TabStateSnapshot['phase'], timeoutMs = 30_000, { failOnError = true } = {}): Promise<TabStateSnapshot> {
    const deadline = Date.now() + timeoutMs;
    let last: TabStateSnapshot | undefined;
    while (Date.now() < deadline) {
      last = await this.tabState(page).catch(() => last);
      if (last?.phase === phase) return last;
      if (failOnError && last?.phase === 'error' && phase !== 'error') {
        throw new Error(`Glossa reported an error on the page: ${last.errorMessage ?? last.errorCode ?? 'unknown error'}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`The page did not reach "${phase}" within ${timeoutMs / 1000} s (last state: ${JSON.stringify(last)}).`);
  }
}
