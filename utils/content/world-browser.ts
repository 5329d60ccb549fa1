// What `wxt/browser` is in the scripts Glossa injects into pages (wxt.config.ts points it here):
// the `browser` of the content script's world. Firefox and Chrome 148+ have one of their own;
// in older Chromium browsers the background injects webextension-polyfill's first
// (entrypoints/browser-polyfill.ts, contentScriptFiles in utils/background/injection.ts), so the
// 9.6 KB polyfill is not carried by every script a page loads.
import type { browser as extensionBrowser } from 'wxt/browser';

export type { Browser } from 'wxt/browser';
export type WorldBrowser = typeof extensionBrowser;

/** The world's `browser`; an error naming the cause where there is none (the script was injected without the polyfill). */
export function worldBrowser(scope: object = globalThis): WorldBrowser {
  const namespace = (scope as { browser?: WorldBrowser }).browser;
  if (!namespace?.runtime?.id) throw new Error('No `browser` namespace in this content script world: inject browser-polyfill.js before it');
  return namespace;
}

export const browser: WorldBrowser = worldBrowser();
