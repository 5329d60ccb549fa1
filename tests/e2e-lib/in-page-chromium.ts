/// <reference types="chrome" />
// The in-page suites' browser (in-page.ts) in Chromium: chromium-harness.ts over playwright-core.
// Glossa's isolated world is reached over the DevTools protocol; the colour scheme is emulated.
import type { Frame, Page } from 'playwright-core';
import { badgeText, launchGlossaInChromium, type ChromiumGlossa } from './chromium-harness';
import { fieldButtonIn, popoverIn, type GlossaRoot } from './closed-roots-chromium';
import type { LaunchOptions } from './harness';
import { InPage, type DriverFrame, type DriverPage, type InPageBrowser } from './in-page';
import { PlaywrightUiPage } from './ui-chromium';
import { waitUntil } from './wait';

class ChromiumInPage extends InPage<Page> {
  constructor(protected override readonly glossa: ChromiumGlossa, page: Page) {
    super(page as unknown as DriverPage, glossa, page);
  }

  get extensionUrl(): string {
    return this.glossa.extensionUrl;
  }

  popover(): GlossaRoot {
    return popoverIn(this.page, this.glossa.extensionId);
  }

  fieldButton(): GlossaRoot {
    return fieldButtonIn(this.page, this.glossa.extensionId);
  }

  protected popoverInFrame(frame: DriverFrame): GlossaRoot {
    return popoverIn(frame as unknown as Frame, this.glossa.extensionId);
  }

  badgeText(): Promise<string> {
    return badgeText(this.glossa, this.page);
  }

  colorScheme(scheme: 'light' | 'dark'): Promise<void> {
    return this.page.emulateMedia({ colorScheme: scheme });
  }

  async inContentWorld<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    const cdp = await this.glossa.context.newCDPSession(this.page);
    try {
      const contexts: { id: number; origin: string; type: string; frameId: string }[] = [];
      cdp.on('Runtime.executionContextCreated', (event: { context: { id: number; origin: string; auxData?: { type?: string; frameId?: string } } }) => {
        contexts.push({ id: event.context.id, origin: event.context.origin, type: event.context.auxData?.type ?? '', frameId: event.context.auxData?.frameId ?? '' });
      });
      // Existing contexts are reported before this answers.
      await cdp.send('Runtime.enable');
      const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
      const world = contexts.find((c) => c.type === 'isolated' && c.frameId === frameTree.frame.id && c.origin.startsWith(this.glossa.extensionUrl));
      if (!world) throw new Error('Glossa\'s content script does not run in the page');
      const expression = `(async () => (${fn.toString()})(${JSON.stringify(arg)}))()`;
      const reply = (await cdp.send('Runtime.evaluate', { expression, contextId: world.id, awaitPromise: true, returnByValue: true })) as { result: { value?: R }; exceptionDetails?: { text: string } };
      if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.text);
      return reply.result.value as R;
    } finally {
      await cdp.detach();
    }
  }
}

export async function launchInPageChromium(options: LaunchOptions): Promise<InPageBrowser> {
  const glossa = await launchGlossaInChromium(options);
  return {
    name: 'Chromium',
    api: glossa.api,
    pages: glossa.pages,
    open: async (pathOrUrl) => new ChromiumInPage(glossa, await glossa.openPage(pathOrUrl)),
    setStorage: (values) => glossa.setStorage(values),
    stored: <T>(key: string) => glossa.inWorker(async (k: string) => (await chrome.storage.local.get(k))[k], key) as Promise<T>,
    async popupText(page, testId) {
      const popup = await glossa.openPopup((page as ChromiumInPage).page);
      const text = await waitUntil(() => popup.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent, testId), `${testId} in the popup`);
      await popup.close();
      await page.bringToFront();
      return text;
    },
    allowClipboard: () => glossa.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: glossa.pages.url }),
    readClipboard: (page) => page.evaluate(() => navigator.clipboard.readText()),
    async closeExtensionTab(path) {
      const tab = await waitUntil(() => glossa.context.pages().find((p) => p.url().startsWith(`${glossa.extensionUrl}${path}`)), `a tab of ${path}`, 10_000);
      const url = tab.url();
      await tab.close();
      return url;
    },
    async openPopup(page) {
      const popup = new PlaywrightUiPage(await glossa.openPopup((page as ChromiumInPage).page));
      await popup.byLabel('Target language').waitFor();
      await page.bringToFront();
      return popup;
    },
    async openOptions() {
      const options = new PlaywrightUiPage(await glossa.openOptions());
      await options.byLabel('API key').waitFor();
      return options;
    },
    registeredContentScripts: () => glossa.inWorker(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.matches ?? [])),
    stopWorker: () => glossa.stopWorker(),
    close: () => glossa.close(),
  };
}
