// The page engine: collects blocks, sends those near the viewport (what is on screen first),
// writes translations back, follows the page as it changes, and restores it exactly. Pure DOM
// code: the translate function is passed in and knows about messaging, caching and the API.
import type { ApiErrorCode } from '../shared/api-errors';
import { errorCode } from '../shared/api-errors';
import type { BlockRequest, BlockResult, PageJobOptions, PageProgress } from '../shared/protocol';
import { buildBilingual, BILINGUAL_TAG } from './bilingual';
import {
  blockContainerOf, collectAttributes, collectBlocks, type AttributeBlock, type CollectContext, type HtmlBlock,
} from './collect';
import { decideSourceLanguage, languageFilter, textSample, type DetectLanguage } from './language';
import { EXCLUDED_SELECTOR, TRANSLATED_ATTRIBUTES } from './rules';
import { API_LIMITS, baseBodyBytes, jsonBytes } from '../api/packing';
import { createSlicer, whenVisible } from './schedule';
import { serializePlain } from './serialize';
import { immediateVisibility, intersectionVisibility, type Nearness, type VisibilityFactory, type VisibilityTracker } from './visibility';
import { applyTranslation, createInertParser, matchTranslation, undoWrite, type WriteRecord } from './write-back';

/** Blocks on screen go first, then those a screen away; those further ahead fill calls. */
export type Priority = Nearness;

export interface TranslateInfo {
  priority: Priority;
  /** Upper-case base code when Glossa is confident; absent to let the API detect. */
  sourceLang?: string;
  /** The page title: unbilled context for short texts. */
  context?: string;
}

export interface TranslateReply {
  results: BlockResult[];
  billedCharacters: number;
}

/** Translates blocks (results in the same order); rejects with an error carrying `code`. */
export type TranslateFn = (blocks: BlockRequest[], info: TranslateInfo) => Promise<TranslateReply>;

export type EngineState = 'translating' | 'translated' | 'original' | 'error';

export interface EngineProgress extends PageProgress {
  state: EngineState;
  errorCode?: ApiErrorCode;
}

export interface PageEngineOptions {
  translate: TranslateFn;
  job: PageJobOptions;
  document?: Document;
  detectLanguage?: DetectLanguage;
  /** Decides when blocks are near the viewport (IntersectionObserver by default). */
  visibility?: VisibilityFactory;
  onProgress?: (progress: EngineProgress) => void;
  /** Distinct blocks per translate call (one API request's 50 texts); the background packs them into requests. */
  batchSize?: number;
  /** JSON bytes of the texts of one translate call (by default what one API request holds). */
  batchBytes?: number;
  /** Translate calls in flight at once. */
  maxInFlight?: number;
  /** Minimum time between progress reports. */
  progressIntervalMs?: number;
  /** How long blocks near (not on) the screen wait for company when nothing is left to fill their call. */
  nearbyDelayMs?: number;
}

type UnitState = 'waiting' | 'queued' | 'pending' | 'done' | 'failed' | 'released';

interface UnitBase {
  seq: number;
  state: UnitState;
  /** Bumped when the page changes the unit's nodes: results for an older version are dropped. */
  version: number;
  sentVersion: number;
  request: BlockRequest;
  key: string;
  priority: Priority;
  /** When it was last queued (ms): blocks near the viewport wait briefly to fill a batch. */
  queuedAt: number;
  /** Counted in the progress total (it has been queued at least once). */
  counted: boolean;
  /** JSON size of the request text in UTF-8 bytes, measured when first needed. */
  bytes?: number;
  failure?: { code: ApiErrorCode | 'hostile'; message: string };
}

interface HtmlUnit extends UnitBase {
  kind: 'html';
  block: HtmlBlock;
  record?: WriteRecord;
  bilingual?: Element;
}

interface AttributeUnit extends UnitBase {
  kind: 'attribute';
  block: AttributeBlock;
  written?: string;
}

interface TitleUnit extends UnitBase {
  kind: 'title';
  original: string;
  leading: string;
  trailing: string;
  written?: string;
}

type Unit = HtmlUnit | AttributeUnit | TitleUnit;

const PRIORITY_RANK: Record<Priority, number> = { viewport: 0, nearby: 1, ahead: 2 };
const FAILED_HIGHLIGHT = 'glossa-failed';
/** Attributes that are not on screen (tooltips, alt text of shown images, labels for assistive technology). */
const QUIET_ATTRIBUTES: ReadonlySet<string> = new Set(['title', 'alt', 'aria-label', 'aria-description']);
/** How long quiet attributes wait for company once everything else is done. */
const QUIET_DELAY_MS = 400;
/** Blocks written back per frame: text changes cost style and layout in the frame that follows. */
const WRITES_PER_FRAME = 40;
/** Blocks put back per frame when restoring. */
const RESTORES_PER_FRAME = 150;
/** How long after starting blocks on screen are found by reading their position directly. */
const INITIAL_VIEWPORT_MS = 60;
const STYLE_ID = 'glossa-style';
const LETTER = /\p{L}/u;
const OBSERVED_ATTRIBUTES = [...TRANSLATED_ATTRIBUTES, 'value'];
const MUTATION_OPTIONS: MutationObserverInit = {
  subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: OBSERVED_ATTRIBUTES,
};
/** Translations remembered for the never-translate-a-translation check. */
const MAX_REMEMBERED_OUTPUTS = 20_000;

