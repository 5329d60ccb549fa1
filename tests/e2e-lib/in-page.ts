// What the in-page suites (tests/e2e-both: selection, term-fix) drive, written once for both
// browsers: a tab of a test page with Glossa's selection popover, its term form frame and the
// page's own text, selected, typed into and pressed as a user does. What the drivers spell
// alike (evaluate, the keyboard, frames, element clicks) is used here directly; what they spell
// differently (Glossa's isolated world, colour scheme, the tab's state, extension tabs) lives in
// in-page-chromium.ts (playwright-core) and in-page-firefox.ts (puppeteer-core).
import type { UiPage } from './ui-page';
import type { AxeResults, Result } from 'axe-core';
import { axeSource } from './axe';
import type { ClosedRoot } from './closed-root';
import type { ApiServer, GlossaHarness, LaunchOptions, TabStateSnapshot } from './harness';
import { e2eBrowser } from './launch-live';
import type { PageServer } from './page-server';
import { waitUntil } from './wait';

export const POPOVER_HOST = 'glossa-selection-popover';

/** A frame as both drivers offer it (playwright-core's and puppeteer-core's `Frame`). */
export interface DriverFrame {
  url(): string;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  $$(selector: string): Promise<{ click(): Promise<void> }[]>;
}

/** A page as both drivers offer it. */
export interface DriverPage extends DriverFrame {
  frames(): DriverFrame[];
  mainFrame(): DriverFrame;
  bringToFront(): Promise<void>;
  reload(): Promise<unknown>;
  close(): Promise<void>;
  readonly keyboard: { down(key: string): Promise<void>; up(key: string): Promise<void>; press(key: string): Promise<void>; type(text: string): Promise<void> };
}

/** Selects the first occurrence of `text` in the element matching `selector` (across its text nodes); returns the selection's text. Runs in the page. */
function selectTextInPage({ selector, text }: { selector: string; text: string }): string {
  const root = document.querySelector(selector);
  if (!root) throw new Error(`Nothing matches ${selector}`);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  const joined = texts.map((t) => t.data).join('');
  const at = joined.indexOf(text);
  if (at < 0) throw new Error(`"${text}" is not in ${selector} ("${joined}")`);
  const locate = (offset: number, preferNext: boolean): [Text, number] => {
    let seen = 0;
    for (const node of texts) {
      if (offset < seen + node.length || (!preferNext && offset === seen + node.length)) return [node, offset - seen];
      seen += node.length;
    }
    const last = texts[texts.length - 1];
    return [last, last.length];
  };
  const [startNode, startOffset] = locate(at, true);
  const [endNode, endOffset] = locate(at + text.length, false);
  window.getSelection()!.setBaseAndExtent(startNode, startOffset, endNode, endOffset);
  return window.getSelection()!.toString();
}

/**
 * Where a frame is, asked in the frame: BiDi reports moz-extension:// navigations late or never
 * (frame.url() stays about:blank). A frame that does not answer at once (navigating, detached) is not the one.
 */
function hrefOf(frame: DriverFrame): Promise<string> {
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve(''), 1_000));
  return Promise.race([frame.evaluate(() => location.href, null).catch(() => ''), timeout]);
}

