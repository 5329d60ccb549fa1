// The one place a block's state changes: every transition has a name here, and a block only
// moves along the arrows below (docs/architecture.md draws them). A refused move leaves the
// state as it was and returns false, so a late answer or a double call cannot undo a newer state.
//
//   waiting -> queued (queueBlock) | pending (sendBlock, as a filler of a call)
//   queued  -> queued (queueBlock, again: a halted scheduler hands units back queued)
//              | pending (sendBlock) | failed (markBlockFailed, the engine halted)
//   pending -> done (markTranslated) | failed (markBlockFailed)
//   done    -> pending (resendBlock, a term was fixed)
//   failed  -> queued (queueBlock, Retry)
//   any state but released -> released (releaseBlock)

/** Where a block is on its way: found, asked for, on its way to the API, written, refused, forgotten. */
export type BlockState = 'waiting' | 'queued' | 'pending' | 'done' | 'failed' | 'released';

/** What a transition needs of a block. */
interface HasBlockState {
  state: BlockState;
}

/** Each named transition, with the states it may start from. */
const TRANSITIONS = {
  queue: { from: ['waiting', 'queued', 'failed'], to: 'queued' },
  send: { from: ['waiting', 'queued'], to: 'pending' },
  translated: { from: ['pending'], to: 'done' },
  fail: { from: ['queued', 'pending'], to: 'failed' },
  resend: { from: ['done'], to: 'pending' },
  release: { from: ['waiting', 'queued', 'pending', 'done', 'failed'], to: 'released' },
} as const satisfies Record<string, { from: readonly BlockState[]; to: BlockState }>;

type Transition = keyof typeof TRANSITIONS;

/** Whether any named transition moves a block from `from` to `to`. */
export function canMove(from: BlockState, to: BlockState): boolean {
  return Object.values(TRANSITIONS).some((t) => t.to === to && (t.from as readonly BlockState[]).includes(from));
}

function move(block: HasBlockState, name: Transition): boolean {
  const { from, to } = TRANSITIONS[name];
  if (!(from as readonly BlockState[]).includes(block.state)) return false;
  block.state = to;
  return true;
}

/** Came near the reader (or its retry was pressed): it waits in the queue for a call. */
export const queueBlock = (block: HasBlockState): boolean => move(block, 'queue');

/** Went into a call, or joined an identical block's call: its answer is awaited. */
export const sendBlock = (block: HasBlockState): boolean => move(block, 'send');

/** Its translation was written into the page. */
export const markTranslated = (block: HasBlockState): boolean => move(block, 'translated');

/** The API refused it, the answer was unusable, or the engine halted with it queued. */
export const markBlockFailed = (block: HasBlockState): boolean => move(block, 'fail');

/** A fixed term changes its translation: the one shown is taken out and a new one awaited. */
export const resendBlock = (block: HasBlockState): boolean => move(block, 'resend');

/** The page changed it or took it out: Glossa forgets it (its source text is back). */
export const releaseBlock = (block: HasBlockState): boolean => move(block, 'release');
