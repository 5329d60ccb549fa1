// Content scripts are injected on demand (activeTab + scripting), never declared for every
// site: a message to a tab first tries a content script that is already there, and injects
// one only when nothing answers, so the script never runs twice in a page.
import { browser } from 'wxt/browser';
import { sendMessage, type ProtocolMap } from '../shared/protocol';

export const CONTENT_SCRIPT_FILE = 'page-engine.js';
/** The selection popover's script: injected only when a selection is translated (it wires itself once). */
export const SELECTION_SCRIPT_FILE = 'selection-popover.js';
/** Hover translation's listeners: registered on the sites where it is on; they load CONTENT_SCRIPT_FILE on the first point. */
export const HOVER_SCRIPT_FILE = 'page-hover.js';
/** What the page's script loads on first need (page notice, bilingual view, term refresh): injected when it asks. */
export const PAGE_EXTRAS_FILE = 'page-extras.js';
/** webextension-polyfill as a script of its own: what gives content scripts a `browser` where the browser has none. */
export const BROWSER_POLYFILL_FILE = 'browser-polyfill.js';

/**
 * Whether content scripts get a `browser` namespace from the browser itself (Firefox, Chrome
 * 148+): the polyfill's own test, made here in the worker, since Chromium gave every extension
 * context the namespace in the same version. The worker's `wxt/browser` is the polyfill's
 * module, which never sets the global, so a `browser` here is the browser's.
 */
export function hasNativeBrowserNamespace(scope: object = globalThis): boolean {
  return Boolean((scope as { browser?: { runtime?: { id?: string } } }).browser?.runtime?.id);
}

/** The files that run `file` (or several, in order) in a page: the polyfill first where the browser has no `browser` (utils/content/world-browser.ts). */
export function contentScriptFiles(file: string | readonly string[], native = hasNativeBrowserNamespace()): string[] {
  const files = typeof file === 'string' ? [file] : [...file];
  return native ? files : [BROWSER_POLYFILL_FILE, ...files];
}

/** Schemes where browsers never let extensions run scripts. */
const RESTRICTED_SCHEMES = new Set([
  'about:', 'chrome:', 'chrome-extension:', 'chrome-search:', 'chrome-untrusted:', 'devtools:', 'edge:',
  'moz-extension:', 'resource:', 'view-source:', 'data:', 'javascript:', 'blob:',
]);

/** Extension stores: scripting is refused there, whatever the permissions. */
const STORE_PAGES: readonly { host: string; path?: string }[] = [
  { host: 'chromewebstore.google.com' },
  { host: 'chrome.google.com', path: '/webstore' },
  { host: 'addons.mozilla.org' },
  { host: 'microsoftedge.microsoft.com', path: '/addons' },
];

/** Whether the browser forbids Glossa on this URL. Unknown URLs (no permission to see them) are tried. */
export function isRestrictedUrl(url: string | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (RESTRICTED_SCHEMES.has(parsed.protocol)) return true;
  return STORE_PAGES.some((store) => parsed.hostname === store.host && (!store.path || parsed.pathname.startsWith(store.path)));
}

/** An error for a page Glossa may not run on; `code` survives messaging like ApiError's. */
function restrictedPageError(detail?: string): Error {
  return Object.assign(new Error(detail || 'Extensions cannot run on this page'), { code: 'restricted-page' as const });
}

/** The browser's answer when no content script listens in the tab (Chrome and Firefox word it alike). */
function nothingListens(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /Receiving end does not exist|Could not establish connection/i.test(message);
}

export async function injectContentScript(tabId: number, frameId = 0, file: string | readonly string[] = CONTENT_SCRIPT_FILE): Promise<void> {
  try {
    await browser.scripting.executeScript({
      target: frameId === 0 ? { tabId } : { tabId, frameIds: [frameId] },
      // WXT types `files` from the entrypoints it has generated; this one is built at runtime.
      files: contentScriptFiles(file) as never[],
    });
  } catch (err) {
    // "Cannot access a chrome:// URL", "The extensions gallery cannot be scripted", a missing
    // host permission: for the user all of these mean Glossa may not touch this page.
    throw restrictedPageError(err instanceof Error ? err.message : String(err));
  }
}

type ContentMessage = 'startTranslation' | 'showOriginal' | 'retryFailed' | 'showSelectionTranslation' | 'pointAt' | 'pickExclusion';

/** The script that answers each message: a selection never brings the page engine into a tab. */
const SCRIPT_FOR: Record<ContentMessage, string> = {
  startTranslation: CONTENT_SCRIPT_FILE,
  showOriginal: CONTENT_SCRIPT_FILE,
  retryFailed: CONTENT_SCRIPT_FILE,
  showSelectionTranslation: SELECTION_SCRIPT_FILE,
  pointAt: CONTENT_SCRIPT_FILE,
  pickExclusion: CONTENT_SCRIPT_FILE,
};

/**
 * Sends a message to the tab's content script, injecting the script that answers it first
 * when none is there. The script registers its handlers while it runs, so once the injection has finished
 * the message is delivered on the first try.
 */
export async function sendToContent<K extends ContentMessage>(
  tabId: number,
  type: K,
  data: Parameters<ProtocolMap[K]>[0],
  frameId = 0,
): Promise<void> {
  try {
    await sendMessage(type, data, tabId, frameId);
    return;
  } catch (err) {
    if (!nothingListens(err)) throw err;
  }
  await injectContentScript(tabId, frameId, SCRIPT_FOR[type]);
  await sendMessage(type, data, tabId, frameId);
}

/** Sends to a content script only if one is already there (nothing to undo otherwise). */
export async function sendIfPresent<K extends ContentMessage>(tabId: number, type: K, data: Parameters<ProtocolMap[K]>[0]): Promise<boolean> {
  try {
    await sendMessage(type, data, tabId);
    return true;
  } catch (err) {
    if (nothingListens(err)) return false;
    throw err;
  }
}

/** Whether the tab's top frame runs a Glossa content script right now (it may have navigated away). */
export async function contentScriptPresent(tabId: number): Promise<boolean> {
  try {
    // Not a Glossa message type: the script's listener ignores it; only "nobody listens" matters.
    await browser.tabs.sendMessage(tabId, { glossa: 'presence' }, { frameId: 0 });
    return true;
  } catch (err) {
    return !nothingListens(err);
  }
}

/**
 * The frame holding a non-empty selection (the keyboard command does not say which frame the
 * user selected in); a focused frame wins over others that keep an old selection. Frames
 * Glossa cannot access are skipped; the top frame is the default.
 */
export async function selectionFrame(tabId: number): Promise<number> {
  try {
    const results = await browser.scripting.executeScript({
      target: { tabId, allFrames: true },
      func: () => ({
        selected: (globalThis.getSelection?.()?.toString().trim().length ?? 0) > 0,
        focused: globalThis.document?.hasFocus() ?? false,
      }),
    });
    const withSelection = results.filter((r) => r.result?.selected === true && typeof r.frameId === 'number');
    const hit = withSelection.find((r) => r.result?.focused) ?? withSelection[0];
    return hit?.frameId ?? 0;
  } catch {
    return 0;
  }
}
