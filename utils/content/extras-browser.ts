// What `wxt/browser` is in page-extras.js (wxt.config.ts): the page script's own `browser`,
// handed over in this world (browser-handoff.ts), rather than a second copy of the polyfill.
import { handedOverBrowser, type PageBrowser } from './browser-handoff';

export type { Browser } from 'wxt/browser';
export const browser: PageBrowser = handedOverBrowser();
