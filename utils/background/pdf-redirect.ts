// `Open PDFs in Glossa`: with the option on, a tab about to show a PDF (an address ending in
// .pdf) is sent to Glossa's viewer instead. The same in Chromium and Firefox: webNavigation's
// onBeforeNavigate (an optional permission, asked for when the option is turned on) and
// tabs.update, so the browser's viewer never starts. The viewer's `Open in the browser's
// viewer` lets one navigation of that tab to that address through (passThrough below).
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { afterStartup } from './lifecycle';
import { onBackgroundMessage } from '../shared/messages-to-background';
import { looksLikePdfUrl, pdfViewerUrl } from '../shared/pdf-url';
import { openPdfsInGlossaItem } from '../shared/pdf-settings';
import { isPdfViewerUrl } from './pdf-service';

/** Tab id → the address it may show in the browser's own viewer once (the user asked for it). */
const passThroughItem = storage.defineItem<Record<string, string>>('session:pdfPassThrough', { fallback: {} });

let serialised: Promise<unknown> = Promise.resolve();
function updatePassThrough(change: (map: Record<string, string>) => Record<string, string>): Promise<void> {
  const next = serialised.then(async () => passThroughItem.setValue(change(await passThroughItem.getValue())));
  serialised = next.catch(() => undefined);
  return next;
}

/** Whether this navigation is the one the user let through (it is let through once). */
async function takePassThrough(tabId: number, url: string): Promise<boolean> {
  let allowed = false;
  await updatePassThrough((map) => {
    allowed = map[tabId] === url;
    if (!allowed) return map;
    const rest = { ...map };
    delete rest[tabId];
    return rest;
  });
  return allowed;
}

export async function redirectPdfNavigation(details: { tabId: number; frameId: number; url: string }): Promise<void> {
  if (details.frameId !== 0 || details.tabId < 0 || !looksLikePdfUrl(details.url) || !/^https?:/i.test(details.url)) return;
  if (!(await openPdfsInGlossaItem.getValue())) return;
  if (await takePassThrough(details.tabId, details.url)) return;
  await browser.tabs.update(details.tabId, { url: pdfViewerUrl(browser.runtime.getURL('/'), details.url) });
}

let listening = false;
function listen(): void {
  const navigation = (browser as { webNavigation?: typeof browser.webNavigation }).webNavigation;
  if (listening || !navigation) return;
  navigation.onBeforeNavigate.addListener(afterStartup((details: { tabId: number; frameId: number; url: string }) => redirectPdfNavigation(details)));
  listening = true;
}

/** Registers the redirect (at worker start when the permission is held, else once it is granted). */
export function registerPdfRedirect(): void {
  listen();
  browser.permissions.onAdded.addListener(afterStartup(() => listen()));
  onBackgroundMessage('pdfPassThrough', async ({ data, sender }) => {
    const tabId = sender.tab?.id;
    if (tabId === undefined || !isPdfViewerUrl(sender.url)) return { allowed: false };
    await updatePassThrough((map) => ({ ...map, [tabId]: data.url }));
    return { allowed: true };
  });
}
