// Code the page engine needs only sometimes (the bilingual view, translating a fixed term
// again, marks on failed blocks, a site's scope rules, undoing translated blocks) is left out
// of the script every translated page loads: the caller loads it on first need (the content
// script asks the background to inject page-extras.js), and it registers itself here, in the
// content script's world. Its modules are imported as types only: none of their code is
// bundled here.
import { worldSlot } from '../shared/world-slot';
import type { buildBilingual } from './bilingual';
import type { createFailureMarks } from './failure-marks';
import type { unitsLeftOut } from './scope-change';
import type { compileScope } from './site-scope';
import type { createTermRefresh } from './term-refresh';
import type { releaseMarks, restoreMarks, undoWrite } from './undo-write';

export interface EngineExtras {
  buildBilingual: typeof buildBilingual;
  createTermRefresh: typeof createTermRefresh;
  /** Marks on failed blocks (loaded on the first failure). */
  createFailureMarks: typeof createFailureMarks;
  /** A site's scope rules (loaded where a site has some). */
  compileScope: typeof compileScope;
  unitsLeftOut: typeof unitsLeftOut;
  /** Putting a translated block back (loaded before the first one is undone). */
  undoWrite: typeof undoWrite;
  releaseMarks: typeof releaseMarks;
  restoreMarks: typeof restoreMarks;
}

const slot = worldSlot<EngineExtras>('glossa.engine-extras');

export const provideEngineExtras = slot.provide;

/** The extras, once loaded in this world. */
export const engineExtras = slot.get;
