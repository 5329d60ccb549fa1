// MV3 service-worker discipline: listeners are registered synchronously when the worker starts
// (an event that woke it is otherwise lost); the work they do waits on the one start-up gate.
import { startupDone } from '../shared/startup-gate';

/** Wraps an event handler so its work starts after the start-up gate and its failures are logged, not thrown. */
export function afterStartup<A extends unknown[]>(work: (...args: A) => unknown): (...args: A) => void {
  return (...args: A) => {
    void startupDone()
      .then(() => work(...args))
      .catch((err: unknown) => {
        // Messages only: errors here never carry the key (it is not part of any message).
        console.warn('Glossa:', err instanceof Error ? err.message : String(err));
      });
  };
}
