// Prefetch ahead of a scrolling reader: which blocks of the zone ahead go early, by the scroll
// direction, its speed and the calls' round trip (a window with a scripted scroll and clock).
import { describe, expect, it } from 'vitest';
import { createLead } from '../../utils/page/lead';

const HEIGHT = 800;

function setup(roundTripMs: number | undefined = 100) {
  let clock = 0;
  let scrolled: (() => void) | undefined;
  let frame: (() => void) | undefined;
  const win = {
    scrollY: 0,
    innerHeight: HEIGHT,
    addEventListener: (_type: string, listener: () => void) => {
      scrolled = listener;
    },
    removeEventListener: () => {
      scrolled = undefined;
    },
    requestAnimationFrame: (callback: () => void) => {
      frame = callback;
      return 1;
    },
    cancelAnimationFrame: () => {
      frame = undefined;
    },
  } as unknown as Window & typeof globalThis;
  const promoted: string[] = [];
  const lead = createLead({ win, roundTripMs: () => roundTripMs, promote: (els) => promoted.push(...els.map((el) => el.id)), now: () => clock });
  /** Elements entering the zone ahead at these document tops (px), while the page is at the top. */
  const place = (tops: Record<string, number>) => {
    const placed = new Map<string, Element>();
    for (const [id, top] of Object.entries(tops)) {
      const el = document.createElement('p');
      el.id = id;
      placed.set(id, el);
      lead.add(el, top - win.scrollY);
    }
    return placed;
  };
  /** Scrolls by `dy` px per frame of 16 ms, `frames` times. */
  const scroll = (dy: number, frames: number) => {
    for (let i = 0; i < frames; i++) {
      clock += 16;
      (win as { scrollY: number }).scrollY += dy;
      scrolled?.();
      const run = frame;
      frame = undefined;
      run?.();
    }
  };
  return { lead, place, scroll, promoted, win };
}

describe('prefetch ahead of the reader', () => {
  it('a flick (a screen per 200 ms) sends the blocks it reaches within a round trip, not those further', () => {
    const { place, scroll, promoted } = setup(100);
    place({ near: 1100, within: 2000, beyond: 3100 });
    // 800 px per 200 ms = 4 px/ms (smoothed: 2, 3, 3.5 over the first frames) × (100 ms round trip + 250 ms to send and write): up to about 1,200 px below the screen.
    scroll(64, 3);
    expect(promoted).toEqual(['near', 'within']);
  });

  it('places a block by the scroll position when it entered the zone, not by the last sampled one', () => {
    const { place, scroll, promoted, win } = setup(100);
    place({ far: 20_000 });
    scroll(64, 3);
    // The page moved 600 px more before the next frame was sampled; then the block entered the zone ahead.
    (win as { scrollY: number }).scrollY += 600;
    place({ below: 1900 });
    // The next frame: a fast flick, prefetching up to 3 screens below the screen's bottom (856 + 800 px).
    scroll(64, 1);
    expect(promoted).toEqual(['below']);
  });

  it('a reader (a screen per second) prefetches only the next few hundred pixels', () => {
    const { place, scroll, promoted } = setup(100);
    place({ next: 1000, later: 1600 });
    // 0.8 px/ms × 350 ms = 280 px below the screen.
    scroll(13, 10);
    expect(promoted).toEqual(['next']);
  });

  it('prefetches deeper when the round trip is longer', () => {
    const { place, scroll, promoted } = setup(800);
    place({ next: 1000, later: 1600 });
    // 0.8 px/ms × (800 + 250) ms = 840 px below the screen.
    scroll(13, 10);
    expect(promoted).toEqual(['next', 'later']);
  });

  it('a reader who does not scroll prefetches nothing', () => {
    const { place, scroll, promoted } = setup(100);
    place({ next: 900 });
    scroll(0, 20);
    expect(promoted).toEqual([]);
  });

  it('scrolling up prefetches above the screen, never below it', () => {
    const { place, scroll, promoted, win } = setup(100);
    (win as { scrollY: number }).scrollY = 5000;
    scroll(0, 1);
    place({ above: 4500, below: 6000 });
    scroll(-64, 3);
    expect(promoted).toEqual(['above']);
  });

  it('an element that came near by itself, or after stop, is not promoted', () => {
    const { lead, place, scroll, promoted } = setup(100);
    const placed = place({ came: 1000, other: 1100 });
    lead.remove(placed.get('came')!);
    scroll(64, 1);
    expect(promoted).toEqual(['other']);
    place({ late: 1200 });
    lead.stop();
    scroll(64, 3);
    expect(promoted).toEqual(['other']);
  });
});
