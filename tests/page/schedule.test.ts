// The slicer: slices end close to their budget while the clock is read far less often than once per item.
import { describe, expect, it } from 'vitest';
import { createSlicer } from '../../utils/page/schedule';

function fakeClock() {
  const clock = { t: 100, looks: 0, now: () => (clock.looks++, clock.t) };
  return clock;
}

describe('slicer', () => {
  it('ends a slice of cheap items just past its budget, looking at the clock rarely', () => {
    const clock = fakeClock();
    const slicer = createSlicer(8, clock.now);
    let items = 0;
    while (!slicer.expired()) {
      clock.t += 0.002;
      items++;
    }
    expect(clock.t - 100).toBeGreaterThanOrEqual(8);
    expect(clock.t - 100).toBeLessThan(8 + 16 * 0.002 + 1e-9);
    expect(clock.looks).toBeLessThan(items / 8);
  });

  it('looks at the clock every item when items are heavy', () => {
    const clock = fakeClock();
    const slicer = createSlicer(8, clock.now);
    let items = 0;
    while (!slicer.expired()) {
      clock.t += 1;
      items++;
    }
    expect(items).toBe(8);
  });

  it('overruns by at most 16 items when heavy items follow cheap ones', () => {
    const clock = fakeClock();
    const slicer = createSlicer(8, clock.now);
    for (let i = 0; i < 1000; i++) {
      clock.t += 0.001;
      expect(slicer.expired()).toBe(false);
    }
    while (!slicer.expired()) clock.t += 1;
    expect(clock.t - 100).toBeLessThanOrEqual(8 + 16);
  });

  it('a look before any work (the clock moved a hair) does not let heavy items run unchecked', () => {
    const clock = fakeClock();
    const slicer = createSlicer(8, clock.now);
    // A loop that asks first, as the writer's does; a real clock moves between two reads.
    clock.t += 0.0001;
    let items = 0;
    while (!slicer.expired()) {
      clock.t += 3;
      items++;
    }
    expect(clock.t - 100).toBeLessThanOrEqual(8 + 2 * 3 + 0.001);
    expect(items).toBeLessThanOrEqual(5);
  });

  it('passes started one after another in one task share its slice', () => {
    const clock = fakeClock();
    const first = createSlicer(8, clock.now);
    while (!first.expired()) clock.t += 1;
    // A second pass starting right away (same task) has no slice of its own left.
    const second = createSlicer(8, clock.now);
    expect(second.expired()).toBe(true);
    // Long after, in another task, a new pass gets a whole slice.
    clock.t += 50;
    const third = createSlicer(8, clock.now);
    let items = 0;
    while (!third.expired()) {
      clock.t += 1;
      items++;
    }
    expect(items).toBe(8);
  });
});
