// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../utils/api/client';
import { ApiError } from '../../../utils/shared/api-errors';
import { translateBody } from '../../../utils/api/packing';
import type { TranslateParams, TranslateResult } from '../../../utils/shared/api-types';
import { createDispatcher, type BillingOwner, type DispatchItem } from '../../../utils/background/translation/dispatcher';

/** A client whose translate calls are recorded and answered when the test opens them. */
function fakeClient(options: { manual?: boolean; fail?: ApiError } = {}) {
  const calls: { params: TranslateParams; open: () => void }[] = [];
  let inFlight = 0;
  let peak = 0;
  const client = {
    baseUrl: 'fake',
    async translate(params: TranslateParams): Promise<TranslateResult> {
      inFlight++;
      peak = Math.max(peak, inFlight);
      let open!: () => void;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      calls.push({ params, open });
      if (options.manual) await gate;
      inFlight--;
      if (options.fail) throw options.fail;
      return {
        translations: params.text.map((text) => ({ detected_source_language: 'DE', text: text.toUpperCase() })),
        billed_characters: params.text.join('').length,
      };
    },
  } as unknown as ApiClient;
  return { client, calls, peak: () => peak };
}

const params = { target_lang: 'EN-US', tag_handling: 'html' as const, show_billed_characters: true };

function items(texts: string[], client: ApiClient, group = 'g', owner: BillingOwner = { billed: 0, site: 'a.test' }) {
  const results = new Map<string, string>();
  const errors = new Map<string, string>();
  const list: DispatchItem[] = texts.map((text) => ({
    text, group, params, client, owner,
    resolve: (t) => results.set(text, t.text),
    reject: (e) => errors.set(text, e.code),
  }));
  return { list, results, errors, owner };
}

