// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../utils/shared/api-errors';
import { backoffDelay, sleep, withRetry, type RetryOptions } from '../../utils/api/retry';

/** A fake clock: sleeping advances time instantly, and every wait is recorded. */
function fakeClock(random = () => 0.5) {
  let time = 1_000_000;
  const waits: number[] = [];
  const options: RetryOptions = {
    now: () => time,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new ApiError('aborted', 'aborted');
      waits.push(ms);
      time += ms;
    },
    random,
  };
  return { options, waits, advance: (ms: number) => (time += ms) };
}

function failing(codes: (ApiError | 'ok')[]) {
  let n = 0;
  const calls: number[] = [];
  const run = async (attempt: number) => {
    calls.push(attempt);
    const next = codes[Math.min(n++, codes.length - 1)];
    if (next === 'ok') return 'done';
    throw next;
  };
  return { run, calls };
}

describe('backoffDelay', () => {
  it('grows exponentially with jitter and stays under the cap', () => {
    const low = (n: number) => backoffDelay(n, undefined, { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0 });
    const high = (n: number) => backoffDelay(n, undefined, { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999 });
    expect([1, 2, 3, 4, 5].map(low)).toEqual([50, 100, 200, 400, 500]);
    expect(high(1)).toBeGreaterThan(99);
    expect(high(1)).toBeLessThanOrEqual(100);
    expect(high(10)).toBeLessThanOrEqual(1000);
  });

  it('waits at least as long as Retry-After asks, even beyond the cap', () => {
    expect(backoffDelay(1, 3, { random: () => 0 })).toBe(3000);
    expect(backoffDelay(1, 20, { maxDelayMs: 1000, random: () => 1 })).toBeGreaterThanOrEqual(20_000);
  });
});

describe('withRetry', () => {
  it('retries 5xx, 429, network and timeout failures, then returns the success', async () => {
    const clock = fakeClock();
    const { run, calls } = failing([new ApiError('server', 'x', { status: 503 }), new ApiError('rate-limit', 'x', { status: 429 }), new ApiError('network', 'x'), 'ok']);
    await expect(withRetry(run, clock.options)).resolves.toBe('done');
    expect(calls).toEqual([1, 2, 3, 4]);
    expect(clock.waits).toHaveLength(3);
    const { run: run2 } = failing([new ApiError('timeout', 'x'), 'ok']);
    await expect(withRetry(run2, clock.options)).resolves.toBe('done');
  });

  it('gives up after the attempt limit with the last error', async () => {
    const clock = fakeClock();
    const last = new ApiError('server', 'still down', { status: 500 });
    const { run, calls } = failing([new ApiError('server', 'down', { status: 500 }), last]);
    await expect(withRetry(run, { ...clock.options, attempts: 3 })).rejects.toBe(last);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('never retries 456, 403, 400, 404 or bad responses', async () => {
    for (const code of ['quota', 'auth', 'bad-request', 'not-found', 'too-large', 'bad-response', 'aborted'] as const) {
      const clock = fakeClock();
      const { run, calls } = failing([new ApiError(code, code), 'ok']);
      await expect(withRetry(run, clock.options)).rejects.toMatchObject({ code });
      expect(calls).toEqual([1]);
      expect(clock.waits).toEqual([]);
    }
  });

  it('honours Retry-After between attempts', async () => {
    const clock = fakeClock(() => 0);
    const { run } = failing([new ApiError('rate-limit', 'slow down', { status: 429, retryAfter: 2 }), 'ok']);
    await withRetry(run, clock.options);
    expect(clock.waits).toEqual([2000]);
  });

  it('does not start a wait that would end past the total time budget', async () => {
    const clock = fakeClock();
    const tooLong = new ApiError('rate-limit', 'come back in an hour', { status: 429, retryAfter: 3600 });
    const { run, calls } = failing([tooLong, 'ok']);
    await expect(withRetry(run, { ...clock.options, maxTotalMs: 30_000 })).rejects.toBe(tooLong);
    expect(calls).toEqual([1]);
    expect(clock.waits).toEqual([]);
  });

  it('stops at once when aborted, also during a wait', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(withRetry(async () => 'x', {}, controller.signal)).rejects.toMatchObject({ code: 'aborted' });

    const during = new AbortController();
    const started = Date.now();
    const pending = withRetry(async () => {
      throw new ApiError('server', 'down', { status: 500 });
    }, { baseDelayMs: 10_000, random: () => 1 }, during.signal);
    setTimeout(() => during.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sleep resolves after the delay', async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
