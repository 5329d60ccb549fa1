// Pages built by frameworks move Glossa's nodes around: views taken out of the document and put
// back (Vue's KeepAlive, tab panels, recycled rows), and elements inserted into a sentence whose
// inline elements the translation reordered. Show original must show the app's current source
// text with every node where the app meant it, and nothing may ever be sent twice as source.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTranslator, stopAllEngines, testEngine, translateBody } from './fake-translator';

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
});

/** Upper-cases the text and puts the block's top-level elements in reverse order, as some languages move phrases. */
function reorder(text: string): string {
  const elements: string[] = [];
  const rest = text.replace(/<(\w+) id="(\d+)">([^<]*)<\/\1>/g, (_m, tag: string, id: string, inner: string) => {
    elements.push(`<${tag} id="${id}">${inner.toUpperCase()}</${tag}>`);
    return ' ';
  });
  return `${elements.reverse().join(' UND ')} ${rest.replace(/\s+/g, ' ').trim().toUpperCase()}`;
}

const SENTENCE = 'Read <a href="#g">the guide</a> and <b>the notes</b> for help.';

describe('content that leaves the page and comes back', () => {
  it('gives a view its source text back when it leaves, translates it again (without a call) when it returns, and follows later changes', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody(
      '<div id="app"><section id="view"><h2>Counter</h2><p id="count">You clicked 5 times</p><button title="Add one">Add</button></section></div>',
      translator,
    );
    const view = document.getElementById('view')!;
    const count = document.getElementById('count')!;
    expect(count.textContent).toBe('YOU CLICKED 5 TIMES');
    const sentBefore = translator.sent().length;

    view.remove();
    await engine.idle();
    // Out of the page, the view holds the app's source again: nothing of Glossa is left in it.
    expect(view.outerHTML).toBe('<section id="view"><h2>Counter</h2><p id="count">You clicked 5 times</p><button title="Add one">Add</button></section>');

    document.getElementById('app')!.appendChild(view);
    await engine.idle();
    expect(count.textContent).toBe('YOU CLICKED 5 TIMES');
    expect(view.querySelector('button')!.title).toBe('ADD ONE');
    expect(translator.sent()).toHaveLength(sentBefore); // answers known already: no call

    (count.firstChild as Text).data = 'You clicked 6 times';
    await engine.idle();
    expect(count.textContent).toBe('YOU CLICKED 6 TIMES');
    expect(translator.sent().slice(sentBefore)).toEqual(['You clicked 6 times']);

    await engine.restore();
    expect(document.body.innerHTML).toBe('<div id="app"><section id="view"><h2>Counter</h2><p id="count">You clicked 6 times</p><button title="Add one">Add</button></section></div>');
    // Translating again sends only source text.
    const again = fakeTranslator();
    const second = testEngine(again.translate);
    await second.start();
    await second.idle();
    expect(again.sent().sort()).toEqual(['<button id="1">Add</button>', 'Add one', 'Counter', 'You clicked 6 times']);
  });

  it('reads a view anew when the app changed it while it was out of the page', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody('<div id="app"><p id="p">Old words</p></div>', translator);
    const p = document.getElementById('p')!;
    const text = p.firstChild as Text;
    p.remove();
    await Promise.resolve(); // the removal is delivered: later changes to the detached view are not seen
    text.data = 'New words';
    document.getElementById('app')!.appendChild(p);
    await engine.idle();
    expect(p.textContent).toBe('NEW WORDS');
    await engine.restore();
    expect(p.outerHTML).toBe('<p id="p">New words</p>');
    expect(translator.sent()).toEqual(['Old words', 'New words']);
  });
});

describe('an element the app inserts into a reordered sentence', () => {
  it('goes before the sibling the app put it before (React, Svelte), while translated and after show original', async () => {
    const translator = fakeTranslator(reorder);
    const { engine } = await translateBody(`<p id="s">${SENTENCE}</p>`, translator);
    const p = document.getElementById('s')!;
    expect(p.innerHTML).toBe('<b>THE NOTES</b> UND <a href="#g">THE GUIDE</a> READ AND FOR HELP.');
    const tip = document.createElement('em');
    tip.textContent = 'the tip';
    p.insertBefore(tip, p.querySelector('b')); // the app's next sibling in source order
    await engine.idle();
    expect(translator.sent().at(-1)).toBe('Read <a id="1">the guide</a> and <em id="2">the tip</em><b id="3">the notes</b> for help.');
    expect(p.querySelector('em')!.textContent).toBe('THE TIP');
    await engine.restore();
    expect(p.innerHTML).toBe('Read <a href="#g">the guide</a> and <em>the tip</em><b>the notes</b> for help.');
  });

  it('takes the place of the placeholder comment it replaced (Vue v-if), not the place after the comment’s translated neighbour', async () => {
    const translator = fakeTranslator(reorder);
    const { engine } = await translateBody('<p id="s">Read <a href="#g">the guide</a><!--v-if--> and <b>the notes</b> for help.</p>', translator);
    const p = document.getElementById('s')!;
    // As Vue does: the anchor is the comment's next sibling in the page as it is, then the comment goes.
    const comment = [...p.childNodes].find((n) => n.nodeType === 8)!;
    const anchor = comment.nextSibling;
    comment.remove();
    const tip = document.createElement('em');
    tip.textContent = 'the tip';
    p.insertBefore(tip, anchor);
    await engine.idle();
    expect(translator.sent().at(-1)).toBe('Read <a id="1">the guide</a><em id="2">the tip</em> and <b id="3">the notes</b> for help.');
    await engine.restore();
    expect(p.innerHTML).toBe('Read <a href="#g">the guide</a><em>the tip</em> and <b>the notes</b> for help.');
  });

  it('keeps elements the app moved within the sentence where the app put them', async () => {
    const translator = fakeTranslator(reorder);
    const { engine } = await translateBody(`<p id="s">${SENTENCE}</p>`, translator);
    const p = document.getElementById('s')!;
    const link = p.querySelector('a')!;
    p.appendChild(link); // the app moves the link to the end of the sentence
    await engine.idle();
    await engine.restore();
    expect(p.lastChild).toBe(link);
    expect(p.textContent).toBe('Read  and the notes for help.the guide');
  });
});
