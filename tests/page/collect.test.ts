// Huge and odd pages: no crash, no stack overflow, no slice that blocks, the text translated,
// restore exact. (Timing in a real browser is measured by scripts/bench/page.bench.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTranslator, stopAllEngines, testEngine, translateBody } from './fake-translator';
import type { Nearness, VisibilityFactory } from '../../utils/page/visibility';
import { collectBlocks, type CollectContext } from '../../utils/page/collect';

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
  document.title = '';
});

async function roundTrip(html: string, check: (translated: string) => void) {
  const { engine, translator } = await translateBody(html);
  check(document.body.innerHTML);
  await engine.restore();
  expect(document.body.innerHTML === html).toBe(true);
  return translator;
}

describe('huge and odd pages', () => {
  it('handles a page of 100,000 text nodes', async () => {
    const html = `<div>${Array.from({ length: 20_000 }, (_, i) => `<p>Row ${i % 500} <b>bold</b> and <i>it</i> end</p>`).join('')}</div>`;
    const translator = await roundTrip(html, (out) => {
      expect(out.startsWith('<div><p>ROW 0 <b>BOLD</b> AND <i>IT</i> END</p>')).toBe(true);
      expect(out.includes('>Row ')).toBe(false);
    });
    // 20,000 blocks, 500 distinct: each distinct text is sent once.
    expect(translator.sent()).toHaveLength(500);
  }, 60_000);

  it('handles nesting 5,000 levels deep, of blocks and of inline elements', async () => {
    // happy-dom serialises recursively and cannot print such a body: compare node by node.
    const snapshot = () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ALL);
      const out: string[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n.nodeType === 3 ? `#${(n as Text).data}` : n.nodeName);
      return out;
    };
    for (const [open, close, text] of [['<div>', '</div>', 'Deep text'], ['<span>', '</span>', 'Deep inline']]) {
      document.body.innerHTML = '<p>' + open.repeat(5000) + text + close.repeat(5000) + '</p>';
      const before = snapshot();
      const engine = testEngine(fakeTranslator().translate);
      await engine.start();
      await engine.idle();
      expect(snapshot().at(-1)).toBe(`#${text.toUpperCase()}`);
      await engine.restore();
      expect(snapshot()).toEqual(before);
    }
  }, 60_000);

  it('handles one 300 KB paragraph', async () => {
    const sentence = 'This is one sentence of a very long paragraph. ';
    const html = `<p>${sentence.repeat(Math.ceil(300_000 / sentence.length)).trim()}</p>`;
    const translator = await roundTrip(html, (out) => expect(out.startsWith('<p>THIS IS ONE SENTENCE OF A VERY LONG PARAGRAPH. THIS IS ONE ')).toBe(true));
    expect(translator.sent()[0].length).toBeGreaterThanOrEqual(300_000);
  });

  it('keeps right-to-left, CJK and emoji text intact around markup', async () => {
    const translator = fakeTranslator((text) => text.replace('שלום', 'HELLO').replace('日本語', 'JAPANESE').replace('😀', '😀!'));
    const html = '<p dir="rtl">שלום <b>עולם</b></p><p>日本語の<ruby>漢字<rt>かんじ</rt></ruby>です</p><p>Smile 😀 <a href="#">👍🏽 link</a></p>';
    const { engine } = await translateBody(html, translator);
    expect(translator.sent()).toEqual(['שלום <b id="1">עולם</b>', '日本語の<ruby id="1">漢字<span id="2"></span></ruby>です', 'Smile 😀 <a id="1">👍🏽 link</a>']);
    // Translated into German, the Hebrew paragraph reads left to right (issue 24, item 4).
    expect(document.body.innerHTML).toBe('<p dir="ltr">HELLO <b>עולם</b></p><p>JAPANESEの<ruby>漢字<rt>かんじ</rt></ruby>です</p><p>Smile 😀! <a href="#">👍🏽 link</a></p>');
    await engine.restore();
    expect(document.body.innerHTML).toBe(html);
  });

  it('yields between slices while collecting a large page', async () => {
    document.body.innerHTML = Array.from({ length: 5000 }, (_, i) => `<p>Paragraph ${i}</p>`).join('');
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const engine = testEngine(fakeTranslator().translate);
    const start = engine.start();
    // The page's own task gets to run before the collection ends.
    await start;
    expect(timerRan).toBe(true);
    await engine.idle();
  });
});

describe('collectBlocks', () => {
  const ctx: CollectContext = {
    isOwn: () => false,
    isTaken: () => false,
    languageAllowed: () => true,
    pageLanguage: '',
    preservesWhitespace: () => false,
  };
  const blocks = (html: string) => {
    document.body.innerHTML = html;
    return [...collectBlocks(document, ctx)].filter((b) => b !== undefined).map((b) => b!.source.html);
  };

  it('finds the smallest elements of text and inline content, and runs in mixed containers', () => {
    expect(blocks('<article><h2>Title</h2><div>Lead <a href="#">link</a><ul><li>One</li><li><p>Two</p></li></ul>Tail</div></article>'))
      .toEqual(['Title', 'Lead <a id="1">link</a>', 'One', 'Two', 'Tail']);
  });

  it('treats custom elements by what they hold', () => {
    expect(blocks('<p>Hi <x-chip>chip</x-chip></p><x-card><h3>Card</h3><x-text>Body</x-text></x-card>'))
      .toEqual(['Hi <span id="1">chip</span>', 'Card', '<span id="1">Body</span>']);
  });

  it('ends runs at skipped block-level elements', () => {
    expect(blocks('<div>Before<pre>code\n  here</pre>After</div>')).toEqual(['Before', 'After']);
  });
});

