// The page script's `point` (pointing/index.ts), as the hover script reaches it: the two are
// separate scripts in one content scripts' world, and the hover script loads the page script
// only when the user first points. Nothing here imports the engine.
import type { PointOutcome } from '../../page/pointed';

/** Shows the block holding `node` (or, with `hide`, toggles it). */
export type PointFn = (node: Node, hide: boolean) => Promise<PointOutcome>;

const KEY = Symbol.for('glossa.page-point');
type Scope = Record<symbol, PointFn | undefined>;

export function providePagePoint(point: PointFn, scope: object = globalThis): void {
  (scope as Scope)[KEY] ??= point;
}

/** The page script's point, once it runs in this world. */
export function pagePoint(scope: object = globalThis): PointFn | undefined {
  return (scope as Scope)[KEY];
}
