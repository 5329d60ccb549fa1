// page-extras.js runs only in a world where page-engine.js already runs (the page script asks
// for it), so it takes that script's `browser` (webextension-polyfill) instead of bundling a
// second copy of it (about 9.6 KB): wxt.config.ts points its `wxt/browser` at extras-browser.ts.
import type { browser as pageBrowser } from 'wxt/browser';

export type PageBrowser = typeof pageBrowser;

const KEY = Symbol.for('glossa.browser');
type Scope = Record<symbol, PageBrowser | undefined>;

/** Called by the page script (entrypoints/page-engine.ts) with its own `browser`. */
export function handOverBrowser(browser: PageBrowser, scope: object = globalThis): void {
  (scope as Scope)[KEY] ??= browser;
}

/** The page script's `browser` in this world. */
export function handedOverBrowser(scope: object = globalThis): PageBrowser {
  const browser = (scope as Scope)[KEY];
  if (!browser) throw new Error('page-extras.js runs only after page-engine.js');
  return browser;
}
