import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTranslator, stopAllEngines, testEngine, translateBody, upperCase } from './fake-translator';
import type { TranslateFn } from '../../utils/page/engine';
import { ApiError } from '../../utils/shared/api-errors';

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.title = '';
  document.documentElement.removeAttribute('lang');
});


/** Translates, checks the translated body, restores and checks the body is exactly as before. */
async function roundTrip(html: string, expected: string, translator = fakeTranslator()) {
  const { engine } = await translateBody(html, translator);
  expect(document.body.innerHTML).toBe(expected);
  await engine.restore();
  expect(document.body.innerHTML).toBe(html);
  return translator;
}

describe('page engine: HTML in, HTML out', () => {
  it('translates paragraphs with inline markup and restores exactly', async () => {
    const t = await roundTrip(
      '<h1>Hello</h1>\n<p>Some <b>bold</b> and <a href="/x" class="k">a link</a>.</p>',
      '<h1>HELLO</h1>\n<p>SOME <b>BOLD</b> AND <a href="/x" class="k">A LINK</a>.</p>',
    );
    expect(t.sent()).toEqual(['Hello', 'Some <b id="1">bold</b> and <a id="2">a link</a>.']);
  });

  it('sends no attribute of inline elements, only tag and id', async () => {
    const t = await roundTrip(
      '<p>Go <a href="https://secret.example/?token=abc" onclick="x()" style="color:red" data-user="me">home</a> now</p>',
      '<p>GO <a href="https://secret.example/?token=abc" onclick="x()" style="color:red" data-user="me">HOME</a> NOW</p>',
    );
    expect(t.sent().join('')).not.toMatch(/secret|token|onclick|style|data-user/);
  });

  it('nests inline elements and keeps nesting', async () => {
    await roundTrip(
      '<p>a <em>b <strong>c <i>d</i></strong> e</em> f</p>',
      '<p>A <em>B <strong>C <i>D</i></strong> E</em> F</p>',
    );
  });

  it('reorders the page’s own elements as the translation does, and restores the order', async () => {
    const reorder = fakeTranslator(() => '<b id="2">SECOND</b> then <a id="1">FIRST</a>');
    document.body.innerHTML = '<p><a href="#1">first</a> and <b>second</b></p>';
    const link = document.querySelector('a')!;
    let clicks = 0;
    link.addEventListener('click', () => clicks++);
    const engine = testEngine(reorder.translate);
    await engine.start();
    await engine.idle();
    expect(document.body.innerHTML).toBe('<p><b>SECOND</b> then <a href="#1">FIRST</a></p>');
    // The same element, with its listener, not a copy.
    expect(document.querySelector('a')).toBe(link);
    link.click();
    expect(clicks).toBe(1);
    await engine.restore();
    expect(document.body.innerHTML).toBe('<p><a href="#1">first</a> and <b>second</b></p>');
  });

  it('keeps opaque inline content as placeholders in place', async () => {
    const t = await roundTrip(
      '<p>Run <code>npm i</code> then press <kbd>Enter</kbd><br>and see <img src="a.png" alt="">.</p>',
      '<p>RUN <code>npm i</code> THEN PRESS <kbd>Enter</kbd><br>AND SEE <img src="a.png" alt="">.</p>',
    );
    expect(t.sent()).toEqual(['Run <code id="1"></code> then press <kbd id="2"></kbd><br id="3">and see <img id="4">.']);
  });

  it('sends svg, math, inputs and custom placeholders as empty spans', async () => {
    const t = await roundTrip(
      '<p>Icon <svg><text>no</text></svg> and <math><mi>x</mi></math> with <input value="v"> and <select><option>o</option></select>.</p>',
      // The drawing's text and the option are collected on their own (issue 26, item 3).
      '<p>ICON <svg><text>NO</text></svg> AND <math><mi>x</mi></math> WITH <input value="v"> AND <select><option value="o">O</option></select>.</p>',
    );
    expect(t.sent()[0]).toBe('Icon <span id="1"></span> and <span id="2"></span> with <span id="3"></span> and <span id="4"></span>.');
  });

  it('skips everything in the skip set and excluded subtrees', async () => {
    const html = [
      '<script>var a = "text";</script><style>p{}</style><noscript>nojs</noscript><template><p>tpl</p></template>',
      '<pre>pre text</pre><code>code text</code><textarea>typed</textarea>',
      '<div translate="no"><p>keep one</p></div><div class="notranslate"><p>keep two</p></div>',
      '<div contenteditable="true"><p>editing</p></div><div contenteditable="false"><p>translate me</p></div>',
      '<p translate="yes">and me</p>',
    ].join('');
    const t = await roundTrip(html, html.replace('translate me', 'TRANSLATE ME').replace('and me', 'AND ME'));
    expect(t.sent()).toEqual(['translate me', 'and me']);
  });

  it('translates text runs beside blocks in mixed containers', async () => {
    await roundTrip(
      '<div>Intro <b>text</b><p>para</p>tail text<ul><li>item</li></ul></div>',
      '<div>INTRO <b>TEXT</b><p>PARA</p>TAIL TEXT<ul><li>ITEM</li></ul></div>',
    );
  });

  it('treats links that wrap blocks as containers', async () => {
    await roundTrip(
      '<a href="/card"><div><h2>Title</h2><p>Teaser</p></div></a>',
      '<a href="/card"><div><h2>TITLE</h2><p>TEASER</p></div></a>',
    );
  });

  it('collapses white space it sends and keeps the page’s white space around text', async () => {
    const t = await roundTrip(
      '<p>\n   Hello,\n   <b>big</b>    world!  \n</p>',
      '<p>\n   HELLO, <b>BIG</b> WORLD!  \n</p>',
    );
    expect(t.sent()).toEqual(['Hello, <b id="1">big</b> world!']);
  });

  it('sends white space as written where it is rendered so', async () => {
    const t = await roundTrip(
      '<div style="white-space: pre-wrap">line one\n  line  two</div>',
      '<div style="white-space: pre-wrap">LINE ONE\n  LINE  TWO</div>',
    );
    expect(t.sent()).toEqual(['line one\n  line  two']);
  });

  it('escapes and decodes entities without ever making markup of text', async () => {
    const t = await roundTrip(
      '<p>Tom &amp; Jerry &lt;b&gt;not bold&lt;/b&gt; a&nbsp;b</p>',
      '<p>TOM &amp; JERRY &lt;B&gt;NOT BOLD&lt;/B&gt; A&nbsp;B</p>',
    );
    // Only what a parser could read as markup is escaped: '<'; '>' and '& ' are text.
    expect(t.sent()).toEqual(['Tom & Jerry &lt;b>not bold&lt;/b> a\u00a0b']);
    expect(document.querySelector('b')).toBeNull();
  });

  it('translates attributes and the title as text (sent as HTML without elements), and restores them', async () => {
    document.title = 'My page';
    const html = '<p title="A tip">x y</p><img alt="A cat" src="c.png"><input placeholder="Your name"><button aria-label="Close dialog">×</button>'
      + '<input type="button" value="Press me"><input type="reset" value="Clear"><input type="text" value="user data"><span aria-description="More info">z w</span>';
    const t = await roundTrip(html, html
      .replace('A tip', 'A TIP').replace('x y', 'X Y').replace('A cat', 'A CAT').replace('Your name', 'YOUR NAME')
      .replace('Close dialog', 'CLOSE DIALOG').replace('Press me', 'PRESS ME').replace('"Clear"', '"CLEAR"')
      .replace('More info', 'MORE INFO').replace('z w', 'Z W'));
    expect(document.title).toBe('My page');
    const texts = t.calls.flatMap((c) => c.blocks);
    expect(texts).toContainEqual({ text: 'My page', format: 'html' });
    expect(texts).toContainEqual({ text: 'A cat', format: 'html' });
    expect(texts.map((b) => b.text)).not.toContain('user data');
  });

  it('leaves attributes inside excluded subtrees alone and goes on after them', async () => {
    const html = '<div><section><p translate="no" title="Kept tip"><b title="Kept inner">a b</b></p></section></div>'
      + '<div class="x notranslate"><img alt="Kept alt" src="k.png"></div><svg><g aria-label="Kept label"></g></svg>'
      + '<p lang="de" title="Ein Tipp">c d</p><div><span><img alt="After them" src="a.png"></span></div>';
    const t = await roundTrip(html, html.replace('After them', 'AFTER THEM'));
    expect(t.calls.flatMap((c) => c.blocks.map((b) => b.text))).toEqual(['After them']);
  });

  it('translates the placeholder and title of a textarea and a select, never their values', async () => {
    const html = '<textarea placeholder="Describe the light" title="Your notes">my own words</textarea>'
      + '<select title="Pick a colour"><option>Red light</option></select>';
    // The option's text is shown, so it is translated; its value stays the page's (issue 26, item 3).
    const t = await roundTrip(html, html
      .replace('Describe the light', 'DESCRIBE THE LIGHT').replace('Your notes', 'YOUR NOTES').replace('Pick a colour', 'PICK A COLOUR')
      .replace('<option>Red light', '<option value="Red light">RED LIGHT'));
    const texts = t.calls.flatMap((c) => c.blocks).map((b) => b.text);
    expect(texts).not.toContain('my own words');
    expect(document.querySelector('select')!.value).toBe('Red light');
  });

  it('keeps an attribute and reports it failed when its translation has no text', async () => {
    const translator = fakeTranslator((text) => (text === 'A tip' ? ' ' : upperCase(text)));
    const { engine } = await translateBody('<p title="A tip">x y</p>', translator);
    expect(document.body.innerHTML).toBe('<p title="A tip">X Y</p>');
    expect(engine.progress()).toMatchObject({ failed: 1 });
  });

  it('keeps an attribute and the title and reports them failed when their translation holds an element', async () => {
    document.title = 'My page';
    const translator = fakeTranslator((text) => (text === 'A tip' || text === 'My page' ? 'EIN <img src="x" onerror="window.__glossaPwned=1">TIPP' : upperCase(text)));
    const { engine } = await translateBody('<p title="A tip">x y</p>', translator);
    expect(document.body.innerHTML).toBe('<p title="A tip">X Y</p>');
    expect(document.title).toBe('My page');
    expect(engine.progress()).toMatchObject({ failed: 2 });
  });

  it('sends text with what could be a reference or a tag escaped, as a block\'s text is, and writes back the text the answer holds', async () => {
    document.body.innerHTML = '<p>x y</p>';
    const p = document.querySelector('p')!;
    p.title = 'Tom & Jerry at AT&T <3 <b>&amp;';
    const { engine, translator } = await translateBody(document.body.innerHTML);
    expect(translator.sent()).toContain('Tom & Jerry at AT&amp;T &lt;3 &lt;b>&amp;amp;');
    expect(document.querySelector('p')!.title).toBe('TOM & JERRY AT AT&T <3 <B>&AMP;');
    await engine.restore();
    expect(document.querySelector('p')!.title).toBe('Tom & Jerry at AT&T <3 <b>&amp;');
  });

  it('sends a tooltip with the words of a block once, as the block\'s twin', async () => {
    const t = await roundTrip('<ul><li>Site Index</li></ul><a href="/i" title="Site Index">i</a>', '<ul><li>SITE INDEX</li></ul><a href="/i" title="SITE INDEX">I</a>');
    expect(t.sent().filter((text) => text === 'Site Index')).toHaveLength(1);
  });

  it('writes the translated title and restores it', async () => {
    document.title = 'My page';
    document.body.innerHTML = '<p>Body</p>';
    const { engine } = await translateBody('<p>Body</p>');
    expect(document.title).toBe('MY PAGE');
    await engine.restore();
    expect(document.title).toBe('My page');
  });

  it('sends identical blocks once and writes the translation to each', async () => {
    const html = '<ul><li>Reply</li><li>Reply</li><li>Share</li><li>Reply</li></ul><button title="Reply">Reply</button>';
    const t = await roundTrip(html, '<ul><li>REPLY</li><li>REPLY</li><li>SHARE</li><li>REPLY</li></ul><button title="REPLY">REPLY</button>');
    const sent = t.calls.flatMap((c) => c.blocks.map((b) => `${b.format}:${b.text}`));
    expect(sent.filter((s) => s === 'html:Reply')).toHaveLength(1);
    expect(new Set(sent).size).toBe(sent.length);
  });

  it('does not send blocks without letters', async () => {
    const t = await roundTrip('<p>2024</p><p>— | —</p><p>Text</p>', '<p>2024</p><p>— | —</p><p>TEXT</p>');
    expect(t.sent()).toEqual(['Text']);
  });

  it('walks open shadow roots', async () => {
    document.body.innerHTML = '<div id="host"></div><p>Light</p>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>In the <b>shadow</b></p>';
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate);
    await engine.start();
    await engine.idle();
    expect(root.innerHTML).toBe('<p>IN THE <b>SHADOW</b></p>');
    expect(document.body.innerHTML).toBe('<div id="host"></div><p>LIGHT</p>');
    await engine.restore();
    expect(root.innerHTML).toBe('<p>In the <b>shadow</b></p>');
  });

  it('reports progress with billed characters and a final translated state', async () => {
    const reports: unknown[] = [];
    document.body.innerHTML = '<p>One</p><p>Two</p>';
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, { onProgress: (p) => reports.push(p) });
    await engine.start();
    await engine.idle();
    expect(reports.at(-1)).toEqual({ total: 2, done: 2, failed: 0, billedCharacters: 6, state: 'translated' });
    await engine.restore();
    expect(reports.at(-1)).toMatchObject({ state: 'original' });
  });

  it('passes the confident source language and no page title (the background sends none)', async () => {
    document.title = 'Über uns';
    document.documentElement.setAttribute('lang', 'de');
    document.body.innerHTML = '<p>Wir sind ein kleines Team.</p>';
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, {
      job: { targetLang: 'EN-US', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
      detectLanguage: async () => ({ isReliable: true, languages: [{ language: 'de', percentage: 98 }] }),
    });
    await engine.start();
    await engine.idle();
    expect(translator.calls[0].info).toEqual({ sourceLang: 'DE', priority: 'viewport' });
  });

  it('leaves source_lang out when page and detection disagree', async () => {
    document.documentElement.setAttribute('lang', 'en');
    document.body.innerHTML = '<p>Nous sommes une petite équipe.</p>';
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, {
      detectLanguage: async () => ({ isReliable: true, languages: [{ language: 'fr', percentage: 97 }] }),
    });
    await engine.start();
    await engine.idle();
    expect(translator.calls[0].info.sourceLang).toBeUndefined();
    expect(translator.sent()).toEqual(['Nous sommes une petite équipe.']);
  });

  it('sends the same source language when the page is translated again, whether detection was late or quick', async () => {
    const late = () => new Promise<undefined>(() => undefined);
    const reads = (language: string) => async () => ({ isReliable: true, languages: [{ language, percentage: 98 }] });
    const translator = fakeTranslator();
    const translate = async (doc: Document, detectLanguage: typeof late | ReturnType<typeof reads>) => {
      const engine = testEngine(translator.translate, { document: doc, detectLanguage });
      await engine.start();
      await engine.idle();
      const { sourceLang } = translator.calls.at(-1)!.info;
      await engine.restore();
      return sourceLang;
    };
    // Documents of their own (no lang declared, shown as a tab in front): the decision is kept per document.
    const ownDocument = () => {
      const doc = document.implementation.createHTMLDocument('Notes');
      Object.defineProperties(doc, { hidden: { value: false }, visibilityState: { value: 'visible' } });
      doc.body.innerHTML = '<p>We are a small team.</p>';
      return doc;
    };
    const lateFirst = ownDocument();
    expect(await translate(lateFirst, late)).toBeUndefined();
    expect(await translate(lateFirst, reads('en'))).toBeUndefined();

    const quickFirst = ownDocument();
    expect(await translate(quickFirst, reads('en'))).toBe('EN');
    expect(await translate(quickFirst, late)).toBe('EN');
    // Text that now reads as another language is decided anew.
    quickFirst.body.innerHTML = '<p>Nous sommes une petite équipe.</p>';
    expect(await translate(quickFirst, reads('fr'))).toBe('FR');
  });

  it('does not send text already in the target language', async () => {
    document.documentElement.setAttribute('lang', 'en');
    document.body.innerHTML = '<p>English text</p><p lang="de">Deutscher Text</p><blockquote lang="en-GB">British</blockquote>';
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, {
      job: { targetLang: 'EN-US', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    });
    await engine.start();
    await engine.idle();
    expect(translator.sent()).toEqual(['Deutscher Text']);
  });

  it('skips elements in other languages when the source is fixed', async () => {
    document.body.innerHTML = '<p>Hello</p><p lang="fr">Bonjour</p><p>Say <i lang="la">carpe diem</i> now</p>';
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, {
      job: { targetLang: 'DE', sourceLang: 'EN', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    });
    await engine.start();
    await engine.idle();
    expect(translator.sent()).toEqual(['Hello', 'Say <i id="1"></i> now']);
    expect(document.body.innerHTML).toBe('<p>HELLO</p><p lang="fr">Bonjour</p><p>SAY <i lang="la">carpe diem</i> NOW</p>');
    expect(translator.calls[0].info.sourceLang).toBe('EN');
  });

  it('keeps focus, form state and selection in translated blocks', async () => {
    document.body.innerHTML = '<p id="p">Name <label>first <input id="i"></label> please</p>';
    const input = document.getElementById('i') as HTMLInputElement;
    input.value = 'typed';
    input.focus();
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate);
    await engine.start();
    await engine.idle();
    expect(document.getElementById('p')!.textContent).toBe('NAME FIRST  PLEASE');
    expect(document.getElementById('i')).toBe(input);
    expect(input.value).toBe('typed');
    expect(document.activeElement).toBe(input);
    await engine.restore();
  });
});

