// Progress as the popup, badge and page notice show it (reported at most every
// `intervalMs`), and the engine's idle promise (nothing queued, in flight, written or
// collected, and no timer about to start work).
import type { ApiErrorCode } from '../shared/api-errors';
import type { EngineProgress, EngineState } from './types';
import type { Unit } from './units';

interface ProgressDeps {
  units: Iterable<Unit>;
  billed(): number;
  stopped(): boolean;
  /** The code the engine stopped asking after (quota, key refused). */
  halted(): string | undefined;
  /** Work the reader waits for: counted units queued, calls in flight, collection or writing. */
  working(): boolean;
  /** Anything at all about to happen (timers included). */
  settled(): boolean;
  intervalMs: number;
  onProgress?: (progress: EngineProgress) => void;
}

export function createProgress(deps: ProgressDeps) {
  let lastReport = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = '';
  const idleWaiters: (() => void)[] = [];

  function current(): EngineProgress {
    let total = 0;
    let done = 0;
    let failed = 0;
    for (const unit of deps.units) {
      if (!unit.counted) continue;
      total++;
      if (unit.state === 'done') done++;
      else if (unit.state === 'failed') failed++;
    }
    const halted = deps.halted() as ApiErrorCode | undefined;
    const state: EngineState = deps.stopped() ? 'original' : halted ? 'error' : deps.working() ? 'translating' : 'translated';
    return { total, done, failed, billedCharacters: deps.billed(), state, ...(halted ? { errorCode: halted } : {}) };
  }

  function emit(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    lastReport = Date.now();
    const progress = current();
    const signature = JSON.stringify(progress);
    if (signature === lastSent) return;
    lastSent = signature;
    deps.onProgress?.(progress);
  }

  /** Lets idle waiters go once everything is settled, with the final progress reported first. */
  function notifyIdle(): void {
    if (!idleWaiters.length || !deps.settled()) return;
    if (timer) emit();
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  function reportNow(): void {
    emit();
    notifyIdle();
  }

  return {
    current,
    reportNow,
    reportSoon(): void {
      if (timer || !deps.onProgress) {
        notifyIdle();
        return;
      }
      timer = setTimeout(reportNow, Math.max(0, deps.intervalMs - (Date.now() - lastReport)));
    },

    /** Resolves when everything is settled and the last progress is reported. */
    idle(): Promise<void> {
      if (deps.stopped()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        notifyIdle();
        // Timers and observers may settle without a report: look again shortly.
        const poll = () => {
          if (!idleWaiters.includes(resolve)) return;
          if (deps.stopped()) resolve();
          else if (deps.settled()) notifyIdle();
          else setTimeout(poll, 10);
        };
        setTimeout(poll, 10);
      });
    },

    /** The page is back as it was: the last report, and every waiter let go. */
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
      deps.onProgress?.({ total: 0, done: 0, failed: 0, billedCharacters: deps.billed(), state: 'original' });
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}
