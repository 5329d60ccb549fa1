// Retrying transient API failures: 429, 5xx, network errors and timeouts, with exponential
// backoff and jitter, honouring Retry-After, bounded in attempts and in total time. Anything
// else (456 quota, other 4xx, bad responses, aborts) fails at once: retrying those cannot help
// and some of them would re-bill characters.
import { ApiError, errorCode, isRetryable, type ApiErrorCode } from '../shared/api-errors';

export interface RetryOptions {
  /** Attempts in total, the first one included. */
  attempts?: number;
  /** No retry starts later than this many ms after the first attempt. */
  maxTotalMs?: number;
  /** Delay before the first retry; doubles with every further retry. */
  baseDelayMs?: number;
  /** Upper bound of one computed backoff delay (a longer Retry-After still counts). */
  maxDelayMs?: number;
  /** Injected for tests: a clock, a sleep that honours the signal, and a random source. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Which error codes are worth another attempt (default: rate-limit, server, network, timeout). */
  retryIf?: (code: ApiErrorCode | undefined) => boolean;
  /** Told before each retry, with the error and the wait before it. */
  onRetry?: (error: ApiError, delayMs: number) => void;
}

export const DEFAULT_RETRY: Required<Pick<RetryOptions, 'attempts' | 'maxTotalMs' | 'baseDelayMs' | 'maxDelayMs'>> = {
  attempts: 4,
  maxTotalMs: 30_000,
  baseDelayMs: 400,
  maxDelayMs: 8_000,
};

export function abortedError(): ApiError {
  return new ApiError('aborted', 'The request was cancelled.');
}

/** Waits `ms`, or rejects with an `aborted` ApiError as soon as the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Delay before retry number `retry` (1-based): exponential with "equal jitter" (half fixed, half
 * random) so that clients that failed together do not come back together; at least Retry-After.
 */
export function backoffDelay(retry: number, retryAfterSeconds: number | undefined, options: RetryOptions = {}): number {
  const base = options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
  const cap = options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const random = options.random ?? Math.random;
  const exp = Math.min(cap, base * 2 ** (retry - 1));
  const jittered = exp / 2 + (exp / 2) * random();
  const asked = retryAfterSeconds !== undefined && retryAfterSeconds >= 0 ? retryAfterSeconds * 1000 : 0;
  // Honour Retry-After exactly and add a little jitter on top so a crowd does not return at once.
  return asked > 0 ? asked + Math.min(250, base / 2) * random() : jittered;
}

/**
 * Runs `attempt` until it succeeds, fails with a code that is not retryable, or the attempt or
 * time budget is spent; then the last error is thrown unchanged.
 */
export async function withRetry<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryOptions = {}, signal?: AbortSignal): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_RETRY.attempts);
  const maxTotalMs = options.maxTotalMs ?? DEFAULT_RETRY.maxTotalMs;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  const retryIf = options.retryIf ?? isRetryable;
  const started = now();
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw abortedError();
    try {
      return await attempt(n);
    } catch (err) {
      if (n >= attempts || !retryIf(errorCode(err)) || signal?.aborted) throw err;
      const delay = backoffDelay(n, (err as ApiError).retryAfter, options);
      // A wait that would end past the time budget is not worth starting: report now.
      if (now() + delay - started > maxTotalMs) throw err;
      options.onRetry?.(err as ApiError, delay);
      await wait(delay, signal);
    }
  }
}