describe('page engine: bilingual display', () => {
  it('adds the translation under each block, marked never to translate, and removes it on restore', async () => {
    const html = '<p>Hello <a href="/x" id="l">world</a></p><ul><li>Item</li></ul>';
    document.body.innerHTML = html;
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, {
      job: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: true },
    });
    await engine.start();
    await engine.idle();
    const copies = document.querySelectorAll('glossa-translation');
    expect(copies).toHaveLength(2);
    expect(copies[0].getAttribute('translate')).toBe('no');
    expect(copies[0].classList.contains('notranslate')).toBe(true);
    expect(copies[0].innerHTML).toBe('HELLO <a href="/x">WORLD</a>');
    expect(document.querySelector('p')!.firstChild!.textContent).toBe('Hello ');
    // The copy is never collected again.
    document.body.appendChild(document.createElement('div'));
    await engine.idle();
    expect(translator.sent()).toEqual(['Hello <a id="1">world</a>', 'Item']);
    await engine.restore();
    expect(document.body.innerHTML).toBe(html + '<div></div>');
  });
});

describe('page engine: pages that change', () => {
  it('translates added content in a batch and ignores its own writes', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody('<div id="feed"><p>First</p></div>', translator);
    const feed = document.getElementById('feed')!;
    const a = document.createElement('p');
    a.textContent = 'Second';
    const b = document.createElement('p');
    b.innerHTML = 'Third <b>bold</b>';
    feed.append(a, b);
    await engine.idle();
    expect(feed.innerHTML).toBe('<p>FIRST</p><p>SECOND</p><p>THIRD <b>BOLD</b></p>');
    expect(translator.calls).toHaveLength(2);
    expect(translator.calls[1].blocks.map((x) => x.text)).toEqual(['Second', 'Third <b id="1">bold</b>']);
    await engine.restore();
    expect(feed.innerHTML).toBe('<p>First</p><p>Second</p><p>Third <b>bold</b></p>');
  });

  it('re-translates a block whose text the page changed, and never re-sends translations', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody('<p id="c">Updated 5 minutes ago</p>', translator);
    const p = document.getElementById('c')!;
    expect(p.textContent).toBe('UPDATED 5 MINUTES AGO');
    (p.firstChild as Text).data = 'Updated 6 minutes ago';
    await engine.idle();
    expect(p.textContent).toBe('UPDATED 6 MINUTES AGO');
    expect(translator.sent()).toEqual(['Updated 5 minutes ago', 'Updated 6 minutes ago']);
    await engine.restore();
    expect(p.innerHTML).toBe('Updated 6 minutes ago');
  });

  it('does not translate content the page copied from a translation', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody('<p id="a">Copy me</p><div id="d"></div>', translator);
    const copy = document.createElement('p');
    copy.textContent = document.getElementById('a')!.textContent!;
    document.getElementById('d')!.appendChild(copy);
    await engine.idle();
    expect(translator.sent()).toEqual(['Copy me']);
    await engine.restore();
  });

  it('drops a result for a block the page changed while it was in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const translate: TranslateFn = async (blocks) => {
      sent.push(...blocks.map((b) => b.text));
      if (sent.length === 1) await gate;
      return { results: blocks.map((b) => ({ ok: true as const, text: upperCase(b.text) + '!' })), billedCharacters: 0 };
    };
    document.body.innerHTML = '<p id="p">Old text</p>';
    const engine = testEngine(translate);
    await engine.start();
    await vi.waitFor(() => expect(sent).toEqual(['Old text']));
    (document.getElementById('p')!.firstChild as Text).data = 'New text';
    // The changed block is sent anew while the old answer is still on its way.
    await vi.waitFor(() => expect(sent).toEqual(['Old text', 'New text']));
    release();
    await engine.idle();
    expect(document.getElementById('p')!.textContent).toBe('NEW TEXT!');
    expect(sent).toEqual(['Old text', 'New text']);
    await engine.restore();
  });

  it('keeps working when a single-page app replaces <body>', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody('<p>Page one</p>', translator);
    const body = document.createElement('body');
    body.innerHTML = '<main><h1>Page two</h1></main>';
    document.documentElement.replaceChild(body, document.body);
    await engine.idle();
    expect(document.body.innerHTML).toBe('<main><h1>PAGE TWO</h1></main>');
    await engine.restore();
    expect(document.body.innerHTML).toBe('<main><h1>Page two</h1></main>');
  });

  it('translates a changed attribute again and restores the page’s latest value', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody('<button title="Save file">x y</button>', translator);
    const button = document.querySelector('button')!;
    expect(button.title).toBe('SAVE FILE');
    button.setAttribute('title', 'Saved');
    await engine.idle();
    expect(button.title).toBe('SAVED');
    await engine.restore();
    expect(button.title).toBe('Saved');
  });
});

