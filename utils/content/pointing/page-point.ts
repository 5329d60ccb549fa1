// The page script's `point` (pointing/index.ts), as the hover script reaches it: the two are
// separate scripts in one content scripts' world, and the hover script loads the page script
// only when the user first points. Nothing here imports the engine.
import type { PointOutcome } from '../../page/pointed';
import { worldSlot } from '../../shared/world-slot';

/** Shows the block holding `node` (or, with `hide`, toggles it). */
export type PointFn = (node: Node, hide: boolean) => Promise<PointOutcome>;

const slot = worldSlot<PointFn>('glossa.page-point');

export const providePagePoint = slot.provide;

/** The page script's point, once it runs in this world. */
export const pagePoint = slot.get;
