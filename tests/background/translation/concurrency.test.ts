// @vitest-environment node
// The dispatcher's adaptive limit on requests in flight: more while the server answers and
// texts wait, fewer after a 429, and nothing new before the server's Retry-After has passed.
// The ramp and the 429 tests start at three (explicitly) so that each round is visible.
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../utils/api/client';
import type { TranslateParams } from '../../../utils/shared/api-types';
import { createAdaptiveLimit } from '../../../utils/background/translation/concurrency';
import { createDispatcher, type DispatchItem } from '../../../utils/background/translation/dispatcher';

const params = { target_lang: 'DE', tag_handling: 'html' as const, show_billed_characters: true };

function itemsFor(count: number, client: ApiClient): { list: DispatchItem[]; failed: string[] } {
  const failed: string[] = [];
  const list = Array.from({ length: count }, (_, i): DispatchItem => ({
    text: `text ${i}`, group: 'g', params, client, owner: { billed: 0, site: 'a.test' },
    resolve: () => undefined,
    reject: (e) => failed.push(e.code),
  }));
  return { list, failed };
}

/**
 * A real API client over a fake `fetch`: answers are released by the test (`answerAll`), and
 * the first `limited` requests after `limitFrom` are answered 429 with `retryAfter` seconds.
 */
function server(options: { limitFrom?: number; limited?: number; retryAfter?: string } = {}) {
  const started: number[] = [];
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let peak = 0;
  let seen = 0;
  let rejected = 0;
  const fetch = (async (_url: string, init: { body: string }) => {
    const n = seen++;
    inFlight++;
    peak = Math.max(peak, inFlight);
    started.push(Date.now());
    await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight--;
    if (options.limitFrom !== undefined && n >= options.limitFrom && rejected < (options.limited ?? 0)) {
      rejected++;
      return new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429, headers: options.retryAfter ? { 'Retry-After': options.retryAfter } : {} });
    }
    const { text } = JSON.parse(init.body) as TranslateParams;
    return new Response(JSON.stringify({ translations: text.map((t) => ({ detected_source_language: 'EN', text: t })), billed_characters: 1 }), { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  const client = createApiClient({ baseUrl: 'http://api.test', authKey: 'k', fetch, retry: { baseDelayMs: 10 } });
  return {
    client,
    started,
    peak: () => peak,
    get inFlight() {
      return inFlight;
    },
    /** Answers every request waiting now, then lets the dispatcher react. */
    async answerAll(): Promise<void> {
      for (const open of waiting.splice(0)) open();
      await new Promise((r) => setTimeout(r, 2));
    },
  };
}

/** Submits `list` and answers every request in flight, round by round; the requests in flight each round. */
async function answerRoundByRound(dispatcher: ReturnType<typeof createDispatcher>, api: ReturnType<typeof server>, list: DispatchItem[]): Promise<number[]> {
  const done = dispatcher.submit(list);
  await new Promise((r) => setTimeout(r, 2));
  const inFlightPerRound: number[] = [];
  while (dispatcher.stats.waiting > 0 || dispatcher.stats.inFlight > 0) {
    inFlightPerRound.push(api.inFlight);
    await api.answerAll();
  }
  await done;
  return inFlightPerRound;
}

describe('adaptive concurrency', () => {
  it('starts at six requests in flight: a server that answers has twelve after one round trip', async () => {
    const api = server();
    const dispatcher = createDispatcher({ gatherMs: 0 });
    const { list, failed } = itemsFor(50 * 30, api.client);
    const inFlightPerRound = await answerRoundByRound(dispatcher, api, list);
    expect(failed).toEqual([]);
    expect(inFlightPerRound.slice(0, 3)).toEqual([6, 12, 12]);
    expect(dispatcher.stats.requests).toBe(30);
  });

  it('takes more round by round while texts wait, from where it starts', async () => {
    const api = server();
    const dispatcher = createDispatcher({ gatherMs: 0, adaptive: { initial: 3 } });
    // 60 full requests' worth of texts.
    const { list, failed } = itemsFor(50 * 60, api.client);
    const inFlightPerRound = await answerRoundByRound(dispatcher, api, list);
    expect(failed).toEqual([]);
    expect(inFlightPerRound[0]).toBe(3);
    // Doubling per round trip up to the ceiling of 12: 3, 6, 12, 12 …
    expect(inFlightPerRound.slice(0, 4)).toEqual([3, 6, 12, 12]);
    expect(api.peak()).toBe(12);
    expect(dispatcher.stats.requests).toBe(60);
  });

  it('does not grow while nothing waits: a trickle of texts never raises the limit', async () => {
    const api = server();
    const dispatcher = createDispatcher({ gatherMs: 0 });
    for (let i = 0; i < 5; i++) {
      const done = dispatcher.submit(itemsFor(1, api.client).list);
      await new Promise((r) => setTimeout(r, 1));
      await api.answerAll();
      await done;
    }
    expect(dispatcher.stats.limit).toBe(6);
  });

  it('halves after a 429 and sends nothing new until the Retry-After has passed', async () => {
    // Requests 4 to 6 of the run are rate limited, with Retry-After: 1 (second).
    const api = server({ limitFrom: 9, limited: 3, retryAfter: '1' });
    const dispatcher = createDispatcher({ gatherMs: 0, adaptive: { initial: 3 } });
    const { list, failed } = itemsFor(50 * 40, api.client);
    const done = dispatcher.submit(list);
    await new Promise((r) => setTimeout(r, 2));
    await api.answerAll(); // 3 succeed: 6 in flight
    expect(api.inFlight).toBe(6);
    await api.answerAll(); // 6 succeed: 12 in flight
    expect(api.inFlight).toBe(12);
    const answeredAt = Date.now();
    await api.answerAll(); // 3 of these 12 are rate limited, the 9 others succeed
    // Nothing new goes out while the server's Retry-After runs, and the limit is halved.
    expect(dispatcher.stats.limit).toBe(6);
    expect(api.inFlight).toBe(0);
    while (dispatcher.stats.waiting > 0 || dispatcher.stats.inFlight > 0) {
      await api.answerAll();
      await new Promise((r) => setTimeout(r, 20));
    }
    await done;
    expect(failed).toEqual([]);
    const after = api.started.slice(21);
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after) - answeredAt).toBeGreaterThanOrEqual(1_000);
    // After the push-back the limit grows by one per round trip at most, not by doubling.
    expect(api.peak()).toBe(12);
    expect(dispatcher.stats.limit).toBeLessThanOrEqual(9);
  });

  it('a fixed concurrency stays fixed', async () => {
    const api = server();
    const dispatcher = createDispatcher({ concurrency: 2, gatherMs: 0 });
    const done = dispatcher.submit(itemsFor(50 * 10, api.client).list);
    while (dispatcher.stats.waiting > 0 || dispatcher.stats.inFlight > 0) {
      await new Promise((r) => setTimeout(r, 1));
      await api.answerAll();
    }
    await done;
    expect(api.peak()).toBe(2);
  });

  it('from the default start of six, the first 429 halves it to three', () => {
    const limit = createAdaptiveLimit({ now: () => 0 });
    expect(limit.value).toBe(6);
    limit.rateLimited();
    expect(limit.value).toBe(3);
  });

  it('cuts once per push-back however many requests a 429 hit together, and never below the floor', () => {
    let clock = 0;
    const limit = createAdaptiveLimit({ initial: 8, min: 2, max: 12, now: () => clock });
    limit.rateLimited();
    limit.rateLimited();
    expect(limit.value).toBe(4);
    clock += 1_500;
    limit.rateLimited();
    clock += 1_500;
    limit.rateLimited();
    expect(limit.value).toBe(2);
    // Additive growth after a push-back: one more per round trip (per `value` successes).
    limit.succeeded(true);
    limit.succeeded(true);
    expect(limit.value).toBe(3);
  });
});