describe('ordering near the viewport', () => {
  it('sends blocks only ahead of the reader as full batches, and the rest when they come near, filled up', async () => {
    document.body.innerHTML = Array.from({ length: 12 }, (_, i) => `<p id="p${i}">Block ${i}</p>`).join('');
    let report!: (el: Element, nearness: Nearness) => void;
    const visibility: VisibilityFactory = (onNear) => {
      report = onNear;
      return { observe: () => undefined, unobserve: () => undefined, disconnect: () => undefined };
    };
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, { visibility, limit: { blocks: 5, characters: 120_000 }, nearbyDelayMs: 0 });
    await engine.start();
    const p = (i: number) => document.getElementById(`p${i}`)!;
    report(p(0), 'viewport');
    for (let i = 1; i < 4; i++) report(p(i), 'ahead');
    await new Promise((r) => setTimeout(r, 20));
    await engine.idle();
    expect(translator.calls.map((c) => c.blocks.map((b) => b.text))).toEqual([['Block 0', 'Block 1', 'Block 2', 'Block 3']]);
    // Blocks ahead wait until they make a full batch…
    report(p(4), 'ahead');
    report(p(5), 'ahead');
    await new Promise((r) => setTimeout(r, 20));
    expect(translator.calls).toHaveLength(1);
    for (let i = 6; i < 9; i++) report(p(i), 'ahead');
    await new Promise((r) => setTimeout(r, 20));
    expect(translator.calls[1].blocks.map((b) => b.text)).toEqual(['Block 4', 'Block 5', 'Block 6', 'Block 7', 'Block 8']);
    expect(translator.calls[1].info.priority).toBe('ahead');
    // …or come near the screen: after the first call, a call for blocks near the reader is
    // filled with the blocks that follow them on the page (a call costs a request either way).
    report(p(9), 'ahead');
    report(p(9), 'nearby');
    await new Promise((r) => setTimeout(r, 20));
    await engine.idle();
    expect(translator.calls[2].blocks.map((b) => b.text)).toEqual(['Block 9', 'Block 10', 'Block 11']);
    expect(translator.calls).toHaveLength(3);
    expect(document.getElementById('p11')!.textContent).toBe('BLOCK 11');
    expect(engine.progress()).toMatchObject({ total: 12, done: 12 });
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
    let report!: (el: Element, nearness: Nearness) => void;
    const visibility: VisibilityFactory = (onNear) => {
      report = onNear;
      return { observe: (el) => seen.set(el, true), unobserve: () => undefined, disconnect: () => undefined };
    };
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, { visibility });
    await engine.start();
    const p = (i: number) => document.getElementById(`p${i}`)!;
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // The screen, then the reader scrolls a few paragraphs at a time, each coming near before it is on screen.
    for (let i = 0; i < 6; i++) report(p(i), 'viewport');
    await wait(5);
    for (let top = 6; top < 230; top += 7) {
      for (let i = top; i < Math.min(top + 7, 230); i++) report(p(i), 'ahead');
      for (let i = top; i < Math.min(top + 7, 230); i++) report(p(i), 'nearby');
      await wait(3);
    }
    await wait(200);
    await engine.idle();

    const distinct = new Set(translator.calls.flatMap((c) => c.blocks.map((b) => `${b.format}\u0000${b.text}`)));
    const sent = translator.calls.reduce((n, c) => n + c.blocks.length, 0);
    expect(sent).toBe(distinct.size); // nothing sent twice
    expect(distinct.size).toBe(230 - 23 + 1 + 46 + 1);
    // The first call is what was on screen; after it every call is full but the last.
    const sizes = translator.calls.map((c) => c.blocks.length);
    expect(translator.calls[0].info.priority).toBe('viewport');
    expect(sizes.slice(1, -1).every((n) => n === 50)).toBe(true);
    expect(translator.calls).toHaveLength(1 + Math.ceil((distinct.size - sizes[0]) / 50));
    // Text and HTML blocks share calls.
    expect(translator.calls.some((c) => new Set(c.blocks.map((b) => b.format)).size === 2)).toBe(true);
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
    let report!: (el: Element, nearness: Nearness) => void;
    const visibility: VisibilityFactory = (onNear) => {
      report = onNear;
      return { observe: () => undefined, unobserve: () => undefined, disconnect: () => undefined };
    };
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, { visibility, limit: { blocks: 4, characters: 120_000 }, nearbyDelayMs: 0 });
    await engine.start();
    report(document.getElementById('p0')!, 'viewport');
    await new Promise((r) => setTimeout(r, 10));
    report(document.getElementById('p1')!, 'nearby');
    await new Promise((r) => setTimeout(r, 20));
    await engine.idle();
    expect(translator.calls.map((c) => c.blocks.map((b) => b.text))).toEqual([['Top'], ['Near', 'Below 0', 'Below 1', 'Below 2']]);
    expect(translator.sent()).not.toContain('Menu one');
    // Shown and seen: the menu goes, with what follows it.
    const menu = document.getElementById('menu')!;
    menu.style.display = '';
    report(menu.children[0], 'viewport');
    await new Promise((r) => setTimeout(r, 20));
    await engine.idle();
    expect(translator.calls[2].blocks.map((b) => b.text)).toEqual(['Menu one', 'Menu two', 'Below 3', 'Below 4']);
    expect(menu.textContent).toBe('MENU ONEMENU TWO');
  });
});
