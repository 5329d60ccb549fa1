// Code the page engine needs only sometimes (the bilingual view, translating a fixed term
// again) is left out of the script every translated page loads: the caller loads it on first
// need (the content script asks the background to inject page-extras.js), and it registers
// itself here, in the content script's world. Type imports only: nothing of it is bundled here.
import type { buildBilingual } from './bilingual';
import type { createTermRefresh } from './term-refresh';

export interface EngineExtras {
  buildBilingual: typeof buildBilingual;
  createTermRefresh: typeof createTermRefresh;
}

const KEY = Symbol.for('glossa.engine-extras');
type Scope = Record<symbol, EngineExtras | undefined>;

export function provideEngineExtras(extras: EngineExtras, scope: object = globalThis): void {
  (scope as Scope)[KEY] ??= extras;
}

/** The extras, once loaded in this world. */
export function engineExtras(scope: object = globalThis): EngineExtras | undefined {
  return (scope as Scope)[KEY];
}
