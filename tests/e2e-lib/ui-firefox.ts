// The extension-page API of ui-page.ts in Firefox over puppeteer-core and FirefoxGlossa
// (firefox-harness.ts). Elements are looked up in the page as Testing Library finds them and
// polled by time: puppeteer's ARIA queries wait on animation frames, which hidden tabs (the
// popup, kept behind the page it controls) do not get.
import type { ElementHandle, Page } from 'puppeteer-core';
import type { LaunchOptions } from './harness';
import { launchGlossaInFirefox, PRIVATE_DB, PRIVATE_KEYS, type FirefoxGlossa } from './firefox-harness';
import { chordOf, clearCacheDatabase, UiHarnessOver, type UiElement, type UiHarness, type UiName, type UiPage, type UiRole } from './ui-page';

/** A name sent to the page: a whole string, or a RegExp's source and flags. */
type Pattern = { whole: string } | { source: string; flags: string };
type Step =
  | { kind: 'role'; role: UiRole; name?: Pattern }
  | { kind: 'label'; label: string }
  | { kind: 'text'; text: Pattern }
  | { kind: 'css'; css: string };

const patternOf = (name: UiName): Pattern => (typeof name === 'string' ? { whole: name } : { source: name.source, flags: name.flags });

/**
 * Runs in the page (sent as source: self-contained). Each step looks inside the first element
 * the previous one found; only elements shown count, except that a label also finds a hidden
 * control (a file input behind its label). Returns what `want` asks for.
 */
function query(steps: Step[], want: string): Element | number | boolean | null {
  const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const test = (value: string, pattern: Pattern, whole: boolean) => {
    if ('source' in pattern) return new RegExp(pattern.source, pattern.flags).test(value);
    return whole ? value === pattern.whole : value.includes(pattern.whole);
  };
  const shown = (el: Element) => el.checkVisibility() && getComputedStyle(el).visibility !== 'hidden';
  const byId = (ids: string) => ids.split(/\s+/).map((id) => norm(document.getElementById(id)?.textContent)).join(' ');
  /** The words an element's content gives its name: without hidden marks (aria-hidden) or the text of a control inside it. */
  const ownWords = (el: Element) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[aria-hidden="true"], select, input, textarea').forEach((inner) => inner.remove());
    return norm(copy.textContent);
  };
  const labelText = (label: HTMLLabelElement) => ownWords(label);
  const nameOf = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return byId(labelledBy);
    const label = el.getAttribute('aria-label');
    if (label !== null) return norm(label);
    const labels = (el as HTMLInputElement).labels;
    if (labels?.[0]) return labelText(labels[0]);
    return ownWords(el);
  };
  const roles: Record<UiRole, string> = {
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    list: 'ul, ol, [role="list"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    rowheader: 'th[scope="row"], [role="rowheader"]',
    table: 'table, [role="table"], [role="grid"]',
  };
  const find = (step: Step, scope: ParentNode): Element[] => {
    if (step.kind === 'css') return [...scope.querySelectorAll(step.css)].filter(shown);
    if (step.kind === 'role') return [...scope.querySelectorAll(roles[step.role])].filter((el) => shown(el) && (!step.name || test(nameOf(el), step.name, true)));
    if (step.kind === 'text') {
      // The scope itself counts too, as in Playwright: a status line is often the text's own element.
      const all = scope instanceof Element ? [scope, ...scope.querySelectorAll('*')] : [...scope.querySelectorAll('*')];
      const hits = all.filter((el) => !['SCRIPT', 'STYLE'].includes(el.tagName) && test(norm(el.textContent), step.text, false));
      // The innermost: no child holds the text itself.
      return hits.filter((el) => shown(el) && ![...el.children].some((child) => hits.includes(child)));
    }
    const found = new Set<Element>();
    for (const label of scope.querySelectorAll('label')) if (labelText(label) === step.label && label.control) found.add(label.control);
    for (const el of scope.querySelectorAll('[aria-label]')) if (norm(el.getAttribute('aria-label')) === step.label) found.add(el);
    for (const el of scope.querySelectorAll('[aria-labelledby]')) if (byId(el.getAttribute('aria-labelledby')!) === step.label) found.add(el);
    const all = [...found];
    const visible = all.filter(shown);
    return visible.length > 0 ? visible : all;
  };
  let scope: ParentNode = document;
  let found: Element[] = [];
  for (const [index, step] of steps.entries()) {
    found = find(step, scope);
    if (index < steps.length - 1) {
      if (!found[0]) break;
      scope = found[0];
    }
  }
  if (want === 'count') return found.length;
  if (want === 'none') return found.length === 0;
  return found[0] ?? null;
}