describe('page engine: errors', () => {
  it('marks failed blocks, keeps their text, and retries them on request', async () => {
    let fail = true;
    const sent: string[] = [];
    const translate: TranslateFn = async (blocks) => {
      sent.push(...blocks.map((b) => b.text));
      if (fail) throw new ApiError('server', 'Server trouble', { status: 503 });
      return { results: blocks.map((b) => ({ ok: true as const, text: upperCase(b.text) })), billedCharacters: 3 };
    };
    const reports: { failed: number; done: number; state: string }[] = [];
    document.body.innerHTML = '<p>One</p><p>Two</p>';
    const engine = testEngine(translate, { onProgress: (p) => reports.push(p) });
    await engine.start();
    await engine.idle();
    expect(document.body.innerHTML).toBe('<p>One</p><p>Two</p>');
    expect(reports.at(-1)).toMatchObject({ failed: 2, done: 0, state: 'translated' });
    fail = false;
    engine.retryFailed();
    await engine.idle();
    expect(document.body.innerHTML).toBe('<p>ONE</p><p>TWO</p>');
    expect(reports.at(-1)).toMatchObject({ failed: 0, done: 2 });
    expect(sent).toEqual(['One', 'Two', 'One', 'Two']);
  });

  it('stops sending at once on a quota error and reports it', async () => {
    const calls: string[][] = [];
    const translate: TranslateFn = async (blocks) => {
      calls.push(blocks.map((b) => b.text));
      throw new ApiError('quota', 'Quota exceeded', { status: 456 });
    };
    const reports: { state: string; errorCode?: string }[] = [];
    document.body.innerHTML = Array.from({ length: 30 }, (_, i) => `<p>Para ${'x'.repeat(i + 1)}</p>`).join('');
    const engine = testEngine(translate, { onProgress: (p) => reports.push(p), limit: { blocks: 5, characters: 120_000 }, maxInFlight: 1 });
    await engine.start();
    await engine.idle();
    expect(calls).toHaveLength(1);
    expect(reports.at(-1)).toMatchObject({ state: 'error', errorCode: 'quota' });
    expect(document.body.innerHTML).not.toMatch(/PARA/);
  });

  it('reports an auth error', async () => {
    const translate: TranslateFn = async () => {
      throw new ApiError('auth', 'Forbidden', { status: 403 });
    };
    const reports: { state: string; errorCode?: string }[] = [];
    document.body.innerHTML = '<p>One</p>';
    const engine = testEngine(translate, { onProgress: (p) => reports.push(p) });
    await engine.start();
    await engine.idle();
    expect(reports.at(-1)).toMatchObject({ state: 'error', errorCode: 'auth' });
  });

  it('treats a reply with the wrong number of results as failed', async () => {
    const translate: TranslateFn = async () => ({ results: [], billedCharacters: 0 });
    document.body.innerHTML = '<p>One</p>';
    const engine = testEngine(translate);
    await engine.start();
    await engine.idle();
    expect(engine.progress()).toMatchObject({ failed: 1, done: 0 });
    expect(document.body.innerHTML).toBe('<p>One</p>');
  });
});

