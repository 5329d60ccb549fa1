// Huge and odd pages: no crash, no stack overflow, no slice that blocks, the text translated,
// restore exact. (Timing in a real browser is measured by scripts/bench/page.bench.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTranslator, stopAllEngines, testEngine, translateBody } from './fake-translator';
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
