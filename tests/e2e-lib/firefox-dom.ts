// DOM queries for the Firefox suites over puppeteer-core, as Testing Library finds things (by
// role and name, by label), polled by time: a tab not in front gets no animation frames, and
// puppeteer's ARIA queries wait on them.
import type { ElementHandle, Page } from 'puppeteer-core';

/** Waits for `fn` to return a truthy value in the page. Polls by time: hidden tabs get no animation frames. */
export async function waitInPage<A>(page: Page, fn: (arg: A) => unknown, arg: A, timeoutMs = 20_000): Promise<void> {
  try {
    await page.waitForFunction(fn as (arg: unknown) => unknown, { polling: 100, timeout: timeoutMs }, arg);
  } catch (err) {
    throw new Error(`Timed out after ${timeoutMs / 1000} s waiting in ${page.url()} for ${fn.toString().replace(/\s+/g, ' ').slice(0, 160)}`, { cause: err });
  }
}

/** Waits until the page (or its element `within`) shows `text`; if it never does, says what the page's status and alert lines show instead. */
export async function waitForText(page: Page, text: string, within = 'body', timeoutMs = 20_000): Promise<void> {
  try {
    await page.waitForFunction(({ t, w }) => (document.querySelector(w) as HTMLElement | null)?.innerText.includes(t), { polling: 100, timeout: timeoutMs }, { t: text, w: within });
  } catch {
    const shown = await page.evaluate(() => [...document.querySelectorAll('[role="status"], [role="alert"], output')]
      .map((el) => el.textContent?.trim()).filter(Boolean).join(' | ')).catch(() => '');
    throw new Error(`"${text}" did not appear within ${timeoutMs / 1000} s; the page's status lines show: ${shown || '(nothing)'}`);
  }
}

/**
 * The element with this role and name: the name from aria-labelledby, aria-label or the text,
 * as Testing Library's getByRole computes it for these roles. Looked up in the DOM and polled
 * by time (puppeteer's ARIA queries wait on animation frames, which hidden tabs do not get).
 */
export async function byRole(page: Page, role: 'button' | 'checkbox' | 'dialog' | 'region' | 'rowheader' | 'table', name: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(({ role, name }) => {
    const selectors: Record<string, string> = {
      button: 'button, [role="button"], input[type="button"], input[type="submit"]',
      checkbox: 'input[type="checkbox"], [role="checkbox"]',
      dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
      region: 'section[aria-label], section[aria-labelledby], [role="region"]',
      rowheader: 'th[scope="row"], [role="rowheader"]',
      table: 'table, [role="table"], [role="grid"]',
    };
    const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const nameOf = (el: Element) => {
      const labelledBy = el.getAttribute('aria-labelledby');
      if (labelledBy) return labelledBy.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ');
      return el.getAttribute('aria-label') ?? ((el as HTMLInputElement).labels?.[0] ? text((el as HTMLInputElement).labels![0]) : text(el));
    };
    return [...document.querySelectorAll(selectors[role])].find((el) => nameOf(el) === name) ?? null;
  }, { polling: 100, timeout: 20_000 }, { role, name });
  const element = handle.asElement();
  if (!element) throw new Error(`No ${role} named "${name}".`);
  return element as ElementHandle<Element>;
}

/** The form control labelled `label` (by <label>, aria-label or aria-labelledby), as getByLabel finds it. */
export async function byLabel(page: Page, label: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction((name) => {
    const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    for (const el of document.querySelectorAll('label')) if (text(el) === name && el.control) return el.control;
    for (const el of document.querySelectorAll('[aria-label]')) if (el.getAttribute('aria-label') === name) return el;
    for (const el of document.querySelectorAll('[aria-labelledby]')) {
      if (el.getAttribute('aria-labelledby')!.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ') === name) return el;
    }
    return null;
  }, { polling: 100, timeout: 20_000 }, label);
  const element = handle.asElement();
  if (!element) throw new Error(`Nothing labelled "${label}".`);
  return element as ElementHandle<Element>;
}

/** A labelled field's value (a property, not an attribute). */
export async function valueOf(page: Page, label: string): Promise<string | boolean> {
  return (await byLabel(page, label)).evaluate((el) => ((el as HTMLInputElement).type === 'checkbox' ? (el as HTMLInputElement).checked : (el as HTMLInputElement).value));
}

/** Replaces a labelled field's text by typing, as a user does. */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  const field = await byLabel(page, label);
  await field.evaluate((el) => (el as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  if (value) await field.type(value);
}

/** Chooses an option of a labelled select. */
export async function choose(page: Page, label: string, value: string): Promise<void> {
  await (await byLabel(page, label)).select(value);
}

