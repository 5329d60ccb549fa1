// The part of the LiveBrowser adapters (live-browser.ts) that reads the same over both drivers:
// each browser's harness offers a Glossa with the same calls for its own page type, and the two
// drivers' pages share a few calls spelled alike. What the drivers spell differently stays in
// apps/chromium.ts and tests/e2e-firefox/live-browser.ts.
import type { ClosedRoot } from '../closed-root';
import type { ApiServer, LiveBrowser, LivePage, TabStateSnapshot } from './live-browser';

/** What both harnesses' Glossa (tests/e2e/harness.ts, tests/e2e-firefox/harness.ts) offer for a page `P`. */
export interface Harness<P> {
  readonly api: ApiServer;
  readonly pages: { set(path: string, body: string): unknown };
  pageUrl(path: string): string;
  setStorage(values: Record<string, unknown>): Promise<void>;
  dispatchCommand(name: 'translate-page', page: P): Promise<void>;
  clickMenu(menuItemId: 'translate-selection', page: P, info: Record<string, unknown>): Promise<void>;
  waitForPhase(page: P, phase: TabStateSnapshot['phase']): Promise<TabStateSnapshot>;
  close(): Promise<void>;
}

/** The calls playwright-core's and puppeteer-core's pages spell alike. */
export interface DriverPage {
  goto(url: string): Promise<unknown>;
  bringToFront(): Promise<void>;
  click(selector: string): Promise<void>;
  readonly keyboard: { press(key: string): Promise<void> };
  close(): Promise<void>;
}

export abstract class HarnessPage<P extends DriverPage, G extends Harness<P>> implements LivePage {
  readonly errors: string[] = [];

  constructor(protected readonly glossa: G, readonly page: P) {}

  abstract evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  abstract waitFor(expression: string, timeoutMs: number): Promise<boolean>;
  abstract waitUntil<A>(fn: (arg: A) => unknown, arg: A, timeoutMs?: number): Promise<void>;
  abstract popover(): ClosedRoot;
  abstract notice(): ClosedRoot;

  click(selector: string): Promise<void> {
    return this.page.click(selector);
  }

  press(key: string): Promise<void> {
    return this.page.keyboard.press(key);
  }

  translatePageCommand(): Promise<void> {
    return this.glossa.dispatchCommand('translate-page', this.page);
  }

  translateSelectionMenu(info: Record<string, unknown>): Promise<void> {
    return this.glossa.clickMenu('translate-selection', this.page, info);
  }

  waitForPhase(phase: TabStateSnapshot['phase']): Promise<TabStateSnapshot> {
    return this.glossa.waitForPhase(this.page, phase);
  }

  close(): Promise<void> {
    return this.page.close();
  }
}

export interface Adapter<P extends DriverPage> {
  name: LiveBrowser['name'];
  newPage(): Promise<P>;
  /** Wraps a blank page, so that its listeners see the page from its opening on. */
  wrap(page: P): HarnessPage<P, Harness<P>>;
  watchRequests: LiveBrowser['watchRequests'];
}

export function liveBrowser<P extends DriverPage>(glossa: Harness<P>, adapter: Adapter<P>): LiveBrowser {
  return {
    name: adapter.name,
    api: glossa.api,
    servePage: (path, body) => void glossa.pages.set(path, body),
    async open(path) {
      const page = adapter.wrap(await adapter.newPage());
      await page.page.goto(glossa.pageUrl(path));
      await page.page.bringToFront();
      return page;
    },
    watchRequests: adapter.watchRequests,
    setStorage: (values) => glossa.setStorage(values),
    close: () => glossa.close(),
  };
}
