// The shared scenarios' browser (live-browser.ts) in Firefox: firefox-harness.ts over puppeteer-core.
import type { Page } from 'puppeteer-core';
import { noticeIn, popoverIn, type GlossaRoot } from './closed-roots-firefox';
import { waitInPage } from './firefox-dom';
import { launchGlossaInFirefox, type FirefoxGlossa } from './firefox-harness';
import { HarnessPage, liveBrowser } from './live-adapter';
import type { LaunchOptions, LiveBrowser } from './live-browser';

class FirefoxPage extends HarnessPage<Page, FirefoxGlossa> {
  constructor(glossa: FirefoxGlossa, page: Page) {
    super(glossa, page);
    // BiDi reports an uncaught error as its text, "Name: message"; keep the message, as Chromium reports it.
    page.on('pageerror', (error) => this.errors.push(`page error: ${(error as Error).message.replace(/^\w*Error: /, '')}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console error: ${message.text()}`);
    });
  }

  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>;
  }

  // Polled by time, as everywhere in the Firefox harness: a tab not in front gets no animation frames.
  waitFor(expression: string, timeoutMs: number): Promise<boolean> {
    return this.page.waitForFunction(expression, { timeout: timeoutMs, polling: 50 }).then(() => true, () => false);
  }

  waitUntil<A>(fn: (arg: A) => unknown, arg: A, timeoutMs?: number): Promise<void> {
    return waitInPage(this.page, fn, arg, timeoutMs);
  }

  // Firefox reaches Glossa's world through the harness (scripting.executeScript), not a DevTools session.
  popover(): GlossaRoot {
    return popoverIn(this.page, this.glossa);
  }

  notice(): GlossaRoot {
    return noticeIn(this.page, this.glossa);
  }
}

export async function launchFirefox(options: LaunchOptions): Promise<LiveBrowser> {
  const glossa = await launchGlossaInFirefox(options);
  return liveBrowser(glossa, {
    name: 'Firefox',
    newPage: () => glossa.browser.newPage(),
    wrap: (page) => new FirefoxPage(glossa, page),
    // What reached the page server (its own log): puppeteer's BiDi request events are not used in this suite.
    watchRequests: (needle) => {
      const from = glossa.pages.requested.length;
      return { get urls() { return glossa.pages.requested.slice(from).filter((path) => path.includes(needle)); }, stop: () => undefined };
    },
  });
}
