// Failed blocks keep their text and get a wavy underline through the CSS Custom Highlight API.
//
// The rule that paints the underline applies only to elements carrying FAILED_ATTRIBUTE, which
// marked blocks' boxes hold while they are marked. Blink restyles every element of the page
// when a sheet with a rule for every element (`::highlight(…)` alone) comes in: 150-200 ms on
// the 1 MB page, one frame where the page is frozen; a rule scoped to an attribute nobody has
// yet costs a walk of the DOM (about 12 ms there), and each attribute set restyles one block.
//
// Only failed blocks near the viewport carry a mark. Blink rebuilds the markers of every range
// of every highlight in any frame where the DOM changed, so thousands of marks (a long page
// after the quota ran out, or every answer refused) made each frame with writes, the page's own
// included, 80-230 ms longer on the 1 MB page. Marks come and go as blocks near the viewport,
// in the observer's one callback per frame.
import type { Unit } from './units';

const FAILED_HIGHLIGHT = 'glossa-failed';
const STYLE_ID = 'glossa-style';
/** On the box of each marked block while it is marked (taken off with the mark). */
export const FAILED_ATTRIBUTE = 'data-glossa-failed';
/** Marked ahead of the viewport by one screen above and below, so scrolling finds them there. */
const NEAR_MARGIN = '100% 0px 100% 0px';

type MarksWindow = {
  CSS?: { highlights?: Map<string, unknown> };
  Highlight?: new () => Set<Range>;
  IntersectionObserver?: typeof IntersectionObserver;
};

/** The element whose box says where a block is. */
function boxOf(unit: Unit & { kind: 'html' }): Element | undefined {
  const { element, parent } = unit.block;
  if (element) return element;
  if (parent.nodeType === 1) return parent as Element;
  return (parent as ShadowRoot).host;
}

export function createFailureMarks(doc: Document, own: WeakSet<Node>, ownWrite: (write: () => void) => void) {
  const win = doc.defaultView as unknown as MarksWindow | null;
  const highlights = win?.CSS?.highlights;
  const HighlightCtor = win?.Highlight;
  /** Failed blocks by the element watched for them; the ranges of those marked now. */
  const watched = new Map<Element, Set<Unit>>();
  const boxes = new Map<Unit, Element>();
  /** Watched boxes the observer last reported near the viewport. */
  const nearBoxes = new Set<Element>();
  const ranges = new Map<Unit, { range: Range; holder: Element }>();
  /** Marked blocks per element holding FAILED_ATTRIBUTE for them. */
  const holders = new Map<Element, number>();
  let highlight: Set<Range> | undefined;
  const near = win?.IntersectionObserver
    ? new win.IntersectionObserver((entries) => {
        for (const entry of entries) {
          const { width, height } = entry.boundingClientRect;
          // No box of its own (`display: contents`): the parent's box says where the block is.
          const parent = entry.target.parentElement;
          if (!entry.isIntersecting && width === 0 && height === 0 && parent) {
            for (const unit of unwatch(entry.target)) watch(unit, parent);
            continue;
          }
          if (entry.isIntersecting) nearBoxes.add(entry.target);
          else nearBoxes.delete(entry.target);
          for (const unit of watched.get(entry.target) ?? []) {
            if (entry.isIntersecting) show(unit);
            else hide(unit);
          }
        }
      }, { rootMargin: NEAR_MARGIN })
    : undefined;

  /** Watches `box` for `unit`: marked at once where the observer already reported that box near. */
  function watch(unit: Unit, box: Element): void {
    boxes.set(unit, box);
    const units = watched.get(box);
    if (!units) {
      watched.set(box, new Set([unit]));
      near?.observe(box);
      return;
    }
    units.add(unit);
    if (nearBoxes.has(box)) show(unit);
  }

  /** Stops watching `box`; returns the failed blocks it was watched for. */
  function unwatch(box: Element): Set<Unit> {
    const units = watched.get(box) ?? new Set<Unit>();
    watched.delete(box);
    nearBoxes.delete(box);
    near?.unobserve(box);
    return units;
  }

  function installStyle(): void {
    if (doc.getElementById(STYLE_ID)) return;
    const style = doc.createElement('style');
    style.id = STYLE_ID;
    own.add(style);
    // The holder's own text and its descendants' (a failed block's links and bold text).
    style.textContent = `[${FAILED_ATTRIBUTE}]::highlight(${FAILED_HIGHLIGHT}),[${FAILED_ATTRIBUTE}] ::highlight(${FAILED_HIGHLIGHT}){text-decoration:underline wavy rgba(200,60,40,.8);text-decoration-skip-ink:none;}`;
    ownWrite(() => (doc.head ?? doc.documentElement).appendChild(style));
  }

  function hold(holder: Element): void {
    const count = holders.get(holder) ?? 0;
    holders.set(holder, count + 1);
    if (!count) ownWrite(() => holder.setAttribute(FAILED_ATTRIBUTE, ''));
  }

  function letGo(holder: Element): void {
    const count = (holders.get(holder) ?? 1) - 1;
    if (count > 0) return void holders.set(holder, count);
    holders.delete(holder);
    ownWrite(() => holder.removeAttribute(FAILED_ATTRIBUTE));
  }

  function show(unit: Unit): void {
    if (ranges.has(unit) || unit.kind !== 'html' || !highlights || !HighlightCtor) return;
    // The watched box, which may be the parent of an element without a box of its own.
    const holder = boxes.get(unit) ?? boxOf(unit);
    if (!holder) return;
    const { nodes } = unit.block;
    const range = doc.createRange();
    try {
      range.setStartBefore(nodes[0]);
      range.setEndAfter(nodes[nodes.length - 1]);
    } catch {
      return; // Nodes already gone: nothing to mark.
    }
    installStyle();
    if (!highlight) {
      highlight = new HighlightCtor();
      highlights.set(FAILED_HIGHLIGHT, highlight);
    }
    highlight.add(range);
    ranges.set(unit, { range, holder });
    hold(holder);
  }

  function hide(unit: Unit): void {
    const shown = ranges.get(unit);
    if (!shown) return;
    highlight?.delete(shown.range);
    ranges.delete(unit);
    letGo(shown.holder);
  }

  return {
    mark(unit: Unit): void {
      if (unit.kind !== 'html' || !highlights || !HighlightCtor || boxes.has(unit)) return;
      const box = boxOf(unit);
      // Without an observer (or a box to watch) every failed block is marked at once.
      if (!near || !box) return show(unit);
      watch(unit, box);
    },

    clear(unit: Unit): void {
      hide(unit);
      const box = boxes.get(unit);
      if (!box) return;
      boxes.delete(unit);
      const units = watched.get(box);
      units?.delete(unit);
      if (units?.size === 0) unwatch(box);
    },

    removeAll(): void {
      near?.disconnect();
      watched.clear();
      nearBoxes.clear();
      boxes.clear();
      if (highlight) highlights?.delete(FAILED_HIGHLIGHT);
      highlight = undefined;
      ranges.clear();
      const held = [...holders.keys()];
      holders.clear();
      ownWrite(() => {
        for (const holder of held) holder.removeAttribute(FAILED_ATTRIBUTE);
        doc.getElementById(STYLE_ID)?.remove();
      });
    },
  };
}
