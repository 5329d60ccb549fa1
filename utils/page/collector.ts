// Finds the units of the page in short slices: blocks and attributes of the document, of open
// shadow roots and same-origin frames, and of whatever the page adds or changes later; the
// tab's title. Content the page copied from a translation is never taken as source.
import { blockContainerOf, collectAttributes, collectBlocks, type AttributeBlock, type CollectContext, type HtmlBlock } from './collect';
import { BILINGUAL_TAG } from './bilingual';
import { farAbove } from './far-above';
import { createSlicer, whenVisible } from './schedule';
import { plainOf, serializePlain } from './serialize';
import type { ScopeMatcher } from './site-scope';
import type { Registry, Unit } from './units';

const LETTER = /\p{L}/u;

interface CollectJob {
  root: Element | ShadowRoot | Document;
  fromMutation: boolean;
  attributesOnly?: boolean;
  /** Content without a usable viewport position (other documents): queue at once. */
  immediate?: boolean;
  /** The first walk of a document: what lies above the zone ahead of the reader is collected after the rest (far-above.ts). */
  screenFirst?: boolean;
}

interface CollectorDeps {
  doc: Document;
  registry: Registry;
  pageLanguage(): string;
  languageAllowed(lang: string): boolean;
  isOutput(text: string): boolean;
  /** An element's `lang` as the page set it. */
  pageLang(el: Element): string | null;
  isStopped(): boolean;
  /** Starts following a shadow root or a frame's document; false when it was followed already. */
  watchRoot(root: ShadowRoot | Document): boolean;
  track(unit: Unit, immediate: boolean): void;
  /** The walk took a slice: what is queued may go now rather than after the whole walk. */
  onSlice(): void;
  onPassStart(): void;
  onPassEnd(): void;
  /** The site's scope rules now (they may change while the page is translated). */
  scope?(): ScopeMatcher | undefined;
}

/** Whether the element renders white space as written (blocks keep it then). */
export function preservesWhitespace(win: Window, el: Element): boolean {
  const style = win.getComputedStyle?.(el);
  if (!style) return false;
  const ws = style.whiteSpace || '';
  const collapse = style.getPropertyValue('white-space-collapse');
  return ws.startsWith('pre') || ws === 'break-spaces' || (collapse !== '' && collapse !== 'collapse');
}

