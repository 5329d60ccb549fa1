// Where units stand relative to the reader: a unit is queued when its element comes near the
// viewport (what is on screen first), and blocks on screen at the very start are found by
// reading their position while layout is still the page's own, so the first call goes as soon
// as the walk has passed the bottom of the screen.
import type { Priority } from './types';
import { elementOf, type Unit } from './units';
import { createLead } from './lead';
import { immediateVisibility, intersectionVisibility, type Nearness, type VisibilityFactory, type VisibilityTracker } from './visibility';

/** How long after starting blocks on screen are found by reading their position directly. */
const INITIAL_VIEWPORT_MS = 60;

interface ViewportDeps {
  doc: Document;
  /** Injected visibility (tests); positions are then never read directly. */
  visibility?: VisibilityFactory;
  /** Whether Glossa has written to the page (reading positions would then force a layout). */
  wroteToPage(): boolean;
  enqueue(unit: Unit, priority: Priority): void;
  /** A queued unit came nearer: it may go sooner. */
  raise(unit: Unit, nearness: Nearness): void;
  /** Round trip of the recent translate calls (ms), for how far ahead of a scrolling reader to send. */
  roundTripMs(): number | undefined;
  /** The walk has just passed the bottom of the screen: every block on it is queued. */
  screenPassed(): void;
}

export function createViewport(deps: ViewportDeps) {
  const { doc } = deps;
  const win = doc.defaultView ?? (globalThis as unknown as Window & typeof globalThis);
  const factory = deps.visibility ?? (typeof win.IntersectionObserver === 'function' ? intersectionVisibility : immediateVisibility);
  const waitingForView = new WeakMap<Element, Unit[]>();
  let tracker: VisibilityTracker | undefined;
  let startedAt = 0;

  // Blocks ahead that a scrolling reader will reach within a round trip go as if near.
  const lead = createLead({
    win, roundTripMs: deps.roundTripMs,
    promote: (elements) => {
      for (const el of elements) onNear(el, 'nearby');
    },
  });

  const onNear = (el: Element, nearness: Nearness, top?: number) => {
    const list = waitingForView.get(el);
    if (!list) return;
    if (nearness !== 'ahead') {
      waitingForView.delete(el);
      lead.remove(el);
    } else if (top !== undefined) lead.add(el, top);
    for (const unit of list) {
      if (unit.state === 'waiting') deps.enqueue(unit, nearness);
      else deps.raise(unit, nearness);
    }
  };

  /** Positions are read only at the start, while layout is clean. */
  const readingPositions = () => !deps.wroteToPage() && !deps.visibility && performance.now() - startedAt <= INITIAL_VIEWPORT_MS;
  /** The walk (in page order) has reached a block below the screen. */
  let belowScreen = false;

  /** Whether the element is on screen now (false once positions are no longer read). */
  const onScreenNow = (el: Element): boolean => {
    if (!readingPositions()) return false;
    const rect = el.getBoundingClientRect();
    const height = win.innerHeight || 0;
    const boxed = rect.width > 0 || rect.height > 0;
    if (boxed && rect.top >= height && !belowScreen) {
      belowScreen = true;
      deps.screenPassed();
    }
    return boxed && rect.bottom > 0 && rect.top < height && rect.right > 0 && rect.left < (win.innerWidth || 0);
  };

  return {
    start(): void {
      startedAt = performance.now();
      tracker = factory(onNear);
    },

    /** Queues the unit at once (`immediate`, no position) or when it comes near the reader. */
    track(unit: Unit, immediate: boolean): void {
      const target = elementOf(unit);
      if (!target || immediate) return deps.enqueue(unit, unit.kind === 'title' ? 'viewport' : 'nearby');
      if (onScreenNow(target)) return deps.enqueue(unit, 'viewport');
      const list = waitingForView.get(target);
      if (list) list.push(unit);
      else {
        waitingForView.set(target, [unit]);
        tracker?.observe(target);
      }
    },

    /**
     * Whether every block on screen at the start has been found: the walk reached one below the
     * screen, or positions are no longer read (then the observers tell, a frame later).
     */
    firstScreenFound(): boolean {
      return belowScreen || !readingPositions();
    },

    stop(): void {
      tracker?.disconnect();
      lead.stop();
    },
  };
}
