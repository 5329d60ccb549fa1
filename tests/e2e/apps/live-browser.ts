// What the live-app scenarios (driver.ts, suite.ts, hydration.ts) need from a browser with
// Glossa installed, kept small and browser-neutral so one scenario reads the same in Chromium
// (tests/e2e/apps/chromium.ts over playwright-core) and Firefox
// (tests/e2e-firefox/live-browser.ts over puppeteer-core).
import type { TabStateSnapshot } from '../../../scripts/lib/extension-session';
import type { startServer } from '../../../server/index';
import type { LaunchOptions } from '../harness';

export type { LaunchOptions, TabStateSnapshot };

/** The local API server: its request log and fault rules. */
export type ApiServer = Awaited<ReturnType<typeof startServer>>;

/** One tab of a test page, watched for page errors and console errors from its opening on. */
export interface LivePage {
  /** `page error: <message>` and `console error: <text>`, oldest first. */
  readonly errors: string[];
  /** Clicks the element as a user does. */
  click(selector: string): Promise<void>;
  /** Runs `fn` in the page with `arg` (sent as JSON); its result comes back structured-cloned. */
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  /** Waits until the expression (source run in the page) is truthy; false when it is not within `timeoutMs`. */
  waitFor(expression: string, timeoutMs: number): Promise<boolean>;
  /** The user's toggle for the page: the translate-page command (translate, or show the original). */
  translatePageCommand(): Promise<void>;
  /** Waits until Glossa's state for the tab reaches `phase`. */
  waitForPhase(phase: TabStateSnapshot['phase']): Promise<TabStateSnapshot>;
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
  setStorage(values: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export type LaunchLiveBrowser = (options: LaunchOptions) => Promise<LiveBrowser>;
