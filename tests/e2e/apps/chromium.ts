// The live-app scenarios' browser (live-browser.ts) in Chromium: tests/e2e/harness.ts over playwright-core.
import type { Page } from 'playwright-core';
import { launchGlossa, type Glossa } from '../harness';
import type { LaunchOptions, LiveBrowser, LivePage, TabStateSnapshot } from './live-browser';

class ChromiumPage implements LivePage {
  readonly errors: string[] = [];

  constructor(private readonly glossa: Glossa, readonly page: Page) {
    page.on('pageerror', (error) => this.errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console error: ${message.text()}`);
    });
  }

  click(selector: string): Promise<void> {
    return this.page.click(selector);
  }

  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg);
  }

  waitFor(expression: string, timeoutMs: number): Promise<boolean> {
    return this.page.waitForFunction(expression, undefined, { timeout: timeoutMs, polling: 'raf' }).then(() => true, () => false);
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

export async function launchChromium(options: LaunchOptions): Promise<LiveBrowser> {
  const glossa = await launchGlossa(options);
  return {
    name: 'Chromium',
    api: glossa.api,
    servePage: (path, body) => void glossa.pages.set(path, body),
    async open(path) {
      const page = new ChromiumPage(glossa, await glossa.context.newPage());
      await page.page.goto(glossa.pageUrl(path));
      await page.page.bringToFront();
      return page;
    },
    setStorage: (values) => glossa.setStorage(values),
    close: () => glossa.close(),
  };
}
