import { afterEach, describe, expect, it } from 'vitest';
import { fakeTranslator, stopAllEngines, translateBody } from './fake-translator';
import { compileScope } from '../../utils/page/site-scope';

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
  document.title = '';
});

const PAGE = '<nav><a href="/">Home</a> <a href="/news">News</a></nav><article><h1>Headline</h1><p>Body with <span class="brand">Acme Widget</span> inside.</p><img alt="A photo"></article><footer><p>Footer text</p></footer>';

describe('site scope in the page engine', () => {
  it('Never translate: the matching parts are not sent, and an excluded inline part travels as a placeholder', async () => {
    document.title = 'Page title';
    const { translator } = await translateBody(PAGE, fakeTranslator(), { scope: { only: [], never: ['nav', '.brand'] } });
    const sent = translator.sent();
    expect(sent.some((t) => t.includes('Home'))).toBe(false);
    expect(sent.some((t) => t.includes('Acme'))).toBe(false);
    expect(sent).toContain('Body with <span id="1"></span> inside.');
    expect(document.querySelector('nav')!.textContent).toBe('Home News');
    expect(document.querySelector('.brand')!.textContent).toBe('Acme Widget');
    expect(sent).toContain('Page title');
  });

  it('Only translate: only blocks and attributes inside the article, and no title', async () => {
    document.title = 'Page title';
    const { translator } = await translateBody(PAGE, fakeTranslator(), { scope: { only: ['article'], never: [] } });
    expect(translator.sent().sort()).toEqual(['A photo', 'Body with <span id="1">Acme Widget</span> inside.', 'Headline']);
    expect(document.title).toBe('Page title');
  });

  it('invalid selectors are left out one by one', () => {
    const matcher = compileScope({ only: [], never: ['nav[', 'footer'] });
    document.body.innerHTML = PAGE;
    expect(matcher!.excludes(document.querySelector('footer')!)).toBe(true);
    expect(matcher!.excludes(document.querySelector('nav')!)).toBe(false);
  });

  it('new rules apply at once: excluded parts get their original back, included parts are translated', async () => {
    const translator = fakeTranslator();
    const { engine } = await translateBody(PAGE, translator, { scope: { only: ['article'], never: [] } });
    expect(document.querySelector('footer')!.textContent).toBe('Footer text');
    const before = translator.sent().length;
    engine.setScope({ only: [], never: ['nav', 'h1'] });
    await engine.idle();
    // The h1 is back to its original; nav stays as it was; the footer is now translated.
    expect(document.querySelector('h1')!.textContent).toBe('Headline');
    expect(document.querySelector('nav')!.textContent).toBe('Home News');
    expect(document.querySelector('footer')!.textContent).toBe('FOOTER TEXT');
    const sentNow = translator.sent().slice(before);
    expect(sentNow).toEqual(['Footer text']);
    // Restoring the page gives back exactly what it was.
    await engine.restore();
    expect(document.body.innerHTML).toBe(PAGE);
  });
});
