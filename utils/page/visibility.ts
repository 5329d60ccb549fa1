// Tells the engine when a block's element comes towards the viewport, so what the user sees
// goes first, what is a screen away follows promptly, and what is further ahead rides along
// in full batches only; content beyond that waits until the user scrolls towards it.

export interface VisibilityTracker {
  observe(el: Element): void;
  unobserve(el: Element): void;
  disconnect(): void;
}

/** 'viewport': on screen now; 'nearby': within a screen of it; 'ahead': within a few screens. */
export type Nearness = 'viewport' | 'nearby' | 'ahead';

/** Called when an element enters a zone (at most once per zone and element), with its top on screen (px) when known. */
type OnNear = (el: Element, nearness: Nearness, top?: number) => void;

export type VisibilityFactory = (onNear: OnNear) => VisibilityTracker;

const NEARBY_MARGIN = '100% 0px 100% 0px';
/** How many screens above and below the viewport count as ahead of the reader. */
export const AHEAD_SCREENS = 3;
const AHEAD_MARGIN = `${AHEAD_SCREENS * 100}% 0px ${AHEAD_SCREENS * 100}% 0px`;

export const intersectionVisibility: VisibilityFactory = (onNear) => {
  // Targets start in the wide observer only, and join the near one once they are ahead: each
  // observer's cost grows with its targets, and far content is most of a long page.
  const nearby = new IntersectionObserver(
    (entries) => {
      const height = globalThis.innerHeight || 0;
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearby.unobserve(entry.target);
        const rect = entry.boundingClientRect;
        onNear(entry.target, rect.bottom > 0 && rect.top < height ? 'viewport' : 'nearby');
      }
    },
    { rootMargin: NEARBY_MARGIN },
  );
  const ahead = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        ahead.unobserve(entry.target);
        onNear(entry.target, 'ahead', entry.boundingClientRect.top);
        nearby.observe(entry.target);
      }
    },
    { rootMargin: AHEAD_MARGIN },
  );
  return {
    observe: (el) => ahead.observe(el),
    unobserve: (el) => {
      nearby.unobserve(el);
      ahead.unobserve(el);
    },
    disconnect: () => {
      nearby.disconnect();
      ahead.disconnect();
    },
  };
};

/** Everything counts as on screen at once: for documents without IntersectionObserver, and tests. */
export const immediateVisibility: VisibilityFactory = (onNear) => {
  let active = true;
  return {
    observe: (el) => {
      queueMicrotask(() => {
        if (active) onNear(el, 'viewport');
      });
    },
    unobserve: () => undefined,
    disconnect: () => {
      active = false;
    },
  };
};
