// What goes in which call, as the engine sends a page through the scheduler
// (utils/page/scheduler.ts; its plain-data tests: scheduler.test.ts): blocks near the reader
// first, full calls after the first, hidden blocks never used as filler. The scheduler's delays
// run on fake timers: a test advances the clock instead of sleeping.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTranslator, stopAllEngines, testEngine } from './fake-translator';
import type { PageEngine, TranslateFn } from '../../utils/page/engine';
import type { Nearness, VisibilityFactory } from '../../utils/page/visibility';

afterEach(async () => {
  vi.useRealTimers();
  await stopAllEngines();
  document.body.innerHTML = '';
  document.title = '';
});

const FAKE: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] };

/** Awaits `promise` while the fake clock moves on in steps of 10 ms (the engine's timers run meanwhile). */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  const done = promise.finally(() => (settled = true));
  while (!settled) await vi.advanceTimersByTimeAsync(10);
  return done;
}

/** Visibility the test drives: `report(el, nearness)` says an element came near the reader. */
function drivenVisibility(observe: (el: Element) => void = () => undefined) {
  let onNear: (el: Element, nearness: Nearness) => void = () => undefined;
  const visibility: VisibilityFactory = (callback) => {
    onNear = callback;
    return { observe, unobserve: () => undefined, disconnect: () => undefined };
  };
  return { visibility, report: (el: Element, nearness: Nearness) => onNear(el, nearness) };
}

/** The engine's idle promise, with the fake clock moved on until it settles (it looks again every 10 ms). */
const idle = (engine: PageEngine) => settle(engine.idle());

describe('ordering near the viewport', () => {
  it('sends blocks only ahead of the reader as full batches, and the rest when they come near, filled up', async () => {
    document.body.innerHTML = Array.from({ length: 12 }, (_, i) => `<p id="p${i}">Block ${i}</p>`).join('');
    document.title = 'The page';
    const { visibility, report } = drivenVisibility();
    const translator = fakeTranslator();
    vi.useFakeTimers(FAKE);
    const engine = testEngine(translator.translate, { visibility, limit: { blocks: 5, characters: 120_000 } });
    await settle(engine.start());
    const p = (i: number) => document.getElementById(`p${i}`)!;
    report(p(0), 'viewport');
    for (let i = 1; i < 4; i++) report(p(i), 'ahead');
    await vi.advanceTimersByTimeAsync(20);
    await idle(engine);
    // The first call holds the screen (and the tab's title) alone, whatever else was reported before it went.
    expect(translator.calls.map((c) => c.blocks.map((b) => b.text))).toEqual([['Block 0', 'The page']]);
    // Blocks ahead wait until they make a full batch…
    report(p(4), 'ahead');
    await vi.advanceTimersByTimeAsync(20);
    expect(translator.calls).toHaveLength(1);
    report(p(5), 'ahead');
    await vi.advanceTimersByTimeAsync(20);
    expect(translator.calls[1].blocks.map((b) => b.text)).toEqual(['Block 1', 'Block 2', 'Block 3', 'Block 4', 'Block 5']);
    expect(translator.calls[1].info.priority).toBe('ahead');
    // …or come near the screen: after the first call, a call for blocks near the reader is
    // filled with the blocks that follow them on the page (a call costs a request either way).
    report(p(6), 'ahead');
    report(p(6), 'nearby');
    await vi.advanceTimersByTimeAsync(20);
    await idle(engine);
    expect(translator.calls[2].blocks.map((b) => b.text)).toEqual(['Block 6', 'Block 7', 'Block 8', 'Block 9', 'Block 10']);
    expect(translator.calls).toHaveLength(3);
    report(p(11), 'nearby');
    await vi.advanceTimersByTimeAsync(20);
    await idle(engine);
    expect(translator.calls[3].blocks.map((b) => b.text)).toEqual(['Block 11']);
    expect(document.getElementById('p11')!.textContent).toBe('BLOCK 11');
    // Twelve blocks and the title.
    expect(engine.progress()).toMatchObject({ total: 13, done: 13 });
  });

  it('writes the answers for blocks on screen before the rest of an answer for blocks further away that came first', async () => {
    document.body.innerHTML = Array.from({ length: 60 }, (_, i) => `<p id="p${i}">Block ${i}</p>`).join('');
    const { visibility, report } = drivenVisibility();
    // Answers come only when the test lets them.
    const answers: (() => void)[] = [];
    const translate: TranslateFn = (blocks) => new Promise((resolve) => answers.push(() => resolve({
      results: blocks.map((b) => ({ ok: true as const, text: b.text.toUpperCase() })),
      billedCharacters: 0,
    })));
    vi.useFakeTimers(FAKE);
    const engine = testEngine(translate, { visibility, limit: { blocks: 50, characters: 120_000 } });
    await settle(engine.start());
    const p = (i: number) => document.getElementById(`p${i}`)!;
    for (let i = 0; i < 50; i++) report(p(i), 'nearby');
    await vi.advanceTimersByTimeAsync(20);
    report(p(55), 'viewport');
    await vi.advanceTimersByTimeAsync(20);
    expect(answers).toHaveLength(2);
    const written: string[] = [];
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement;
        if (el?.id && !written.includes(el.id)) written.push(el.id);
      }
    }).observe(document.body, { subtree: true, characterData: true, childList: true });
    // The answer for 50 blocks a screen away comes first (more than one frame's writes), the one
    // for the block on screen right after it.
    answers[0]();
    answers[1]();
    await idle(engine);
    expect(written).toHaveLength(51);
    expect(written.indexOf('p55')).toBeLessThan(written.indexOf('p49'));
  });
});

