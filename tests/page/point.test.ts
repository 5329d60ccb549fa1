import { afterEach, describe, expect, it } from 'vitest';
import type { CollectContext } from '../../utils/page/collect';
import { blockAt, pointedTools } from '../../utils/page/point';
import { createPointedBlocks } from '../../utils/page/pointed';
import { fakeTranslator, stopAllEngines, translateBody, upperCase } from './fake-translator';

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
  document.title = '';
});

const ctx: CollectContext = {
  isOwn: (node) => node.nodeType === 1 && (node as Element).localName === 'glossa-translation',
  isTaken: () => false,
  languageAllowed: () => true,
  pageLanguage: '',
  preservesWhitespace: () => false,
};

const PAGES = [
  '<h1>Title <em>here</em></h1><p>First <a href="/a">link</a> paragraph.</p><p>Second one, <b>bold</b>.</p>',
  '<div>Loose text <b>run</b> before<p>a paragraph</p>and a run after <i>it</i></div>',
  '<ul><li>One <span>item</span></li><li>Two<ul><li>Nested item</li></ul></li></ul>',
  '<article><section><p>Deep <strong>inside <em>twice</em></strong> text.</p></section><pre>code stays</pre><p>After code.</p></article>',
  '<table><tr><td>Cell <a href="#">one</a></td><td><p>Para in cell</p>tail text</td></tr></table>',
  '<p>Text with <code>code()</code> and <my-widget>custom <b>inline</b></my-widget> element.</p>',
];

function textNodes(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n as Text).data.trim()) out.push(n as Text);
  return out;
}

describe('blockAt: the block the page engine would translate', () => {
  it.each(PAGES)('gives, for every text, exactly a block the engine sends (%s)', async (html) => {
    document.body.innerHTML = html;
    const pointed = new Set<string>();
    for (const text of textNodes(document.body)) {
      const block = blockAt(text, ctx);
      if (block) pointed.add(block.source.html);
    }
    const { translator } = await translateBody(html);
    const sent = translator.sent().filter((t) => t !== document.title);
    // Same boundaries and the same text: every pointed block is one the engine sent, and every sent block can be pointed at.
    expect([...pointed].sort()).toEqual([...new Set(sent)].sort());
  });

  it('finds nothing in code, translate="no" or editable parts', () => {
    document.body.innerHTML = '<pre>let x</pre><p translate="no">Name</p><div contenteditable>typing</div>';
    for (const text of textNodes(document.body)) expect(blockAt(text, ctx)).toBeUndefined();
  });
});

describe('pointed blocks', () => {
  it('shows the translation under the block, sends it once, and hides it on the second point', async () => {
    document.body.innerHTML = '<p id="p">Hello <a href="/x">world</a>.</p><p>Other</p>';
    const translator = fakeTranslator();
    const blocks = createPointedBlocks(document, pointedTools(document, () => ctx), async (block) => {
      const reply = await translator.translate([{ text: block.source.html, format: 'html' }], { priority: 'viewport' });
      return { result: reply.results[0], targetLang: 'DE' };
    });
    const link = document.querySelector('a')!;
    expect(await blocks.toggle(link.firstChild!)).toBe('shown');
    const box = document.querySelector('#p > glossa-translation')!;
    expect(box.textContent).toBe(upperCase('Hello world.'));
    expect(box.querySelector('a')?.getAttribute('href')).toBe('/x');
    expect(box.getAttribute('lang')).toBe('de');
    expect(translator.sent()).toEqual(['Hello <a id="1">world</a>.']);
    // Pointing at the same block again hides it.
    expect(await blocks.toggle(document.querySelector('#p')!.firstChild!)).toBe('hidden');
    expect(document.querySelector('glossa-translation')).toBeNull();
    expect(document.body.innerHTML).toBe('<p id="p">Hello <a href="/x">world</a>.</p><p>Other</p>');
  });

  it('shows the next paragraph too: a paragraph shown does not claim its siblings', async () => {
    document.body.innerHTML = '<p id="one">First text</p><p id="two">Second text</p><div>Loose <b>run</b><p id="three">Third text</p></div>';
    const blocks = createPointedBlocks(document, pointedTools(document, () => ctx), async (block) => ({ result: { ok: true, text: upperCase(block.source.html) }, targetLang: 'DE' }));
    expect(await blocks.toggle(document.getElementById('one')!)).toBe('shown');
    expect(await blocks.toggle(document.getElementById('two')!)).toBe('shown');
    expect(await blocks.toggle(document.querySelector('b')!)).toBe('shown');
    expect(await blocks.toggle(document.getElementById('three')!, false)).toBe('shown');
    expect([...document.querySelectorAll('glossa-translation')].map((box) => box.textContent)).toEqual(['FIRST TEXT', 'SECOND TEXT', 'LOOSE RUN', 'THIRD TEXT']);
    expect(blocks.count).toBe(4);
  });

  it('shows nothing when the answer carries markup that was not sent', async () => {
    document.body.innerHTML = '<p>Hello <b>there</b></p>';
    const blocks = createPointedBlocks(document, pointedTools(document, () => ctx), async () => ({ result: { ok: true, text: 'Hallo <img src=x onerror=alert(1)>' }, targetLang: 'DE' }));
    expect(await blocks.toggle(document.querySelector('b')!)).toBe('failed');
    expect(document.body.innerHTML).toBe('<p>Hello <b>there</b></p>');
  });
});
