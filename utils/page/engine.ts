// The page engine: collects blocks, sends those near the viewport (what is on screen first),
// writes translations back, follows the page as it changes, and restores it exactly. Pure DOM
// code: the translate function and the batch limit are injected; messaging, caching, packing
// into API requests and quota decisions belong to the caller. This file only wires the rooms:
//   units.ts (registry) · collector.ts (finding units) · viewport.ts (nearness) ·
//   scheduler.ts (what goes in which call, plain data) · sender.ts (calls and answers) ·
//   block-state.ts (every change of a unit's state) · writer.ts (writing and undoing) ·
//   observe.ts (following the page) ·
//   failure-marks.ts · progress.ts (progress and the idle promise) · block-texts.ts and
//   term-refresh.ts (fixing a term) · language.ts (which language the page is in) ·
//   extras.ts (code loaded on first need: the bilingual view, term refresh, undoing written blocks).
import type { BlockResult } from '../shared/protocol';
import { markBlockFailed, releaseBlock } from './block-state';
import { createCollector } from './collector';
import { lazyFailureMarks } from './failure-marks-lazy';
import { decideForPage, languageFilter } from './language';
import { createObserver } from './observe';
import { createProgress } from './progress';
import { createScheduler } from './scheduler';
import type { ScopeMatcher } from './site-scope';
import { createSender } from './sender';
import { createBlockTexts } from './block-texts';
import { engineExtras, type EngineExtras } from './extras';
import type { TermRefresh } from './term-refresh';
import { hasScope } from '../shared/site-scope';
import type { PageEngine, PageEngineOptions, Priority } from './types';
import { createRegistry, isRendered, type Unit } from './units';
import { createViewport } from './viewport';
import { createWriter } from './writer';

export type { BlockTexts, EngineProgress, EngineState, PageEngine, PageEngineOptions, Priority, RefreshOutcome, TranslateFn, TranslateInfo, TranslateReply } from './types';

/** How long quiet attributes wait for company once everything else is done. */
const QUIET_DELAY_MS = 400;
/** Calls in flight: as many as the background's dispatcher may send at most, which decides the pace. */
const MAX_CALLS_IN_FLIGHT = 12;

