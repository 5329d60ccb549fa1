// The one queue of translate requests for the whole extension. Content scripts send blocks in
// many small messages; packing each message on its own would cost more requests than needed,
// so texts wait here as items and are packed when a request slot is free: each request takes
// as many waiting texts of one kind (same server, parameters and tab) as the API's limits
// allow. At most a few requests are in flight (the key is shared by every tab), viewport work
// goes first, and a quota error (456) stops everything at once.
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../shared/api-errors';
import { API_LIMITS, baseBodyBytes, jsonBytes, type PackLimits } from '../../api/packing';
import type { TranslateParams, Translation } from '../../shared/api-types';

/** Who a request's billed characters are counted for: the caller of its first text. */
export interface BillingOwner {
  billed: number;
  site: string;
  tabId?: number;
}

export interface DispatchItem {
  /** One text as sent: a whole block, or one piece of a block too large for a request. */
  text: string;
  /** Items with the same group may share a request (same client, parameters, tab and site). */
  group: string;
  params: Omit<TranslateParams, 'text'>;
  client: ApiClient;
  owner: BillingOwner;
  resolve(translation: Translation): void;
  reject(error: ApiError): void;
}

interface Waiting extends DispatchItem {
  arrivedAt: number;
  /** JSON size of the text in UTF-8 bytes, measured once. */
  size: number;
  /** Resolves the submit() promise of its batch once every item of the batch is settled. */
  settled(): void;
}

export interface DispatcherOptions {
  /** Requests in flight at most. */
  concurrency?: number;
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
  now?: () => number;
}

export function createDispatcher(options: DispatcherOptions = {}) {
  const concurrency = options.concurrency ?? 3;
  const gatherMs = options.gatherMs ?? 30;
  const priorityGatherMs = options.priorityGatherMs ?? 5;
  const limits = options.limits ?? API_LIMITS;
  const now = options.now ?? Date.now;
  // Two lanes: viewport work (priority) and the rest, each first in, first out.
  const lanes: [Waiting[], Waiting[]] = [[], []];
  let inFlight = 0;
  let requests = 0;
  let stopError: ApiError | undefined;
  let stoppedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = 0;

  /**
   * The texts the next request would carry: greedily, the waiting texts of the head's group in
   * order, while both limits hold; viewport texts first, topped up with other texts of the same
   * group (they ride along at no extra cost). `full` when the limits, not the queue, ended it.
   */
  function nextRequest(sources: Waiting[][]): { picks: [lane: number, position: number][]; full: boolean } {
    const head = sources[0][0];
    let bytes = baseBodyBytes(head.params);
    const picks: [number, number][] = [];
    for (let l = 0; l < sources.length; l++) {
      const lane = sources[l];
      for (let i = 0; i < lane.length; i++) {
        const item = lane[i];
        if (item.group !== head.group) continue;
        const extra = item.size + (picks.length > 0 ? 1 : 0);
        if (picks.length >= limits.maxTexts || bytes + extra > limits.maxBytes) {
          // Every text fits a request alone (blocks were split before): the head always goes.
          return { picks: picks.length > 0 ? picks : [[0, 0]], full: true };
        }
        bytes += extra;
        picks.push([l, i]);
      }
    }
    return { picks, full: false };
  }

  async function run(batch: Waiting[]): Promise<void> {
    const head = batch[0];
    requests++;
    try {
      const result = await head.client.translate({ ...head.params, text: batch.map((item) => item.text) });
      const billed = result.billed_characters ?? 0;
      head.owner.billed += billed;
      if (billed > 0) options.onBilled?.(head.owner, billed);
      batch.forEach((item, j) => item.resolve(result.translations[j]));
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError('server', err instanceof Error ? err.message : String(err));
      // 456: the quota is used up; nothing else is sent for any tab.
      if (error.code === 'quota') stop(error);
      for (const item of batch) item.reject(error);
    } finally {
      for (const item of batch) item.settled();
    }
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
    while (inFlight < concurrency && !stopError) {
      const priority = lanes[0].length > 0;
      if (!priority && lanes[1].length === 0) return;
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

  function stop(error: ApiError): void {
    stopError = error;
    stoppedAt = now();
    if (timer) clearTimeout(timer);
    timer = undefined;
    for (const lane of lanes) {
      for (const item of lane.splice(0)) {
        item.reject(error);
        item.settled();
      }
    }
  }

  return {
    /** Queues texts; resolves once each of them has been translated or has failed. */
    submit(items: DispatchItem[], priority = false): Promise<void> {
      if (items.length === 0) return Promise.resolve();
      if (stopError) {
        for (const item of items) item.reject(stopError);
        return Promise.resolve();
      }
      let left = items.length;
      return new Promise<void>((resolve) => {
        const settled = () => {
          if (--left === 0) resolve();
        };
        const arrivedAt = now();
        const lane = lanes[priority ? 0 : 1];
        for (const item of items) lane.push({ ...item, arrivedAt, settled, size: jsonBytes(item.text) });
        pump();
      });
    },

    /** Stops everything: waiting texts fail with `error`, and so does everything submitted later. */
    stop,

    /** Accepts work again (the user changed the key, or the pause after a quota error is over). */
    resume(): void {
      stopError = undefined;
      pump();
    },

    get stopped(): ApiError | undefined {
      return stopError;
    },

    /** When the current stop began (ms). */
    get stoppedAt(): number {
      return stoppedAt;
    },

    get stats(): { inFlight: number; waiting: number; requests: number } {
      return { inFlight, waiting: lanes[0].length + lanes[1].length, requests };
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
