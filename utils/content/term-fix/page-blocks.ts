// The page engine runs in the page's content script (page-engine.js); the popover's script,
// injected later into the same isolated world of the frame, asks it which translated block a
// selection is in. Page scripts never see this world, so the bridge is a global of its own.
import type { BlockTexts } from '../../page/engine';

const BRIDGE = Symbol.for('glossa.page-blocks');

export interface PageBlocks {
  /** The original and the translation of the translated block holding `node`. */
  blockTextsAt(node: Node): BlockTexts | undefined;
}

type Scope = Record<symbol, PageBlocks | undefined>;

/** Called by the page's content script: the engine of this frame answers from now on. */
export function exposePageBlocks(blocks: PageBlocks, scope: object = globalThis): void {
  (scope as Scope)[BRIDGE] = blocks;
}

/** The page's blocks, when the page's content script runs in this frame. */
export function pageBlocks(scope: object = globalThis): PageBlocks | undefined {
  return (scope as Scope)[BRIDGE];
}
