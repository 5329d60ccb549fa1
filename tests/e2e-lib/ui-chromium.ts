/// <reference types="chrome" />
// The extension-page API of ui-page.ts in Chromium: Playwright locators (which wait and check
// that what they act on is shown) over ChromiumGlossa (chromium-harness.ts).
import type { Locator, Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa } from './chromium-harness';
import type { LaunchOptions } from './harness';
import { clearCacheDatabase, UiHarnessOver, type Badge, type UiElement, type UiHarness, type UiName, type UiPage, type UiRole } from './ui-page';

const nameOption = (name: UiName | undefined) => (name === undefined ? {} : typeof name === 'string' ? { name, exact: true } : { name });

type Within = Page | Locator;

function scopeOver(within: Within) {
  return {
    byRole: (role: UiRole, name?: UiName): UiElement => new LocatorElement(within.getByRole(role, nameOption(name))),
    byLabel: (label: string): UiElement => new LocatorElement(within.getByLabel(label, { exact: true })),
    byText: (text: UiName): UiElement => new LocatorElement(within.getByText(text)),
    bySelector: (css: string): UiElement => new LocatorElement(within.locator(css)),
  };
}

class LocatorElement implements UiElement {
  constructor(readonly locator: Locator) {}
  /** The first one shown: what a user would act on. */
  private get shown(): Locator {
    return this.locator.filter({ visible: true }).first();
  }
  byRole(role: UiRole, name?: UiName) { return scopeOver(this.shown).byRole(role, name); }
  byLabel(label: string) { return scopeOver(this.shown).byLabel(label); }
  byText(text: UiName) { return scopeOver(this.shown).byText(text); }
  bySelector(css: string) { return scopeOver(this.shown).bySelector(css); }
  async waitFor(timeoutMs = 20_000) { await this.shown.waitFor({ timeout: timeoutMs }); }
  async waitGone() { await this.shown.waitFor({ state: 'detached' }); }
  count() { return this.locator.filter({ visible: true }).count(); }
  click() { return this.shown.click(); }
  fill(value: string) { return this.shown.fill(value); }
  async choose(value: string) { await this.shown.selectOption(value); }
  check() { return this.shown.check(); }
  focus() { return this.shown.focus(); }
  // A file input is often hidden behind its label: the first one, shown or not.
  setFile(file: { name: string; mimeType: string; text: string }) {
    return this.locator.first().setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
  }
  value() { return this.shown.inputValue(); }
  checked() { return this.shown.isChecked(); }
  disabled() { return this.shown.isDisabled(); }
  attribute(name: string) { return this.shown.getAttribute(name); }
  text() { return this.shown.innerText(); }
}

/** A Chromium tab seen through ui-page.ts; `page` is Playwright's, for what only Chromium offers. */
export class PlaywrightUiPage implements UiPage {
  readonly browser = 'chromium' as const;
  constructor(readonly page: Page) {}
  byRole(role: UiRole, name?: UiName) { return scopeOver(this.page).byRole(role, name); }
  byLabel(label: string) { return scopeOver(this.page).byLabel(label); }
  byText(text: UiName) { return scopeOver(this.page).byText(text); }
  bySelector(css: string) { return scopeOver(this.page).bySelector(css); }
  url() { return this.page.url(); }
  press(key: string) { return this.page.keyboard.press(key); }
  type(text: string) { return this.page.keyboard.type(text); }
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> { return this.page.evaluate(fn as never, arg) as Promise<R>; }
  async waitInPage<A>(fn: (arg: A) => unknown, arg: A, what: string, timeoutMs = 20_000) {
    try {
      await this.page.waitForFunction(fn as never, arg, { polling: 100, timeout: timeoutMs });
    } catch (err) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting in ${this.page.url()} for ${what}`, { cause: err });
    }
  }
  async goto(url: string) { await this.page.goto(url); }
  async reload() { await this.page.reload(); }
  bringToFront() { return this.page.bringToFront(); }
  close() { return this.page.close(); }
  async closeAskingFirst() {
    const asked = new Promise<string>((resolve) => this.page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }));
    await this.page.close({ runBeforeUnload: true });
    return Promise.race([asked, new Promise<undefined>((resolve) => this.page.once('close', () => resolve(undefined)))]);
  }
}

/** ChromiumGlossa seen through ui-page.ts; `glossa` is the harness itself, for what only Chromium offers (the worker, CDP). */
export class ChromiumUiHarness extends UiHarnessOver<Page> implements UiHarness {
  readonly browser = 'chromium' as const;
  constructor(override readonly glossa: ChromiumGlossa) {
    super(glossa);
  }
  protected pageOf(page: UiPage): Page { return (page as PlaywrightUiPage).page; }
  async openPage(pathOrUrl: string) { return new PlaywrightUiPage(await this.glossa.openPage(pathOrUrl)); }
  async openOptions(query = '') {
    const options = new PlaywrightUiPage(await this.glossa.openOptions(query));
    await options.byLabel('API key').waitFor();
    return options;
  }
  async openPopup(page: UiPage) {
    const popup = new PlaywrightUiPage(await this.glossa.openPopup(this.pageOf(page)));
    await popup.byLabel('Target language').waitFor();
    await page.bringToFront();
    return popup;
  }
  async openGlossaPage(path: string) {
    const page = await this.glossa.context.newPage();
    // The popup's own size, as openPopup gives it.
    if (path.startsWith('/popup.html')) await page.setViewportSize({ width: 380, height: 640 });
    await page.goto(`${this.glossa.extensionUrl}${path}`);
    return new PlaywrightUiPage(page);
  }
  stored<T>(key: string) { return this.glossa.inWorker(async (k: string) => (await chrome.storage.local.get(k))[k], key) as Promise<T | undefined>; }
  setStorage(values: Record<string, unknown>) { return this.glossa.setStorage(values); }
  clearStorage() { return this.glossa.inWorker(() => chrome.storage.local.clear()); }
  clearTranslationCache() { return this.glossa.inWorker(clearCacheDatabase); }
  mayContact(originPattern: string) { return this.glossa.inWorker((origin: string) => chrome.permissions.contains({ origins: [origin] }), originPattern); }
  async badge(page: UiPage): Promise<Badge> {
    const tabId = await this.tabIdOf(page);
    return this.glossa.inWorker(async (id: number) => ({
      text: await chrome.action.getBadgeText({ tabId: id }),
      title: await chrome.action.getTitle({ tabId: id }),
      color: await chrome.action.getBadgeBackgroundColor({ tabId: id }),
    }), tabId);
  }
  /** From now on, the console lines of every page in the browser, oldest first. */
  recordConsole() {
    const lines: string[] = [];
    this.glossa.context.on('console', (message) => lines.push(message.text()));
    return { lines };
  }
}

export async function launchUiInChromium(options: LaunchOptions = {}): Promise<ChromiumUiHarness> {
  return new ChromiumUiHarness(await launchGlossaInChromium(options));
}
