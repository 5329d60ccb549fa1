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
import type { BrowserContext, Page } from 'playwright-core';
import { launchWithExtension } from '../../scripts/lib/chromium';
import { ExtensionSession, type TabStateSnapshot } from '../../scripts/lib/extension-session';

export type { TabStateSnapshot };
import { startPageServer, type PageServer } from './page-server';
import { startServer } from '../../server/index';

/** The e2e build: this run's own (see global-setup.ts), or the shared one with GLOSSA_E2E_SKIP_BUILD=1. */
export const E2E_EXTENSION_DIR = process.env.GLOSSA_E2E_EXTENSION_DIR ?? resolve(__dirname, '../../.output/chrome-mv3-e2e');
export const TEST_KEY = 'e2e-test-key';
/** Every page these suites serve is one site (127.0.0.1), translated far past one site's hourly default: spending.e2e sets its own limits. */
export const NO_SPENDING_LIMITS = { siteHourCeiling: 1_000_000_000, monthlyBudget: 0 };

type StartedServer = Awaited<ReturnType<typeof startServer>>;
type ServerOptions = NonNullable<Parameters<typeof startServer>[0]>;

export interface LaunchOptions {
  /** Options for the local API server (port 0, admin on, key TEST_KEY by default). */
  server?: Partial<ServerOptions>;
  /** Settings written to storage.local before the test starts (merged over the defaults). */
  settings?: Record<string, unknown>;
  /** Skip configuring the connection (e.g. to test the no-key state). */
  unconfigured?: boolean;
  /** The browser's UI language (default en-US). */
  lang?: string;
}

export class Glossa extends ExtensionSession {
  constructor(
    context: BrowserContext,
    extensionId: string,
    readonly api: StartedServer,
    readonly pages: PageServer,
    private readonly profileDir: string,
  ) {
    super(context, extensionId);
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

  /** Waits until the tab's state reaches `phase`; an 'error' phase on the way is not a failure here. */
  override waitForPhase(page: Page, phase: TabStateSnapshot['phase'], timeoutMs = 30_000): Promise<TabStateSnapshot> {
    return super.waitForPhase(page, phase, timeoutMs, { failOnError: false });
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
  const { context, extensionId, profileDir } = await launchWithExtension(E2E_EXTENSION_DIR, { lang: options.lang });
  const glossa = new Glossa(context, extensionId, api, pages, profileDir);
  // Keep one ordinary tab open: closing a browser's last tab ends the browser.
  if (!context.pages().some((page) => !page.url().includes('options.html'))) await context.newPage();
  // Close the welcome tab the install opens, so tests start from a known set of tabs. Wait for
  // it: closed later, in the background, it races whatever the test does with the context first
  // (context.addInitScript fails with "Target page, context or browser has been closed").
  const deadline = Date.now() + 15_000;
  for (;;) {
    const welcome = context.pages().find((page) => page.url().includes('options.html'));
    if (welcome) {
      await welcome.close();
      break;
    }
    if (Date.now() > deadline) throw new Error('The welcome tab never opened after install');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const settings: Record<string, unknown> = options.unconfigured
    ? { spendingLimits: NO_SPENDING_LIMITS }
    : { connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: api.url }, spendingLimits: NO_SPENDING_LIMITS };
  await glossa.setStorage({ ...settings, ...options.settings });
  return glossa;
}