/** Glossa's term form frame (an extension page the content script places on the page), its fields found by selector. */
export class TermForm {
  constructor(private readonly frame: DriverFrame, private readonly page: DriverPage) {}

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.frame.evaluate(fn, arg);
  }

  /** Waits until an element matches `selector`. */
  async waitFor(selector: string): Promise<void> {
    await waitUntil(() => this.frame.evaluate((s) => document.querySelector(s) !== null, selector), `${selector} in the term form`);
  }

  /** The text of the first element matching `selector`, once there is one. */
  async text(selector: string): Promise<string> {
    await this.waitFor(selector);
    return this.frame.evaluate((s) => document.querySelector(s)!.textContent ?? '', selector);
  }

  /** A field's value (a property, not an attribute). */
  async value(selector: string): Promise<string> {
    await this.waitFor(selector);
    return this.frame.evaluate((s) => (document.querySelector(s) as HTMLInputElement).value, selector);
  }

  attribute(selector: string, name: string): Promise<string | null> {
    return this.frame.evaluate(({ s, n }) => document.querySelector(s)?.getAttribute(n) ?? null, { s: selector, n: name });
  }

  /** The text of every element matching `selector`. */
  texts(selector: string): Promise<string[]> {
    return this.frame.evaluate((s) => [...document.querySelectorAll(s)].map((el) => el.textContent ?? ''), selector);
  }

  /** Moves the keyboard focus to the first element matching `selector` whose text matches `hasText`. */
  async focus(selector: string, hasText?: RegExp): Promise<void> {
    await this.indexOf(selector, hasText);
    await this.frame.evaluate(({ s, source, flags }) => {
      const test = source === null ? null : new RegExp(source, flags);
      const el = [...document.querySelectorAll<HTMLElement>(s)].find((e) => !test || test.test(e.textContent ?? ''));
      el!.focus();
    }, { s: selector, source: hasText?.source ?? null, flags: hasText?.flags ?? '' });
  }

  /** A real mouse click on the first element matching `selector` whose text matches `hasText`. */
  async click(selector: string, hasText?: RegExp): Promise<void> {
    const index = await this.indexOf(selector, hasText);
    const handles = await this.frame.$$(selector);
    await handles[index].click();
  }

  /** Replaces a field's text by typing, as a keyboard user does: focus, select all, then the keys. */
  async typeInto(selector: string, text: string): Promise<void> {
    await this.waitFor(selector);
    await this.frame.evaluate((s) => {
      const field = document.querySelector(s) as HTMLInputElement;
      field.focus();
      field.select();
    }, selector);
    if (text) await this.page.keyboard.type(text);
    else await this.page.keyboard.press('Backspace');
  }

  /** Waits until the form shows text matching `pattern`; returns that text. */
  async waitForText(pattern: RegExp): Promise<string> {
    const source = pattern.source;
    const found = await waitUntil(() => this.frame.evaluate((p) => new RegExp(p).exec((document.body.textContent ?? '').replace(/\s+/g, ' '))?.[0] ?? '', source), `text matching ${pattern} in the term form`);
    return found;
  }

  /** Serious and critical axe findings in the form. */
  async axeFindings(): Promise<string[]> {
    if (!(await this.frame.evaluate(() => 'axe' in globalThis, null))) await (this.frame as unknown as { evaluate(source: string): Promise<unknown> }).evaluate(axeSource);
    const violations = await this.frame.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return JSON.parse(JSON.stringify(results.violations)) as Result[];
    }, null);
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  }

  private async indexOf(selector: string, hasText?: RegExp): Promise<number> {
    return waitUntil(() => this.frame.evaluate(({ s, source, flags }) => {
      const test = source === null ? null : new RegExp(source, flags);
      const index = [...document.querySelectorAll(s)].findIndex((e) => !test || test.test(e.textContent ?? ''));
      return index < 0 ? false : { index };
    }, { s: selector, source: hasText?.source ?? null, flags: hasText?.flags ?? '' }), `${selector} ${hasText ?? ''} in the term form`).then((found) => found.index);
  }
}

/** A child frame of a test page: its text selected and clicked as in the page, with its own popover. */
export interface InFrame {
  selectText(selector: string, text: string): Promise<string>;
  click(selector: string): Promise<void>;
  focus(selector: string): Promise<void>;
  /** A field's value. */
  value(selector: string): Promise<string>;
  popover(): ClosedRoot;
}

/** Waits `ms` where only time can show that nothing happens (the waits docs/testing.md lists). */
export const nothingHappensFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A tab of a test page with Glossa, in either browser: its harness's calls for this tab, and what the drivers share. */
export abstract class InPage<P = unknown> {
  constructor(readonly driver: DriverPage, protected readonly glossa: GlossaHarness<P>, readonly page: P) {}

  /** Glossa's selection popover in the page (a closed shadow root). */
  abstract popover(): ClosedRoot;
  /** Writing help's field button on the page's focused field (a closed shadow root). */
  abstract fieldButton(): ClosedRoot;
  /** Glossa's selection popover in a child frame. */
  protected abstract popoverInFrame(frame: DriverFrame): ClosedRoot;
  /** The toolbar button's badge text for the page's tab. */
  abstract badgeText(): Promise<string>;
  /** The page's `prefers-color-scheme`, as the system setting would set it. */
  abstract colorScheme(scheme: 'light' | 'dark'): Promise<void>;
  /** Runs `fn` in Glossa's content-script world of the top frame (never the page's); `fn` travels as source. */
  abstract inContentWorld<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** The URL of Glossa's extension pages (`chrome-extension://…`, `moz-extension://…`). */
  abstract readonly extensionUrl: string;

  tabState(): Promise<TabStateSnapshot> {
    return this.glossa.tabState(this.page);
  }

