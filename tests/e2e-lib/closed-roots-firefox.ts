// Glossa's closed shadow roots (closed-root.ts) in Firefox: puppeteer's page.evaluate
// runs as page script and cannot see inside, so code reaches the content scripts' own world
// through scripting.executeScript from the add-on's page (Glossa.inContentWorld), in the top
// frame. Only plain data comes back; clicks are real mouse clicks.
import type { Page } from 'puppeteer-core';
import { ClosedRoot, rootProbeSource, type GlossaRootName, type ProbeReply } from './closed-root';
import type { FirefoxGlossa } from './firefox-harness';

export class GlossaRoot extends ClosedRoot {
  constructor(
    private readonly page: Page,
    name: GlossaRootName,
    private readonly glossa: FirefoxGlossa,
  ) {
    super(name);
  }

  async evaluate<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | Promise<R>, arg?: A): Promise<R | undefined> {
    // executeScript takes a function, not source: the probe is rebuilt from its text in Glossa's world.
    const probe = new Function('a', `return (${rootProbeSource(this.name, fn)})(a);`) as (a: A | null) => Promise<ProbeReply<R>>;
    const reply = await this.glossa.inContentWorld(this.page, probe, arg ?? null);
    return reply.absent ? undefined : reply.value;
  }

  protected async clickAt(x: number, y: number): Promise<void> {
    await this.page.mouse.click(x, y);
  }
}

/** The selection popover of a page. */
export function popoverIn(page: Page, glossa: FirefoxGlossa): GlossaRoot {
  return new GlossaRoot(page, 'popover', glossa);
}

/** The page notice (failed blocks, quota, key) of a page. */
export function noticeIn(page: Page, glossa: FirefoxGlossa): GlossaRoot {
  return new GlossaRoot(page, 'notice', glossa);
}

/** The `Never translate this part` picker of a page. */
export function pickerIn(page: Page, glossa: FirefoxGlossa): GlossaRoot {
  return new GlossaRoot(page, 'picker', glossa);
}
