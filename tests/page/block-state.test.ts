import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canMove, markBlockFailed, markTranslated, queueBlock, releaseBlock, resendBlock, sendBlock, type BlockState,
} from '../../utils/page/block-state';

const STATES: BlockState[] = ['waiting', 'queued', 'pending', 'done', 'failed', 'released'];
const block = (state: BlockState) => ({ state });

describe('block state transitions', () => {
  it('walks a block from found to translated, then back to pending when a term is fixed', () => {
    const b = block('waiting');
    expect(queueBlock(b)).toBe(true);
    expect(b.state).toBe('queued');
    expect(sendBlock(b)).toBe(true);
    expect(b.state).toBe('pending');
    expect(markTranslated(b)).toBe(true);
    expect(b.state).toBe('done');
    expect(resendBlock(b)).toBe(true);
    expect(b.state).toBe('pending');
  });

  it('lets a failed block be queued again by Retry, and a waiting block fill a call directly', () => {
    const failed = block('pending');
    expect(markBlockFailed(failed)).toBe(true);
    expect(queueBlock(failed)).toBe(true);
    expect(failed.state).toBe('queued');
    const filler = block('waiting');
    expect(sendBlock(filler)).toBe(true);
    expect(filler.state).toBe('pending');
  });

  it('fails a queued block when the engine halts, but never a translated or waiting one', () => {
    const queued = block('queued');
    expect(markBlockFailed(queued)).toBe(true);
    for (const state of ['done', 'waiting'] as const) {
      const b = block(state);
      expect(markBlockFailed(b)).toBe(false);
      expect(b.state).toBe(state);
    }
  });

  it('refuses to write an answer into a block that is not awaiting one, leaving its state', () => {
    for (const state of STATES.filter((s) => s !== 'pending')) {
      const b = block(state);
      expect(markTranslated(b)).toBe(false);
      expect(b.state).toBe(state);
    }
  });

  it('releases a block from every state once; a released block never moves again', () => {
    for (const state of STATES.filter((s) => s !== 'released')) {
      const b = block(state);
      expect(releaseBlock(b)).toBe(true);
      expect(b.state).toBe('released');
      expect(releaseBlock(b)).toBe(false);
    }
    for (const to of STATES) expect(canMove('released', to)).toBe(false);
  });

  it('resends only translated blocks (a term fix never touches blocks still on their way)', () => {
    for (const state of STATES.filter((s) => s !== 'done')) expect(resendBlock(block(state))).toBe(false);
  });
});

describe('one owner for the block state', () => {
  it('no file of the page engine but block-state.ts assigns a unit state', () => {
    const dir = resolve(__dirname, '../../utils/page');
    const writers = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'block-state.ts')
      .filter((f) => /\.state\s*=[^=]/.test(readFileSync(resolve(dir, f), 'utf8')));
    expect(writers).toEqual([]);
  });
});
