// Time slicing: the engine works in short slices and yields to the page between them, so no
// task it runs comes near the 50 ms a user notices, even on a 500 KB page.

/** Work per slice; well under 50 ms so garbage collection and the page's own work fit too. */
const SLICE_MS = 8;

/**
 * Lets the browser run input, rendering and other tasks before continuing. A posted message
 * queues behind tasks already waiting, including the replies to Glossa's own messages;
 * scheduler.yield() is not used because its continuations go first and would hold those
 * replies back until a long collection has finished.
 */
function yieldToPage(win: Window & typeof globalThis = globalThis as Window & typeof globalThis): Promise<void> {
  if (typeof win.MessageChannel === 'function' && typeof window !== 'undefined' && !isTestDom(win)) {
    return new Promise((resolve) => {
      const channel = new win.MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** happy-dom's MessageChannel does not deliver like a browser's: use timers there. */
function isTestDom(win: Window): boolean {
  return /HappyDOM/i.test(win.navigator?.userAgent ?? '');
}

interface Slicer {
  /** True once the current slice has used its time. */
  expired(): boolean;
  /** Yields to the page and starts a new slice. */
  next(): Promise<void>;
}

/** About how often a slice looks at the clock: reading it per item costs more than most items. */
const CLOCK_EVERY_MS = 0.25;
/** At most this many items between looks, so a run of suddenly heavy items cannot overrun a slice by much. */
const MAX_ITEMS_BETWEEN_LOOKS = 16;

const performanceNow = () => performance.now();

/**
 * The end of the current slice, per clock, shared by every pass of the engine: passes started
 * one after another within one task (a collection pass that ends starts a writing pass, which
 * starts the next collection) share that task's slice instead of taking a fresh one each.
 */
const sliceEnds = new WeakMap<() => number, number>();

export function createSlicer(budgetMs = SLICE_MS, now: () => number = performanceNow): Slicer {
  const start = now();
  // A slice that ended only moments ago was this task's: join it (the first look yields).
  // One that ended longer ago belongs to an earlier task: start a new one.
  const current = sliceEnds.get(now);
  if (current === undefined || current <= start - budgetMs) sliceEnds.set(now, start + budgetMs);
  let lastLook = start;
  let items = 0;
  let stride = 1;
  return {
    expired: () => {
      if (++items < stride) return false;
      const t = now();
      if (t >= sliceEnds.get(now)!) return true;
      const perItem = (t - lastLook) / items;
      // At most doubling per look: a look taken before any work (a loop that asks first) measures
      // nothing, and must not let the next sixteen heavy items run unchecked.
      const fit = perItem > 0 ? Math.floor(CLOCK_EVERY_MS / perItem) : MAX_ITEMS_BETWEEN_LOOKS;
      stride = Math.max(1, Math.min(MAX_ITEMS_BETWEEN_LOOKS, stride * 2, fit));
      lastLook = t;
      items = 0;
      return false;
    },
    next: async () => {
      await yieldToPage();
      lastLook = now();
      sliceEnds.set(now, lastLook + budgetMs);
      items = 0;
    },
  };
}

/** Resolves when the document is visible (at once when it already is). */
export function whenVisible(doc: Document): Promise<void> {
  if (!doc.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (doc.hidden) return;
      doc.removeEventListener('visibilitychange', onChange);
      resolve();
    };
    doc.addEventListener('visibilitychange', onChange);
  });
}
