// What the PDF viewer suite (tests/e2e-both/pdf-viewer.e2e.ts) needs beyond the shared harness,
// per browser: Glossa's viewer page opened at an address, and the addresses of the open tabs
// (Firefox's BiDi does not hand puppeteer the tabs an add-on opens, so tabs are listed by Glossa).
import type { GlossaHarness, LaunchOptions } from './harness';
import type { DriverPage } from './launch-harness';
import { e2eBrowser } from './launch-live';

export interface PdfBrowser {
  readonly glossa: GlossaHarness<DriverPage>;
  readonly extensionUrl: string;
  /** Glossa's page at `path` (e.g. `/pdf-viewer.html?file=…`) in a new tab in front. */
  openExtensionPage(path: string): Promise<DriverPage>;
  /** The addresses of every open tab. */
  tabUrls(): Promise<string[]>;
  /** A click on Glossa's context-menu item `menuItemId` on `page`, with extra click info. */
  clickMenu(menuItemId: 'translate-pdf-link', page: DriverPage, info: Record<string, unknown>): Promise<void>;
}

export async function launchPdfBrowser(options: LaunchOptions): Promise<PdfBrowser & { chromium?: import('./chromium-harness').ChromiumGlossa }> {
  if (e2eBrowser() === 'firefox') {
    const g = await (await import('./firefox-harness')).launchGlossaInFirefox(options);
    type FirefoxPage = Parameters<typeof g.tabIdOf>[0];
    return {
      glossa: g as unknown as GlossaHarness<DriverPage>,
      extensionUrl: g.extensionUrl,
      async openExtensionPage(path) {
        const page = await g.openExtensionPage(path);
        await page.bringToFront();
        return page as unknown as DriverPage;
      },
      tabUrls: () => g.inExtension(async (browser) => (await browser.tabs.query({})).map((t) => t.url ?? '')),
      clickMenu: (id, page, info) => g.clickMenu(id as 'translate-page', page as unknown as FirefoxPage, info),
    };
  }
  const g = await (await import('./chromium-harness')).launchGlossaInChromium(options);
  type ChromiumPage = Parameters<typeof g.tabIdOf>[0];
  return {
    chromium: g,
    glossa: g as unknown as GlossaHarness<DriverPage>,
    extensionUrl: g.extensionUrl,
    async openExtensionPage(path) {
      const page = await g.context.newPage();
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto(`${g.extensionUrl}${path}`);
      await page.bringToFront();
      return page as unknown as DriverPage;
    },
    tabUrls: () => g.inWorker(async () => (await chrome.tabs.query({})).map((t) => t.url ?? '')),
    clickMenu: (id, page, info) => g.clickMenu(id as 'translate-page', page as unknown as ChromiumPage, info),
  };
}
