// What the shared scenarios (tests/e2e-both/apps/: driver.ts, suite.ts, hydration.ts; tests/e2e-both/scenarios/)
// need from a browser with Glossa installed, kept small and browser-neutral so one scenario reads
// the same in Chromium (live-chromium.ts over playwright-core) and Firefox (live-firefox.ts over
// puppeteer-core); both build on live-adapter.ts. launch-live.ts picks the browser of the run.
import type { ClosedRoot } from './closed-root';
import type { ApiServer, LaunchOptions, TabStateSnapshot } from './harness';

export type { ApiServer, LaunchOptions, TabStateSnapshot };

/** One tab of a test page, watched for page errors and console errors from its opening on. */
export interface LivePage {
  /** `page error: <message>` and `console error: <text>`, oldest first. */
  readonly errors: string[];
  /** Clicks the element as a user does. */
  click(selector: string): Promise<void>;
  /** Presses a key (e.g. Escape) in the page. */
  press(key: string): Promise<void>;
  /** Runs `fn` in the page with `arg` (sent as JSON); its result comes back structured-cloned. */
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  /** Waits until the expression (source run in the page) is truthy; false when it is not within `timeoutMs`. */
  waitFor(expression: string, timeoutMs: number): Promise<boolean>;
  /** Waits until `fn(arg)` is truthy in the page; throws when it is not within `timeoutMs`. */
  waitUntil<A>(fn: (arg: A) => unknown, arg: A, timeoutMs?: number): Promise<void>;
  /** The user's toggle for the page: the translate-page command (translate, or show the original). */
  translatePageCommand(): Promise<void>;
  /** A click on the context menu's "translate selection" item, with what the menu reports. */
  translateSelectionMenu(info: Record<string, unknown>): Promise<void>;
  /** Waits until Glossa's state for the tab reaches `phase`. */
  waitForPhase(phase: TabStateSnapshot['phase']): Promise<TabStateSnapshot>;
  /** Glossa's selection popover in the page (a closed shadow root). */
  popover(): ClosedRoot;
  /** Glossa's page notice in the page (a closed shadow root). */
  notice(): ClosedRoot;
  close(): Promise<void>;
}

export interface LiveBrowser {
  /** Which browser, for the figures the suite prints. */
  readonly name: 'Chromium' | 'Firefox';
  readonly api: ApiServer;
  /** Serves `body` at `path` on the test page server. */
  servePage(path: string, body: string): void;
  /** Opens the page server's `path` in a new tab in front. */
  open(path: string): Promise<LivePage>;
  /** Records, from now on, the requests any page makes whose URL contains `needle`. */
  watchRequests(needle: string): { readonly urls: string[]; stop(): void };
  setStorage(values: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export type LaunchLiveBrowser = (options: LaunchOptions) => Promise<LiveBrowser>;