export interface PageEngine {
  /** Starts translating; resolves when the first collection pass is done. */
  start(): Promise<void>;
  /** Puts the page back exactly as it was and stops following it. */
  restore(): Promise<void>;
  /** Sends failed blocks again (and resumes after a quota or key error). */
  retryFailed(): void;
  /** Resolves when nothing is queued, in flight, being written or collected. */
  idle(): Promise<void>;
  progress(): EngineProgress;
}

export function createPageEngine(options: PageEngineOptions): PageEngine {
  const doc = options.document ?? document;
  const win = doc.defaultView ?? (globalThis as unknown as Window & typeof globalThis);
  const { job, translate } = options;
  const batchSize = options.batchSize ?? 50;
  // One API request's bytes, less its other fields (the page title as context, the parameters
  // at their longest) and a margin; set once the title is known.
  let batchBytes = options.batchBytes ?? API_LIMITS.maxBytes;
  const maxInFlight = options.maxInFlight ?? 4;
  const progressInterval = options.progressIntervalMs ?? 250;
  const nearbyDelay = options.nearbyDelayMs ?? 150;
  const parse = createInertParser(doc);

  let sourceLang: string | undefined;
  let pageLanguage = '';
  let context: string | undefined;
  const allowLanguage = languageFilter(job.targetLang, job.sourceLang);

  let seq = 0;
  let stopped = false;
  let started = false;
  let halted: ApiErrorCode | undefined;
  let billed = 0;
  let inFlight = 0;
  let busy = 0; // collection and writing passes running

  const units = new Set<Unit>();
  const nodeUnits = new WeakMap<Node, HtmlUnit>();
  const attributeUnits = new WeakMap<Element, Map<string, AttributeUnit>>();
  const waitingForView = new WeakMap<Element, Unit[]>();
  const queue: Unit[] = [];
  /** Every unit in the order it was found (document order, then later additions). */
  const order: Unit[] = [];
  /** Set once the first call (what is on screen at the start) has gone. */
  let firstSent = false;
  const awaiting = new Map<string, Unit[]>();
  const known = new Map<string, Extract<BlockResult, { ok: true }>>();
  const outputs = new Set<string>();
  const own = new WeakSet<Node>();
  const observedRoots = new WeakSet<Node>();
  const writeQueue: { unit: Unit; result: BlockResult }[] = [];
  let titleUnit: TitleUnit | undefined;

  const collectContext: CollectContext = {
    isOwn: (node) => own.has(node) || (node.nodeType === 1 && (node as Element).localName === BILINGUAL_TAG),
    isTaken: (node) => nodeUnits.has(node),
    languageAllowed: (lang) => allowLanguage(lang),
    get pageLanguage() {
      return pageLanguage;
    },
    preservesWhitespace: (el) => {
      const style = win.getComputedStyle?.(el);
      if (!style) return false;
      const ws = style.whiteSpace || '';
      const collapse = style.getPropertyValue('white-space-collapse');
      return ws.startsWith('pre') || ws === 'break-spaces' || (collapse !== '' && collapse !== 'collapse');
    },
    onShadowRoot: (root) => watchRoot(root),
    onFrame: (frame) => watchFrame(frame),
  };

  // ── mutations ───────────────────────────────────────────────────────────────────────
  const observer = typeof win.MutationObserver === 'function' ? new win.MutationObserver((records) => noteMutations(records)) : undefined;
  const changedUnits = new Set<Unit>();
  const changedAttributes = new Set<Element>();
  const regions = new Set<Element | ShadowRoot>();
  let mutationFlushScheduled = false;

  /** Runs Glossa's own DOM writes so that the observer never mistakes them for the page's. */
  const ownWrite = (write: () => void) => {
    if (observer) noteMutations(observer.takeRecords());
    wroteToPage = true;
    write();
    observer?.takeRecords();
  };
  /** Until Glossa first writes, layout is the page's own and reading positions costs nothing. */
  let wroteToPage = false;
  let startedAt = 0;

  const ownerUnit = (node: Node): HtmlUnit | 'own' | undefined => {
    for (let n: Node | null = node; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) {
      if (own.has(n)) return 'own';
      const unit = nodeUnits.get(n);
      if (unit) return unit;
      if (n.nodeType === 11 && !(n as ShadowRoot).host) break;
    }
    return undefined;
  };

  function noteMutations(records: MutationRecord[]): void {
    if (stopped || !records.length) return;
    for (const record of records) {
      const target = record.target;
      if (record.type === 'attributes') {
        if (target.nodeType === 1 && ownerUnit(target) !== 'own') changedAttributes.add(target as Element);
        continue;
      }
      if (isTitleNode(target)) {
        // A changed title is translated anew; a page that sets its first title later gets it translated too.
        if (titleUnit) changedUnits.add(titleUnit);
        else queueMicrotask(() => addTitle());
        continue;
      }
      const owner = ownerUnit(target);
      if (owner === 'own') continue;
      if (owner) {
        changedUnits.add(owner);
        continue;
      }
      if (record.type === 'characterData') {
        addRegion(target);
        continue;
      }
      for (const removed of record.removedNodes) {
        const unit = nodeUnits.get(removed);
        if (unit) changedUnits.add(unit);
        else if (removed.nodeType === 1) pruneDue = true;
      }
      for (const added of record.addedNodes) {
        if (own.has(added)) continue;
        addRegion(added);
      }
    }
    if (changedUnits.size || changedAttributes.size || regions.size || pruneDue) scheduleMutationFlush();
  }

  const isTitleNode = (node: Node): boolean => {
    const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
    return !!el && el.localName === 'title' && el.parentElement?.localName === 'head';
  };

  const addRegion = (node: Node) => {
    const region = blockContainerOf(node, collectContext);
    if (region) regions.add(region);
  };

  const scheduleMutationFlush = () => {
    if (mutationFlushScheduled) return;
    mutationFlushScheduled = true;
    const run = () => {
      mutationFlushScheduled = false;
      flushMutations();
    };
    // About once per frame; timers keep working where frames do not (hidden tabs, tests).
    if (typeof win.requestAnimationFrame === 'function' && !doc.hidden) win.requestAnimationFrame(() => setTimeout(run, 0));
    else setTimeout(run, 16);
  };

  /** Set when the page removed elements that may hold blocks: forget those blocks. */
  let pruneDue = false;
  let lastPrune = 0;

  /** Drops units whose nodes left the page, so progress and memory follow the page. */
  function pruneDetached(): void {
    for (const unit of units) {
      const anchor = unit.kind === 'html' ? unit.block.element ?? unit.block.nodes[0] : unit.kind === 'attribute' ? unit.block.element : undefined;
      if (!anchor || anchor.isConnected) continue;
      units.delete(unit);
      unit.state = 'released';
      unit.version++;
      clearFailureMark(unit);
      if (unit.kind === 'attribute') attributeUnits.get(unit.block.element)?.delete(unit.block.name);
    }
  }

  function flushMutations(): void {
    if (stopped) return;
    if (pruneDue && Date.now() - lastPrune > 1000) {
      pruneDue = false;
      lastPrune = Date.now();
      pruneDetached();
    } else if (pruneDue) scheduleMutationFlush();
    const changed = [...changedUnits];
    changedUnits.clear();
    for (const unit of changed) releaseUnit(unit);
    for (const el of changedAttributes) {
      const current = attributeUnits.get(el);
      for (const unit of current?.values() ?? []) {
        const value = el.getAttribute(unit.block.name);
        if (value !== (unit.state === 'done' ? unit.written : unit.block.value)) releaseUnit(unit);
      }
      collectQueue.push({ root: el, attributesOnly: true, fromMutation: true });
    }
    changedAttributes.clear();
    const roots = [...regions].filter((r) => r.isConnected);
    regions.clear();
    for (const root of roots) {
      // A region inside another changed region is covered by the outer one.
      if (roots.some((other) => other !== root && other.contains(root))) continue;
      if (root.nodeType === 1 && ((root as Element).closest(EXCLUDED_SELECTOR) || ownerUnit(root) === 'own')) continue;
      collectQueue.push({ root, fromMutation: true });
    }
    void runCollector();
  }

  /** Forgets a unit whose nodes the page changed; its text goes back to the source so it is read anew. */
  function releaseUnit(unit: Unit): void {
    if (unit.state === 'released') return;
    const previous = unit.state;
    unit.state = 'released';
    unit.version++;
    units.delete(unit);
    clearFailureMark(unit);
    if (unit.kind === 'html') {
      const { block } = unit;
      ownWrite(() => {
        if (unit.record) undoWrite(unit.record);
        unit.bilingual?.remove();
      });
      if (nodeUnits.get(block.element ?? block.nodes[0]) === unit) {
        for (const node of block.nodes) nodeUnits.delete(node);
        if (block.element) nodeUnits.delete(block.element);
      }
      const region = block.element ?? (block.parent.nodeType === 1 || block.parent.nodeType === 11 ? (block.parent as Element | ShadowRoot) : undefined);
      if (region && region.isConnected) regions.add(region);
    } else if (unit.kind === 'attribute') {
      attributeUnits.get(unit.block.element)?.delete(unit.block.name);
    } else if (unit.kind === 'title') {
      titleUnit = undefined;
      // The page set a new title: translate it as a new unit.
      if (previous !== 'waiting') queueMicrotask(() => addTitle());
    }
    if (regions.size) scheduleMutationFlush();
  }

  function watchRoot(root: ShadowRoot | Document): void {
    if (observedRoots.has(root)) return;
    observedRoots.add(root);
    const target = root.nodeType === 9 ? (root as Document).documentElement : root;
    if (target) observer?.observe(target, MUTATION_OPTIONS);
    if (root.nodeType === 11 && started) collectQueue.push({ root: root as ShadowRoot, fromMutation: false });
  }

  function watchFrame(frame: HTMLIFrameElement): void {
    const tryFrame = () => {
      let frameDoc: Document | null = null;
      try {
        frameDoc = frame.contentDocument; // null for other origins
      } catch {
        frameDoc = null;
      }
      if (!frameDoc?.body || observedRoots.has(frameDoc) || stopped) return;
      watchRoot(frameDoc);
      collectQueue.push({ root: frameDoc, fromMutation: false, immediate: true });
      void runCollector();
    };
    if (!observedFrames.has(frame)) {
      observedFrames.add(frame);
      frame.addEventListener('load', tryFrame);
      frameCleanups.push(() => frame.removeEventListener('load', tryFrame));
    }
    queueMicrotask(tryFrame);
  }
  const observedFrames = new WeakSet<Element>();
  const frameCleanups: (() => void)[] = [];

  // ── visibility ─────────────────────────────────────────────────────────────────────────
  const visibilityFactory = options.visibility ?? (typeof win.IntersectionObserver === 'function' ? intersectionVisibility : immediateVisibility);
  let tracker: VisibilityTracker | undefined;

  const onNear = (el: Element, nearness: Nearness) => {
    const list = waitingForView.get(el);
    if (!list) return;
    if (nearness !== 'ahead') waitingForView.delete(el);
    for (const unit of list) {
      if (unit.state === 'waiting') enqueue(unit, nearness);
      else if (unit.state === 'queued' && !isQuiet(unit) && PRIORITY_RANK[nearness] < PRIORITY_RANK[unit.priority]) {
        unit.priority = nearness;
        unit.queuedAt = Date.now();
        if (!unit.counted) unit.counted = true;
        scheduleFlush();
      }
    }
  };

  const visibilityTarget = (unit: Unit): Element | undefined => {
    if (unit.kind === 'title') return undefined;
    if (unit.kind === 'attribute') return unit.block.element;
    const { block } = unit;
    if (block.element) return block.element;
    return block.parent.nodeType === 1 ? (block.parent as Element) : (block.parent as ShadowRoot).host;
  };

  /**
   * Whether the element is on screen now, read directly while layout is still clean (before
   * Glossa's first write): the first batch then goes out without waiting for a frame.
   */
  const onScreenNow = (el: Element): boolean => {
    // Only at the start: later the page may have layout pending, and reading would force it.
    if (wroteToPage || options.visibility || performance.now() - startedAt > INITIAL_VIEWPORT_MS) return false;
    const rect = el.getBoundingClientRect();
    return (rect.width > 0 || rect.height > 0) && rect.bottom > 0 && rect.top < (win.innerHeight || 0) && rect.right > 0 && rect.left < (win.innerWidth || 0);
  };

  /** Registers a unit and asks to hear when it comes near the viewport. */
  const track = (unit: Unit, immediate: boolean) => {
    units.add(unit);
    order.push(unit);
    const target = visibilityTarget(unit);
    if (!target || immediate) {
      enqueue(unit, unit.kind === 'title' ? 'viewport' : 'nearby');
      return;
    }
    if (onScreenNow(target)) {
      enqueue(unit, 'viewport');
      return;
    }
    const list = waitingForView.get(target);
    if (list) list.push(unit);
    else {
      waitingForView.set(target, [unit]);
      tracker?.observe(target);
    }
  };

  // ── collection ─────────────────────────────────────────────────────────────────────────
  interface CollectJob {
    root: Element | ShadowRoot | Document;
    fromMutation: boolean;
    attributesOnly?: boolean;
    /** Content without a usable viewport position (other documents): queue at once. */
    immediate?: boolean;
  }
  const collectQueue: CollectJob[] = [];
  let collecting: Promise<void> | undefined;

  const newUnitBase = (request: BlockRequest, key?: string) => ({
    seq: seq++, state: 'waiting' as UnitState, version: 0, sentVersion: -1, request,
    key: key ?? `${request.format}\u0000${request.text}`, priority: 'nearby' as Priority, queuedAt: 0, counted: false,
  });

  const addHtml = (block: HtmlBlock, job: CollectJob) => {
    // Content the page copied from a translation must not be translated again.
    if (job.fromMutation && outputs.has(block.source.plain)) return;
    const unit: HtmlUnit = { ...newUnitBase({ text: block.source.html, format: 'html' }), kind: 'html', block };
    for (const node of block.nodes) nodeUnits.set(node, unit);
    if (block.element) nodeUnits.set(block.element, unit);
    track(unit, !!job.immediate);
  };

  const addAttribute = (block: AttributeBlock, job: CollectJob) => {
    let map = attributeUnits.get(block.element);
    if (map?.has(block.name)) return;
    if (job.fromMutation && outputs.has(block.text)) return;
    if (!map) attributeUnits.set(block.element, (map = new Map()));
    const unit: AttributeUnit = { ...newUnitBase({ text: block.text, format: 'text' }), kind: 'attribute', block };
    map.set(block.name, unit);
    track(unit, !!job.immediate);
  };

  const addTitle = () => {
    if (stopped || titleUnit) return;
    const value = doc.title;
    if (!value || !LETTER.test(value) || outputs.has(value.trim()) || !allowLanguage(pageLanguage)) return;
    const { text, leading, trailing } = serializePlain(value);
    titleUnit = { ...newUnitBase({ text, format: 'text' }), kind: 'title', original: value, leading, trailing };
    track(titleUnit, true);
  };

  function runCollector(): Promise<void> {
    if (collecting) return collecting;
    busy++;
    const pass = async () => {
      const slicer = createSlicer();
      while (collectQueue.length && !stopped) {
        const job = collectQueue.shift()!;
        if (!job.attributesOnly) {
          for (const block of collectBlocks(job.root, collectContext)) {
            if (stopped) return;
            if (block) addHtml(block, job);
            if (slicer.expired()) {
              // Send what is on screen now rather than after the whole walk.
              if (queue.length) void flush();
              await slicer.next();
              await whenVisible(doc);
            }
          }
        }
        const attributes = job.attributesOnly && job.root.nodeType === 1
          ? collectAttributesOf(job.root as Element)
          : collectAttributes(job.root, collectContext);
        for (const block of attributes) {
          if (stopped) return;
          if (block) addAttribute(block, job);
          if (slicer.expired()) await slicer.next();
        }
      }
    };
    // Cleared after the pass settles (never inside it: a pass without awaits ends synchronously).
    collecting = pass().finally(() => {
      busy--;
      collecting = undefined;
      if (collectQueue.length && !stopped) void runCollector();
      scheduleFlush();
      reportSoon();
    });
    return collecting;
  }

  /** Attributes of one element only (an attribute changed; its subtree did not). */
  function* collectAttributesOf(el: Element): Generator<AttributeBlock | undefined> {
    for (const block of collectAttributes(el, collectContext)) if (!block || block.element === el) yield block;
  }

  // ── sending ────────────────────────────────────────────────────────────────────────────
  let flushScheduled = false;
  let delayTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Plain-text units that can wait: attributes nobody sees until they point or listen, and the
   * tab's title. They fill the calls of the blocks around them (the background sends plain text
   * inside HTML requests), and what is left goes together once the text on screen is done.
   */
  const isQuiet = (unit: Unit) => unit.kind === 'title' || (unit.kind === 'attribute' && QUIET_ATTRIBUTES.has(unit.block.name));

  function enqueue(unit: Unit, priority: Priority): void {
    if (stopped) return;
    const quiet = isQuiet(unit) && priority !== 'ahead';
    unit.priority = quiet ? 'ahead' : priority;
    unit.state = 'queued';
    unit.queuedAt = Date.now();
    // Blocks only ahead of the reader count once they are sent or come near.
    if (priority !== 'ahead') unit.counted = true;
    queue.push(unit);
    scheduleFlush();
  }

  /**
   * When nothing urgent is left, quiet attributes near the reader go out together: waiting for
   * a full batch of them could take forever, and each request of a few costs a round trip.
   */
  function sweepQuiet(): void {
    if (hasUrgentWork() || inFlight > 0 || halted || stopped) return;
    const quiet = queue.filter((u) => u.state === 'queued' && u.counted && isQuiet(u));
    if (!quiet.length) return;
    const wait = quiet[0].queuedAt + QUIET_DELAY_MS - Date.now();
    if (wait > 0) {
      if (!delayTimer) {
        delayTimer = setTimeout(() => {
          delayTimer = undefined;
          void flush();
        }, wait + 1);
      }
      return;
    }
    for (const unit of quiet) {
      unit.priority = 'nearby';
      unit.queuedAt = 0;
    }
    scheduleFlush();
  }

  function scheduleFlush(): void {
    if (flushScheduled || stopped) return;
    flushScheduled = true;
    setTimeout(() => {
      flushScheduled = false;
      void flush();
    }, 0);
  }

  /** Units no request is needed for: translated already, or being translated for a twin. */
  function joinKnown(unit: Unit): boolean {
    const cached = known.get(unit.key);
    const waiting = cached ? undefined : awaiting.get(unit.key);
    if (!cached && !waiting) return false;
    unit.state = 'pending';
    unit.counted = true;
    unit.sentVersion = unit.version;
    if (cached) writeQueue.push({ unit, result: cached });
    else waiting!.push(unit);
    return true;
  }

  /**
   * Whether the unit's element is rendered (no display:none or content-visibility:hidden on it
   * or above it). checkVisibility reads computed style only, never layout.
   */
  const rendered = (unit: Unit): boolean => {
    const el = visibilityTarget(unit);
    return !el || typeof el.checkVisibility !== 'function' || el.checkVisibility();
  };

  const unitBytes = (unit: Unit) => (unit.bytes ??= jsonBytes(unit.request.text));

  /**
   * Blocks not yet near the reader that may fill a call: those after the anchor (the first of
   * the reader's blocks) in document order, where the reader is heading, then those just before
   * it. Hidden blocks (closed menus and dialogs, other tabs) are left out: they are translated
   * if they are ever shown, and never billed otherwise. Lazy: only as many as are asked for are
   * looked at.
   */
  function* fillers(anchorSeq: number): Generator<Unit> {
    if (order.length > 2 * units.size + 1000) {
      // Released units pile up on pages that change a lot.
      const kept = order.filter((u) => u.state !== 'released');
      order.length = 0;
      order.push(...kept);
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
   * The units of the next translate call, not yet taken: queued units by priority, then (when
   * `fill`) blocks further along the page, until the call would exceed one API request.
   * `full` when the limits, not a lack of blocks, ended it.
   */
  function pickBatch(fill: boolean): { picked: Unit[]; full: boolean } {
    const picked: Unit[] = [];
    const keys = new Set<string>();
    let bytes = 0;
    let anchor = Infinity;
    const consider = (unit: Unit): boolean => {
      if (keys.has(unit.key) || known.has(unit.key) || awaiting.has(unit.key)) {
        picked.push(unit); // a twin: it shares the translation, and costs nothing
        return true;
      }
      const extra = unitBytes(unit) + (keys.size > 0 ? 1 : 0);
      if (keys.size >= batchSize || (keys.size > 0 && bytes + extra > batchBytes)) return false;
      keys.add(unit.key);
      bytes += extra;
      picked.push(unit);
      return true;
    };
    for (const unit of queue) {
      if (unit.state !== 'queued') continue;
      if (!consider(unit)) return { picked, full: true };
      if (unit.priority !== 'ahead') anchor = Math.min(anchor, unit.seq);
    }
    if (fill && keys.size < batchSize) {
      for (const unit of fillers(anchor)) {
        if (!consider(unit)) return { picked, full: true };
        if (keys.size >= batchSize) break;
      }
    }
    return { picked, full: keys.size >= batchSize };
  }

  async function flush(): Promise<void> {
    if (stopped || halted) return;
    if (doc.hidden) {
      await whenVisible(doc);
      scheduleFlush();
      return;
    }
    if (!queue.length) {
      reportSoon();
      return;
    }
    // Blocks translated already (or on their way for a twin) are written without a request.
    let kept = 0;
    for (const unit of queue) if (unit.state === 'queued' && !joinKnown(unit)) queue[kept++] = unit;
    queue.length = kept;
    queue.sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.seq - b.seq);
    while (queue.length && inFlight < maxInFlight && !halted && !stopped) {
      // Every call is packed by the background into API requests of at most 50 texts: a call
      // that is not full costs a request as much as a full one. So only the first call (what
      // is on screen at the start) goes as it is, for speed. After it, blocks coming near the
      // reader go in full calls, topped up with the blocks that follow them on the page; a
      // call that cannot be filled goes once the whole page has been collected (it is the
      // last), and blocks only ahead of the reader go when they fill a call by themselves.
      const head = queue[0];
      const urgent = head.priority !== 'ahead';
      const first = head.priority === 'viewport' && !firstSent;
      const { picked, full } = pickBatch(urgent && !first);
      if (!full && !first) {
        if (!urgent) break;
        if (collecting || collectQueue.length) break; // the collector flushes again when done
        if (head.priority === 'nearby' && nearbyDelay > 0 && Date.now() - head.queuedAt < nearbyDelay) {
          // Blocks that come near the reader together (a scroll) arrive over a few frames.
          if (!delayTimer) {
            delayTimer = setTimeout(() => {
              delayTimer = undefined;
              void flush();
            }, head.queuedAt + nearbyDelay - Date.now() + 1);
          }
          break;
        }
      }
      if (!picked.length) break;
      firstSent ||= first;
      const batch: { key: string; request: BlockRequest }[] = [];
      let priority: Priority = 'ahead';
      for (const unit of picked) {
        if (joinKnown(unit)) continue; // a twin of a unit picked before it
        unit.state = 'pending';
        unit.counted = true;
        unit.sentVersion = unit.version;
        awaiting.set(unit.key, [unit]);
        batch.push({ key: unit.key, request: unit.request });
        if (PRIORITY_RANK[unit.priority] < PRIORITY_RANK[priority]) priority = unit.priority;
      }
      let rest = 0;
      for (const unit of queue) if (unit.state === 'queued') queue[rest++] = unit;
      queue.length = rest;
      if (batch.length) void send(batch, priority);
    }
    sweepQuiet();
    if (writeQueue.length) void runWriter();
    reportSoon();
  }

  async function send(batch: { key: string; request: BlockRequest }[], priority: Priority): Promise<void> {
    inFlight++;
    let results: BlockResult[];
    try {
      const reply = await translate(batch.map((b) => b.request), { priority, sourceLang, context });
      results = validReply(reply, batch.length);
      if (typeof reply.billedCharacters === 'number' && reply.billedCharacters > 0 && Number.isFinite(reply.billedCharacters)) billed += reply.billedCharacters;
    } catch (err) {
      const code = errorCode(err) ?? 'network';
      const message = err instanceof Error ? err.message : String(err);
      results = batch.map(() => ({ ok: false, code, message }));
    } finally {
      inFlight--;
    }
    if (stopped) return;
    for (let i = 0; i < batch.length; i++) {
      const { key } = batch[i];
      const result = results[i];
      const waiting = awaiting.get(key) ?? [];
      awaiting.delete(key);
      if (result.ok) {
        known.set(key, result);
      } else if (result.code === 'quota' || result.code === 'auth') {
        halt(result.code);
      }
      for (const unit of waiting) writeQueue.push({ unit, result });
    }
    void runWriter();
    scheduleFlush();
  }

  function validReply(reply: unknown, count: number): BlockResult[] {
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

  /** Quota used up or key refused: nothing more is sent until the user retries. */
  function halt(code: ApiErrorCode): void {
    if (halted) return;
    halted = code;
    for (const unit of queue.splice(0)) {
      if (unit.state === 'queued') markFailed(unit, code, code === 'quota' ? 'Quota exceeded' : 'The API key was refused');
    }
    reportNow();
  }

  // ── writing back ───────────────────────────────────────────────────────────────────────
  let writing: Promise<void> | undefined;

  function runWriter(): Promise<void> {
    if (writing) return writing;
    busy++;
    const pass = async () => {
      const slicer = createSlicer();
      let written = 0;
      while (writeQueue.length && !stopped) {
        if (slicer.expired() || written >= WRITES_PER_FRAME) {
          await nextFrame();
          await slicer.next();
          written = 0;
          continue;
        }
        const { unit, result } = writeQueue.shift()!;
        if (unit.state !== 'pending' || unit.version !== unit.sentVersion) continue; // changed meanwhile
        written++;
        if (!result.ok) markFailed(unit, result.code, result.message);
        else writeUnit(unit, result.text);
      }
    };
    writing = pass().finally(() => {
      busy--;
      writing = undefined;
      if (writeQueue.length && !stopped) void runWriter();
      reportSoon();
    });
    return writing;
  }

  const rememberOutput = (text: string) => {
    if (outputs.size >= MAX_REMEMBERED_OUTPUTS) outputs.clear();
    outputs.add(text);
  };

  function writeUnit(unit: Unit, translation: string): void {
    if (unit.kind === 'html') {
      const { block } = unit;
      if (!block.nodes.every((n) => n.parentNode === block.parent)) {
        releaseUnit(unit);
        return;
      }
      const match = matchTranslation(parse(translation), block.source.slots);
      if (!match.ok) {
        // Not remembered: a retry asks the background again instead of reusing the bad answer.
        known.delete(unit.key);
        markFailed(unit, 'hostile', match.message);
        return;
      }
      const plain = match.tree.flat(1).filter((t) => typeof t === 'string').join('').replace(/[ \t\n\r\f]+/g, ' ').trim();
      if (!LETTER.test(plain) && LETTER.test(block.source.plain)) {
        known.delete(unit.key);
        markFailed(unit, 'bad-response', 'Empty translation');
        return;
      }
      ownWrite(() => {
        if (job.bilingual) {
          const box = buildBilingual(doc, block.source, match.tree, job.targetLang);
          own.add(box);
          if (block.element) block.element.appendChild(box);
          else block.parent.insertBefore(box, block.nodes[block.nodes.length - 1].nextSibling);
          unit.bilingual = box;
        } else {
          unit.record = applyTranslation(block.parent, block.nodes, block.source, match.tree);
        }
      });
      rememberOutput(plain);
    } else if (!LETTER.test(translation) && LETTER.test(unit.request.text)) {
      // Plain text read back from an answer that was only markup (or nothing): keep the original.
      known.delete(unit.key);
      markFailed(unit, 'bad-response', 'Empty translation');
      return;
    } else if (unit.kind === 'attribute') {
      const { element, name, value, leading, trailing } = unit.block;
      if (element.getAttribute(name) !== value) {
        releaseUnit(unit);
        return;
      }
      const written = leading + translation.trim() + trailing;
      ownWrite(() => element.setAttribute(name, written));
      unit.written = written;
      rememberOutput(translation.trim());
    } else {
      if (doc.title !== unit.original) {
        releaseUnit(unit);
        return;
      }
      const written = unit.leading + translation.trim() + unit.trailing;
      ownWrite(() => {
        doc.title = written;
      });
      unit.written = written;
      rememberOutput(translation.trim());
    }
    unit.state = 'done';
    clearFailureMark(unit);
  }

  /**
   * Waits for the next frame (when frames run): Glossa's writes are spread over frames so the
   * style and layout work each one causes stays small.
   */
  function nextFrame(): Promise<void> {
    if (typeof win.requestAnimationFrame !== 'function' || doc.hidden) return Promise.resolve();
    return new Promise((resolve) => {
      // rAF does not run in background tabs: a timer makes sure writing goes on.
      const timer = setTimeout(resolve, 100);
      win.requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  // ── failures ───────────────────────────────────────────────────────────────────────────
  const failedRanges = new Map<Unit, Range>();
  const highlights = (win as unknown as { CSS?: { highlights?: Map<string, unknown> } }).CSS?.highlights;
  const HighlightCtor = (win as unknown as { Highlight?: new () => Set<Range> }).Highlight;
  let highlight: Set<Range> | undefined;

  function markFailed(unit: Unit, code: ApiErrorCode | 'hostile', message: string): void {
    unit.state = 'failed';
    unit.failure = { code, message };
    // The CSS Custom Highlight API marks failed text without touching the page's DOM.
    if (unit.kind === 'html' && highlights && HighlightCtor) {
      installStyle();
      if (!highlight) {
        highlight = new HighlightCtor();
        highlights.set(FAILED_HIGHLIGHT, highlight);
      }
      const { nodes } = unit.block;
      const range = doc.createRange();
      try {
        range.setStartBefore(nodes[0]);
        range.setEndAfter(nodes[nodes.length - 1]);
        highlight.add(range);
        failedRanges.set(unit, range);
      } catch {
        // Nodes already gone: nothing to mark.
      }
    }
    reportSoon();
  }

  function clearFailureMark(unit: Unit): void {
    const range = failedRanges.get(unit);
    if (range) {
      highlight?.delete(range);
      failedRanges.delete(unit);
    }
  }

  // ── progress ───────────────────────────────────────────────────────────────────────────
  let lastReport = 0;
  let reportTimer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = '';

  function progress(): EngineProgress {
    let total = 0;
    let done = 0;
    let failed = 0;
    for (const unit of units) {
      if (!unit.counted) continue;
      total++;
      if (unit.state === 'done') done++;
      else if (unit.state === 'failed') failed++;
    }
    const active = hasCountedWork() || collectQueue.length > 0 || inFlight > 0 || busy > 0 || writeQueue.length > 0;
    const state: EngineState = stopped ? 'original' : halted ? 'error' : active ? 'translating' : 'translated';
    return { total, done, failed, billedCharacters: billed, state, ...(halted ? { errorCode: halted } : {}) };
  }

  function reportNow(): void {
    if (reportTimer) clearTimeout(reportTimer);
    reportTimer = undefined;
    lastReport = Date.now();
    const current = progress();
    const signature = JSON.stringify(current);
    if (signature === lastSent) return;
    lastSent = signature;
    options.onProgress?.(current);
    notifyIdle();
  }

  function reportSoon(): void {
    if (reportTimer || !options.onProgress) {
      notifyIdle();
      return;
    }
    const wait = Math.max(0, progressInterval - (Date.now() - lastReport));
    reportTimer = setTimeout(reportNow, wait);
  }

  /** Queued work that will be sent without the reader scrolling (blocks ahead wait for a batch). */
  function hasUrgentWork(): boolean {
    return queue.some((u) => u.state === 'queued' && u.priority !== 'ahead');
  }

  /** Queued work the progress counts: urgent blocks, and quiet attributes waiting for company. */
  function hasCountedWork(): boolean {
    return queue.some((u) => u.state === 'queued' && (u.priority !== 'ahead' || u.counted));
  }

  // ── idle ───────────────────────────────────────────────────────────────────────────────
  const idleWaiters: (() => void)[] = [];
  const isIdle = () => !hasCountedWork() && !inFlight && !busy && !writeQueue.length && !collectQueue.length && !mutationFlushScheduled && !flushScheduled && !delayTimer;
  function notifyIdle(): void {
    if (!isIdle()) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  // ── styles ─────────────────────────────────────────────────────────────────────────────
  function installStyle(): void {
    if (doc.getElementById(STYLE_ID)) return;
    const style = doc.createElement('style');
    style.id = STYLE_ID;
    own.add(style);
    style.textContent = `::highlight(${FAILED_HIGHLIGHT}){text-decoration:underline wavy rgba(200,60,40,.8);text-decoration-skip-ink:none;}`;
    ownWrite(() => (doc.head ?? doc.documentElement).appendChild(style));
  }

  const onVisibility = () => {
    if (!doc.hidden) scheduleFlush();
  };

  // ── public ─────────────────────────────────────────────────────────────────────────────
  return {
    async start() {
      if (started) return;
      started = true;
      startedAt = performance.now();
      const detected = options.detectLanguage && !job.sourceLang
        ? await Promise.race([
            options.detectLanguage(textSample(doc)).catch(() => undefined),
            new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 200)),
          ])
        : undefined;
      const decision = decideSourceLanguage({ fixedSource: job.sourceLang, pageLang: doc.documentElement?.getAttribute('lang') ?? '', detected });
      sourceLang = decision.sourceLang;
      pageLanguage = decision.pageLanguage;
      const title = doc.title.trim();
      context = title ? title.slice(0, 1000) : undefined;
      batchBytes = options.batchBytes ?? API_LIMITS.maxBytes - 512 - baseBodyBytes({
        target_lang: job.targetLang, source_lang: 'XX', context, model_type: 'prefer_quality_optimized', formality: 'prefer_less',
        glossary_id: '00000000-0000-0000-0000-000000000000', show_billed_characters: true, tag_handling: 'html',
      });
      if (stopped) return;
      tracker = visibilityFactory(onNear);
      watchRoot(doc);
      doc.addEventListener('visibilitychange', onVisibility);
      addTitle();
      collectQueue.push({ root: doc, fromMutation: false });
      reportNow();
      await runCollector();
    },

    async restore() {
      if (stopped) return;
      stopped = true;
      if (delayTimer) clearTimeout(delayTimer);
      delayTimer = undefined;
      observer?.disconnect();
      tracker?.disconnect();
      doc.removeEventListener('visibilitychange', onVisibility);
      for (const cleanup of frameCleanups.splice(0)) cleanup();
      queue.length = 0;
      writeQueue.length = 0;
      if (highlight) highlights?.delete(FAILED_HIGHLIGHT);
      failedRanges.clear();
      const slicer = createSlicer();
      let restored = 0;
      for (const unit of [...units].sort((a, b) => a.seq - b.seq)) {
        if (slicer.expired() || restored >= RESTORES_PER_FRAME) {
          await nextFrame();
          await slicer.next();
          restored = 0;
        }
        restored++;
        if (unit.kind === 'html') {
          if (unit.record) undoWrite(unit.record);
          unit.bilingual?.remove();
        } else if (unit.kind === 'attribute') {
          const { element, name, value } = unit.block;
          if (unit.written !== undefined && element.getAttribute(name) === unit.written) element.setAttribute(name, value);
        } else if (unit.written !== undefined && doc.title === unit.written) {
          doc.title = unit.original;
        }
      }
      units.clear();
      doc.getElementById(STYLE_ID)?.remove();
      options.onProgress?.({ total: 0, done: 0, failed: 0, billedCharacters: billed, state: 'original' });
      for (const resolve of idleWaiters.splice(0)) resolve();
    },

    retryFailed() {
      if (stopped) return;
      halted = undefined;
      for (const unit of units) {
        if (unit.state !== 'failed') continue;
        clearFailureMark(unit);
        unit.failure = undefined;
        enqueue(unit, unit.priority === 'viewport' ? 'viewport' : 'nearby');
      }
      reportNow();
    },

    idle() {
      if (isIdle() || stopped) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        // Timers and observers may settle without a report: check again shortly.
        const poll = () => {
          if (isIdle() || stopped) {
            notifyIdle();
            resolve();
          } else setTimeout(poll, 10);
        };
        setTimeout(poll, 10);
      });
    },

    progress,
  };
}
