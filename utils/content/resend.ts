// Messages from a page script to the background, sent again when the service worker went away
// before answering. Its own module, so that the hover script (entrypoints/page-hover.ts) has it
// without the page engine.
/** The browser's words for "the service worker went away before answering". */
const WORKER_GONE = /Receiving end does not exist|Could not establish connection|message port closed|message channel closed|Extension context invalidated/i;

export function workerGone(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'no-receiver') return true;
  return WORKER_GONE.test(err instanceof Error ? err.message : String(err));
}

/**
 * Sends again when the background was stopped mid-request (the next message starts it), a
 * bounded number of times; any other error is the answer. This is the extension's one wrapper
 * for "the worker went away": every other retry is the API client's (utils/api/retry.ts).
 */
export async function resend<T>(send: () => Promise<T>, delaysMs: readonly number[] = [200, 600, 1500]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (!workerGone(err) || attempt >= delaysMs.length) throw err;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}
