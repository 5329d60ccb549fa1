// The live-app scenarios' browser (tests/e2e/apps/live-browser.ts) in Firefox: harness.ts over puppeteer-core.
import type { Page } from 'puppeteer-core';
import type { LaunchOptions, LiveBrowser, LivePage } from '../e2e/apps/live-browser';
import { launchGlossa, type Glossa, type TabStateSnapshot } from './harness';

class FirefoxPage implements LivePage {
  readonly errors: string[] = [];

  constructor(private readonly glossa: Glossa, readonly page: Page) {
    // BiDi reports an uncaught error as its text, "Name: message"; keep the message, as Chromium reports it.
    page.on('pageerror', (error) => this.errors.push(`page error: ${(error as Error).message.replace(/^\w*Error: /, '')}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console error: ${message.text()}`);
    });
  }

  click(selector: string): Promise<void> {
    return this.page.click(selector);
  }

  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>;
  }

  // Polled by time, as everywhere in the Firefox harness: a tab not in front gets no animation frames.
  waitFor(expression: string, timeoutMs: number): Promise<boolean> {
    return this.page.waitForFunction(expression, { timeout: timeoutMs, polling: 50 }).then(() => true, () => false);
  }

  translatePageCommand(): Promise<void> {
    return this.glossa.dispatchCommand('translate-page', this.page);
  }

  waitForPhase(phase: TabStateSnapshot['phase']): Promise<TabStateSnapshot> {
    return this.glossa.waitForPhase(this.page, phase);
  }

  close(): Promise<void> {
    return this.page.close();
  }
}

export async function launchFirefox(options: LaunchOptions): Promise<LiveBrowser> {
  const glossa = await launchGlossa(options);
  return {
    name: 'Firefox',
    api: glossa.api,
    servePage: (path, body) => void glossa.pages.set(path, body),
    async open(path) {
      const page = new FirefoxPage(glossa, await glossa.browser.newPage());
      await page.page.goto(glossa.pageUrl(path));
      await page.page.bringToFront();
      return page;
    },
    setStorage: (values) => glossa.setStorage(values),
    close: () => glossa.close(),
  };
}
