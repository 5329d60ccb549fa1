// Failed blocks are rare: the code that marks them (failure-marks.ts) comes with the engine's
// extras, loaded on the first failure; until then the failed units wait here.
import type { createFailureMarks } from './failure-marks';
import type { Unit } from './units';

export type FailureMarks = ReturnType<typeof createFailureMarks>;

export function lazyFailureMarks(load: () => Promise<FailureMarks>): FailureMarks {
  let marks: FailureMarks | undefined;
  let loading = false;
  const waiting = new Set<Unit>();
  return {
    mark(unit) {
      if (marks) return marks.mark(unit);
      waiting.add(unit);
      if (loading) return;
      loading = true;
      void load().then((loaded) => {
        marks = loaded;
        // Only those still failed: a retry or a release may have come in the meantime.
        for (const waiter of waiting) if (waiter.state === 'failed') loaded.mark(waiter);
        waiting.clear();
      }, () => undefined).finally(() => {
        loading = false;
      });
    },
    clear(unit) {
      if (marks) marks.clear(unit);
      else waiting.delete(unit);
    },
    removeAll() {
      waiting.clear();
      marks?.removeAll();
    },
  };
}
