// The first screen at the start: blocks on screen are found by their position while the walk
// goes, and the screen counts as found once the walk reaches a block below it (or positions
// are no longer read), so that the first call carries the whole screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Priority } from '../../utils/page/types';
import type { Unit } from '../../utils/page/units';
import { createViewport } from '../../utils/page/viewport';
import type { TranslateFn } from '../../utils/page/engine';
import { fakeTranslator, stopAllEngines, testEngine } from './fake-translator';

/** An element laid out at `top` with `height` (happy-dom lays nothing out). */
function block(doc: Document, id: string, top: number, height = 40): Element {
  const el = doc.createElement('p');
  el.id = id;
  el.getBoundingClientRect = () => ({ top, bottom: top + height, left: 0, right: 600, width: 600, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
  doc.body.append(el);
  return el;
}

const unitOf = (element: Element) => ({ kind: 'html', block: { element }, state: 'waiting' }) as unknown as Unit;

function setup(wrote = false) {
  const doc = document.implementation.createHTMLDocument('viewport');
  // Observers that never report: what the test sees is what positions told.
  const IntersectionObserver = class { observe() {} unobserve() {} disconnect() {} };
  Object.defineProperty(doc, 'defaultView', { value: { innerHeight: 800, innerWidth: 1200, IntersectionObserver } });
  const enqueued: [string, Priority][] = [];
  const passed: number[] = [];
  const viewport = createViewport({
    doc,
    wroteToPage: () => wrote,
    enqueue: (unit, priority) => enqueued.push([(unit as unknown as { block: { element: Element } }).block.element.id, priority]),
    raise: () => undefined,
    roundTripMs: () => undefined,
    // When it says so: how many blocks had been queued by then.
    screenPassed: () => passed.push(enqueued.length),
  });
  viewport.start();
  return { doc, viewport, enqueued, passed };
}

describe('the first screen', () => {
  afterEach(() => vi.useRealTimers());

  it('is found once the walk reaches a block below the screen, not before', () => {
    const { doc, viewport, enqueued, passed } = setup();
    viewport.track(unitOf(block(doc, 'heading', 10)), false);
    viewport.track(unitOf(block(doc, 'lead', 300)), false);
    expect(viewport.firstScreenFound()).toBe(false);
    expect(passed).toEqual([]);
    viewport.track(unitOf(block(doc, 'second-screen', 900)), false);
    // Said at once, with the screen's two blocks queued (the call goes then, not at the slice's end), and once.
    expect(passed).toEqual([2]);
    viewport.track(unitOf(block(doc, 'third-screen', 1700)), false);
    expect(passed).toEqual([2]);
    expect(viewport.firstScreenFound()).toBe(true);
    expect(enqueued).toEqual([['heading', 'viewport'], ['lead', 'viewport']]);
  });

  it('does not count a block without a box (hidden) as below the screen', () => {
    const { doc, viewport } = setup();
    const hidden = block(doc, 'hidden', 900);
    hidden.getBoundingClientRect = () => ({ top: 900, bottom: 900, left: 0, right: 0, width: 0, height: 0, x: 0, y: 900, toJSON: () => ({}) }) as DOMRect;
    viewport.track(unitOf(hidden), false);
    expect(viewport.firstScreenFound()).toBe(false);
  });

  it('is taken as found once positions are no longer read: after the first moments, or once Glossa wrote to the page', () => {
    const wrote = setup(true);
    expect(wrote.viewport.firstScreenFound()).toBe(true);
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(1_000);
    const { doc, viewport } = setup();
    viewport.track(unitOf(block(doc, 'top', 10)), false);
    expect(viewport.firstScreenFound()).toBe(false);
    now.mockReturnValue(1_100);
    expect(viewport.firstScreenFound()).toBe(true);
    now.mockRestore();
  });
});

describe('the first call', () => {
  afterEach(async () => {
    await stopAllEngines();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('goes as soon as the walk passes the bottom of the screen, with the screen, before the walk goes on', async () => {
    const screen = ['One on screen', 'Two on screen', 'Three on screen'];
    const below = Array.from({ length: 1500 }, (_, i) => `Paragraph ${i} further down`);
    document.body.innerHTML = [...screen, ...below].map((text, i) => `<p id="b${i}">${text}</p>`).join('');
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    // Boxes read below the screen: how far the walk had gone when the first call went.
    let readsBelow = 0;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const index = this.id.startsWith('b') ? Number(this.id.slice(1)) : -1;
      const top = this === document.body ? 0 : index < screen.length ? index * 200 : 900 + index * 50;
      if (index >= screen.length) readsBelow++;
      const height = this === document.body ? 400_000 : 40;
      return { top, bottom: top + height, left: 0, right: 600, width: 600, height, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    let readsAtFirstCall = -1;
    const translator = fakeTranslator();
    const translate: TranslateFn = (blocks, info) => {
      if (readsAtFirstCall < 0) readsAtFirstCall = readsBelow;
      return translator.translate(blocks, info);
    };
    // Positions are read (no visibility is injected), as in a browser.
    const engine = testEngine(translate, { visibility: undefined });
    await engine.start();
    expect(translator.calls[0].blocks.map((b) => b.text)).toEqual(screen);
    // Only the first block below the screen had been read: the call did not wait for the slice to end.
    expect(readsAtFirstCall).toBe(1);
  });
});
