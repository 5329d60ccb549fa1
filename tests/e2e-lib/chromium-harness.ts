/// <reference types="chrome" />
// The Chromium harness (playwright-core): the e2e build of Glossa in the system Chromium, the
// local API server (server/) and a page server, both on 127.0.0.1 (see harness.ts for what
// both browsers' harnesses share, docs/testing.md for how they work).
//
//   const glossa = await launchGlossaInChromium();
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
import { ExtensionSession } from '../../scripts/lib/extension-session';
import { initialSettings, startApiServer, type ApiServer, type GlossaHarness, type LaunchOptions, type OpenPageOptions, type TabStateSnapshot } from './harness';
import { startPageServer, type PageServer } from './page-server';
import { waitUntil } from './wait';

export { NO_SPENDING_LIMITS, TEST_KEY, type LaunchOptions, type TabStateSnapshot } from './harness';

/** The e2e build: this run's own (see global-setup-chromium.ts), or the shared one with GLOSSA_E2E_SKIP_BUILD=1. */
export const E2E_EXTENSION_DIR = process.env.GLOSSA_E2E_EXTENSION_DIR ?? resolve(__dirname, '../../.output/chrome-mv3-e2e');

export class ChromiumGlossa extends ExtensionSession implements GlossaHarness<Page> {
  constructor(
    context: BrowserContext,
    extensionId: string,
    readonly api: ApiServer,
    readonly pages: PageServer,
    private readonly profileDir: string,
  ) {
    super(context, extensionId);
  }

  pageUrl(path: string): string {
    return this.pages.url + path;
  }

  async openPage(pathOrUrl: string, { waitUntil }: OpenPageOptions = {}): Promise<Page> {
    const page = await this.context.newPage();
    await page.goto(pathOrUrl.startsWith('http') ? pathOrUrl : this.pageUrl(pathOrUrl), { waitUntil });
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
export async function launchGlossaInChromium(options: LaunchOptions = {}): Promise<ChromiumGlossa> {
  const api = await startApiServer(options);
  const pages = await startPageServer();
  const { context, extensionId, profileDir } = await launchWithExtension(E2E_EXTENSION_DIR, { lang: options.lang });
  const glossa = new ChromiumGlossa(context, extensionId, api, pages, profileDir);
  // Keep one ordinary tab open: closing a browser's last tab ends the browser.
  if (!context.pages().some((page) => !page.url().includes('options.html'))) await context.newPage();
  // Close the welcome tab the install opens, so tests start from a known set of tabs. Wait for
  // it: closed later, in the background, it races whatever the test does with the context first
  // (context.addInitScript fails with "Target page, context or browser has been closed").
  const welcome = await waitUntil(() => context.pages().find((page) => page.url().includes('options.html')), 'the welcome tab the install opens', 15_000);
  await welcome.close();
  await glossa.setStorage(initialSettings(options, api));
  return glossa;
}

/** Records every request the browser makes whose URL contains `needle` (e.g. a beacon path). */
export function watchRequests(context: BrowserContext, needle: string): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes(needle)) urls.push(request.url());
  };
  context.on('request', onRequest);
  return { urls, stop: () => context.off('request', onRequest) };
}

/** The badge text of the page's tab, as the toolbar shows it. */
export async function badgeText(glossa: ChromiumGlossa, page: Page): Promise<string> {
  const tabId = await glossa.tabIdOf(page);
  return glossa.inWorker(async (id: number) => chrome.action.getBadgeText({ tabId: id }), tabId);
}

export async function badgeTitle(glossa: ChromiumGlossa, page: Page): Promise<string> {
  const tabId = await glossa.tabIdOf(page);
  return glossa.inWorker(async (id: number) => chrome.action.getTitle({ tabId: id }), tabId);
}
