// What the extension-page suites (tests/e2e-both: options, popup, glossary manager) need from a
// browser with Glossa installed, written once: pages found as Testing Library finds things (by
// role and accessible name, by label, by text) and driven as a user does, plus the harness
// calls those suites make. ui-chromium.ts implements it over playwright-core locators,
// ui-firefox.ts over puppeteer-core; launchUiHarness starts the run's browser (launch-live.ts).
import type { ApiServer, GlossaHarness, LaunchOptions, TabStateSnapshot } from './harness';
import { e2eBrowser, type E2eBrowser } from './launch-live';
import type { PageServer } from './page-server';

export type UiRole = 'button' | 'checkbox' | 'dialog' | 'heading' | 'list' | 'region' | 'rowheader' | 'table';
/** A string is the whole accessible name or label (spaces collapsed); a RegExp is tested against it. */
export type UiName = string | RegExp;

/** Where to look: a page, or inside an element found on it. */
export interface UiScope {
  /** By role and accessible name (any name when none is given). */
  byRole(role: UiRole, name?: UiName): UiElement;
  /** A form control by its label (<label>, aria-label or aria-labelledby), the whole label. */
  byLabel(label: string): UiElement;
  /** The innermost elements whose text contains `text` (a string) or matches it (a RegExp). */
  byText(text: UiName): UiElement;
  bySelector(css: string): UiElement;
}

/** Elements a query finds, looked up again at each call; actions act on the first shown. */
export interface UiElement extends UiScope {
  /** Waits until one is shown (20 s unless told). */
  waitFor(timeoutMs?: number): Promise<void>;
  /** Waits until none is shown. */
  waitGone(): Promise<void>;
  /** How many are shown now. */
  count(): Promise<number>;
  click(): Promise<void>;
  /** Replaces the field's text by typing. */
  fill(value: string): Promise<void>;
  /** Chooses the option with this value of a select. */
  choose(value: string): Promise<void>;
  check(): Promise<void>;
  focus(): Promise<void>;
  /** Gives a file input one file, as a user picking it does. */
  setFile(file: { name: string; mimeType: string; text: string }): Promise<void>;
  value(): Promise<string>;
  checked(): Promise<boolean>;
  disabled(): Promise<boolean>;
  attribute(name: string): Promise<string | null>;
  /** The text as the user reads it (innerText). */
  text(): Promise<string>;
}

/** A tab: a test page or one of Glossa's pages. */
export interface UiPage extends UiScope {
  readonly browser: E2eBrowser;
  url(): string;
  /** Presses a key or a chord ('Enter', 'Space', 'ControlOrMeta+A'). */
  press(key: string): Promise<void>;
  type(text: string): Promise<void>;
  /** Runs `fn` in the page with `arg` (structured-cloned both ways). */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Waits until `fn(arg)` is truthy in the page, polled by time (hidden tabs get no animation frames). */
  waitInPage<A>(fn: (arg: A) => unknown, arg: A, what: string, timeoutMs?: number): Promise<void>;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  bringToFront(): Promise<void>;
  close(): Promise<void>;
  /** Closes the tab as a user does, letting the page ask first: the kind of dialog it asked with (dismissed), if one came. */
  closeAskingFirst(): Promise<string | undefined>;
}

/** The toolbar button's badge for a tab. */
export interface Badge {
  text: string;
  title: string;
  /** RGBA, 0-255. */
  color: number[];
}