  waitForPhase(phase: TabStateSnapshot['phase']): Promise<TabStateSnapshot> {
    return this.glossa.waitForPhase(this.page, phase);
  }

  waitForText(text: string, timeoutMs?: number): Promise<void> {
    return this.glossa.waitForText(this.page, text, timeoutMs);
  }

  translatePage(): Promise<void> {
    return this.glossa.dispatchCommand('translate-page', this.page);
  }

  /** The page context menu's "translate page" item. */
  translatePageMenu(): Promise<void> {
    return this.glossa.clickMenu('translate-page', this.page);
  }

  translateSelectionMenu(info: Record<string, unknown>): Promise<void> {
    return this.glossa.clickMenu('translate-selection', this.page, info);
  }

  translateSelectionShortcut(): Promise<void> {
    return this.glossa.dispatchCommand('translate-selection', this.page);
  }

  fixTranslationMenu(info: Record<string, unknown>): Promise<void> {
    return this.glossa.clickMenu('fix-translation', this.page, info);
  }

  /** Writing help on the focused field: its shortcut, and its item of the editable context menu. */
  translateFieldCommand(): Promise<void> {
    return this.glossa.dispatchCommand('translate-field', this.page);
  }

  translateFieldMenu(): Promise<void> {
    return this.glossa.clickMenu('translate-field', this.page, { editable: true });
  }

  async reload(): Promise<void> {
    await this.driver.reload();
  }

  url(): string {
    return this.driver.url();
  }

  evaluate<R, A = null>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.driver.evaluate(fn, (arg ?? null) as A);
  }

  bringToFront(): Promise<void> {
    return this.driver.bringToFront();
  }

  /** From now on, the page's console errors and uncaught exceptions, oldest first (both drivers' pages emit these events alike). */
  recordErrors(): string[] {
    const errors: string[] = [];
    const events = this.page as unknown as { on(event: string, listener: (value: { type(): string; text(): string } & Error) => void): void };
    events.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    events.on('pageerror', (error) => errors.push(String(error.message ?? error)));
    return errors;
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  /** Selects the first occurrence of `text` in the element matching `selector`; returns the selection's text. */
  selectText(selector: string, text: string): Promise<string> {
    return this.driver.evaluate(selectTextInPage, { selector, text });
  }

  /** Waits until `fn(arg)` is truthy in the page, polled by time (a tab not in front gets no animation frames). */
  async waitIn<A>(fn: (arg: A) => unknown, arg: A, what: string, timeoutMs = 20_000): Promise<void> {
    await waitUntil(() => this.driver.evaluate(fn, arg), `${what} in ${this.url()}`, timeoutMs);
  }

  /** Moves the keyboard focus to the element matching `selector`. */
  async focus(selector: string): Promise<void> {
    await this.driver.evaluate((s) => (document.querySelector(s) as HTMLElement).focus(), selector);
  }

  /** Presses a key or a chord such as `Control+z` (both drivers' keyboards, held and released in order). */
  async press(keys: string): Promise<void> {
    const parts = keys.split('+');
    const key = parts.pop()!;
    for (const modifier of parts) await this.driver.keyboard.down(modifier);
    await this.driver.keyboard.press(key);
    for (const modifier of parts.reverse()) await this.driver.keyboard.up(modifier);
  }

  /**
   * Presses a key that closes the popover from inside the term form frame (Enter on Close,
   * Escape), and waits until the popover has left the page. Not for the driver's answer: the key
   * removes the frame that has the focus, and Chromium's DevTools protocol then sometimes never
   * answers the key event (the test hung on the press 1 run in 4, with the popover gone).
   */
  async pressToClose(key: string): Promise<void> {
    const sent = this.driver.keyboard.press(key);
    sent.catch(() => undefined);
    await this.waitForPopoverGone();
    // The driver counts a key as held until its release is sent: release it, without waiting either.
    if (!(await Promise.race([sent.then(() => true, () => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 500))]))) {
      this.driver.keyboard.up(key).catch(() => undefined);
    }
  }

  type(text: string): Promise<void> {
    return this.driver.keyboard.type(text);
  }

  /** Whether the popover's host element is in the page. */
  hasPopover(): Promise<boolean> {
    return this.driver.evaluate((host) => document.querySelector(host) !== null, POPOVER_HOST);
  }

  /** Waits until the popover's host has left the page. */
  async waitForPopoverGone(): Promise<void> {
    await waitUntil(async () => !(await this.hasPopover()), 'the selection popover to leave the page');
  }

  /** The popover's translation, once shown. */
  popoverText(): Promise<string> {
    return this.popover().text('.translation');
  }

  /** The popover's translation, or its error message when it shows one instead. */
  popoverOutcome(): Promise<{ text?: string; error?: string }> {
    return this.popover().waitFor((root) => {
      const translation = root.querySelector('.translation');
      if (translation) return { text: translation.textContent ?? '' };
      const alert = root.querySelector('[role="alert"]');
      return alert ? { error: alert.textContent ?? '' } : null;
    });
  }

  /** Closes the popover with its Close button, when it is open. */
  async closePopover(): Promise<void> {
    if (!(await this.hasPopover())) return;
    await this.popover().click('button[aria-label="Close"]');
    await this.waitForPopoverGone();
  }

  /** The child frame whose URL ends with `urlEnd`. */
  async frame(urlEnd: string): Promise<InFrame> {
    const frame = await waitUntil(async () => {
      for (const candidate of this.driver.frames().filter((f) => f !== this.driver.mainFrame())) {
        if (candidate.url().endsWith(urlEnd) || (await hrefOf(candidate)).endsWith(urlEnd)) return candidate;
      }
      return undefined;
    }, `the frame ${urlEnd}`);
    return {
      selectText: (selector, text) => frame.evaluate(selectTextInPage, { selector, text }),
      click: async (selector) => {
        const [element] = await frame.$$(selector);
        if (!element) throw new Error(`Nothing matches ${selector} in ${urlEnd}`);
        await element.click();
      },
      focus: (selector) => frame.evaluate((s) => (document.querySelector(s) as HTMLElement).focus(), selector),
      value: (selector) => frame.evaluate((s) => (document.querySelector(s) as HTMLInputElement).value, selector),
      popover: () => this.popoverInFrame(frame),
    };
  }

  /** The term form frame Glossa shows on the page. */
  async termForm(): Promise<TermForm> {
    const prefix = `${this.extensionUrl}/term-form.html#`;
    const frame = await waitUntil(async () => {
      const children = this.driver.frames().filter((f) => f !== this.driver.mainFrame());
      const named = children.find((f) => f.url().startsWith(prefix));
      if (named) return named;
      for (const candidate of children) if ((await hrefOf(candidate)).startsWith(prefix)) return candidate;
      return undefined;
    }, 'the term form frame', 15_000);
    return new TermForm(frame, this.driver);
  }
}

