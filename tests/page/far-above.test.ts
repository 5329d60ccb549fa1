// A translation started with the page scrolled far down: the walk reaches the screen without
// first collecting everything above it, and still collects every block, each once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCollector } from '../../utils/page/collector';
import { farAbove } from '../../utils/page/far-above';
import { createRegistry, type Unit } from '../../utils/page/units';

const SCREEN = 800;

/** Boxes as a page scrolled far down would give them (top and bottom relative to the screen). */
function placeBoxes(boxes: Record<string, [number, number]>): void {
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(SCREEN);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const box = boxes[this === document.body ? 'body' : this.id];
    const [top, bottom] = box ?? [0, 0];
    const width = box ? 1000 : 0;
    return { top, bottom, left: 0, right: width, width, height: bottom - top, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
}

/** The zone ahead of the reader starts three screens above the top of the screen. */
const PAGE = `
  <header id="top"><p>Site name</p></header>
  <main id="main">
    <section id="s1"><h2>First part</h2><p>First text</p></section>
    <section id="s2"><p>Second text</p></section>
    <section id="s3">
      <p id="p1">Long ago</p>
      <p id="p2">Just above</p>
      <span id="inline">Inline words far up</span>
      <p id="p3">On screen</p>
    </section>
    <section id="s4"><p>Below the screen</p></section>
  </main>`;
const BOXES: Record<string, [number, number]> = {
  body: [-9000, 2000], top: [-9000, -8900], main: [-8900, 2000],
  s1: [-8900, -6000], s2: [-6000, -2500], s3: [-2500, 600],
  p1: [-2500, -2450], p2: [-2450, -10], inline: [-2600, -2580], p3: [-10, 600],
  s4: [600, 2000],
};

function walk(onTrack: (key: string) => void = () => undefined): Promise<string[]> {
  const tracked: string[] = [];
  const collector = createCollector({
    doc: document, registry: createRegistry(),
    pageLanguage: () => 'en', languageAllowed: () => true, isOutput: () => false, pageLang: () => null,
    isStopped: () => false, watchRoot: () => true,
    track: (unit: Unit) => {
      tracked.push(unit.key);
      onTrack(unit.key);
    },
    onSlice: () => undefined, onPassStart: () => undefined, onPassEnd: () => undefined,
  });
  collector.push({ root: document, fromMutation: false, screenFirst: true });
  return collector.run().then(() => tracked);
}

afterEach(() => vi.restoreAllMocks());

describe('a walk started far down the page', () => {
  it('passes over the block-level parts wholly above the zone near the reader, and only those', () => {
    document.body.innerHTML = PAGE;
    placeBoxes(BOXES);
    const ctx = { isOwn: () => false, isTaken: () => false, languageAllowed: () => true, pageLanguage: 'en', preservesWhitespace: () => false, view: window as Window & typeof globalThis };
    // s3 holds the top of the zone: looked into, p1 is passed over; the inline run stays whole.
    expect(farAbove(document, ctx).map((el) => el.id)).toEqual(['top', 's1', 's2', 'p1']);
  });

  it('collects the screen and what follows it first, then what it passed over, every block once', async () => {
    document.body.innerHTML = PAGE;
    const fromTop = await walk();
    placeBoxes(BOXES);
    const scrolled = await walk();
    expect([...scrolled].sort()).toEqual([...fromTop].sort());
    expect(new Set(scrolled).size).toBe(scrolled.length);
    expect(scrolled.slice(0, 4)).toEqual(['Just above', '<span id="1">Inline words far up</span>', 'On screen', 'Below the screen']);
    expect(scrolled.slice(4)).toEqual(['Site name', 'First part', 'First text', 'Second text', 'Long ago']);
    expect(fromTop[0]).toBe('Site name');
  });

  it('collects nothing of a part passed over that left the page before its turn', async () => {
    document.body.innerHTML = PAGE;
    placeBoxes(BOXES);
    const tracked = await walk((key) => {
      if (key === 'Below the screen') document.getElementById('s1')!.remove();
    });
    expect(tracked).toEqual(['Just above', '<span id="1">Inline words far up</span>', 'On screen', 'Below the screen', 'Site name', 'Second text', 'Long ago']);
  });

  it('walks in page order when the page is at its top', async () => {
    document.body.innerHTML = PAGE;
    const fromTop = await walk();
    placeBoxes(Object.fromEntries(Object.entries(BOXES).map(([id, [top, bottom]]) => [id, [top + 9000, bottom + 9000]])));
    const reads = vi.mocked(Element.prototype.getBoundingClientRect);
    reads.mockClear();
    expect(farAbove(document, { isOwn: () => false, isTaken: () => false, languageAllowed: () => true, pageLanguage: 'en', preservesWhitespace: () => false })).toEqual([]);
    // Only the body's box is read: a page at its top costs nothing more.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await walk()).toEqual(fromTop);
  });
});
