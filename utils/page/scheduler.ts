// Which blocks go in the next translate call, as plain data (no DOM): a queue by priority, the
// first viewport call sent at once, later calls filled with the blocks that follow the reader,
// identical blocks sent once (twins wait for the first, or reuse its translation), and calls
// bounded by the injected limit. The background packs calls into API requests; calls that are
// full keep its requests full too.
import type { BatchLimit } from '../shared/limits';
import type { Priority } from './types';
import { queueBlock, sendBlock, type BlockState } from './block-state';

/** What the scheduler needs of a unit. */
export interface Schedulable {
  seq: number;
  /** Identical keys share one translation. */
  key: string;
  /** Characters counted against the limit. */
  size: number;
  state: BlockState;
  priority: Priority;
  /** When it was last queued (ms since the scheduler began): blocks near the viewport wait briefly to fill a call. */
  queuedAt: number;
  /** Counted in the progress total (it has been queued, or come near, at least once). */
  counted: boolean;
  /** Plain text nobody sees until they look for it (tooltips, the tab title): it fills calls. */
  quiet: boolean;
  /** Bumped when the page changes the unit: results for an older version are dropped. */
  version: number;
  sentVersion: number;
  /** The language the API detected for its translation, when it said. */
  detectedLang?: string;
}

export interface Batch<U> {
  units: U[];
  priority: Priority;
}

export interface Plan<U, R> {
  batches: Batch<U>[];
  /** Units answered without a call: their twin was translated already. */
  joined: { unit: U; result: R }[];
  /** Plan again after this long (blocks waiting for company). */
  wakeInMs?: number;
  /** Plan again at once (quiet units were promoted). */
  again: boolean;
}

interface SchedulerOptions<U> {
  limit: BatchLimit;
  maxInFlight: number;
  /** How long quiet units wait for company once everything else is done. */
  quietDelayMs: number;
  now: () => number;
  /** Whether a waiting unit is shown at all (hidden ones never fill a call). */
  rendered?: (unit: U) => boolean;
}

const PRIORITY_RANK: Record<Priority, number> = { viewport: 0, nearby: 1, ahead: 2 };

