// The one polling helper of the e2e suites (both browsers): awaits a condition instead of a
// fixed sleep, so a loaded machine makes a test slower, never red.

/** What a condition yields once it holds (anything truthy). */
export type Held<T> = Exclude<T, false | null | undefined | 0 | ''>;

/**
 * Polls `condition` every 50 ms until it returns something truthy, and returns that; throws naming
 * `what` after `timeoutMs`, also when one check never answers (a driver's evaluate in a frame
 * that is going away can wait for good, and the test would only end at its own timeout, saying
 * nothing about the step).
 */
export async function waitUntil<T>(condition: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<Held<T>> {
  const deadline = Date.now() + timeoutMs;
  // A slow check still counts; one that has not answered this long after the deadline never will.
  const grace = Math.max(5_000, timeoutMs);
  for (;;) {
    const value = await answeredBy(Promise.resolve().then(condition), deadline + grace, () => `Timed out after ${timeoutMs + grace} ms waiting for ${what}: its last check never answered`);
    if (value) return value as Held<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `check`'s answer, or a rejection with `message()` once `deadline` (ms since the epoch) has passed. */
function answeredBy<T>(check: Promise<T>, deadline: number, message: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), Math.max(0, deadline - Date.now()));
  });
  // A check that answers after the deadline must not become an unhandled rejection.
  check.catch(() => undefined);
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}
