// Glossa's popover and page notice live in closed shadow roots that page scripts (and the
// drivers' page-side evaluate, which runs as page script) cannot see into. Both suites reach
// them as Glossa does, from the content scripts' own world, where the e2e build's test hooks
// (utils/content/test-hooks.ts) hand out the root. What differs per browser is only how code
// gets into that world and how a click lands (closed-roots-chromium.ts over the DevTools
// protocol, closed-roots-firefox.ts over scripting.executeScript); the code that runs there and
// everything built on it is written here once.
import { waitUntil } from './wait';

export type GlossaRootName = 'popover' | 'notice' | 'picker' | 'field-button';

/** What the probe sends back: `absent` when Glossa shows no such root. */
export type ProbeReply<R> = { absent?: true; value?: R };

/**
 * Source of an async function `(arg) => ProbeReply` that runs `fn` on the named root in
 * Glossa's world. `fn` travels as text, so it may use only its arguments.
 */
export function rootProbeSource(name: GlossaRootName, fn: (root: ShadowRoot, arg: never) => unknown): string {
  return `async (arg) => {
    const hooks = globalThis[Symbol.for('glossa.test-hooks')];
    const root = hooks && hooks[${JSON.stringify(name)}] ? hooks[${JSON.stringify(name)}]() : null;
    if (!root) return { absent: true };
    return { value: await (${fn.toString()})(root, arg) };
  }`;
}

export abstract class ClosedRoot {
  constructor(protected readonly name: GlossaRootName) {}

  /**
   * Runs `fn` on the closed shadow root in Glossa's world of the target frame; `undefined`
   * when Glossa shows nothing there. `fn` is sent as source: it may use only its arguments.
   */
  abstract evaluate<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | Promise<R>, arg?: A): Promise<R | undefined>;

  /** A real mouse click at (x, y) of the target frame's viewport. */
  protected abstract clickAt(x: number, y: number): Promise<void>;

  /** One poll of `waitFor`; a browser whose world can be briefly unreachable overrides it. */
  protected poll<R, A>(fn: (root: ShadowRoot, arg: A) => R, arg?: A): Promise<R | undefined> {
    return this.evaluate(fn, arg);
  }

  /** Waits until `fn` returns a truthy value on the root, and returns it. */
  async waitFor<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | null | undefined | false, arg?: A, timeoutMs = 15_000): Promise<R> {
    const value = await waitUntil(() => this.poll(fn, arg), `Glossa's ${this.name} to show ${fn.toString().replace(/\s+/g, ' ').slice(0, 160)}`, timeoutMs);
    return value as R;
  }

  /** Whether Glossa shows this root in the frame now. */
  async isOpen(): Promise<boolean> {
    return (await this.evaluate(() => true)) === true;
  }

  async waitForClosed(timeoutMs = 10_000): Promise<void> {
    await waitUntil(async () => !(await this.isOpen()), `Glossa's ${this.name} to close`, timeoutMs);
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
    await this.clickAt(box.x, box.y);
  }

  /** Picks an option of a <select> as a user would (the change event the popover listens to). */
  async selectOption(selector: string, value: string): Promise<void> {
    await this.waitFor((root, { sel, v }) => {
      const select = root.querySelector(sel) as HTMLSelectElement | null;
      if (!select || ![...select.options].some((o) => o.value === v)) return false;
      select.value = v;
      select.dispatchEvent(new Event('input', { bubbles: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    }, { sel: selector, v: value });
  }
}
