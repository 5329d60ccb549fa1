// Injected just before a content script, and only where the browser has no `browser` namespace
// (Chromium before 148; utils/background/injection.ts decides): installs webextension-polyfill's
// promise-based `browser` in the script's world, where the scripts' `wxt/browser` reads it
// (utils/content/world-browser.ts). A world that has one already keeps it.
import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

export default defineUnlistedScript(() => {
  (globalThis as { browser?: unknown }).browser ??= browser;
});