export function createScheduler<U extends Schedulable, R extends { ok: boolean }>(options: SchedulerOptions<U>) {
  const { limit, maxInFlight, quietDelayMs, now } = options;
  // Queue times are whole milliseconds since the scheduler began: a clock reading (past 2^30)
  // or a fraction would be a heap number of its own on every unit of a long page.
  const epoch = now();
  const elapsed = () => Math.floor(now() - epoch);
  const rendered = options.rendered ?? (() => true);
  const queue: U[] = [];
  /** Every unit in the order it was found (document order, then later additions). */
  const order: U[] = [];
  const awaiting = new Map<string, U[]>();
  /**
   * Every translation of the page by key: a twin found later (a page still being collected, a
   * view that leaves and comes back) is answered without asking the background again.
   */
  const known = new Map<string, R | string>();
  const detectedOf = (result: R): string | undefined => {
    const lang = (result as { detectedSourceLang?: unknown }).detectedSourceLang;
    return typeof lang === 'string' && lang ? lang : undefined;
  };
  /** The language the first translation was detected in (null until there is one); most of a page's share it. */
  let usualLang: string | undefined | null = null;
  // A translation of exactly `{ ok, text }` in the usual language is kept as its text alone: an
  // object each was ~24 bytes per distinct block on a long page (66 KB on the 1 MB page).
  const keep = (key: string, result: R): void => {
    const lang = detectedOf(result);
    if (usualLang === null) usualLang = lang;
    const { text } = result as { text?: unknown };
    let fields = 0;
    for (const field in result) if (Object.hasOwn(result, field)) fields++;
    const plain = result.ok && typeof text === 'string' && lang === usualLang && fields === (lang ? 3 : 2);
    known.set(key, plain ? text : result);
  };
  const recall = (key: string): R | undefined => {
    const kept = known.get(key);
    if (typeof kept !== 'string') return kept;
    return (usualLang ? { ok: true, text: kept, detectedSourceLang: usualLang } : { ok: true, text: kept }) as unknown as R;
  };
  let inFlight = 0;
  let firstSent = false;
  let halted: string | undefined;
  let releasedSinceCompaction = 0;

  const keepQueued = () => {
    let kept = 0;
    for (const unit of queue) if (unit.state === 'queued') queue[kept++] = unit;
    queue.length = kept;
  };

  /** A unit whose translation exists or is on its way for a twin: no call is needed. */
  function join(unit: U, joined: Plan<U, R>['joined']): boolean {
    const cached = recall(unit.key);
    const waiting = cached ? undefined : awaiting.get(unit.key);
    if (!cached && !waiting) return false;
    sendBlock(unit);
    unit.counted = true;
    unit.sentVersion = unit.version;
    if (cached) {
      unit.detectedLang = detectedOf(cached);
      joined.push({ unit, result: cached });
    }
    else waiting!.push(unit);
    return true;
  }

  /**
   * Units not yet near the reader that may fill a call: those after the anchor (the first of
   * the reader's units) in document order, where the reader is heading, then those before it.
   * Lazy: only as many as are asked for are looked at.
   */
  function* fillers(anchorSeq: number): Generator<U> {
    if (releasedSinceCompaction > order.length / 2 && order.length > 1000) {
      const kept = order.filter((u) => u.state !== 'released');
      order.length = 0;
      order.push(...kept);
      releasedSinceCompaction = 0;
    }
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order[mid].seq <= anchorSeq) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < order.length; i++) if (order[i].state === 'waiting' && rendered(order[i])) yield order[i];
    for (let i = lo - 1; i >= 0; i--) if (order[i].state === 'waiting' && rendered(order[i])) yield order[i];
  }

  /**
   * The units of the next call: queued ones by priority, then (when `fill`) those further along.
   * `screenOnly`: the first call, which holds what was on screen when found and nothing else,
   * so it is the same whether or not the observers reported the blocks around the screen before
   * it went.
   */
  function pick(fill: boolean, screenOnly = false): { picked: U[]; full: boolean } {
    const picked: U[] = [];
    const keys = new Set<string>();
    let characters = 0;
    let anchor = Infinity;
    const consider = (unit: U): boolean => {
      if (keys.has(unit.key) || known.has(unit.key) || awaiting.has(unit.key)) {
        picked.push(unit); // a twin: it shares the translation and costs nothing
        return true;
      }
      if (keys.size >= limit.blocks || (keys.size > 0 && characters + unit.size > limit.characters)) return false;
      keys.add(unit.key);
      characters += unit.size;
      picked.push(unit);
      return true;
    };
    for (const unit of queue) {
      if (unit.state !== 'queued') continue;
      // Quiet units already counted ride along as before: the tab's title, tooltips found on
      // screen or near it. They are small, and would otherwise wait for a later call.
      if (screenOnly && unit.priority !== 'viewport' && !(unit.quiet && unit.counted)) continue;
      if (!consider(unit)) return { picked, full: true };
      if (unit.priority !== 'ahead') anchor = Math.min(anchor, unit.seq);
    }
    if (fill && keys.size < limit.blocks) {
      for (const unit of fillers(anchor)) {
        if (!consider(unit)) return { picked, full: true };
        if (keys.size >= limit.blocks) break;
      }
    }
    return { picked, full: keys.size >= limit.blocks };
  }

  const hasUrgentWork = () => queue.some((u) => u.state === 'queued' && u.priority !== 'ahead');

  return {
    /** Remembers a unit in document order (it waits until it comes near or fills a call). */
    track(unit: U): void {
      order.push(unit);
    },

    enqueue(unit: U, priority: Priority): void {
      const quiet = unit.quiet && priority !== 'ahead';
      if (!queueBlock(unit)) return;
      unit.priority = quiet ? 'ahead' : priority;
      unit.queuedAt = elapsed();
      // Units only ahead of the reader count once they are sent or come near.
      if (priority !== 'ahead') unit.counted = true;
      // Not kept after a stopping code: the engine shows it failed like the units halt handed back.
      if (halted) return;
      queue.push(unit);
    },

    /** A queued unit came nearer the reader: it goes sooner. True when its priority rose. */
    raise(unit: U, nearness: Priority): boolean {
      if (unit.state !== 'queued' || unit.quiet || PRIORITY_RANK[nearness] >= PRIORITY_RANK[unit.priority]) return false;
      unit.priority = nearness;
      unit.queuedAt = elapsed();
      unit.counted = true;
      return true;
    },

    released(): void {
      releasedSinceCompaction++;
    },

    /**
     * The calls to make now. Only the first call (what is on screen at the start) goes as it
     * is, for speed, once the walk has found all of it (`firstScreenFound`); after it, units
     * near the reader go in full calls topped up with the units that follow them; a call that
     * cannot be filled goes as soon as collection is done (it holds every unit left); units only
     * ahead go when they fill a call alone.
     */
    plan(collecting: boolean, firstScreenFound = true): Plan<U, R> {
      const result: Plan<U, R> = { batches: [], joined: [], again: false };
      if (halted) return result;
      let kept = 0;
      for (const unit of queue) if (unit.state === 'queued' && !join(unit, result.joined)) queue[kept++] = unit;
      queue.length = kept;
      queue.sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.seq - b.seq);
      while (queue.length && inFlight < maxInFlight) {
        const head = queue[0];
        const urgent = head.priority !== 'ahead';
        const first = head.priority === 'viewport' && !firstSent;
        // The screen's blocks go in one call: one answer shows the whole screen, where a call sent
        // with the walk's first slice left the rest of the screen for a second round trip.
        if (first && collecting && !firstScreenFound) break;
        const { picked, full } = pick(urgent && !first, first);
        // A call that is not full holds every unit left once the walk is complete: it goes now (waiting adds no company).
        if (!full && !first && (!urgent || collecting)) break;
        if (!picked.length) break;
        firstSent ||= first;
        const units: U[] = [];
        let priority: Priority = 'ahead';
        for (const unit of picked) {
          if (join(unit, result.joined)) continue; // a twin of a unit picked before it
          sendBlock(unit);
          unit.counted = true;
          unit.sentVersion = unit.version;
          awaiting.set(unit.key, [unit]);
          units.push(unit);
          if (PRIORITY_RANK[unit.priority] < PRIORITY_RANK[priority]) priority = unit.priority;
        }
        keepQueued();
        if (units.length) {
          inFlight++;
          result.batches.push({ units, priority });
        }
      }
      // Nothing urgent left: quiet units near the reader go together after a short wait.
      if (!hasUrgentWork() && inFlight === 0) {
        const quiet = queue.filter((u) => u.state === 'queued' && u.counted && u.quiet);
        if (quiet.length) {
          const wait = quiet[0].queuedAt + quietDelayMs - elapsed();
          if (wait > 0) result.wakeInMs = Math.min(result.wakeInMs ?? Infinity, wait + 1);
          else {
            for (const unit of quiet) {
              unit.priority = 'nearby';
              // Due at once when next planned (they already waited).
              unit.queuedAt = -quietDelayMs;
            }
            result.again = true;
          }
        }
      }
      return result;
    },

    /** A call's answers: every unit waiting for each key, with its result. */
    settle(batch: Batch<U>, results: readonly R[]): { unit: U; result: R }[] {
      inFlight--;
      const out: { unit: U; result: R }[] = [];
      batch.units.forEach((sent, i) => {
        const result = results[i];
        const waiting = awaiting.get(sent.key) ?? [];
        awaiting.delete(sent.key);
        if (result.ok) keep(sent.key, result);
        const lang = result.ok ? detectedOf(result) : undefined;
        for (const unit of waiting) {
          if (lang) unit.detectedLang = lang;
          out.push({ unit, result });
        }
      });
      return out;
    },

    /** A translation that could not be used is asked for again next time. */
    forget(key: string): void {
      known.delete(key);
    },

    /** The translation known for a key (it says which language the API detected). */
    translationOf(key: string): R | undefined {
      return recall(key);
    },

    /** A newer translation for a key (a term was fixed): twins found later use it. */
    learn(key: string, result: R): void {
      keep(key, result);
    },

    /** Stops planning calls; returns the queued units (they are shown as failed with `code`). */
    halt(code: string): U[] {
      if (halted) return [];
      halted = code;
      return queue.splice(0).filter((u) => u.state === 'queued');
    },

    resume(): void {
      halted = undefined;
    },

    clear(): void {
      queue.length = 0;
    },

    get halted(): string | undefined {
      return halted;
    },
    get inFlight(): number {
      return inFlight;
    },
    get queued(): number {
      return queue.length;
    },
    /** Queued work the progress counts: urgent units, and quiet ones waiting for company. */
    hasCountedWork(): boolean {
      return queue.some((u) => u.state === 'queued' && (u.priority !== 'ahead' || u.counted));
    },
  };
}

export type Scheduler<U extends Schedulable, R extends { ok: boolean }> = ReturnType<typeof createScheduler<U, R>>;
