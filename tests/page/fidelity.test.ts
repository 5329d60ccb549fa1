// Page fidelity, second pass: what a careful page translator gets right about what a page is
// made of. HTML in, HTML out with the upper-casing fake translator, and an exact restore after each.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTranslator, stopAllEngines, testEngine } from './fake-translator';
import type { PageEngineOptions } from '../../utils/page/engine';

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.title = '';
  for (const name of ['lang', 'dir']) document.documentElement.removeAttribute(name);
});

const job = (targetLang: string, bilingual = false): Partial<PageEngineOptions> => ({
  job: { targetLang, sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual },
});

/** The document element's attributes as written (order included). */
const rootAttributes = () => [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`).join(' ');

/**
 * Translates the body, returns what came out and what was sent, restores, and checks that the
 * body and the document element are byte for byte as before.
 */
async function translateAndRestore(html: string, overrides: Partial<PageEngineOptions> = {}, afterTranslate?: () => Promise<void> | void) {
  document.body.innerHTML = html;
  const before = document.body.innerHTML;
  const rootBefore = rootAttributes();
  const translator = fakeTranslator();
  const engine = testEngine(translator.translate, overrides);
  await engine.start();
  await engine.idle();
  const out = { html: document.body.innerHTML, root: rootAttributes(), sent: translator.sent() };
  await afterTranslate?.();
  await engine.restore();
  expect(document.body.innerHTML).toBe(before);
  expect(rootAttributes()).toBe(rootBefore);
  return out;
}

describe('1. the document says what language it is in', () => {
  it('sets <html lang> and the lang of blocks in another language to the target, and puts the page’s values back', async () => {
    document.documentElement.setAttribute('lang', 'en');
    const out = await translateAndRestore('<p>Good morning</p><blockquote lang="fr"><p>Bonjour à tous</p></blockquote>');
    expect(out.root).toBe('lang=de');
    expect(out.html).toBe('<p>GOOD MORNING</p><blockquote lang="fr"><p lang="de">BONJOUR À TOUS</p></blockquote>');
  });

  it('adds lang to a document that had none and takes it away again; region subtags keep their case rules', async () => {
    const out = await translateAndRestore('<p>Good morning</p>', job('EN-US'));
    expect(out.root).toBe('lang=en-US');
    const hans = await translateAndRestore('<p>Good morning</p>', job('ZH-HANS'));
    expect(hans.root).toBe('lang=zh-Hans');
  });

  it('leaves <html lang> alone in bilingual display, where the page keeps its own language', async () => {
    document.documentElement.setAttribute('lang', 'en');
    const out = await translateAndRestore('<p>Good morning</p>', job('DE', true));
    expect(out.root).toBe('lang=en');
    expect(out.html).toContain('lang="de"');
  });
});

describe('right to left: a page translated into Arabic or Hebrew', () => {
  it('gives <html> and each translated block lang and dir="rtl", and restores byte for byte', async () => {
    document.documentElement.setAttribute('lang', 'en');
    const out = await translateAndRestore(
      '<h1>News</h1><p dir="ltr">Some <b>bold</b> text</p><div>Intro text<p title="A tip">Body</p></div><pre>code stays</pre>',
      job('AR'),
    );
    expect(out.root).toBe('lang=ar dir=rtl');
    expect(out.html).toBe(
      '<h1 lang="ar" dir="rtl">NEWS</h1><p dir="rtl" lang="ar">SOME <b>BOLD</b> TEXT</p>'
      + '<div lang="ar" dir="rtl">INTRO TEXT<p title="A TIP" lang="ar" dir="rtl">BODY</p></div><pre>code stays</pre>',
    );
  });

  it('uses the Hebrew direction too, and marks a text run beside blocks on its container', async () => {
    const out = await translateAndRestore('<section>Loose text <i>here</i><p>Para</p></section>', job('HE'));
    expect(out.root).toBe('lang=he dir=rtl');
    expect(out.html).toBe('<section lang="he" dir="rtl">LOOSE TEXT <i>HERE</i><p lang="he" dir="rtl">PARA</p></section>');
  });

  it('turns a right-to-left page left to right when translated into a left-to-right language', async () => {
    document.documentElement.setAttribute('lang', 'ar');
    document.documentElement.setAttribute('dir', 'rtl');
    const out = await translateAndRestore('<p>مرحبا بكم</p><aside dir="rtl"><p>نص جانبي</p></aside>', job('EN-GB'));
    expect(out.root).toBe('lang=en-GB dir=ltr');
    expect(out.html).toBe('<p>مرحبا بكم</p><aside dir="rtl"><p dir="ltr">نص جانبي</p></aside>');
  });

  it('translates a block again when the page changes it, whatever Glossa marked, and restores the page’s latest text', async () => {
    // The section is marked for its loose text: the paragraph inside is still the page's English.
    document.body.innerHTML = '<section>Loose text<p id="a">First text</p></section><blockquote lang="fr"><p id="b">Premier texte</p></blockquote>';
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate, job('AR'));
    await engine.start();
    await engine.idle();
    expect(document.getElementById('a')!.outerHTML).toBe('<p id="a" lang="ar" dir="rtl">FIRST TEXT</p>');
    document.getElementById('a')!.textContent = 'Second text';
    document.getElementById('b')!.textContent = 'Deuxième texte';
    await engine.idle();
    expect(document.getElementById('a')!.outerHTML).toBe('<p id="a" lang="ar" dir="rtl">SECOND TEXT</p>');
    expect(document.getElementById('b')!.outerHTML).toBe('<p id="b" lang="ar" dir="rtl">DEUXIÈME TEXTE</p>');
    expect(translator.sent()).toEqual(['Loose text', 'First text', 'Premier texte', 'Second text', 'Deuxième texte']);
    await engine.restore();
    expect(document.body.innerHTML).toBe('<section>Loose text<p id="a">Second text</p></section><blockquote lang="fr"><p id="b">Deuxième texte</p></blockquote>');
    expect(rootAttributes()).toBe('');
  });

  it('keeps each language’s direction in bilingual display: the original as it was, the translation right to left', async () => {
    document.documentElement.setAttribute('lang', 'en');
    const out = await translateAndRestore('<p>Good morning</p>', job('AR', true));
    expect(out.root).toBe('lang=en');
    const box = new DOMParser().parseFromString(out.html, 'text/html').querySelector('glossa-translation')!;
    expect(box.getAttribute('lang')).toBe('ar');
    expect(box.getAttribute('dir')).toBe('rtl');
    expect(out.html.startsWith('<p>Good morning<glossa-translation')).toBe(true);
  });
});

describe('2. blocks follow what the reader sees', () => {
  it('starts a unit at an inline element styled as a block, a flex or grid item and a list item', async () => {
    document.head.innerHTML = '<style>.label { display: block }</style>';
    const out = await translateAndRestore([
      '<div><span class="label">Opening hours</span>We open at nine.</div>',
      '<div style="display:flex"><span>Home</span><span>About us</span></div>',
      '<div><span style="display:list-item">First point</span><span style="display:list-item">Second point</span></div>',
    ].join(''));
    expect(out.sent).toEqual(['Opening hours', 'We open at nine.', 'Home', 'About us', 'First point', 'Second point']);
    expect(out.html).toContain('<span class="label">OPENING HOURS</span>WE OPEN AT NINE.');
  });

  it('keeps a block element styled inline in its sentence', async () => {
    const out = await translateAndRestore('<div>Read <div style="display:inline">the guide</div> before you start.</div>');
    expect(out.sent).toEqual(['Read <span id="1">the guide</span> before you start.']);
    expect(out.html).toBe('<div>READ <div style="display:inline">THE GUIDE</div> BEFORE YOU START.</div>');
  });
});

describe('3. visible text skipped before', () => {
  it('translates option text and optgroup labels with the value pinned, the selection kept and no change event', async () => {
    const changes: string[] = [];
    const out = await translateAndRestore(
      '<p>Colour: <select id="s"><option>Red light</option><option value="b" selected>Blue light</option>'
      + '<optgroup label="Other colours"><option>Green light</option></optgroup></select> please.</p>',
      {},
      () => {
        const select = document.getElementById('s') as HTMLSelectElement;
        expect(select.selectedIndex).toBe(1);
        expect(select.value).toBe('b');
        expect([...select.options].map((o) => o.value)).toEqual(['Red light', 'b', 'Green light']);
        expect(changes).toEqual([]);
      },
    ).then(async (result) => result);
    expect(out.html).toBe(
      '<p>COLOUR: <select id="s"><option value="Red light">RED LIGHT</option><option value="b" selected="">BLUE LIGHT</option>'
      + '<optgroup label="OTHER COLOURS"><option value="Green light">GREEN LIGHT</option></optgroup></select> PLEASE.</p>',
    );
    expect(out.sent).toContain('Colour: <span id="1"></span> please.');
    void changes;
  });

  it('keeps the user’s choice in a select while its options are translated', async () => {
    document.body.innerHTML = '<select id="s"><option>Red light</option><option>Blue light</option></select>';
    const select = document.getElementById('s') as HTMLSelectElement;
    select.selectedIndex = 1;
    let changed = 0;
    select.addEventListener('change', () => changed++);
    select.addEventListener('input', () => changed++);
    const engine = testEngine(fakeTranslator().translate);
    await engine.start();
    await engine.idle();
    expect(select.options[1].textContent).toBe('BLUE LIGHT');
    expect(select.selectedIndex).toBe(1);
    expect(select.value).toBe('Blue light');
    expect(changed).toBe(0);
    await engine.restore();
    expect(document.body.innerHTML).toBe('<select id="s"><option>Red light</option><option>Blue light</option></select>');
    expect(select.selectedIndex).toBe(1);
  });

  it('translates track labels, SVG text and HTML in foreignObject, area alt text and th abbr', async () => {
    const out = await translateAndRestore([
      '<video><track kind="captions" label="English captions" src="c.vtt"></video>',
      '<svg viewBox="0 0 10 10"><text x="1">Sales <tspan>rose</tspan> sharply</text><foreignObject><p>Inside the chart</p></foreignObject></svg>',
      '<p>A chart <svg><text>inline label</text></svg> in a sentence.</p>',
      '<map name="m"><area alt="Go to the shop" href="/s"></map>',
      '<table><tbody><tr><th abbr="Temp">Temperature in degrees</th></tr></tbody></table>',
    ].join(''));
    expect(out.html).toContain('<track kind="captions" label="ENGLISH CAPTIONS" src="c.vtt">');
    expect(out.html).toContain('<text x="1">SALES <tspan>ROSE</tspan> SHARPLY</text>');
    expect(out.html).toContain('<p>INSIDE THE CHART</p>');
    expect(out.html).toContain('<p>A CHART <svg><text>INLINE LABEL</text></svg> IN A SENTENCE.</p>');
    expect(out.html).toContain('<area alt="GO TO THE SHOP" href="/s">');
    expect(out.html).toContain('<th abbr="TEMP">TEMPERATURE IN DEGREES</th>');
    expect(out.sent).toContain('Sales <span id="1">rose</span> sharply');
  });
});

describe('4. spoken attributes', () => {
  it('translates every attribute read to users, never the ids in aria-labelledby and the like', async () => {
    const out = await translateAndRestore(
      '<span id="lbl">Rating</span><div role="slider" aria-labelledby="lbl" aria-describedby="lbl" aria-valuetext="Five stars"'
      + ' aria-roledescription="rating control" aria-placeholder="Pick a day" aria-braillelabel="Stars"'
      + ' aria-brailleroledescription="rating"></div>',
    );
    expect(out.html).toBe(
      '<span id="lbl">RATING</span><div role="slider" aria-labelledby="lbl" aria-describedby="lbl" aria-valuetext="FIVE STARS"'
      + ' aria-roledescription="RATING CONTROL" aria-placeholder="PICK A DAY" aria-braillelabel="STARS"'
      + ' aria-brailleroledescription="RATING"></div>',
    );
  });
});

describe('4b. attributes that hold data for programs', () => {
  it('leaves a citation record (COinS), a URL and a query string in attributes as they are, and translates the words beside them', async () => {
    const coins = 'ctx_ver=Z39.88-2004&rft_val_fmt=info%3Aofi%2Ffmt%3Akev%3Amtx%3Abook&rft.btitle=About+the+Corporation&rft.pub=Some+Foundation';
    const html = `<p>Cited <span class="Z3988" title="${coins.replaceAll('&', '&amp;')}"></span>`
      + '<a href="/x" title="https://example.org/guide?page=2">guide</a> and <abbr title="name=value;other=thing">NV</abbr>'
      + ' <img alt="A lighthouse at dusk" title="   https://example.org/lighthouse.jpg   "></p>';
    const out = await translateAndRestore(html);
    expect(out.html).toBe(html.replace('Cited', 'CITED').replace('>guide<', '>GUIDE<').replace(' and ', ' AND ')
      .replace('A lighthouse at dusk', 'A LIGHTHOUSE AT DUSK'));
    expect(out.sent.join('\n')).not.toMatch(/ctx_ver|example\.org|name=value/i);
  });

  it('still translates prose that has an equals sign or a colon in it', async () => {
    const out = await translateAndRestore('<p><span title="Speed = distance / time">v</span> <span title="Note: see https://example.org for more">n</span></p>');
    expect(out.html).toBe('<p><span title="SPEED = DISTANCE / TIME">V</span> <span title="NOTE: SEE HTTPS://EXAMPLE.ORG FOR MORE">N</span></p>');
  });
});

describe('5. attributes of inserted and changed elements', () => {
  it('translates the placeholder and alt of elements the page adds later, and a changed textarea placeholder', async () => {
    const html = '<form id="f"><textarea id="t" placeholder="Your message"></textarea></form><p>Text</p>';
    document.body.innerHTML = html;
    const engine = testEngine(fakeTranslator().translate);
    await engine.start();
    await engine.idle();
    const input = document.createElement('input');
    input.setAttribute('placeholder', 'Search the site');
    document.getElementById('f')!.appendChild(input);
    const img = document.createElement('img');
    img.setAttribute('alt', 'Our team at work');
    document.body.appendChild(img);
    const textarea = document.getElementById('t')!;
    textarea.setAttribute('placeholder', 'Your question');
    await engine.idle();
    expect(input.getAttribute('placeholder')).toBe('SEARCH THE SITE');
    expect(img.getAttribute('alt')).toBe('OUR TEAM AT WORK');
    expect(textarea.getAttribute('placeholder')).toBe('YOUR QUESTION');
    await engine.restore();
    expect(document.body.innerHTML).toBe(
      '<form id="f"><textarea id="t" placeholder="Your question"></textarea><input placeholder="Search the site"></form>'
      + '<p>Text</p><img alt="Our team at work">',
    );
  });
});

describe('6. write-back keeps node order around comments', () => {
  it('keeps text after a comment after it', async () => {
    const out = await translateAndRestore('<p>\n  <!-- intro -->Welcome home\n</p><h2><!--a-->Title<!--b--></h2><p>One <!--x--><b>two</b></p>');
    expect(out.html).toBe('<p>\n  <!-- intro -->WELCOME HOME\n</p><h2><!--a-->TITLE<!--b--></h2><p>ONE <!--x--><b>TWO</b></p>');
  });
});
