// MV3 service-worker discipline: listeners are registered synchronously when the worker starts
// (an event that woke it is otherwise lost); the work they do waits on one `ready` promise.

/** Wraps an event handler so its work starts after `ready` and its failures are logged, not thrown. */
export function afterReady<A extends unknown[]>(ready: Promise<unknown>, work: (...args: A) => Promise<unknown>): (...args: A) => void {
  return (...args: A) => {
    void ready
      .then(() => work(...args))
      .catch((err: unknown) => {
        // Messages only: errors here never carry the key (it is not part of any message).
        console.warn('Glossa:', err instanceof Error ? err.message : String(err));
      });
  };
}
