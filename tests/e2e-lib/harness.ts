// What both browsers' harnesses share (chromium-harness.ts over playwright-core,
// firefox-harness.ts over puppeteer-core): how a run starts the local API server and which
// settings Glossa gets before a test, and the calls every harness offers for its page type.
import type { TabStateSnapshot } from '../../scripts/lib/extension-session';
import { startServer } from '../../server/index';
import type { PageServer } from './page-server';

export type { TabStateSnapshot };

export const TEST_KEY = 'e2e-test-key';
/** Every page these suites serve is one site (127.0.0.1), translated far past one site's hourly default: spending.e2e sets its own limits. */
export const NO_SPENDING_LIMITS = { siteHourCeiling: 1_000_000_000, monthlyBudget: 0 };

/** The local API server (server/): its request log and fault rules. */
export type ApiServer = Awaited<ReturnType<typeof startServer>>;
type ServerOptions = NonNullable<Parameters<typeof startServer>[0]>;

export interface LaunchOptions {
  /** Options for the local API server (port 0, admin on, key TEST_KEY by default). */
  server?: Partial<ServerOptions>;
  /** Settings written to storage before the test starts (merged over the defaults). */
  settings?: Record<string, unknown>;
  /** Skip configuring the connection (e.g. to test the no-key state). */
  unconfigured?: boolean;
  /** The browser's UI language (default en-US). */
  lang?: string;
}

/** The local API server as every suite starts it: on 127.0.0.1, paid plan, TEST_KEY accepted, admin on. */
export function startApiServer(options: LaunchOptions = {}): Promise<ApiServer> {
  return startServer({ port: 0, host: '127.0.0.1', plan: 'paid', keys: [TEST_KEY], admin: true, ...options.server });
}

/** The settings a fresh harness writes: the connection to `api` (unless unconfigured), no spending limits, then the test's own. */
export function initialSettings(options: LaunchOptions, api: ApiServer): Record<string, unknown> {
  const settings: Record<string, unknown> = options.unconfigured
    ? { spendingLimits: NO_SPENDING_LIMITS }
    : { connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: api.url }, spendingLimits: NO_SPENDING_LIMITS };
  return { ...settings, ...options.settings };
}

export interface OpenPageOptions {
  /** When the page counts as open: its load event (the default) or its DOM (saved pages whose outside resources never load). */
  waitUntil?: 'load' | 'domcontentloaded';
}

/** What both harnesses (ChromiumGlossa, FirefoxGlossa) offer for their driver's page type `P`. */
export interface GlossaHarness<P> {
  readonly api: ApiServer;
  readonly pages: PageServer;
  pageUrl(path: string): string;
  openPage(pathOrUrl: string, options?: OpenPageOptions): Promise<P>;
  setStorage(values: Record<string, unknown>): Promise<void>;
  tabIdOf(page: P): Promise<number>;
  dispatchCommand(name: 'translate-page', page: P): Promise<void>;
  clickMenu(menuItemId: 'translate-page' | 'translate-selection', page: P, info: Record<string, unknown>): Promise<void>;
  waitForPhase(page: P, phase: TabStateSnapshot['phase'], timeoutMs?: number): Promise<TabStateSnapshot>;
  waitForText(page: P, text: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
