// Glossa's popover and page notice live in closed shadow roots: page scripts (and Playwright's
// locators, which run as page script) cannot see inside. Tests reach them the way Glossa itself
// does, from the content scripts' isolated world: through the DevTools protocol, code runs in
// that world and asks the test hooks of the e2e build (utils/content/test-hooks.ts) for the root.
// Clicks are real mouse clicks at the element's position.
import type { CDPSession, Frame, Page } from 'playwright-core';

export type GlossaRootName = 'popover' | 'notice';

interface ContextDescription {
  id: number;
  origin: string;
  name: string;
  auxData?: { frameId?: string; type?: string };
}

interface Session {
  cdp: CDPSession;
  contexts: Map<number, ContextDescription>;
}

const sessions = new WeakMap<Page, Promise<Session>>();

function sessionOf(page: Page): Promise<Session> {
  let session = sessions.get(page);
  if (!session) {
    session = (async () => {
      const cdp = await page.context().newCDPSession(page);
      const contexts = new Map<number, ContextDescription>();
      cdp.on('Runtime.executionContextCreated', ({ context }: { context: ContextDescription }) => contexts.set(context.id, context));
      cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }: { executionContextId: number }) => contexts.delete(executionContextId));
      cdp.on('Runtime.executionContextsCleared', () => contexts.clear());
      // Existing contexts are reported before this answers.
      await cdp.send('Runtime.enable');
      return { cdp, contexts };
    })();
    sessions.set(page, session);
  }
  return session;
}

interface FrameNode {
  frame: { id: string; url: string; parentId?: string };
  childFrames?: FrameNode[];
}

/** The DevTools id of a Playwright frame (matched by URL: the test pages give each frame its own). */
async function frameIdOf(cdp: CDPSession, target: Page | Frame): Promise<string> {
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: FrameNode };
  if (!('parentFrame' in target) || target.parentFrame() === null) return frameTree.frame.id;
  const url = target.url();
  const stack = [frameTree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.frame.parentId && node.frame.url === url) return node.frame.id;
    stack.push(...(node.childFrames ?? []));
  }
  throw new Error(`No frame with URL ${url}`);
}

function pageOf(target: Page | Frame): Page {
  return 'page' in target && typeof target.page === 'function' ? target.page() : (target as Page);
}

export class GlossaRoot {
  constructor(
    private readonly target: Page | Frame,
    private readonly name: GlossaRootName,
    private readonly extensionId: string,
  ) {}

  /**
   * Runs `fn` on the closed shadow root in Glossa's isolated world of the target frame;
   * `undefined` when Glossa shows nothing there (no root, or no Glossa script in the frame).
   * `fn` is sent as source: it may use only its arguments.
   */
  async evaluate<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | Promise<R>, arg?: A): Promise<R | undefined> {
    const world = await this.world();
    if (!world) return undefined;
    const { cdp, context } = world;
    const expression = `(async () => {
      const hooks = globalThis[Symbol.for('glossa.test-hooks')];
      const root = hooks && hooks[${JSON.stringify(this.name)}] ? hooks[${JSON.stringify(this.name)}]() : null;
      if (!root) return { absent: true };
      return { value: await (${fn.toString()})(root, ${JSON.stringify(arg ?? null)}) };
    })()`;
    const reply = (await cdp.send('Runtime.evaluate', { expression, contextId: context.id, awaitPromise: true, returnByValue: true })) as {
      result: { value?: { absent?: true; value?: R } };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (reply.exceptionDetails) {
      // The frame navigated or the world went away meanwhile: nothing is shown there.
      if (/Cannot find context|context was destroyed/i.test(reply.exceptionDetails.text)) return undefined;
      throw new Error(`In Glossa's ${this.name}: ${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text}`);
    }
    const value = reply.result.value;
    return value?.absent ? undefined : value?.value;
  }

  /** Runs a script (e.g. axe-core) in Glossa's isolated world of the target frame, which must exist. */
  async loadScript(source: string): Promise<void> {
    const world = await this.world();
    if (!world) throw new Error(`No Glossa script runs in the frame (${this.target.url()})`);
    const reply = (await world.cdp.send('Runtime.evaluate', { expression: source, contextId: world.context.id })) as { exceptionDetails?: { text: string } };
    if (reply.exceptionDetails) throw new Error(`Loading a script into Glossa's world failed: ${reply.exceptionDetails.text}`);
  }

  /** The DevTools session and Glossa's isolated world of the target frame, when Glossa runs there. */
  private async world(): Promise<{ cdp: CDPSession; context: ContextDescription } | undefined> {
    const { cdp, contexts } = await sessionOf(pageOf(this.target));
    const frameId = await frameIdOf(cdp, this.target);
    const origin = `chrome-extension://${this.extensionId}`;
    const context = [...contexts.values()].reverse()
      .find((c) => c.auxData?.type === 'isolated' && c.auxData.frameId === frameId && c.origin.startsWith(origin));
    return context ? { cdp, context } : undefined;
  }

  /** Waits until `fn` returns a truthy value on the root, and returns it. */
  async waitFor<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | null | undefined | false, arg?: A, timeoutMs = 15_000): Promise<R> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await this.evaluate(fn, arg).catch(() => undefined);
      if (value) return value as R;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting in Glossa's ${this.name} for ${fn.toString().slice(0, 160)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Whether Glossa shows this root in the frame now. */
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
    const offset = await this.frameOffset();
    await pageOf(this.target).mouse.click(box.x + offset.x, box.y + offset.y);
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

  /** Where the target frame's viewport sits in the page's (0,0 for the top frame). */
  private async frameOffset(): Promise<{ x: number; y: number }> {
    if (!('parentFrame' in this.target) || this.target.parentFrame() === null) return { x: 0, y: 0 };
    const element = await this.target.frameElement();
    const inner = await element.evaluate((el) => {
      const s = getComputedStyle(el as Element);
      return { x: parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft), y: parseFloat(s.borderTopWidth) + parseFloat(s.paddingTop) };
    });
    const box = await element.boundingBox();
    return { x: (box?.x ?? 0) + inner.x, y: (box?.y ?? 0) + inner.y };
  }
}

/** The selection popover of a page or frame. */
export function popoverIn(target: Page | Frame, extensionId: string): GlossaRoot {
  return new GlossaRoot(target, 'popover', extensionId);
}

/** The page notice (failed blocks, quota, key) of a page. */
export function noticeIn(page: Page, extensionId: string): GlossaRoot {
  return new GlossaRoot(page, 'notice', extensionId);
}