export function createPageEngine(options: PageEngineOptions): PageEngine {
  const doc = options.document ?? document;
  const { job } = options;
  const allowLanguage = languageFilter(job.targetLang, job.sourceLang);
  let sourceLang: string | undefined;
  let pageLanguage = '';
  let started = false;
  let stopped = false;
  let billed = 0;
  let busy = 0; // collection and writing passes running
  // Compiled from the extras where the site has rules (start, setScope): most sites have none.
  let scope: ScopeMatcher | undefined;
  let scopeChanges = 0;
  const isStopped = () => stopped;

  /** The extras (extras.ts), loaded through the caller on first need. */
  const extras = async (): Promise<EngineExtras> => {
    if (!engineExtras()) await options.loadExtras?.();
    const loaded = engineExtras();
    if (!loaded) throw new Error('The page engine could not load its extras');
    return loaded;
  };

  const registry = createRegistry();
  const scheduler = createScheduler<Unit, BlockResult>({
    limit: options.limit, maxInFlight: options.maxInFlight ?? MAX_CALLS_IN_FLIGHT,
    quietDelayMs: QUIET_DELAY_MS, now: Date.now, rendered: isRendered,
  });

  const passStart = () => void busy++;
  const writePassEnd = () => {
    busy--;
    progress.reportSoon();
  };
  /** A collection pass ended: what it found may fill a call now. */
  const collectPassEnd = () => {
    writePassEnd();
    sender.scheduleFlush();
  };
  const markFailed = (unit: Unit) => {
    if (!markBlockFailed(unit)) return;
    marks.mark(unit);
    progress.reportSoon();
  };
  const enqueue = (unit: Unit, priority: Priority) => {
    if (stopped) return;
    scheduler.enqueue(unit, priority);
    // Found after a quota or key error stopped the calls: failed like the blocks queued then (Retry sends them).
    if (scheduler.halted && unit.state === 'queued') {
      markFailed(unit);
      progress.reportNow();
      return;
    }
    sender.scheduleFlush();
  };

  /** Whether undoing the unit needs the undo code (extras.ts), not loaded yet: it holds a written translation. */
  const awaitsUndoCode = (unit: Unit) => !engineExtras() && writer.needsUndoCode(unit);
  /** Loads the undo code, counted as work so idle() waits for what follows. */
  const withUndoCode = (then: () => void) => {
    passStart();
    void extras().then(then, () => undefined).finally(writePassEnd);
  };

  /** Forgets a unit the page changed (or took out); its text goes back to the source and is read anew. */
  function release(unit: Unit): void {
    // Kept (and its nodes owned) until the code that puts it back is here; then released as now.
    if (awaitsUndoCode(unit)) return withUndoCode(() => !stopped && release(unit));
    const previous = unit.state;
    if (!releaseBlock(unit)) return;
    unit.version++;
    registry.remove(unit);
    scheduler.released();
    marks.clear(unit);
    observer.ownWrite(() => writer.undo(unit));
    if (unit.kind === 'html') {
      const { block } = unit;
      const region = block.element ?? (block.parent.nodeType === 1 || block.parent.nodeType === 11 ? (block.parent as Element | ShadowRoot) : undefined);
      if (region) observer.revisit(region);
    } else if (unit.kind === 'title' && previous !== 'waiting') {
      // The page set a new title: it is translated as a new unit.
      queueMicrotask(() => collector.addTitle());
    }
  }

  const observer = createObserver({
    doc, registry, isStopped, release,
    onTitle: () => collector.addTitle(),
    intact: (unit) => writer.intact(unit),
    regionOf: (node) => collector.regionOf(node),
    collect: (root, attributesOnly) => {
      collector.push({ root, fromMutation: true, attributesOnly });
      void collector.run();
    },
  });
  const marks = lazyFailureMarks(async () => (await extras()).createFailureMarks(doc, registry.own, observer.ownWrite));
  const writer = createWriter({
    doc, job, own: registry.own, ownWrite: observer.ownWrite, isStopped, markFailed, release,
    clearFailure: (unit) => marks.clear(unit),
    forget: (key) => scheduler.forget(key),
    onPassStart: passStart, onPassEnd: writePassEnd,
    bilingual: () => engineExtras()?.buildBilingual,
    undoCode: engineExtras,
  });
  const viewport = createViewport({
    doc, visibility: options.visibility, wroteToPage: () => observer.wroteToPage, enqueue,
    raise: (unit, nearness) => {
      if (scheduler.raise(unit, nearness)) sender.scheduleFlush();
    },
    roundTripMs: () => sender.roundTripMs,
    // The screen's call goes now, not when the walk's slice ends (up to a slice later).
    screenPassed: () => {
      if (scheduler.queued) void sender.flush();
    },
  });
  const collector = createCollector({
    doc, registry, isStopped,
    pageLanguage: () => pageLanguage,
    languageAllowed: allowLanguage,
    isOutput: (text) => writer.isOutput(text),
    pageLang: (el) => writer.pageValue(el, 'lang'),
    watchRoot: (root) => observer.watch(root),
    track: (unit, immediate) => {
      scheduler.track(unit);
      viewport.track(unit, immediate);
    },
    onSlice: () => {
      if (scheduler.queued) void sender.flush();
    },
    onPassStart: passStart, onPassEnd: collectPassEnd,
    scope: () => scope,
  });
  const sender = createSender({
    doc, scheduler, translate: options.translate, isStopped,
    info: () => ({ sourceLang }),
    collecting: () => collector.active,
    firstScreenFound: () => viewport.firstScreenFound(),
    write: (items) => writer.push(items),
    onBilled: (characters) => void (billed += characters),
    onHalt: (code, queued) => {
      for (const unit of queued) markFailed(unit);
      progress.reportNow();
    },
    onSettled: () => progress.reportSoon(),
  });
  const progress = createProgress({
    units: registry.units, intervalMs: options.progressIntervalMs ?? 250, onProgress: options.onProgress,
    billed: () => billed, stopped: isStopped, halted: () => scheduler.halted,
    working: () => scheduler.hasCountedWork() || collector.active || scheduler.inFlight > 0 || busy > 0 || writer.pending > 0,
    settled: () => !scheduler.hasCountedWork() && !scheduler.inFlight && !busy && !writer.pending && !collector.active
      && !observer.pending && !sender.waiting,
  });

  const blockTextsAt = createBlockTexts({ registry, scheduler, sourceLang: () => sourceLang });
  let terms: TermRefresh | undefined;
  const retranslatePhrase = async (phrase: string, lang?: string) => {
    terms ??= (await extras()).createTermRefresh({ registry, scheduler, writer, ownWrite: observer.ownWrite, translate: options.translate, isStopped,
      sourceLang: () => sourceLang, onBilled: (characters) => void (billed += characters) });
    return terms.retranslatePhrase(phrase, lang);
  };
  const onVisibility = () => {
    if (!doc.hidden) sender.scheduleFlush();
  };

  return {
    async start() {
      if (started) return;
      started = true;
      ({ sourceLang, pageLanguage } = await decideForPage(doc, job.sourceLang, options.detectLanguage));
      // The bilingual view's code is loaded before anything is written (without it, translations replace the text).
      if (job.bilingual) await extras().catch(() => undefined);
      // A site's rules are compiled before the walk: nothing they leave out may be sent.
      if (hasScope(options.scope)) {
        const loaded = await extras().catch(() => undefined);
        // Without the rules' code nothing is translated rather than what the site's rules leave out.
        if (!loaded) stopped = true;
        scope = loaded?.compileScope(options.scope, doc);
      }
      if (stopped) return;
      viewport.start();
      observer.watch(doc);
      doc.addEventListener('visibilitychange', onVisibility);
      collector.addTitle();
      collector.push({ root: doc, fromMutation: false, screenFirst: true });
      progress.reportNow();
      await collector.run();
    },

    async restore() {
      if (stopped) return;
      stopped = true;
      sender.stop();
      observer.stop();
      viewport.stop();
      collector.stop();
      doc.removeEventListener('visibilitychange', onVisibility);
      scheduler.clear();
      writer.clear();
      marks.removeAll();
      // The undo code comes with the extras: loaded only where a block was written (restore() is awaited, not idle()).
      if (!engineExtras() && writer.wroteAny(registry.units)) await extras();
      await writer.undoAll(registry.units);
      registry.clear();
      progress.stop();
    },

    retryFailed() {
      if (stopped) return;
      scheduler.resume();
      for (const unit of registry.units) {
        if (unit.state !== 'failed') continue;
        marks.clear(unit);
        enqueue(unit, unit.priority === 'viewport' ? 'viewport' : 'nearby');
      }
      progress.reportNow();
    },

    async idle() {
      // Changes the page made just now count: their records and the microtasks they queue.
      if (!stopped) observer.sync();
      await Promise.resolve();
      return progress.idle();
    },
    progress: () => progress.current(),
    blockTextsAt,
    retranslatePhrase,

    setScope(rules) {
      const asked = ++scopeChanges;
      const apply = (loaded: EngineExtras | undefined) => {
        // Rules that came after these while their code loaded win.
        if (asked !== scopeChanges) return;
        scope = loaded?.compileScope(rules, doc);
        if (stopped || !started) return;
        // Parts now left out get their original back (and are not collected again: the scope skips them).
        if (loaded) for (const unit of loaded.unitsLeftOut(registry.units, scope)) release(unit);
        // Parts now let in: a new walk finds them (everything translated already is passed over).
        collector.addTitle();
        collector.push({ root: doc, fromMutation: false });
        void collector.run();
        progress.reportSoon();
      };
      if (!hasScope(rules)) return apply(undefined);
      // Counted as work while the rules' code loads, so idle() waits for the new rules.
      passStart();
      void extras().then(apply, () => undefined).finally(writePassEnd);
    },
  };
}
