// Chrome stops an extension's service worker after 30 s without an extension event or API call,
// even while a fetch still waits for its answer; an API answer may take as long as the client's
// own limit (30 s an attempt). Stopped then, the worker loses every request in flight and the
// tab's content script sends its blocks again to a new worker, where they hang again. So while a
// request is on its way, a cheap extension API call every 20 s keeps the worker up, and the
// client's timeout, not the worker's end, decides what a request that never answers becomes.
import { browser } from 'wxt/browser';

/** Below the worker's 30-s idle limit, with room for a busy machine. */
const AWAKE_INTERVAL_MS = 20_000;

let pending = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function touch(): void {
  // Its answer does not matter, only that the call was made.
  Promise.resolve().then(() => browser.runtime.getPlatformInfo()).catch(() => undefined);
}

/** `work`, with the worker kept up until it settles. */
function keepAwakeWhile<T>(work: Promise<T>): Promise<T> {
  if (pending++ === 0) timer = setInterval(touch, AWAKE_INTERVAL_MS);
  return work.finally(() => {
    if (--pending > 0) return;
    clearInterval(timer);
    timer = undefined;
  });
}

/** `fetch` that keeps the worker up until the answer's headers arrive (a server that hangs sends none). */
export const awakeFetch: typeof fetch = (input, init) => keepAwakeWhile(fetch(input, init));
