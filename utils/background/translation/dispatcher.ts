// The one queue of translate requests for the whole extension: page blocks of every tab and
// selections alike. It owns every decision about sending:
//   - packing: waiting texts of one kind (same client, parameters, tab) from any number of
//     messages share a request, filled greedily up to the API's limits; the only packing into
//     API requests (the page engine and term refresh group blocks into calls, under the batch
//     limit in shared/limits.ts, so that the requests made here can be full);
//   - splitting: a text too large for any request is cut on arrival and its pieces rejoined;
//     one that cannot be cut safely fails `too-large` without a request;
//   - order and load: viewport work first; requests in flight for all tabs together, as many
//     as the server takes (concurrency.ts: more while it answers, fewer after a 429);
//   - whether to send at all: a quota error (456) stops every request at once until the key
//     changes, the user asks again or a pause has passed; a rate limit that outlasted the
//     client's retries holds the queue for the time the server asked; a text that failed
//     repeatedly (for reasons of its own) is refused for a while; a spending gate (spending.ts:
//     per site per hour, per month) may refuse a caller's texts, and refuses when it fails;
//   - billing: the billed characters of a request are shared among the callers of its texts,
//     by their texts' length.
// Retrying one failed request belongs to the API client (utils/api/retry.ts); deduplication and
// the cache belong to the translation service, which hands this queue only what must be sent.
import type { ApiClient } from '../../api/client';
import { ApiError, type ApiErrorCode } from '../../shared/api-errors';
import { API_LIMITS, baseBodyBytes, jsonBytes, splitForRequest, textBudget, type PackLimits } from '../../api/packing';
import type { TranslateParams, Translation } from '../../shared/api-types';
import { t } from '../../shared/i18n';
import { createAdaptiveLimit, type AdaptiveLimitOptions } from './concurrency';

/** Who a request's billed characters are counted for: the caller of its first text. */
export interface BillingOwner {
  billed: number;
  site: string;
  tabId?: number;
  /** A tab of a private window: its site is never recorded. */
  private?: boolean;
  /** A selection the user asked for (not page translation running on its own). */
  selection?: boolean;
}

export interface DispatchItem {
  /** One text as it should be translated (split here when no request can hold it). */
  text: string;
  /** Identity of the translation, for refusing a text that keeps failing (optional). */
  key?: string;
  /** Items with the same group may share a request (same client, parameters, tab and site). */
  group: string;
  params: Omit<TranslateParams, 'text'>;
  client: ApiClient;
  owner: BillingOwner;
  resolve(translation: Translation): void;
  reject(error: ApiError): void;
}

interface Waiting {
  item: DispatchItem;
  /** The text this entry sends: the item's text or one piece of it. */
  text: string;
  arrivedAt: number;
  /** JSON size of the text in UTF-8 bytes, measured once. */
  size: number;
  done(outcome: { ok: true; translation: Translation } | { ok: false; error: ApiError }): void;
}

interface DispatcherOptions {
  /** Requests in flight at most, fixed; without it the limit adapts to the server (`adaptive`). */
  concurrency?: number;
  /** Bounds of the adaptive limit (used when `concurrency` is not given). */
  adaptive?: AdaptiveLimitOptions;
  /**
   * How long a non-priority text may wait for others to share its request while a slot is
   * free. Messages of one page arrive within milliseconds of each other.
   */
  gatherMs?: number;
  /** The same for viewport texts: short, as the user is looking at them. */
  priorityGatherMs?: number;
  limits?: PackLimits;
  /** Called after each successful request with its billed characters (usage counting). */
  onBilled?: (owner: BillingOwner, characters: number) => void;
  /** Refuses a caller's texts (spending ceiling or budget reached); asked before each request. */
  spendingGate?: (owner: BillingOwner) => ApiError | undefined | Promise<ApiError | undefined>;
  /** After a quota stop, requests are tried again after this long (the plan may have been upgraded). */
  quotaPauseMs?: number;
  /** Failed requests of one text (by key) before it is refused for `failureCooldownMs`. */
  maxFailures?: number;
  failureCooldownMs?: number;
  now?: () => number;
}