/** The run's browser with Glossa, the local API server and the page server. */
export interface UiHarness {
  readonly browser: E2eBrowser;
  readonly api: ApiServer;
  readonly pages: PageServer;
  pageUrl(path: string): string;
  /** A test page (path on the page server, or a URL) in a new tab in front. */
  openPage(pathOrUrl: string): Promise<UiPage>;
  /** The options page, once its API key field is shown. */
  openOptions(query?: string): Promise<UiPage>;
  /** The popup as a tab controlling `page`'s tab, once it shows its target language; `page` stays in front, as under a real popup. */
  openPopup(page: UiPage): Promise<UiPage>;
  /** One of Glossa's pages ('/popup.html?tabId=3') in a new tab, not waiting for English labels: a test in another UI language waits for its own. */
  openGlossaPage(path: string): Promise<UiPage>;
  /** A setting as Glossa stores it (Firefox keeps the private ones in the add-on's IndexedDB). */
  stored<T>(key: string): Promise<T | undefined>;
  setStorage(values: Record<string, unknown>): Promise<void>;
  /** Removes every setting. */
  clearStorage(): Promise<void>;
  /** Empties the translation cache, so the next translation reaches the server. */
  clearTranslationCache(): Promise<void>;
  /** Whether Glossa holds the host permission `originPattern` (e.g. 'https://x.example/*'). */
  mayContact(originPattern: string): Promise<boolean>;
  badge(page: UiPage): Promise<Badge>;
  tabIdOf(page: UiPage): Promise<number>;
  /** Glossa's state for the tab, with the address it belongs to. */
  tabState(page: UiPage): Promise<TabStateSnapshot & { url?: string }>;
  /** Waits until the tab's state reaches `phase`; an 'error' phase on the way is not a failure. */
  waitForPhase(page: UiPage, phase: TabStateSnapshot['phase'], timeoutMs?: number): Promise<TabStateSnapshot>;
  dispatchCommand(name: 'translate-page', page: UiPage): Promise<void>;
  clickMenu(menuItemId: 'translate-page' | 'translate-selection', page: UiPage, info?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** The harness calls both browsers' UiHarness make alike: the harness's own (harness.ts), on the driver's page `P` under each UiPage. */
export abstract class UiHarnessOver<P> {
  constructor(readonly glossa: GlossaHarness<P> & { tabState(page: P): Promise<TabStateSnapshot> }) {}
  protected abstract pageOf(page: UiPage): P;
  get api(): ApiServer { return this.glossa.api; }
  get pages(): PageServer { return this.glossa.pages; }
  pageUrl(path: string): string { return this.glossa.pageUrl(path); }
  tabIdOf(page: UiPage): Promise<number> { return this.glossa.tabIdOf(this.pageOf(page)); }
  tabState(page: UiPage) { return this.glossa.tabState(this.pageOf(page)) as Promise<TabStateSnapshot & { url?: string }>; }
  waitForPhase(page: UiPage, phase: TabStateSnapshot['phase'], timeoutMs?: number): Promise<TabStateSnapshot> { return this.glossa.waitForPhase(this.pageOf(page), phase, timeoutMs); }
  dispatchCommand(name: 'translate-page', page: UiPage): Promise<void> { return this.glossa.dispatchCommand(name, this.pageOf(page)); }
  clickMenu(menuItemId: 'translate-page' | 'translate-selection', page: UiPage, info: Record<string, unknown> = {}): Promise<void> {
    return this.glossa.clickMenu(menuItemId, this.pageOf(page), info);
  }
  close(): Promise<void> { return this.glossa.close(); }
}

/** Starts the run's browser (GLOSSA_E2E_BROWSER) with Glossa; only that browser's driver is loaded. */
export async function launchUiHarness(options: LaunchOptions = {}): Promise<UiHarness> {
  if (e2eBrowser() === 'firefox') return (await import('./ui-firefox')).launchUiInFirefox(options);
  return (await import('./ui-chromium')).launchUiInChromium(options);
}

/** Empties the translation cache's store (run in the extension; never creates the database: idb-keyval creates its store only with it). */
export async function clearCacheDatabase(): Promise<void> {
  if (!(await indexedDB.databases()).some((d) => d.name === 'glossa-cache')) return;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('glossa-cache');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('translations')) {
        db.close();
        resolve();
        return;
      }
      const tx = db.transaction('translations', 'readwrite');
      tx.objectStore('translations').clear();
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** Splits 'ControlOrMeta+A' into the keys a chord holds down and the one it presses (Linux: ControlOrMeta is Control). */
export function chordOf(key: string): { held: string[]; pressed: string } {
  const parts = key === '+' ? ['+'] : key.split('+').map((part) => (part === 'ControlOrMeta' ? 'Control' : part));
  return { held: parts.slice(0, -1), pressed: parts.at(-1)! };
}