const describeSteps = (steps: Step[]) => steps.map((s) => JSON.stringify(s)).join(' > ');

class QueryElement implements UiElement {
  constructor(private readonly page: Page, private readonly steps: Step[]) {}
  private within(step: Step): UiElement { return new QueryElement(this.page, [...this.steps, step]); }
  byRole(role: UiRole, name?: UiName) { return this.within({ kind: 'role', role, name: name === undefined ? undefined : patternOf(name) }); }
  byLabel(label: string) { return this.within({ kind: 'label', label }); }
  byText(text: UiName) { return this.within({ kind: 'text', text: patternOf(text) }); }
  bySelector(css: string) { return this.within({ kind: 'css', css }); }

  private async handle(timeoutMs = 20_000): Promise<ElementHandle<Element>> {
    try {
      const handle = await this.page.waitForFunction(query, { polling: 100, timeout: timeoutMs }, this.steps, 'first');
      return handle.asElement() as ElementHandle<Element>;
    } catch (err) {
      const shown = await this.page.evaluate(() => [...document.querySelectorAll('[role="status"], [role="alert"], output')]
        .map((el) => el.textContent?.trim()).filter(Boolean).join(' | ')).catch(() => '');
      throw new Error(`Nothing shown for ${describeSteps(this.steps)} within ${timeoutMs} ms in ${this.page.url()}; its status lines show: ${shown || '(nothing)'}`, { cause: err });
    }
  }
  async waitFor(timeoutMs = 20_000) { await this.handle(timeoutMs); }
  async waitGone() { await this.page.waitForFunction(query, { polling: 100, timeout: 20_000 }, this.steps, 'none'); }
  async count() { return (await this.page.evaluate(query, this.steps, 'count')) as number; }
  async click() { await (await this.handle()).click(); }
  /** As Playwright's fill: the text selected and replaced in one edit, with the input events a user's edit fires. */
  async fill(value: string) {
    await (await this.handle()).evaluate((el, text) => {
      const field = el as HTMLInputElement;
      field.focus();
      field.select();
      if (text) document.execCommand('insertText', false, text);
      else document.execCommand('delete');
    }, value);
  }
  async choose(value: string) { await (await this.handle()).select(value); }
  async check() {
    const box = await this.handle();
    if (!(await box.evaluate((el) => (el as HTMLInputElement).checked))) await box.click();
  }
  async focus() { await (await this.handle()).focus(); }
  async setFile(file: { name: string; mimeType: string; text: string }) {
    await (await this.handle()).evaluate((el, f) => {
      const files = new DataTransfer();
      files.items.add(new File([f.text], f.name, { type: f.mimeType }));
      (el as HTMLInputElement).files = files.files;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }, file);
  }
  async value() { return (await this.handle()).evaluate((el) => (el as HTMLInputElement).value); }
  async checked() { return (await this.handle()).evaluate((el) => (el as HTMLInputElement).checked); }
  async disabled() { return (await this.handle()).evaluate((el) => (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true'); }
  async attribute(name: string) { return (await this.handle()).evaluate((el, n) => el.getAttribute(n), name); }
  async text() { return (await this.handle()).evaluate((el) => (el as HTMLElement).innerText); }
}

/** A Firefox tab seen through ui-page.ts; `page` is puppeteer's. */
export class PuppeteerUiPage implements UiPage {
  readonly browser = 'firefox' as const;
  constructor(readonly page: Page) {}
  private root(): QueryElement { return new QueryElement(this.page, []); }
  byRole(role: UiRole, name?: UiName) { return this.root().byRole(role, name); }
  byLabel(label: string) { return this.root().byLabel(label); }
  byText(text: UiName) { return this.root().byText(text); }
  bySelector(css: string) { return this.root().bySelector(css); }
  url() { return this.page.url(); }
  async press(key: string) {
    const { held, pressed } = chordOf(key);
    for (const k of held) await this.page.keyboard.down(k as never);
    // BiDi names the space bar by its character; a letter in a chord is the key's own (lower case).
    const sent = pressed === 'Space' ? ' ' : held.length > 0 && /^[A-Z]$/.test(pressed) ? pressed.toLowerCase() : pressed;
    await this.page.keyboard.press(sent as never);
    for (const k of held.reverse()) await this.page.keyboard.up(k as never);
  }
  type(text: string) { return this.page.keyboard.type(text); }
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> { return this.page.evaluate(fn as never, arg) as Promise<R>; }
  async waitInPage<A>(fn: (arg: A) => unknown, arg: A, what: string, timeoutMs = 20_000) {
    try {
      await this.page.waitForFunction(fn as (arg: unknown) => unknown, { polling: 100, timeout: timeoutMs }, arg);
    } catch (err) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting in ${this.page.url()} for ${what}`, { cause: err });
    }
  }
  async goto(url: string) { await this.page.goto(url); }
  /** Reloads and waits for the new document (BiDi reports the add-on's pages loading late or never). */
  async reload() {
    await this.page.evaluate(() => { (window as unknown as { uiBeforeReload: boolean }).uiBeforeReload = true; });
    void this.page.reload({ timeout: 0 }).catch(() => undefined);
    await this.waitInPage(() => !(window as unknown as { uiBeforeReload?: boolean }).uiBeforeReload && document.readyState === 'complete', null, 'the reloaded document').catch(async () => {
      throw new Error(`${this.page.url()} did not reload`);
    });
  }
  bringToFront() { return this.page.bringToFront(); }
  close() { return this.page.close(); }
  async closeAskingFirst() {
    const asked = new Promise<string>((resolve) => this.page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }));
    // The close waits on the prompt, which the handler above dismisses: not awaited.
    void this.page.close({ runBeforeUnload: true }).catch(() => undefined);
    return Promise.race([asked, new Promise<undefined>((resolve) => this.page.once('close', () => resolve(undefined)))]);
  }
}

/** FirefoxGlossa seen through ui-page.ts; `glossa` is the harness itself, for what only Firefox offers. */
export class FirefoxUiHarness extends UiHarnessOver<Page> implements UiHarness {
  readonly browser = 'firefox' as const;
  constructor(override readonly glossa: FirefoxGlossa) {
    super(glossa);
  }
  protected pageOf(page: UiPage): Page { return (page as PuppeteerUiPage).page; }
  async openPage(pathOrUrl: string) { return new PuppeteerUiPage(await this.glossa.openPage(pathOrUrl)); }
  async openOptions(query = '') { return new PuppeteerUiPage(await this.glossa.openOptions(query)); }
  async openPopup(page: UiPage) { return new PuppeteerUiPage(await this.glossa.openPopup(this.pageOf(page))); }
  async openGlossaPage(path: string) { return new PuppeteerUiPage(await this.glossa.openExtensionPage(path)); }
  stored<T>(key: string) { return this.glossa.stored<T | undefined>(key); }
  setStorage(values: Record<string, unknown>) { return this.glossa.setStorage(values); }
  /** storage.local and the private settings in the add-on's IndexedDB, each removal announced as the add-on does. */
  async clearStorage() {
    await this.glossa.inExtension(async (browser, { keys, db }) => {
      await browser.storage.local.clear();
      const open = indexedDB.open(db.name);
      open.onupgradeneeded = () => open.result.createObjectStore(db.store);
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = database.transaction(db.store, 'readwrite');
      tx.objectStore(db.store).clear();
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      database.close();
      const changes = new BroadcastChannel(db.changes);
      for (const key of keys) changes.postMessage(key);
      changes.close();
    }, { keys: PRIVATE_KEYS, db: PRIVATE_DB });
  }
  clearTranslationCache() { return this.glossa.inExtension(clearCacheDatabase); }
  mayContact(originPattern: string) { return this.glossa.inExtension((browser, origin) => browser.permissions.contains({ origins: [origin] }), originPattern); }
  badge(page: UiPage) { return this.glossa.badge(this.pageOf(page)); }
}

export async function launchUiInFirefox(options: LaunchOptions = {}): Promise<FirefoxUiHarness> {
  return new FirefoxUiHarness(await launchGlossaInFirefox(options));
}
