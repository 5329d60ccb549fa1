// How many translate requests may be in flight at once, learnt from the server's answers: the
// limit grows while requests succeed and texts are waiting (doubling per round trip at first,
// then one more per round trip once the server has pushed back), and halves when the server
// says it is rate limited (429), at most once per round trip. A fast server is used fully; a
// rate-limited plan is not hammered. Waiting out Retry-After is the dispatcher's job.

export interface AdaptiveLimitOptions {
  /** Requests in flight at the start (what a server is assumed to take before it answers). */
  initial?: number;
  /** Never fewer than this, even after many rate limits. */
  min?: number;
  /** Never more than this, however well the server answers. */
  max?: number;
  now?: () => number;
}

// Six at the start: half the ceiling, so a whole page gains a round trip, and a first 429 halves it to the old start of three.
const ADAPTIVE_LIMIT_DEFAULTS = { initial: 6, min: 1, max: 12 } as const;

/** After a cut, further rate limits within this long count as the same push-back. */
const CUT_SPACING_MS = 1_000;

export function createAdaptiveLimit(options: AdaptiveLimitOptions = {}) {
  const min = Math.max(1, options.min ?? ADAPTIVE_LIMIT_DEFAULTS.min);
  const max = Math.max(min, options.max ?? ADAPTIVE_LIMIT_DEFAULTS.max);
  const now = options.now ?? Date.now;
  let limit = Math.min(max, Math.max(min, options.initial ?? ADAPTIVE_LIMIT_DEFAULTS.initial));
  // Until the first push-back every success adds one request (the limit doubles per round trip).
  let probing = true;
  let lastCut = -Infinity;

  return {
    /** Requests that may be in flight now. */
    get value(): number {
      return Math.floor(limit);
    },

    /**
     * A request that started at `startedAt` succeeded; `demand` says texts were still waiting for
     * a free slot. Requests that started before the last push-back say nothing about the new limit.
     */
    succeeded(demand: boolean, startedAt = now()): void {
      if (!demand || startedAt < lastCut) return;
      limit = Math.min(max, limit + (probing ? 1 : 1 / Math.floor(limit)));
    },

    /** The server answered 429 (the request may still be retried by the client). */
    rateLimited(): void {
      const at = now();
      probing = false;
      if (at - lastCut < CUT_SPACING_MS) return;
      lastCut = at;
      limit = Math.max(min, Math.floor(limit / 2));
    },
  };
}
