// Prefetch ahead of the reader: blocks a few screens away normally wait to fill a call of their
// own; while the reader scrolls, those in the scroll direction that the reader will reach within
// about one round trip and a send go now, so their translation is there when they come into
// view. The depth follows the scroll speed and the calls' measured round trip; a reader who
// stops, or scrolls slowly, prefetches nothing beyond the next screen (nothing extra is billed).

/** Time a block needs from being raised to being written, beyond the round trip (wait for company, writing). */
const SEND_AND_WRITE_MS = 250;
/** Round trip assumed before any call has come back. */
const FIRST_ROUND_TRIP_MS = 300;
/** Deepest prefetch, in viewports: as far as the zone of blocks ahead reaches (visibility.ts). */
const MAX_DEPTH_VIEWPORTS = 3;
/** Weight of the newest speed sample in the smoothed speed. */
const SMOOTHING = 0.5;
/** A pause longer than this between scroll events means the reader stopped. */
const STILL_MS = 250;

interface LeadDeps {
  win: Window & typeof globalThis;
  /** Round trip of the recent translate calls (ms), or undefined before the first. */
  roundTripMs(): number | undefined;
  /** The reader will reach these elements soon: their units should go now. */
  promote(elements: Element[]): void;
  now?: () => number;
}

export function createLead(deps: LeadDeps) {
  const { win } = deps;
  const now = deps.now ?? (() => performance.now());
  /** Elements in the zone ahead, by their top in the document (px), waiting to be promoted. */
  const ahead = new Map<Element, number>();
  let lastY = 0;
  let lastAt = 0;
  let speed = 0; // px per ms, signed: positive is down the page
  let frame = 0;
  let listening = false;

  const sample = () => {
    frame = 0;
    const at = now();
    const y = win.scrollY;
    const dt = at - lastAt;
    const instant = dt > 0 && dt < STILL_MS ? (y - lastY) / dt : 0;
    speed = dt >= STILL_MS ? 0 : speed * (1 - SMOOTHING) + instant * SMOOTHING;
    lastY = y;
    lastAt = at;
    if (speed === 0 || ahead.size === 0) return;
    const height = win.innerHeight || 0;
    const lead = (deps.roundTripMs() ?? FIRST_ROUND_TRIP_MS) + SEND_AND_WRITE_MS;
    const depth = Math.min(MAX_DEPTH_VIEWPORTS * height, Math.abs(speed) * lead);
    // The band the reader will reach next: below the screen going down, above it going up.
    const [from, to] = speed > 0 ? [y + height, y + height + depth] : [y - depth, y];
    const due: Element[] = [];
    for (const [el, top] of ahead) {
      if (top >= from && top <= to) {
        due.push(el);
        ahead.delete(el);
      }
    }
    if (due.length) deps.promote(due);
  };

  const onScroll = () => {
    if (!frame) frame = win.requestAnimationFrame(sample);
  };

  return {
    /** The element entered the zone ahead; `viewportTop` is its top on screen then (px). */
    add(el: Element, viewportTop: number): void {
      if (!listening) {
        listening = true;
        lastY = win.scrollY;
        lastAt = now();
        win.addEventListener('scroll', onScroll, { passive: true });
      }
      // The scroll position now, not at the last sample: the reader may have moved since (read in the observer's callback, layout is clean).
      ahead.set(el, viewportTop + win.scrollY);
    },

    /** The element came near by itself (or went away): nothing to promote. */
    remove(el: Element): void {
      ahead.delete(el);
    },

    stop(): void {
      win.removeEventListener('scroll', onScroll);
      if (frame) win.cancelAnimationFrame(frame);
      ahead.clear();
    },
  };
}
