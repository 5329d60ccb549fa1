// What the pointing suite (tests/e2e-both/pointing.e2e.ts) needs beyond the shared harness,
// per browser: the registered hover script, the host access Glossa holds, stored settings,
// the element picker's closed root, and a context-menu click at a point of the page.
import type { ClosedRoot } from './closed-root';
import type { GlossaHarness, LaunchOptions } from './harness';
import type { DriverPage } from './launch-harness';
import { e2eBrowser } from './launch-live';

export type PointingMenu = 'translate-paragraph' | 'exclude-element';

/** The calls of both drivers' pages the pointing suite uses beyond DriverPage. */
export interface PointingPage extends DriverPage {
  reload(options: { waitUntil: 'domcontentloaded' }): Promise<unknown>;
}

export interface PointingBrowser {
  readonly glossa: GlossaHarness<PointingPage>;
  /** The files of the content scripts the background has registered (the hover script is one). */
  registeredScripts(): Promise<string[]>;
  /** Whether the page script (page-engine.js) runs in the page: it answers messages, the hover script does not. */
  pageScriptIn(page: PointingPage): Promise<boolean>;
  /** Whether Glossa holds access to every site. */
  hasAllSites(): Promise<boolean>;
  stored<T>(key: string): Promise<T>;
  /** Glossa's element picker ("Never translate this part") on the page. */
  picker(page: PointingPage): ClosedRoot;
  /** The pointer at (x, y), then a click on Glossa's context-menu item there (Chromium right-clicks first; Firefox's native menu would stay open). */
  menuAt(menu: PointingMenu, page: PointingPage, at: { x: number; y: number }): Promise<void>;
  /** Fires a command of Glossa's (as its shortcut does) with `page` in front. */
  command(name: 'translate-page' | 'translate-paragraph', page: PointingPage): Promise<void>;
}

export async function launchPointing(options: LaunchOptions): Promise<PointingBrowser> {
  if (e2eBrowser() === 'firefox') {
    const { launchGlossaInFirefox } = await import('./firefox-harness');
    const { pickerIn } = await import('./closed-roots-firefox');
    const g = await launchGlossaInFirefox(options);
    type FirefoxPage = Parameters<typeof g.tabIdOf>[0];
    return {
      glossa: g as unknown as GlossaHarness<PointingPage>,
      registeredScripts: () => g.inExtension(async (browser) => (await browser.scripting.getRegisteredContentScripts()).flatMap((script) => script.js ?? [])),
      pageScriptIn: async (page) => g.inExtension(async (browser, tabId) => browser.tabs.sendMessage(tabId, { glossa: 'presence' }).then(() => true, (err: Error) => !/Receiving end does not exist|Could not establish connection/.test(err.message)), await g.tabIdOf(page as unknown as FirefoxPage)),
      hasAllSites: () => g.inExtension(async (browser) => browser.permissions.contains({ origins: ['*://*/*'] })),
      stored: (key) => g.stored(key),
      picker: (page) => pickerIn(page as unknown as FirefoxPage, g),
      async menuAt(menu, page, at) {
        await page.mouse.move(at.x, at.y);
        await g.clickMenu(menu as never, page as unknown as FirefoxPage);
      },
      command: (name, page) => g.dispatchCommand(name as 'translate-page', page as unknown as FirefoxPage),
    };
  }
  const { launchGlossaInChromium } = await import('./chromium-harness');
  const { pickerIn } = await import('./closed-roots-chromium');
  const g = await launchGlossaInChromium(options);
  type ChromiumPage = Parameters<typeof g.tabIdOf>[0];
  return {
    glossa: g as unknown as GlossaHarness<PointingPage>,
    registeredScripts: () => g.inWorker(async () => (await chrome.scripting.getRegisteredContentScripts()).flatMap((script) => script.js ?? [])),
    pageScriptIn: async (page) => g.inWorker(async (tabId: number) => chrome.tabs.sendMessage(tabId, { glossa: 'presence' }).then(() => true, (err: Error) => !/Receiving end does not exist|Could not establish connection/.test(err.message)), await g.tabIdOf(page as unknown as ChromiumPage)),
    hasAllSites: () => g.inWorker(async () => chrome.permissions.contains({ origins: ['*://*/*'] })),
    stored: (key) => g.inWorker(async (k: string) => (await chrome.storage.local.get(k))[k], key) as never,
    picker: (page) => pickerIn(page as unknown as ChromiumPage, g.extensionId),
    async menuAt(menu, page, at) {
      const p = page as unknown as ChromiumPage;
      await p.mouse.move(at.x, at.y);
      await p.mouse.click(at.x, at.y, { button: 'right' });
      await g.clickMenu(menu, p);
    },
    command: (name, page) => g.dispatchCommand(name, page as unknown as ChromiumPage),
  };
}