describe('page engine: tab visibility and removed content', () => {
  it('waits while the tab is hidden and goes on when it is shown', async () => {
    const hidden = Object.getOwnPropertyDescriptor(Document.prototype, 'hidden');
    let isHidden = true;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    try {
      document.body.innerHTML = '<p>Later</p>';
      const translator = fakeTranslator();
      const engine = testEngine(translator.translate);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let started: Promise<void>;
      try {
        // Not awaited here: when collection uses up its slice it yields on a (fake) timer and
        // then waits for the tab to be shown, so start() may only end after visibilitychange.
        started = engine.start();
        // Every timer the engine sets runs: still no call while the tab is hidden.
        await vi.advanceTimersByTimeAsync(1000);
        expect(translator.calls).toHaveLength(0);
      } finally {
        vi.useRealTimers();
      }
      isHidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
      await started;
      await engine.idle();
      expect(document.body.innerHTML).toBe('<p>LATER</p>');
    } finally {
      delete (document as unknown as { hidden?: boolean }).hidden;
      if (hidden) expect(Object.getOwnPropertyDescriptor(Document.prototype, 'hidden')).toBeDefined();
    }
  });

  it('forgets blocks the page removed, so progress follows the page', async () => {
    const { engine } = await translateBody('<main id="m"><p>One</p><p>Two</p></main><p>Stay</p>');
    expect(engine.progress()).toMatchObject({ total: 3, done: 3 });
    document.getElementById('m')!.remove();
    await engine.idle();
    expect(engine.progress()).toMatchObject({ total: 1, done: 1 });
  });
});

