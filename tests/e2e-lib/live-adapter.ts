// The part of the LiveBrowser adapters (live-browser.ts) that reads the same over both drivers:
// each browser's harness offers the calls of GlossaHarness (harness.ts) for its own page type,
// and the two drivers' pages share a few calls spelled alike. What the drivers spell
// differently stays in live-chromium.ts and live-firefox.ts.
import type { ClosedRoot } from './closed-root';
import type { GlossaHarness } from './harness';
import type { LiveBrowser, LivePage, TabStateSnapshot } from './live-browser';

/** The calls playwright-core's and puppeteer-core's pages spell alike. */
export interface DriverPage {
  goto(url: string): Promise<unknown>;
  bringToFront(): Promise<void>;
  click(selector: string): Promise<void>;
  readonly keyboard: { press(key: string): Promise<void> };
  close(): Promise<void>;
}

export abstract class HarnessPage<P extends DriverPage, G extends GlossaHarness<P>> implements LivePage {
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
  wrap(page: P): HarnessPage<P, GlossaHarness<P>>;
  watchRequests: LiveBrowser['watchRequests'];
}

export function liveBrowser<P extends DriverPage>(glossa: GlossaHarness<P>, adapter: Adapter<P>): LiveBrowser {
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
