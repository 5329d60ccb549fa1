// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../utils/api/errors';
import { createScheduler } from '../../utils/translation/scheduler';

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => {
    open = r;
  });
  return { promise, open };
}

describe('scheduler', () => {
  it('keeps at most three requests in flight and runs viewport work first', async () => {
    const scheduler = createScheduler({ concurrency: 3 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    let peak = 0;
    const task = (name: string, priority = false) => {
      const g = gate();
      gates.set(name, g);
      return scheduler.enqueue(async () => {
        started.push(name);
        peak = Math.max(peak, scheduler.stats.inFlight);
        await g.promise;
        return name;
      }, priority);
    };
    const all = [task('a'), task('b'), task('c'), task('d'), task('e'), task('viewport', true)];
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(scheduler.stats).toEqual({ inFlight: 3, queued: 3 });
    gates.get('a')!.open();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['a', 'b', 'c', 'viewport']);
    for (const g of gates.values()) g.open();
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e', 'viewport']);
    expect(peak).toBe(3);
  });

  it('a stop fails everything queued and everything after it, until resumed', async () => {
    const scheduler = createScheduler({ concurrency: 1 });
    const g = gate();
    const first = scheduler.enqueue(() => g.promise.then(() => 'first'));
    const queued = scheduler.enqueue(async () => 'queued');
    const quota = new ApiError('quota', 'Quota exceeded', { status: 456 });
    scheduler.stop(quota);
    await expect(queued).rejects.toBe(quota);
    await expect(scheduler.enqueue(async () => 'later')).rejects.toBe(quota);
    g.open();
    await expect(first).resolves.toBe('first'); // what was already in flight completes
    scheduler.resume();
    await expect(scheduler.enqueue(async () => 'again')).resolves.toBe('again');
  });
});
