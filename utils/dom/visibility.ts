// Tells the engine when a block's element comes near the viewport, so what the user sees goes
// first and content far below waits until the user scrolls towards it.

export interface VisibilityTracker {
  observe(el: Element): void;
  unobserve(el: Element): void;
  disconnect(): void;
}

/** Called once per element when it first comes near; `inViewport` when it is on screen now. */
export type OnNear = (el: Element, inViewport: boolean) => void;

export type VisibilityFactory = (onNear: OnNear) => VisibilityTracker;

/** How far beyond the viewport (above and below) content is translated ahead of scrolling. */
export const NEAR_MARGIN = '150% 0px 150% 0px';

export const intersectionVisibility: VisibilityFactory = (onNear) => {
  const observer = new IntersectionObserver(
    (entries) => {
      const height = globalThis.innerHeight || entries[0]?.rootBounds?.height || 0;
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const rect = entry.boundingClientRect;
        onNear(entry.target, rect.bottom > 0 && rect.top < height);
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  return {
    observe: (el) => observer.observe(el),
    unobserve: (el) => observer.unobserve(el),
    disconnect: () => observer.disconnect(),
  };
};

/** Everything counts as on screen at once: for documents without IntersectionObserver, and tests. */
export const immediateVisibility: VisibilityFactory = (onNear) => {
  let active = true;
  return {
    observe: (el) => {
      queueMicrotask(() => {
        if (active) onNear(el, true);
      });
    },
    unobserve: () => undefined,
    disconnect: () => {
      active = false;
    },
  };
};
