// Firefox counterpart of tests/e2e/closed-roots.ts, with the same method names: Glossa's popover
// and page notice live in closed shadow roots that page scripts (and puppeteer's page.evaluate,
// which runs as page script) cannot see into. Tests reach them as Glossa does, from the content
// scripts' own world: scripting.executeScript from the add-on's page runs there in Firefox and
// asks the test hooks of the e2e build (utils/content/test-hooks.ts) for the root. Only plain
// data comes back; clicks are real mouse clicks at the element's position.
import type { Page } from 'puppeteer-core';
import type { Glossa } from './harness';

export type GlossaRootName = 'popover' | 'notice';

export class GlossaRoot {
  constructor(
    private readonly page: Page,
    private readonly name: GlossaRootName,
    private readonly glossa: Glossa,
  ) {}

  /**
   * Runs `fn` on the closed shadow root in Glossa's world of the page's top frame; `undefined`
   * when Glossa shows nothing there. `fn` is sent as source: it may use only its arguments.
   */
  async evaluate<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | Promise<R>, arg?: A): Promise<R | undefined> {
    // Built as source: the function and the root's name travel as text into Glossa's world.
    const probe = new Function('a', `return (async () => {
      const hooks = globalThis[Symbol.for('glossa.test-hooks')];
      const root = hooks && hooks[a.name] ? hooks[a.name]() : null;
      if (!root) return { absent: true };
      return { value: await (${fn.toString()})(root, a.arg) };
    })();`) as (a: { name: GlossaRootName; arg: A | null }) => Promise<{ absent?: true; value?: R }>;
    const reply = await this.glossa.inContentWorld(this.page, probe, { name: this.name, arg: arg ?? null });
    return reply.absent ? undefined : reply.value;
  }

  /** Waits until `fn` returns a truthy value on the root, and returns it. */
  async waitFor<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | null | undefined | false, arg?: A, timeoutMs = 15_000): Promise<R> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await this.evaluate(fn, arg);
      if (value) return value as R;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting in Glossa's ${this.name} for ${fn.toString().replace(/\s+/g, ' ').slice(0, 160)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Whether Glossa shows this root in the page now. */
  async isOpen(): Promise<boolean> {
    return (await this.evaluate(() => true)) === true;
  }

  async waitForClosed(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (await this.isOpen()) {
      if (Date.now() > deadline) throw new Error(`Glossa's ${this.name} is still open after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Text content of the first element matching `selector`, once there is one. */
  text(selector: string, timeoutMs = 15_000): Promise<string> {
    return this.waitFor((root, sel) => {
      const el = root.querySelector(sel);
      return el ? { text: el.textContent ?? '' } : null;
    }, selector, timeoutMs).then((found) => found.text);
  }

  count(selector: string): Promise<number> {
    return this.evaluate((root, sel) => root.querySelectorAll(sel).length, selector).then((n) => n ?? 0);
  }

  /** Clicks (a real mouse click) the first element matching `selector` whose text contains `hasText`. */
  async click(selector: string, hasText = ''): Promise<void> {
    const box = await this.waitFor((root, { sel, text }) => {
      const el = [...root.querySelectorAll<HTMLElement>(sel)].find((e) => (e.textContent ?? '').includes(text));
      if (!el) return null;
      el.scrollIntoView({ block: 'nearest' });
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
    }, { sel: selector, text: hasText });
    await this.page.mouse.click(box.x, box.y);
  }
}

/** The selection popover of a page. */
export function popoverIn(page: Page, glossa: Glossa): GlossaRoot {
  return new GlossaRoot(page, 'popover', glossa);
}

/** The page notice (failed blocks, quota, key) of a page. */
export function noticeIn(page: Page, glossa: Glossa): GlossaRoot {
  return new GlossaRoot(page, 'notice', glossa);
}
