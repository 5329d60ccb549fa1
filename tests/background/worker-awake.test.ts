import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { awakeFetch } from '@/utils/background/worker-awake';

/** Chrome stops an extension's worker after this long without an extension event or API call. */
const WORKER_IDLE_LIMIT_MS = 30_000;

describe('the worker kept up while a request is on its way', () => {
  /** When (fake ms since the test's start) an extension API was called. */
  let touches: number[] = [];
  let start = 0;
  /** Each fetch the test made, to answer or fail by hand. */
  let requests: { resolve(r: Response): void; reject(e: Error): void }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    touches = [];
    requests = [];
    fakeBrowser.runtime.getPlatformInfo = (() => {
      touches.push(Date.now() - start);
      return Promise.resolve({ os: 'linux', arch: 'x86-64', nacl_arch: 'x86-64' });
    }) as typeof fakeBrowser.runtime.getPlatformInfo;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve, reject) => requests.push({ resolve, reject }))));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** No gap without a call as long as the idle limit, from `from` to `to`. */
  function keptUp(from: number, to: number): boolean {
    const marks = [from, ...touches.filter((t) => t > from && t <= to), to];
    return marks.every((t, i) => i === 0 || t - marks[i - 1] < WORKER_IDLE_LIMIT_MS);
  }

  it('calls an extension API within every idle window while a request hangs, and stops once it is answered', async () => {
    const answer = awakeFetch('https://api.example/v2/translate', { method: 'POST' });
    await vi.advanceTimersByTimeAsync(95_000);
    expect(keptUp(0, 95_000)).toBe(true);
    expect(globalThis.fetch).toHaveBeenCalledWith('https://api.example/v2/translate', { method: 'POST' });
    const response = new Response('{}');
    requests[0].resolve(response);
    await expect(answer).resolves.toBe(response);
    const made = touches.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(touches).toHaveLength(made);
  });

  it('keeps one timer for requests that overlap, until the last one settles (a failure too)', async () => {
    const first = awakeFetch('https://api.example/a');
    await vi.advanceTimersByTimeAsync(10_000);
    const second = awakeFetch('https://api.example/b');
    await vi.advanceTimersByTimeAsync(15_000);
    requests[0].resolve(new Response('a'));
    await first;
    await vi.advanceTimersByTimeAsync(40_000);
    expect(keptUp(0, 65_000)).toBe(true);
    // One timer: never two calls in one idle window's first half.
    expect(touches.every((t, i) => i === 0 || t - touches[i - 1] >= WORKER_IDLE_LIMIT_MS / 2)).toBe(true);
    requests[1].reject(new TypeError('Failed to fetch'));
    await expect(second).rejects.toThrow('Failed to fetch');
    const made = touches.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(touches).toHaveLength(made);
  });
});