/** Codes that say nothing about the text itself: they do not count against its retries. */
const GLOBAL_CODES: ReadonlySet<ApiErrorCode> = new Set(['quota', 'auth', 'aborted', 'rate-limit', 'network', 'timeout', 'paused']);
const MAX_TRACKED_FAILURES = 5_000;
/** How long to hold the queue after a rate limit when the server named no time. */
const DEFAULT_RATE_HOLD_MS = 5_000;

export function createDispatcher(options: DispatcherOptions = {}) {
  const fixed = options.concurrency;
  const adaptive = fixed === undefined ? createAdaptiveLimit({ now: options.now, ...options.adaptive }) : undefined;
  const concurrency = () => fixed ?? adaptive!.value;
  const gatherMs = options.gatherMs ?? 30;
  const priorityGatherMs = options.priorityGatherMs ?? 5;
  const limits = options.limits ?? API_LIMITS;
  const now = options.now ?? Date.now;
  const quotaPause = options.quotaPauseMs ?? 10 * 60_000;
  const maxFailures = options.maxFailures ?? 3;
  const cooldown = options.failureCooldownMs ?? 2 * 60_000;
  // Two lanes: viewport work (priority) and the rest, each first in, first out.
  const lanes: [Waiting[], Waiting[]] = [[], []];
  const failures = new Map<string, { count: number; at: number; error: ApiError }>();
  let inFlight = 0;
  let requests = 0;
  let accepted = 0;
  let stop: { error: ApiError; at: number; client?: ApiClient } | undefined;
  let holdUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = 0;

  function refusedBefore(key: string | undefined): ApiError | undefined {
    const failure = key === undefined ? undefined : failures.get(key);
    if (!failure) return undefined;
    if (now() - failure.at > cooldown) {
      failures.delete(key!);
      return undefined;
    }
    return failure.count >= maxFailures ? failure.error : undefined;
  }

  function noteOutcome(key: string | undefined, error?: ApiError): void {
    if (key === undefined) return;
    if (!error) {
      failures.delete(key);
      return;
    }
    if (GLOBAL_CODES.has(error.code)) return;
    const previous = failures.get(key);
    failures.delete(key);
    failures.set(key, { count: (previous?.count ?? 0) + 1, at: now(), error });
    if (failures.size > MAX_TRACKED_FAILURES) failures.delete(failures.keys().next().value as string);
  }

  /**
   * The texts the next request would carry: greedily, the waiting texts of the head's group in
   * order, while both limits hold; viewport texts first, topped up with other texts of the same
   * group (they ride along at no extra cost). `full` when the limits, not the queue, ended it.
   */
  function nextRequest(sources: Waiting[][]): { picks: [lane: number, position: number][]; full: boolean } {
    const head = sources[0][0];
    let bytes = baseBodyBytes(head.item.params);
    const picks: [number, number][] = [];
    for (let l = 0; l < sources.length; l++) {
      const lane = sources[l];
      for (let i = 0; i < lane.length; i++) {
        const entry = lane[i];
        if (entry.item.group !== head.item.group) continue;
        const extra = entry.size + (picks.length > 0 ? 1 : 0);
        if (picks.length >= limits.maxTexts || bytes + extra > limits.maxBytes) {
          // Every text fits a request alone (it was split on arrival): the head always goes.
          return { picks: picks.length > 0 ? picks : [[0, 0]], full: true };
        }
        bytes += extra;
        picks.push([l, i]);
      }
    }
    return { picks, full: false };
  }

  async function run(batch: Waiting[]): Promise<void> {
    const head = batch[0].item;
    // Texts of one request share a group (one tab, one site, one kind): one question to the gate.
    // A gate that fails refuses: limits that cannot be checked are no reason to spend.
    const refused = options.spendingGate
      ? await Promise.resolve(options.spendingGate(head.owner)).catch(() => new ApiError('paused', t('spendingPausedUnchecked')))
      : undefined;
    // The gate is asynchronous: a quota stop may have come while this batch waited at it.
    const refusedNow = refused ?? stop?.error;
    if (refusedNow) {
      for (const entry of batch) entry.done({ ok: false, error: refusedNow });
      return;
    }
    requests++;
    const startedAt = now();
    try {
      const result = await head.client.translate({ ...head.params, text: batch.map((entry) => entry.text) }, { onRetry: pushedBack });
      adaptive?.succeeded(lanes[0].length + lanes[1].length > 0, startedAt);
      for (const [owner, billed] of shareOfBilled(batch, result.billed_characters ?? 0)) {
        owner.billed += billed;
        if (billed > 0) options.onBilled?.(owner, billed);
      }
      batch.forEach((entry, j) => entry.done({ ok: true, translation: result.translations[j] }));
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError('server', err instanceof Error ? err.message : String(err));
      // 456: the quota is used up; nothing else is sent for any tab.
      if (error.code === 'quota') halt(error, head.client);
      // The client already waited and retried: give the server the time it asked for.
      if (error.code === 'rate-limit') {
        adaptive?.rateLimited();
        holdUntil = Math.max(holdUntil, now() + (error.retryAfter !== undefined ? error.retryAfter * 1000 : DEFAULT_RATE_HOLD_MS));
      }
      for (const entry of batch) entry.done({ ok: false, error });
    }
  }

  /**
   * The client will try a request again after `delayMs`: after a 429 nothing new starts before
   * then (the server's Retry-After holds the whole queue, not only that request), and fewer
   * requests go in flight from now on.
   */
  function pushedBack(error: ApiError, delayMs: number): void {
    if (error.code !== 'rate-limit') return;
    adaptive?.rateLimited();
    holdUntil = Math.max(holdUntil, now() + delayMs);
  }

  /** A request's billed characters shared among the callers whose texts it carried, by their texts' length. */
  function shareOfBilled(batch: Waiting[], billed: number): Map<BillingOwner, number> {
    const lengths = new Map<BillingOwner, number>();
    for (const entry of batch) lengths.set(entry.item.owner, (lengths.get(entry.item.owner) ?? 0) + entry.text.length);
    const total = [...lengths.values()].reduce((a, b) => a + b, 0);
    const shares = new Map<BillingOwner, number>();
    let given = 0;
    for (const [owner, length] of lengths) {
      const share = total > 0 ? Math.floor((billed * length) / total) : 0;
      shares.set(owner, share);
      given += share;
    }
    // What rounding left goes to the first caller, so the shares add up to the bill.
    const first = batch[0].item.owner;
    shares.set(first, (shares.get(first) ?? 0) + billed - given);
    return shares;
  }

  /** Pumps again in `ms`, or sooner if an earlier wake-up is already due. */
  function wakeIn(ms: number): void {
    const due = now() + ms;
    if (timer && due >= timerDue) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = undefined;
      pump();
    }, ms);
  }

  function pump(): void {
    while (inFlight < concurrency() && !stop) {
      const priority = lanes[0].length > 0;
      if (!priority && lanes[1].length === 0) return;
      if (holdUntil > now()) {
        wakeIn(holdUntil - now());
        return;
      }
      const sources = priority ? lanes : [lanes[1]];
      const { picks, full } = nextRequest(sources);
      if (!full) {
        // Wait a moment for more texts of the same kind (viewport texts only very briefly).
        const wait = sources[0][0].arrivedAt + (priority ? priorityGatherMs : gatherMs) - now();
        if (wait > 0) {
          wakeIn(wait);
          return;
        }
      }
      const batch = picks.map(([l, i]) => sources[l][i]);
      for (let l = 0; l < sources.length; l++) {
        const taken = new Set(picks.filter(([pl]) => pl === l).map(([, i]) => i));
        if (taken.size === 0) continue;
        // Compact in place: a lane can hold thousands of texts.
        const lane = sources[l];
        let kept = 0;
        for (let i = 0; i < lane.length; i++) if (!taken.has(i)) lane[kept++] = lane[i];
        lane.length = kept;
      }
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  /** Stops everything: waiting texts fail with `error`, and so does everything submitted later. */
  function halt(error: ApiError, client?: ApiClient): void {
    stop = { error, at: now(), client };
    if (timer) clearTimeout(timer);
    timer = undefined;
    for (const lane of lanes) for (const entry of lane.splice(0)) entry.done({ ok: false, error });
  }

  function resume(): void {
    stop = undefined;
    holdUntil = 0;
    pump();
  }

  /** Why an item cannot be sent now, before it is queued. */
  function refusal(item: DispatchItem): ApiError | undefined {
    // Another key or server than the one that ran out: the stop was about that one.
    if (stop && stop.client && item.client !== stop.client) resume();
    else if (stop && now() - stop.at > quotaPause) resume();
    return stop?.error ?? refusedBefore(item.key);
  }

  /** Queues one item as one or several waiting texts; calls `settled` once it has an outcome. */
  function enqueue(item: DispatchItem, lane: Waiting[], arrivedAt: number, settled: () => void): void {
    const finish = (outcome: { ok: true; translation: Translation } | { ok: false; error: ApiError }) => {
      noteOutcome(item.key, outcome.ok ? undefined : outcome.error);
      if (outcome.ok) item.resolve(outcome.translation);
      else item.reject(outcome.error);
      settled();
    };
    const refused = refusal(item);
    if (refused) {
      finish({ ok: false, error: refused });
      return;
    }
    const size = jsonBytes(item.text);
    accepted++;
    if (size <= textBudget(item.params, limits)) {
      lane.push({ item, text: item.text, arrivedAt, size, done: (outcome) => finish(outcome) });
      return;
    }
    const pieces = splitForRequest(item.text, item.params, limits);
    if (!pieces) {
      finish({ ok: false, error: new ApiError('too-large', t('translationErrorTooLarge')) });
      return;
    }
    // A split text comes back in several pieces, possibly from several requests.
    const parts = pieces.map(() => '');
    let left = pieces.length;
    let detected = '';
    let failed = false;
    pieces.forEach((text, slot) => {
      lane.push({
        item, text, arrivedAt, size: jsonBytes(text),
        done: (outcome) => {
          if (failed) return;
          if (!outcome.ok) {
            failed = true;
            finish(outcome);
            return;
          }
          parts[slot] = outcome.translation.text;
          detected ||= outcome.translation.detected_source_language;
          if (--left === 0) finish({ ok: true, translation: { text: parts.join(''), detected_source_language: detected } });
        },
      });
    });
  }

  return {
    /** Queues texts; resolves once each of them has been translated or has failed. */
    submit(items: DispatchItem[], priority = false): Promise<void> {
      if (items.length === 0) return Promise.resolve();
      let left = items.length;
      return new Promise<void>((resolve) => {
        const settled = () => {
          if (--left === 0) resolve();
        };
        const arrivedAt = now();
        const lane = lanes[priority ? 0 : 1];
        for (const item of items) enqueue(item, lane, arrivedAt, settled);
        pump();
      });
    },

    stop: halt,

    /** Accepts work again (the user asked again, changed the key, or raised a limit). */
    resume,

    get stopped(): ApiError | undefined {
      return stop?.error;
    },

    /** Requests in flight (and allowed now) and sent, texts waiting, and texts accepted for sending since the start. */
    get stats(): { inFlight: number; limit: number; waiting: number; requests: number; accepted: number } {
      return { inFlight, limit: concurrency(), waiting: lanes[0].length + lanes[1].length, requests, accepted };
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
