// The one queue of translate requests for the whole extension: a small bounded number in
// flight (the API key is shared by every tab), viewport work first, and a stop switch that a
// quota error (456) throws for every tab at once.
import type { ApiError } from '../api/errors';

export interface SchedulerOptions {
  /** Requests in flight at most. */
  concurrency?: number;
}

interface Task {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export function createScheduler({ concurrency = 3 }: SchedulerOptions = {}) {
  // Two lanes: blocks in the viewport (priority) and the rest, each first in, first out.
  const lanes: [Task[], Task[]] = [[], []];
  let inFlight = 0;
  let stopError: ApiError | undefined;

  function pump(): void {
    while (inFlight < concurrency && !stopError) {
      const task = lanes[0].shift() ?? lanes[1].shift();
      if (!task) return;
      inFlight++;
      task.run().then(task.resolve, task.reject).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    /** Runs `run` when a slot is free; rejects at once with the stop error once stopped. */
    enqueue<T>(run: () => Promise<T>, priority = false): Promise<T> {
      if (stopError) return Promise.reject(stopError);
      return new Promise<T>((resolve, reject) => {
        lanes[priority ? 0 : 1].push({ run, resolve: resolve as (value: unknown) => void, reject });
        pump();
      });
    },

    /** Stops everything: queued work fails with `error`, and so does everything enqueued later. */
    stop(error: ApiError): void {
      stopError = error;
      for (const lane of lanes) for (const task of lane.splice(0)) task.reject(error);
    },

    /** Accepts work again (the user changed the key or plan, or asked again explicitly). */
    resume(): void {
      stopError = undefined;
      pump();
    },

    get stopped(): ApiError | undefined {
      return stopError;
    },

    get stats(): { inFlight: number; queued: number } {
      return { inFlight, queued: lanes[0].length + lanes[1].length };
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
