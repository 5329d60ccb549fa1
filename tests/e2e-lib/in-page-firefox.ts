// The in-page suites' browser (in-page.ts) in Firefox: firefox-harness.ts over puppeteer-core.
// Glossa's world is reached through scripting.executeScript in the top frame (the harness's
// inContentWorld); the colour scheme is set on the tab from the privileged scope.
import type { Page } from 'puppeteer-core';
import { GlossaRoot, popoverIn } from './closed-roots-firefox';
import { launchGlossaInFirefox, type FirefoxGlossa } from './firefox-harness';
import type { LaunchOptions } from './harness';
import { InPage, type DriverFrame, type DriverPage, type InPageBrowser } from './in-page';
import { PuppeteerUiPage } from './ui-firefox';
import { waitUntil } from './wait';

class FirefoxInPage extends InPage<Page> {
  constructor(protected override readonly glossa: FirefoxGlossa, page: Page) {
    super(page as unknown as DriverPage, glossa, page);
  }

  get extensionUrl(): string {
    return this.glossa.extensionUrl;
  }

  popover(): GlossaRoot {
    return popoverIn(this.page, this.glossa);
  }

  fieldButton(): GlossaRoot {
    return new GlossaRoot(this.page, 'field-button', this.glossa);
  }

  // The harness's inContentWorld runs in the top frame only (frameIds: [0]).
  protected popoverInFrame(_frame: DriverFrame): GlossaRoot {
    throw new Error('The Firefox harness reaches Glossa\'s world in the top frame only');
  }

  async badgeText(): Promise<string> {
    return (await this.glossa.badge(this.page)).text;
  }

  colorScheme(scheme: 'light' | 'dark'): Promise<void> {
    return this.glossa.colorScheme(this.page, scheme);
  }

  inContentWorld<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.glossa.inContentWorld(this.page, fn, arg);
  }
}

export async function launchInPageFirefox(options: LaunchOptions): Promise<InPageBrowser> {
  const glossa = await launchGlossaInFirefox(options);
  return {
    name: 'Firefox',
    api: glossa.api,
    pages: glossa.pages,
    open: async (pathOrUrl) => new FirefoxInPage(glossa, await glossa.openPage(pathOrUrl)),
    setStorage: (values) => glossa.setStorage(values),
    stored: (key) => glossa.stored(key),
    async popupText(page, testId) {
      const popup = await glossa.openPopup((page as FirefoxInPage).page);
      const text = await waitUntil(() => popup.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent, testId), `${testId} in the popup`);
      await popup.close();
      await page.bringToFront();
      return text;
    },
    allowClipboard: async () => undefined,
    // Read from the privileged scope: a page's clipboard.readText asks the user with a paste menu.
    readClipboard: () => glossa.chrome.run<string>(`
      const transferable = Cc['@mozilla.org/widget/transferable;1'].createInstance(Ci.nsITransferable);
      transferable.init(null);
      transferable.addDataFlavor('text/plain');
      Services.clipboard.getData(transferable, Ci.nsIClipboard.kGlobalClipboard, win.browsingContext.currentWindowContext);
      const data = {};
      transferable.getTransferData('text/plain', data);
      return data.value.QueryInterface(Ci.nsISupportsString).data;`),
    async closeExtensionTab(path) {
      const prefix = `${glossa.extensionUrl}${path}`;
      return waitUntil(() => glossa.inExtension(async (browser, p) => {
        const tab = (await browser.tabs.query({})).find((t) => t.url?.startsWith(p));
        if (!tab) return '';
        await browser.tabs.remove(tab.id!);
        return tab.url!;
      }, prefix), `a tab of ${path}`, 10_000);
    },
    async openPopup(page) {
      const popup = new PuppeteerUiPage(await glossa.openPopup((page as FirefoxInPage).page));
      await page.bringToFront();
      return popup;
    },
    openOptions: async () => new PuppeteerUiPage(await glossa.openOptions()),
    registeredContentScripts: () => glossa.inExtension(async (browser) => (await browser.scripting.getRegisteredContentScripts()).map((s) => s.matches ?? [])),
    close: () => glossa.close(),
  };
}