describe('calls for a whole page', () => {
  it('reads through a page in the fewest calls: the first for the screen, then only full ones', async () => {
    // 230 paragraphs, every fifth with a tooltip, some repeated, and a title: 230 + 46 + 1 texts,
    // of which the 23 repeated ones (every tenth paragraph reads the same) go once.
    document.title = 'Ein Artikel';
    document.body.innerHTML = Array.from({ length: 230 }, (_, i) =>
      `<p id="p${i}"${i % 5 === 0 ? ` title="Hinweis ${i}"` : ''}>${i % 10 === 9 ? 'Immer gleich' : `Absatz ${i} mit <b>Text</b>`}</p>`).join('');
    const seen = new Map<Element, boolean>();
    const { visibility, report } = drivenVisibility((el) => seen.set(el, true));
    const translator = fakeTranslator();
    vi.useFakeTimers(FAKE);
    const engine = testEngine(translator.translate, { visibility });
    await settle(engine.start());
    const p = (i: number) => document.getElementById(`p${i}`)!;
    const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    // The screen, then the reader scrolls a few paragraphs at a time, each coming near before it is on screen.
    for (let i = 0; i < 6; i++) report(p(i), 'viewport');
    await wait(5);
    for (let top = 6; top < 230; top += 7) {
      for (let i = top; i < Math.min(top + 7, 230); i++) report(p(i), 'ahead');
      for (let i = top; i < Math.min(top + 7, 230); i++) report(p(i), 'nearby');
      await wait(3);
    }
    await wait(200);
    await idle(engine);

    const distinct = new Set(translator.calls.flatMap((c) => c.blocks.map((b) => `${b.format}\u0000${b.text}`)));
    const sent = translator.calls.reduce((n, c) => n + c.blocks.length, 0);
    expect(sent).toBe(distinct.size); // nothing sent twice
    expect(distinct.size).toBe(230 - 23 + 1 + 46 + 1);
    // The first call is what was on screen; after it every call is full but the last.
    const sizes = translator.calls.map((c) => c.blocks.length);
    expect(translator.calls[0].info.priority).toBe('viewport');
    expect(sizes.slice(1, -1).every((n) => n === 50)).toBe(true);
    expect(translator.calls).toHaveLength(1 + Math.ceil((distinct.size - sizes[0]) / 50));
    // Tooltips and paragraphs share calls.
    expect(translator.calls.some((c) => c.blocks.some((b) => b.text.startsWith('Hinweis')) && c.blocks.some((b) => b.text.startsWith('Absatz')))).toBe(true);
    expect(document.getElementById('p229')!.textContent).toBe('IMMER GLEICH');
    expect(document.getElementById('p225')!.title).toBe('HINWEIS 225');
    expect(engine.progress()).toMatchObject({ failed: 0 });
    expect(engine.progress().done).toBe(engine.progress().total);
  });
});

describe('filling calls', () => {
  it('fills calls with the blocks after the reader, never with hidden ones, which go once they are shown', async () => {
    document.body.innerHTML = '<p id="p0">Top</p><p id="p1">Near</p><div id="menu" style="display:none"><p>Menu one</p><p>Menu two</p></div>'
      + Array.from({ length: 6 }, (_, i) => `<p id="q${i}">Below ${i}</p>`).join('');
    const { visibility, report } = drivenVisibility();
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, { visibility, limit: { blocks: 4, characters: 120_000 } });
    await engine.start();
    report(document.getElementById('p0')!, 'viewport');
    // The screen's call goes before the next block comes near (awaited, on the real clock).
    await vi.waitFor(() => expect(translator.calls).toHaveLength(1));
    report(document.getElementById('p1')!, 'nearby');
    await engine.idle();
    expect(translator.calls.map((c) => c.blocks.map((b) => b.text))).toEqual([['Top'], ['Near', 'Below 0', 'Below 1', 'Below 2']]);
    expect(translator.sent()).not.toContain('Menu one');
    // Shown and seen: the menu goes, with what follows it.
    const menu = document.getElementById('menu')!;
    menu.style.display = '';
    report(menu.children[0], 'viewport');
    await engine.idle();
    expect(translator.calls[2].blocks.map((b) => b.text)).toEqual(['Menu one', 'Menu two', 'Below 3', 'Below 4']);
    expect(menu.textContent).toBe('MENU ONEMENU TWO');
  });
});
