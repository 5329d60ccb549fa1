// @vitest-environment node
// The scheduler is plain data: these tests run without a DOM.
import { describe, expect, it } from 'vitest';
import { createScheduler, type Schedulable } from '../../utils/page/scheduler';

type Result = { ok: true; text: string } | { ok: false; code: string };
interface Item extends Schedulable {
  name: string;
}

let clock = 0;
let seq = 0;
const item = (name: string, size = name.length, quiet = false): Item => ({
  name, seq: seq++, key: name, size, state: 'waiting', priority: 'nearby', queuedAt: 0, counted: false, quiet, version: 0, sentVersion: -1,
});

function scheduler(limit = { blocks: 3, characters: 100 }, extra: Partial<Parameters<typeof createScheduler<Item, Result>>[0]> = {}) {
  return createScheduler<Item, Result>({ limit, maxInFlight: 2, quietDelayMs: 400, now: () => clock, ...extra });
}

const names = (units: readonly Item[]) => units.map((u) => u.name);

describe('scheduler', () => {
  it('sends the first viewport call at once, even when it is not full', () => {
    const s = scheduler();
    const a = item('a');
    s.track(a);
    s.enqueue(a, 'viewport');
    const plan = s.plan(true);
    expect(plan.batches.map((b) => [names(b.units), b.priority])).toEqual([[['a'], 'viewport']]);
    expect(a.state).toBe('pending');
  });

  it('holds the first call until the walk has found the whole screen, then sends the screen in one call', () => {
    const s = scheduler({ blocks: 50, characters: 1000 });
    const top = item('top');
    s.track(top);
    s.enqueue(top, 'viewport');
    // The walk's first slice found only the top of the screen.
    expect(s.plan(true, false).batches).toEqual([]);
    expect(top.state).toBe('queued');
    const rest = ['middle', 'bottom'].map((n) => item(n));
    for (const u of rest) {
      s.track(u);
      s.enqueue(u, 'viewport');
    }
    const plan = s.plan(true, true);
    expect(plan.batches.map((b) => [names(b.units), b.priority])).toEqual([[['top', 'middle', 'bottom'], 'viewport']]);
  });

  it('sends a held first call once the walk is complete, screen found or not', () => {
    const s = scheduler();
    const a = item('a');
    s.track(a);
    s.enqueue(a, 'viewport');
    expect(s.plan(true, false).batches).toEqual([]);
    expect(s.plan(false, false).batches.map((b) => names(b.units))).toEqual([['a']]);
  });

  it('fills later calls with the blocks that follow the reader, up to the block limit', () => {
    const s = scheduler();
    const units = ['a', 'b', 'c', 'd', 'e'].map((n) => item(n));
    for (const u of units) s.track(u);
    s.enqueue(units[0], 'viewport');
    s.plan(false);
    s.enqueue(units[1], 'nearby');
    const plan = s.plan(false);
    expect(plan.batches.map((b) => names(b.units))).toEqual([['b', 'c', 'd']]);
    expect(units[4].state).toBe('waiting');
  });

  it('keeps a call within the character budget', () => {
    const s = scheduler({ blocks: 50, characters: 10 });
    const units = [item('aaaa'), item('bbbb'), item('cccc')];
    for (const u of units) {
      s.track(u);
      s.enqueue(u, 'ahead');
    }
    const plan = s.plan(false);
    expect(plan.batches.map((b) => names(b.units))).toEqual([['aaaa', 'bbbb']]);
  });

  it('holds a call that is not full while the walk goes on, and sends it at once when the walk is complete', () => {
    clock = 1000;
    const s = scheduler();
    const first = item('first');
    s.track(first);
    s.enqueue(first, 'viewport');
    s.plan(false);
    const near = item('near');
    s.track(near);
    s.enqueue(near, 'nearby');
    expect(s.plan(true).batches).toEqual([]); // still collecting: more may come
    // The walk is complete: the call holds every block left, so no wait for company (the tail goes now).
    const tail = s.plan(false);
    expect(tail.batches.map((b) => names(b.units))).toEqual([['near']]);
    expect(tail.wakeInMs).toBeUndefined();
  });

  it('sends the last blocks of a page without waiting once the walk is complete, all in one call', () => {
    clock = 2000;
    const s = scheduler({ blocks: 10, characters: 1000 });
    const units = ['a', 'b', 'c', 'd', 'e'].map((n) => item(n));
    for (const u of units) s.track(u);
    s.enqueue(units[0], 'viewport');
    s.plan(false);
    // The reader nears the end of the page: one block comes near, the rest ride along.
    s.enqueue(units[3], 'nearby');
    const plan = s.plan(false);
    expect(plan.batches.map((b) => names(b.units))).toEqual([['d', 'e', 'c', 'b']]);
    expect(units.every((u) => u.state === 'pending')).toBe(true);
  });

  it('sends identical blocks once: a twin waits for the call, later twins reuse the answer', () => {
    const s = scheduler();
    const [a1, a2, a3] = [item('same'), item('same'), item('same')];
    for (const u of [a1, a2]) {
      s.track(u);
      s.enqueue(u, 'viewport');
    }
    const plan = s.plan(false);
    expect(plan.batches).toHaveLength(1);
    expect(names(plan.batches[0].units)).toEqual(['same']);
    const answered = s.settle(plan.batches[0], [{ ok: true, text: 'SAME' }]);
    expect(answered.map((x) => x.unit)).toEqual([a1, a2]);
    s.track(a3);
    s.enqueue(a3, 'nearby');
    const again = s.plan(false);
    expect(again.batches).toEqual([]);
    expect(again.joined).toEqual([{ unit: a3, result: { ok: true, text: 'SAME' } }]);
  });

  it('asks again for an answer that was forgotten (it could not be used)', () => {
    const s = scheduler();
    const a = item('x');
    s.enqueue(a, 'viewport');
    const plan = s.plan(false);
    s.settle(plan.batches[0], [{ ok: true, text: 'bad' }]);
    s.forget('x');
    const b = item('x');
    s.enqueue(b, 'viewport');
    expect(s.plan(false).batches.map((x) => names(x.units))).toEqual([['x']]);
  });

  it('stops planning after a stopping code and hands back what was queued; resumes on request', () => {
    const s = scheduler({ blocks: 1, characters: 100 });
    const units = [item('a'), item('b'), item('c')];
    for (const u of units) s.enqueue(u, 'viewport');
    const plan = s.plan(false);
    expect(plan.batches).toHaveLength(2); // maxInFlight
    expect(names(s.halt('quota'))).toEqual(['c']);
    expect(s.halted).toBe('quota');
    expect(s.plan(false).batches).toEqual([]);
    s.resume();
    s.enqueue(units[2], 'nearby');
    expect(s.plan(false).batches).toHaveLength(0); // two calls still in flight
    s.settle(plan.batches[0], [{ ok: false, code: 'quota' }]);
    expect(s.plan(false).batches.map((b) => names(b.units))).toEqual([['c']]);
  });

  it('keeps no unit queued after a stopping code: units found later are handed back too', () => {
    const s = scheduler();
    const a = item('a');
    s.enqueue(a, 'viewport');
    s.halt('quota');
    const later = item('later');
    s.enqueue(later, 'nearby');
    // The engine shows it failed with the halting code; nothing is left for idle() to wait on.
    expect(later.state).toBe('queued');
    expect(s.queued).toBe(0);
    expect(s.hasCountedWork()).toBe(false);
  });

  it('lets quiet units (tooltips, the title) wait for company, then sends them together', () => {
    clock = 5000;
    const s = scheduler();
    const tips = [item('tip one', 7, true), item('tip two', 7, true)];
    for (const u of tips) {
      s.track(u);
      s.enqueue(u, 'nearby');
    }
    expect(tips[0].priority).toBe('ahead');
    const early = s.plan(false);
    expect(early.batches).toEqual([]);
    expect(early.wakeInMs).toBe(401);
    clock += 401;
    expect(s.plan(false).again).toBe(true);
    expect(s.plan(false).batches.map((b) => names(b.units))).toEqual([['tip one', 'tip two']]);
  });

  it('leaves hidden blocks out of fillers', () => {
    const s = scheduler(undefined, { rendered: (u) => u.name !== 'hidden' });
    const units = [item('a'), item('b'), item('hidden'), item('c'), item('d')];
    for (const u of units) s.track(u);
    s.enqueue(units[0], 'viewport');
    s.plan(false);
    s.enqueue(units[1], 'nearby');
    expect(s.plan(false).batches.map((b) => names(b.units))).toEqual([['b', 'c', 'd']]);
  });
});