describe('page engine: the title', () => {
  it('translates a title the page sets or changes later, and restores the latest one', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody('<p>Body</p>', translator);
    document.title = 'Inbox (3)';
    await engine.idle();
    expect(document.title).toBe('INBOX (3)');
    document.title = 'Inbox (4)';
    await engine.idle();
    expect(document.title).toBe('INBOX (4)');
    await engine.restore();
    expect(document.title).toBe('Inbox (4)');
  });
});

describe('page engine: hostile answers are not reused (hardening)', () => {
  it('asks again on retry instead of reusing an answer whose markup did not match', async () => {
    let hostile = true;
    const t = fakeTranslator((text) => (hostile ? `<img src=x onerror=alert(1)>${upperCase(text)}` : upperCase(text)));
    document.body.innerHTML = '<p>Some <b>bold</b> text</p>';
    const engine = testEngine(t.translate);
    await engine.start();
    await engine.idle();
    expect(document.body.innerHTML).toBe('<p>Some <b>bold</b> text</p>');
    expect(engine.progress()).toMatchObject({ failed: 1, done: 0 });
    hostile = false;
    engine.retryFailed();
    await engine.idle();
    expect(document.body.innerHTML).toBe('<p>SOME <b>BOLD</b> TEXT</p>');
    expect(t.sent()).toEqual(['Some <b id="1">bold</b> text', 'Some <b id="1">bold</b> text']);
  });
});