export function createCollector(deps: CollectorDeps) {
  const { doc, registry } = deps;
  const win = doc.defaultView ?? (globalThis as unknown as Window & typeof globalThis);
  const queue: CollectJob[] = [];
  const observedFrames = new WeakSet<Element>();
  const frameCleanups: (() => void)[] = [];
  let collecting: Promise<void> | undefined;
  /** The job being collected (islands found in it are collected as part of it). */
  let current: CollectJob | undefined;
  /** Elements the walk passes over for now (above the zone ahead of the reader): their jobs follow it. */
  let later: Set<Element> | undefined;

  const context: CollectContext = {
    isOwn: (node) => registry.own.has(node) || (node.nodeType === 1 && (node as Element).localName === BILINGUAL_TAG),
    isTaken: (node) => registry.isTaken(node) || (later !== undefined && later.has(node as Element)),
    languageAllowed: (lang) => deps.languageAllowed(lang),
    get pageLanguage() {
      return deps.pageLanguage();
    },
    get scope() {
      return deps.scope?.();
    },
    preservesWhitespace: (el) => preservesWhitespace(win, el),
    onShadowRoot: (root) => {
      if (deps.watchRoot(root)) queue.push({ root, fromMutation: false });
    },
    onFrame: (frame) => watchFrame(frame),
    onIsland: (el) => {
      if (current) queue.push({ root: el, fromMutation: current.fromMutation, immediate: current.immediate });
    },
    pageLang: (el) => deps.pageLang(el),
    view: win,
  };

  function watchFrame(frame: HTMLIFrameElement): void {
    const tryFrame = () => {
      let frameDoc: Document | null = null;
      try {
        frameDoc = frame.contentDocument; // null for other origins
      } catch {
        frameDoc = null;
      }
      if (!frameDoc?.body || deps.isStopped() || !deps.watchRoot(frameDoc)) return;
      queue.push({ root: frameDoc, fromMutation: false, immediate: true });
      void run();
    };
    if (!observedFrames.has(frame)) {
      observedFrames.add(frame);
      frame.addEventListener('load', tryFrame);
      frameCleanups.push(() => frame.removeEventListener('load', tryFrame));
    }
    queueMicrotask(tryFrame);
  }

  const addHtml = (block: HtmlBlock, job: CollectJob) => {
    // Content the page copied from a translation must not be translated again.
    if (job.fromMutation && deps.isOutput(plainOf(block.source.html))) return;
    const unit = registry.addHtml(block);
    deps.track(unit, !!job.immediate);
  };

  const addAttribute = (block: AttributeBlock, job: CollectJob) => {
    if (job.fromMutation && deps.isOutput(block.text)) return;
    const unit = registry.addAttribute(block);
    if (!unit) return;
    deps.track(unit, !!job.immediate);
  };

  function run(): Promise<void> {
    if (collecting) return collecting;
    deps.onPassStart();
    const pass = async () => {
      const slicer = createSlicer();
      while (queue.length && !deps.isStopped()) {
        const job = queue.shift()!;
        // A part passed over, or changed, earlier may have left the page since: nothing of it is sent.
        if (!job.root.isConnected) continue;
        current = job;
        if (!job.attributesOnly) {
          if (job.screenFirst && job.root.nodeType === 9) later = new Set(farAbove(job.root as Document, context));
          try {
            for (const block of collectBlocks(job.root, context)) {
              if (deps.isStopped()) return;
              if (block) addHtml(block, job);
              if (slicer.expired()) {
                deps.onSlice();
                await slicer.next();
                await whenVisible(doc);
              }
            }
          } finally {
            // Whatever ended the walk, what it passed over is walked next (never skipped for good).
            if (later && !deps.isStopped()) for (const root of later) queue.push({ root, fromMutation: false });
            later = undefined;
          }
        }
        // Only the element's own attributes when only they changed.
        const attributes = collectAttributes(job.root, context, !(job.attributesOnly && job.root.nodeType === 1));
        for (const block of attributes) {
          if (deps.isStopped()) return;
          if (block) addAttribute(block, job);
          if (slicer.expired()) await slicer.next();
        }
      }
    };
    // Set before the pass starts: it runs synchronously up to its first await, and a slice that
    // ends there already asks whether the walk goes on (the first call waits for the screen,
    // calls that are not full wait for more blocks). Cleared after the pass settles (never
    // inside it: a pass without awaits ends synchronously).
    let settle!: { resolve(): void; reject(err: unknown): void };
    collecting = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    pass().finally(() => {
      collecting = undefined;
      if (queue.length && !deps.isStopped()) void run();
      deps.onPassEnd();
    }).then(settle.resolve, settle.reject);
    return collecting;
  }

  return {
    context,
    run,
    push(job: CollectJob): void {
      queue.push(job);
    },

    /** The tab's title, as a unit of its own (once; again after the page changes it). */
    addTitle(): void {
      if (deps.isStopped() || registry.title || deps.scope?.()?.allowsTitle === false) return;
      const value = doc.title;
      if (!value || !LETTER.test(value) || deps.isOutput(value.trim()) || !deps.languageAllowed(deps.pageLanguage())) return;
      const { text, leading, trailing } = serializePlain(value);
      deps.track(registry.addTitle(value, text, leading, trailing), true);
    },

    /** The block container a changed node belongs to (where collection looks again). */
    regionOf(node: Node): Element | ShadowRoot | null {
      return blockContainerOf(node, context);
    },

    get active(): boolean {
      return collecting !== undefined || queue.length > 0;
    },

    stop(): void {
      for (const cleanup of frameCleanups.splice(0)) cleanup();
      queue.length = 0;
    },
  };
}
