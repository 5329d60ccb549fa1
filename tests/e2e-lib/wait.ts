// The one polling helper of the e2e suites (both browsers): awaits a condition instead of a
// fixed sleep, so a loaded machine makes a test slower, never red.

/** What a condition yields once it holds (anything truthy). */
export type Held<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** Polls `condition` every 50 ms until it returns something truthy, and returns that; throws naming `what` after `timeoutMs`. */
export async function waitUntil<T>(condition: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<Held<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as Held<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
