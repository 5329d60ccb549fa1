// Glossa's closed shadow roots (closed-root.ts) in Chromium: page scripts (and Playwright's
// locators, which run as page script) cannot see inside, so code reaches Glossa's isolated
// world through the DevTools protocol, in any frame. Clicks are real mouse clicks.
import type { CDPSession, Frame, Page } from 'playwright-core';
import { ClosedRoot, rootProbeSource, type GlossaRootName, type ProbeReply } from './closed-root';

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

export class GlossaRoot extends ClosedRoot {
  constructor(
    private readonly target: Page | Frame,
    name: GlossaRootName,
    private readonly extensionId: string,
  ) {
    super(name);
  }

  /** `undefined` also when no Glossa script runs in the frame. */
  async evaluate<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | Promise<R>, arg?: A): Promise<R | undefined> {
    const world = await this.world();
    if (!world) return undefined;
    const { cdp, context } = world;
    const expression = `(${rootProbeSource(this.name, fn)})(${JSON.stringify(arg ?? null)})`;
    const reply = (await cdp.send('Runtime.evaluate', { expression, contextId: context.id, awaitPromise: true, returnByValue: true })) as {
      result: { value?: ProbeReply<R> };
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

  // A frame not yet in the DevTools frame tree (frameIdOf throws) is not there yet: poll on.
  protected override poll<R, A>(fn: (root: ShadowRoot, arg: A) => R, arg?: A): Promise<R | undefined> {
    return this.evaluate(fn, arg).catch(() => undefined);
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

  /** The root's coordinates are the frame's; the mouse clicks in the page's. */
  protected async clickAt(x: number, y: number): Promise<void> {
    const offset = await this.frameOffset();
    await pageOf(this.target).mouse.click(x + offset.x, y + offset.y);
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

/** The `Never translate this part` picker of a page. */
export function pickerIn(page: Page, extensionId: string): GlossaRoot {
  return new GlossaRoot(page, 'picker', extensionId);
}

/** Writing help's field button on the focused field of a page or frame. */
export function fieldButtonIn(target: Page | Frame, extensionId: string): GlossaRoot {
  return new GlossaRoot(target, 'field-button', extensionId);
}