const texts = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('dispatcher', () => {
  it('fills requests from every waiting message of the same kind: 6 messages of 10 texts take 2 requests', async () => {
    const { client, calls } = fakeClient();
    // The clock stands still while the messages arrive, however busy the machine is.
    let clock = 0;
    const dispatcher = createDispatcher({ gatherMs: 100, now: () => clock });
    const batches = Array.from({ length: 6 }, (_, b) => items(texts(`m${b}-`, 10), client));
    const sent = Promise.all(batches.map((b) => dispatcher.submit(b.list)));
    clock = 1_000;
    await sent;
    expect(calls.map((c) => c.params.text.length)).toEqual([50, 10]);
    expect(calls.flatMap((c) => c.params.text)).toEqual(batches.flatMap((b) => b.list.map((i) => i.text)));
    expect(batches[5].results.get('m5-9')).toBe('M5-9');
  });

  it('keeps every request within 128 KiB when merging', async () => {
    const { client, calls } = fakeClient();
    const dispatcher = createDispatcher({ gatherMs: 200 });
    const big = (tag: string) => `${tag}${'ü'.repeat(20_000)}`; // ≈ 40 KB each
    await Promise.all(Array.from({ length: 5 }, (_, b) => dispatcher.submit(items([big(`a${b}`), big(`b${b}`)], client).list)));
    expect(calls.map((c) => c.params.text.length)).toEqual([3, 3, 3, 1]);
    for (const call of calls) expect(new TextEncoder().encode(translateBody(call.params)).length).toBeLessThanOrEqual(128 * 1024);
  });

  it('never mixes texts of different kinds (other parameters, tab or client) in one request', async () => {
    const { client, calls } = fakeClient();
    const dispatcher = createDispatcher();
    await Promise.all([
      dispatcher.submit(items(['a', 'b'], client, 'tab1').list),
      dispatcher.submit(items(['c'], client, 'tab2').list),
      dispatcher.submit(items(['d'], client, 'tab1').list),
    ]);
    expect(calls.map((c) => c.params.text)).toEqual([['a', 'b', 'd'], ['c']]);
  });

  it('keeps at most three requests in flight and lets viewport texts overtake waiting ones', async () => {
    const fake = fakeClient({ manual: true });
    const dispatcher = createDispatcher({ concurrency: 3, gatherMs: 0 });
    const below = dispatcher.submit(items(texts('x', 300), fake.client).list);
    await new Promise((r) => setTimeout(r, 5));
    expect(fake.calls).toHaveLength(3);
    const viewport = dispatcher.submit(items(['viewport'], fake.client, 'g').list, true);
    fake.calls[0].open();
    await new Promise((r) => setTimeout(r, 5));
    // The viewport text goes next, and the request is topped up with waiting texts of its kind.
    expect(fake.calls[3].params.text[0]).toBe('viewport');
    expect(fake.calls[3].params.text).toHaveLength(50);
    // Answer everything as it arrives.
    while (dispatcher.stats.inFlight > 0 || dispatcher.stats.waiting > 0) {
      for (const call of fake.calls) call.open();
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all([below, viewport]);
    expect(fake.peak()).toBe(3);
    expect(fake.calls).toHaveLength(7); // 301 texts: the packing minimum
  });

  it('a page\'s viewport message and the rest arriving right after share one request', async () => {
    const { client, calls } = fakeClient();
    const dispatcher = createDispatcher({ priorityGatherMs: 30 });
    const viewport = dispatcher.submit(items(['v1', 'v2'], client).list, true);
    const rest = dispatcher.submit(items(texts('r', 8), client).list);
    await Promise.all([viewport, rest]);
    expect(calls.map((c) => c.params.text)).toEqual([['v1', 'v2', ...texts('r', 8)]]);
  });

  it('sends a lone partial request once the gather time is over', async () => {
    const { client, calls } = fakeClient();
    let clock = 0;
    const dispatcher = createDispatcher({ gatherMs: 30, priorityGatherMs: 0, now: () => clock });
    const solo = dispatcher.submit(items(['solo'], client).list);
    expect(calls).toHaveLength(0); // waiting for company
    clock = 30;
    await solo;
    expect(calls).toHaveLength(1);
    // Viewport texts (with no gather time of their own) go as they arrive: the clock stands still.
    await dispatcher.submit(items(['now'], client).list, true);
    expect(calls).toHaveLength(2);
  });

  it('shares a request\'s billed characters among the callers whose texts it carried, and reports them', async () => {
    const { client, calls } = fakeClient();
    const billed: [string, number][] = [];
    const dispatcher = createDispatcher({ onBilled: (owner, n) => billed.push([owner.site, n]) });
    const a = items(['aaa'], client, 'g', { billed: 0, site: 'a.test' });
    const b = items(['bb'], client, 'g', { billed: 0, site: 'a.test', selection: true });
    await Promise.all([dispatcher.submit(a.list), dispatcher.submit(b.list)]);
    expect(calls).toHaveLength(1);
    expect([a.owner.billed, b.owner.billed]).toEqual([3, 2]);
    expect(billed).toEqual([['a.test', 3], ['a.test', 2]]);
  });

  it('on quota stops: what waits fails, what comes later fails without a request, until resumed', async () => {
    const quota = new ApiError('quota', 'Quota exceeded', { status: 456 });
    const fake = fakeClient({ fail: quota });
    const dispatcher = createDispatcher({ concurrency: 1, gatherMs: 0 });
    const first = items(texts('a', 120), fake.client);
    await dispatcher.submit(first.list);
    expect(fake.calls).toHaveLength(1);
    expect([...first.errors.values()].every((code) => code === 'quota')).toBe(true);
    expect(first.errors.size).toBe(120);
    expect(dispatcher.stopped).toBe(quota);
    const later = items(['b'], fake.client);
    await dispatcher.submit(later.list);
    expect(later.errors.get('b')).toBe('quota');
    expect(fake.calls).toHaveLength(1);
    dispatcher.resume();
    const ok = fakeClient();
    const again = items(['c'], ok.client);
    await dispatcher.submit(again.list);
    expect(again.results.get('c')).toBe('C');
  });

  it('after a quota stop, a new key or server is not held back by the old one', async () => {
    const quota = new ApiError('quota', 'Quota exceeded', { status: 456 });
    const spent = fakeClient({ fail: quota });
    const dispatcher = createDispatcher({ gatherMs: 0 });
    await dispatcher.submit(items(['a'], spent.client).list);
    expect(dispatcher.stopped).toBe(quota);
    const fresh = fakeClient();
    const next = items(['b'], fresh.client);
    await dispatcher.submit(next.list);
    expect(next.results.get('b')).toBe('B');
    expect(dispatcher.stopped).toBeUndefined();
  });

  it('splits a text too large for any request on arrival, packs its pieces with the rest and rejoins them in order', async () => {
    const { client, calls } = fakeClient();
    const dispatcher = createDispatcher({ gatherMs: 0, limits: { maxTexts: 50, maxBytes: 400 } });
    const long = 'Ein Satz. '.repeat(60); // 600 bytes: no request of 400 bytes holds it
    const batch = items([long, 'kurz'], client);
    await dispatcher.submit(batch.list);
    expect(batch.results.get(long)).toBe(long.toUpperCase());
    expect(batch.results.get('kurz')).toBe('KURZ');
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(translateBody(call.params).length).toBeLessThanOrEqual(400);
    expect(calls.flatMap((c) => c.params.text).filter((x) => x !== 'kurz').join('')).toBe(long);
    // Markup that cannot be cut is refused without a request.
    const before = calls.length;
    const whole = items([`<b id="1">${'x'.repeat(600)}</b>`], client);
    await dispatcher.submit(whole.list);
    expect([...whole.errors.values()]).toEqual(['too-large']);
    expect(calls).toHaveLength(before);
  });

  it('holds the queue for the time a rate limit asked for once the client gave up retrying', async () => {
    let clock = 1_000;
    const limited = fakeClient({ fail: new ApiError('rate-limit', 'Slow down', { status: 429, retryAfter: 60 }) });
    const dispatcher = createDispatcher({ gatherMs: 0, now: () => clock });
    const first = items(['a'], limited.client);
    await dispatcher.submit(first.list);
    expect(first.errors.get('a')).toBe('rate-limit');
    const ok = fakeClient();
    const waiting = dispatcher.submit(items(['b'], ok.client).list, true);
    // The queue decides synchronously on submit: held, nothing sent.
    expect(dispatcher.stats.waiting).toBe(1);
    expect(ok.calls).toHaveLength(0);
    clock += 10; // past the viewport gather time, well before the hold ends
    dispatcher.resume(); // the user asked again: the hold is lifted at once
    await waiting;
    expect(ok.calls).toHaveLength(1);
  });

  it('refuses a text that keeps failing for reasons of its own, without a request, for a while', async () => {
    let clock = 0;
    const broken = fakeClient({ fail: new ApiError('bad-request', 'No', { status: 400 }) });
    const dispatcher = createDispatcher({ gatherMs: 0, maxFailures: 2, failureCooldownMs: 1_000, now: () => clock });
    const keyed = (text: string) => items([text], broken.client).list.map((item) => ({ ...item, key: `id:${text}` }));
    await dispatcher.submit(keyed('bad'));
    await dispatcher.submit(keyed('bad'));
    await dispatcher.submit(keyed('bad'));
    expect(broken.calls).toHaveLength(2);
    clock += 1_001;
    await dispatcher.submit(keyed('bad'));
    expect(broken.calls).toHaveLength(3);
  });

  it('asks the spending gate before each request and refuses the caller it names, without a request', async () => {
    const { client, calls } = fakeClient();
    const refused = new ApiError('quota', 'Budget reached');
    const dispatcher = createDispatcher({ gatherMs: 0, spendingGate: (owner) => (owner.site === 'spent.test' ? refused : undefined) });
    const spent = items(['x'], client, 'g1', { billed: 0, site: 'spent.test' });
    const other = items(['y'], client, 'g2', { billed: 0, site: 'ok.test' });
    await Promise.all([dispatcher.submit(spent.list), dispatcher.submit(other.list)]);
    expect(spent.errors.get('x')).toBe('quota');
    expect(other.results.get('y')).toBe('Y');
    expect(calls.map((c) => c.params.text)).toEqual([['y']]);
  });

  it('sends nothing that was waiting at the spending gate when a quota stop came', async () => {
    const quota = new ApiError('quota', 'Quota exceeded', { status: 456 });
    let callsSeen = 0;
    let answer!: () => void;
    const client = {
      baseUrl: 'fake',
      async translate(): Promise<TranslateResult> {
        if (++callsSeen > 1) return { translations: [{ detected_source_language: 'DE', text: 'sent anyway' }], billed_characters: 1 };
        await new Promise<void>((resolve) => (answer = resolve));
        throw quota;
      },
    } as unknown as ApiClient;
    // The second batch is held at the gate until the first request has been refused.
    let openGate!: () => void;
    const gateOpen = new Promise<void>((resolve) => (openGate = resolve));
    let gateCalls = 0;
    const dispatcher = createDispatcher({
      gatherMs: 0,
      spendingGate: async () => {
        if (gateCalls++ > 0) await gateOpen;
        return undefined;
      },
    });
    const first = items(['a'], client, 'g1');
    const second = items(['b'], client, 'g2');
    const done = Promise.all([dispatcher.submit(first.list), dispatcher.submit(second.list)]);
    await expect.poll(() => callsSeen).toBe(1);
    answer();
    await expect.poll(() => dispatcher.stopped).toBe(quota);
    openGate();
    await done;
    expect(callsSeen).toBe(1);
    expect(second.errors.get('b')).toBe('quota');
  });
});