/** The run's browser with Glossa, as the in-page suites drive it. */
export interface InPageBrowser {
  readonly name: 'Chromium' | 'Firefox';
  readonly api: ApiServer;
  readonly pages: PageServer;
  /** Opens a page server path (or a full URL) in a new tab in front. */
  open(pathOrUrl: string): Promise<InPage>;
  setStorage(values: Record<string, unknown>): Promise<void>;
  /** A setting as Glossa keeps it (Firefox keeps some in the add-on's IndexedDB). */
  stored<T>(key: string): Promise<T>;
  /** The text of the popup's element with this `data-testid`, the popup opened for `page`'s tab and closed again. */
  popupText(page: InPage, testId: string): Promise<string>;
  /** Lets pages use the clipboard (Chromium asks for a permission; Firefox's popover writes on a real click). */
  allowClipboard(): Promise<void>;
  /** The text on the system clipboard. */
  readClipboard(page: InPage): Promise<string>;
  /** Stops the extension's service worker as Chrome does when idle (Chromium only: Firefox runs an MV2 background page). */
  stopWorker?(): Promise<void>;
  /** Waits until a tab of the extension page `path` (e.g. '/options.html') opens; closes it and returns its URL. */
  closeExtensionTab(path: string): Promise<string>;
  /** The popup as a tab controlling `page`'s tab, once shown; `page` is brought back to the front. */
  openPopup(page: InPage): Promise<UiPage>;
  /** The options page, once its API key field is shown. */
  openOptions(): Promise<UiPage>;
  /** The `matches` of each content script Glossa has registered at run time. */
  registeredContentScripts(): Promise<string[][]>;
  close(): Promise<void>;
}

/** Launches the run's browser (GLOSSA_E2E_BROWSER, set by each e2e config); only its driver is loaded. */
export async function launchInPage(options: LaunchOptions = {}): Promise<InPageBrowser> {
  if (e2eBrowser() === 'firefox') return (await import('./in-page-firefox')).launchInPageFirefox(options);
  return (await import('./in-page-chromium')).launchInPageChromium(options);
}
