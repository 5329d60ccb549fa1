// Marks on failed blocks come with the engine's extras, loaded on the first failure only.
import { describe, expect, it } from 'vitest';
import { lazyFailureMarks, type FailureMarks } from '../../utils/page/failure-marks-lazy';
import type { Unit } from '../../utils/page/units';

const unit = (state: Unit['state']) => ({ state }) as Unit;

function recordingMarks() {
  const marked: Unit[] = [];
  const cleared: Unit[] = [];
  let removed = 0;
  const marks: FailureMarks = {
    mark: (u) => void marked.push(u),
    clear: (u) => void cleared.push(u),
    removeAll: () => void removed++,
  };
  return { marks, marked, cleared, removed: () => removed };
}

describe('failure marks loaded on the first failure', () => {
  it('loads nothing until a block fails, then once, and marks only what is still failed', async () => {
    const real = recordingMarks();
    let loads = 0;
    let release!: () => void;
    const marks = lazyFailureMarks(() => {
      loads++;
      return new Promise((resolve) => (release = () => resolve(real.marks)));
    });
    const a = unit('failed');
    const b = unit('failed');
    const c = unit('failed');
    marks.clear(a);
    expect(loads).toBe(0);
    marks.mark(a);
    marks.mark(b);
    marks.mark(c);
    expect(loads).toBe(1);
    // While the code loads: b is retried (cleared), c is translated after all.
    marks.clear(b);
    c.state = 'done';
    release();
    await expect.poll(() => real.marked.length).toBe(1);
    expect(real.marked).toEqual([a]);
    // Loaded: marks and clears go straight through.
    marks.mark(b);
    marks.clear(a);
    marks.removeAll();
    expect(real.marked).toEqual([a, b]);
    expect(real.cleared).toEqual([a]);
    expect(real.removed()).toBe(1);
    expect(loads).toBe(1);
  });

  it('asks again after a load that failed', async () => {
    const real = recordingMarks();
    let loads = 0;
    const marks = lazyFailureMarks(async () => {
      loads++;
      if (loads === 1) throw new Error('worker gone');
      return real.marks;
    });
    const a = unit('failed');
    marks.mark(a);
    await expect.poll(() => loads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    marks.mark(unit('failed'));
    await expect.poll(() => real.marked.length).toBe(2);
    expect(loads).toBe(2);
  });
});
