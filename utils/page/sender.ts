// Turns the scheduler's plan into translate calls: when to plan (soon after new work, after a
// wait for company, once the tab is shown again), the call itself, and its answers, checked
// where they enter the engine. A quota or key error stops further calls; that is only what the
// engine shows, since the background refuses them anyway.
import type { BlockResult } from '../shared/protocol';
import type { Batch, Scheduler } from './scheduler';
import { whenVisible } from './schedule';
import { STOPPING_CODES, type TranslateFn, type TranslateInfo, type TranslateReply } from './types';
import { requestOf, type Unit } from './units';

interface SenderDeps {
  doc: Document;
  scheduler: Scheduler<Unit, BlockResult>;
  translate: TranslateFn;
  info(): Omit<TranslateInfo, 'priority'>;
  isStopped(): boolean;
  /** Whether the collector is still walking (a call that cannot be filled waits for it). */
  collecting(): boolean;
  /** Whether the walk has found every block on screen at the start (the first call waits for it while collecting). */
  firstScreenFound(): boolean;
  /** Answers (and translations known already) to write. */
  write(items: readonly { unit: Unit; result: BlockResult }[]): void;
  onBilled(characters: number): void;
  /** A stopping code arrived: the queued units are shown failed with it. */
  onHalt(code: string, queued: Unit[]): void;
  onSettled(): void;
}

/** The code of a rejected call, as a plain string (the translate function's errors carry one). */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[a-z-]{1,32}$/.test(code) ? code : 'network';
}

/** The results of a reply, or failures when it does not match the blocks sent. */
export function validReply(reply: unknown, count: number): BlockResult[] {
  const results = (reply as TranslateReply | null)?.results;
  if (!Array.isArray(results) || results.length !== count) {
    return Array.from({ length: count }, () => ({ ok: false as const, code: 'bad-response' as const, message: 'The reply did not match the blocks sent' }));
  }
  return results.map((r): BlockResult => {
    if (r && r.ok === true && typeof r.text === 'string') return r;
    if (r && r.ok === false && typeof r.code === 'string') return { ok: false, code: r.code, message: String(r.message ?? '') };
    return { ok: false, code: 'bad-response', message: 'Malformed result' };
  });
}

/** The characters a reply says it billed (0 when it says nothing usable). */
export function billedOf(reply: unknown): number {
  const billed = (reply as TranslateReply | null)?.billedCharacters;
  return typeof billed === 'number' && billed > 0 && Number.isFinite(billed) ? billed : 0;
}

export function createSender(deps: SenderDeps) {
  const { doc, scheduler } = deps;
  let flushScheduled = false;
  let delayTimer: ReturnType<typeof setTimeout> | undefined;
  /** Smoothed time from a call to its answer (ms): how far ahead of a scrolling reader to send. */
  let roundTrip: number | undefined;

  function scheduleFlush(): void {
    if (flushScheduled || deps.isStopped()) return;
    flushScheduled = true;
    setTimeout(() => {
      flushScheduled = false;
      void flush();
    }, 0);
  }

  async function flush(): Promise<void> {
    if (deps.isStopped() || scheduler.halted) return;
    if (doc.hidden) {
      await whenVisible(doc);
      scheduleFlush();
      return;
    }
    const plan = scheduler.plan(deps.collecting(), deps.firstScreenFound());
    deps.write(plan.joined);
    for (const batch of plan.batches) void send(batch);
    if (plan.wakeInMs !== undefined && !delayTimer) {
      delayTimer = setTimeout(() => {
        delayTimer = undefined;
        void flush();
      }, plan.wakeInMs);
    }
    if (plan.again) scheduleFlush();
    deps.onSettled();
  }

  /** One call for distinct blocks. */
  async function call(units: Unit[], priority: Batch<Unit>['priority']): Promise<BlockResult[]> {
    try {
      const sentAt = performance.now();
      const reply = await deps.translate(units.map(requestOf), { ...deps.info(), priority });
      const took = performance.now() - sentAt;
      roundTrip = roundTrip === undefined ? took : roundTrip * 0.7 + took * 0.3;
      const billed = billedOf(reply);
      if (billed > 0) deps.onBilled(billed);
      return validReply(reply, units.length);
    } catch (err) {
      const code = codeOf(err);
      const message = err instanceof Error ? err.message : String(err);
      return units.map(() => ({ ok: false, code, message }) as BlockResult);
    }
  }

  async function send(batch: Batch<Unit>): Promise<void> {
    // Twins (the same block twice) travel once: a message holds at most the batch limit's distinct blocks.
    const distinct = new Map<string, Unit>();
    for (const unit of batch.units) if (!distinct.has(unit.key)) distinct.set(unit.key, unit);
    const sent = [...distinct.values()];
    const answers = await call(sent, batch.priority);
    const byKey = new Map(sent.map((u, i) => [u.key, answers[i]]));
    const results = batch.units.map((u) => byKey.get(u.key)!);
    const answered = scheduler.settle(batch, results);
    if (deps.isStopped()) return;
    const stopping = results.find((r) => !r.ok && STOPPING_CODES.has(r.code));
    if (stopping && !stopping.ok) deps.onHalt(stopping.code, scheduler.halt(stopping.code));
    deps.write(answered);
    scheduleFlush();
  }

  return {
    scheduleFlush,
    flush,
    get roundTripMs(): number | undefined {
      return roundTrip;
    },
    /** Whether a plan is about to run (the engine is not idle). */
    get waiting(): boolean {
      return flushScheduled || delayTimer !== undefined;
    },
    stop(): void {
      if (delayTimer) clearTimeout(delayTimer);
      delayTimer = undefined;
    },
  };
}
