// Failed blocks are underlined with a custom highlight, but only near the viewport: every range
// of a highlight costs Blink work in each frame where the DOM changes.
import { describe, expect, it } from 'vitest';
import { createFailureMarks, FAILED_ATTRIBUTE } from '../../utils/page/failure-marks';
import type { Unit } from '../../utils/page/units';

/** A document whose window has a highlight registry and an intersection observer the test drives. */
function markedDocument(withObserver = true) {
  document.body.innerHTML = '<p id="a">First paragraph.</p><p id="b">Second paragraph.</p><div id="c">Run one<br>run two</div><section id="s"><div id="d" style="display:contents">Boxless text.</div></section>';
  const registry = new Map<string, Set<Range>>();
  const observed = new Set<Element>();
  let callback: ((entries: { target: Element; isIntersecting: boolean; boundingClientRect: { width: number; height: number } }[]) => void) | undefined;
  class FakeObserver {
    constructor(cb: typeof callback) {
      callback = cb;
    }
    observe(el: Element) {
      observed.add(el);
    }
    unobserve(el: Element) {
      observed.delete(el);
    }
    disconnect() {
      observed.clear();
    }
  }
  const win = { CSS: { highlights: registry }, Highlight: Set, ...(withObserver ? { IntersectionObserver: FakeObserver } : {}) };
  const doc = new Proxy(document, { get: (target, key) => (key === 'defaultView' ? win : Reflect.get(target, key, target)) }) as Document;
  const marks = createFailureMarks(doc, new WeakSet(), (write) => write());
  /** The observer's report on `id`'s box: near or not, and whether it has a box at all. */
  const near = (id: string, isIntersecting: boolean, boxless = false) =>
    callback?.([{ target: document.getElementById(id)!, isIntersecting, boundingClientRect: boxless ? { width: 0, height: 0 } : { width: 600, height: 40 } }]);
  const shown = () => [...(registry.get('glossa-failed') ?? [])].map((range) => (range.startContainer as Element).id ?? '').sort();
  /** The elements the underline's rule applies to now. */
  const held = () => [...document.querySelectorAll(`[${FAILED_ATTRIBUTE}]`)].map((el) => el.id).sort();
  return { marks, near, shown, held, observed };
}

const elementUnit = (id: string) => {
  const element = document.getElementById(id)!;
  return { kind: 'html', state: 'failed', block: { kind: 'html', parent: element, element, nodes: [...element.childNodes] } } as unknown as Unit;
};
/** A run of a parent's children (no element of its own): its parent's box says where it is. */
const runUnit = (id: string, from: number, to: number) => {
  const parent = document.getElementById(id)!;
  return { kind: 'html', state: 'failed', block: { kind: 'html', parent, nodes: [...parent.childNodes].slice(from, to) } } as unknown as Unit;
};

describe('failure marks near the viewport', () => {
  it('underlines a failed block once its box comes near the viewport, and takes the mark off when it leaves', () => {
    const { marks, near, shown, held, observed } = markedDocument();
    const a = elementUnit('a');
    const b = elementUnit('b');
    marks.mark(a);
    marks.mark(b);
    expect(shown()).toEqual([]);
    expect(observed.size).toBe(2);
    near('a', true);
    expect(shown()).toEqual(['a']);
    expect(held()).toEqual(['a']);
    near('b', true);
    near('a', false);
    expect(shown()).toEqual(['b']);
    expect(held()).toEqual(['b']);
    // The rule reaches only the marked boxes and their descendants (a failed block's links), never every element.
    const rule = document.getElementById('glossa-style')?.textContent ?? '';
    expect(rule).toContain(`[${FAILED_ATTRIBUTE}]::highlight(glossa-failed),[${FAILED_ATTRIBUTE}] ::highlight(glossa-failed){`);
    expect(rule).not.toMatch(/(^|[,}])::highlight/);
  });

  it('a second failed run of a box already near is underlined at once; clearing the last one stops watching the box', () => {
    const { marks, near, shown, held, observed } = markedDocument();
    const first = runUnit('c', 0, 1);
    const second = runUnit('c', 2, 3);
    marks.mark(first);
    near('c', true);
    marks.mark(second);
    expect(shown()).toEqual(['c', 'c']);
    marks.clear(first);
    expect(shown()).toEqual(['c']);
    // The box keeps the attribute while one of its runs is still marked.
    expect(held()).toEqual(['c']);
    expect(observed.has(document.getElementById('c')!)).toBe(true);
    marks.clear(second);
    expect(shown()).toEqual([]);
    expect(held()).toEqual([]);
    expect(observed.size).toBe(0);
  });

  it('a retried block near the viewport loses its mark, and Show original removes every mark and the style', () => {
    const { marks, near, shown, held, observed } = markedDocument();
    const before = document.body.innerHTML;
    const a = elementUnit('a');
    const b = elementUnit('b');
    marks.mark(a);
    marks.mark(b);
    near('a', true);
    near('b', true);
    marks.clear(a);
    expect(shown()).toEqual(['b']);
    expect(held()).toEqual(['b']);
    marks.removeAll();
    expect(shown()).toEqual([]);
    expect(observed.size).toBe(0);
    expect(document.getElementById('glossa-style')).toBeNull();
    expect(document.body.innerHTML).toBe(before);
  });

  it('a failed block in a box of no size (display: contents) is placed by its parent’s box', () => {
    const { marks, near, shown, held, observed } = markedDocument();
    marks.mark(elementUnit('d'));
    near('d', false, true);
    expect(observed.has(document.getElementById('d')!)).toBe(false);
    expect(observed.has(document.getElementById('s')!)).toBe(true);
    expect(shown()).toEqual([]);
    near('s', true);
    expect(shown()).toEqual(['d']);
    // The parent holds the attribute: the rule reaches the block's text as a descendant.
    expect(held()).toEqual(['s']);
  });

  it('without an intersection observer, marks every failed block at once', () => {
    const { marks, shown, held } = markedDocument(false);
    marks.mark(elementUnit('a'));
    marks.mark(elementUnit('b'));
    expect(shown()).toEqual(['a', 'b']);
    expect(held()).toEqual(['a', 'b']);
  });
});
