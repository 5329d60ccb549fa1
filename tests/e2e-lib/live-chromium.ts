// The shared scenarios' browser (live-browser.ts) in Chromium: chromium-harness.ts over playwright-core.
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, watchRequests, type ChromiumGlossa } from './chromium-harness';
import { noticeIn, popoverIn, type GlossaRoot } from './closed-roots-chromium';
import { HarnessPage, liveBrowser } from './live-adapter';
import type { LaunchOptions, LiveBrowser } from './live-browser';

class ChromiumPage extends HarnessPage<Page, ChromiumGlossa> {
  constructor(glossa: ChromiumGlossa, page: Page) {
    super(glossa, page);
    page.on('pageerror', (error) => this.errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console error: ${message.text()}`);
    });
  }

  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg);
  }

  waitFor(expression: string, timeoutMs: number): Promise<boolean> {
    return this.page.waitForFunction(expression, undefined, { timeout: timeoutMs, polling: 'raf' }).then(() => true, () => false);
  }

  async waitUntil<A>(fn: (arg: A) => unknown, arg: A, timeoutMs = 20_000): Promise<void> {
    await this.page.waitForFunction(fn as (arg: unknown) => unknown, arg, { timeout: timeoutMs });
  }

  popover(): GlossaRoot {
    return popoverIn(this.page, this.glossa.extensionId);
  }

  notice(): GlossaRoot {
    return noticeIn(this.page, this.glossa.extensionId);
  }
}

export async function launchChromium(options: LaunchOptions): Promise<LiveBrowser> {
  const glossa = await launchGlossaInChromium(options);
  return liveBrowser(glossa, {
    name: 'Chromium',
    newPage: () => glossa.context.newPage(),
    wrap: (page) => new ChromiumPage(glossa, page),
    // Every request the browser makes, to any host.
    watchRequests: (needle) => watchRequests(glossa.context, needle),
  });
}
