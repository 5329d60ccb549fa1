// The page engine in Chromium with the built extension and the local API server: translate
// and restore exactly, content below the fold as the reader scrolls, content the page adds
// later, and a reload served from the cache without a billed character.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { pseudoTranslate } from '../../server/index';
import { waitUntil } from '../e2e-lib/wait';

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Garden notes</title></head>
<body><main>
<h1>Growing tomatoes</h1>
<p id="intro">Tomatoes need <b>plenty of sun</b> and <a id="link" href="#care" title="Read the care guide">regular watering</a>.</p>
<p>Use <code>compost</code> in spring.<br>Harvest in late summer.</p>
<img alt="A ripe tomato" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<input id="name" placeholder="Your name">
</main></body></html>`;

const LONG = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long page</title></head><body>
${Array.from({ length: 120 }, (_, i) => `<p style="margin:0 0 40px">Paragraph number ${i + 1} talks about the weather.</p>`).join('\n')}
</body></html>`;

const DYNAMIC = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Feed</title></head><body>
<div id="feed"><p>The first post of the day.</p></div>
<script>
  window.addPost = (text) => { const p = document.createElement('p'); p.textContent = text; document.getElementById('feed').appendChild(p); };
</script></body></html>`;

const de = (text: string) => pseudoTranslate(text, 'DE');

describe('page translation in Chromium', () => {
  let glossa: ChromiumGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInChromium({
      settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } },
    });
    glossa.pages.set('/article.html', ARTICLE);
    glossa.pages.set('/long.html', LONG);
    glossa.pages.set('/dynamic.html', DYNAMIC);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  const bodyHtml = (page: Page) => page.evaluate(() => document.body.innerHTML);

  it('translates the page in place, keeps its elements, and restores it exactly', async () => {
    const page = await glossa.openPage('/article.html');
    const before = await bodyHtml(page);
    await page.evaluate(() => {
      (document.getElementById('link') as HTMLAnchorElement & { marker?: number }).marker = 42;
      (document.getElementById('name') as HTMLInputElement).value = 'typed by the user';
    });
    await glossa.dispatchCommand('translate-page', page);
    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.failed).toBe(0);
    expect(state.billedCharacters).toBeGreaterThan(0);
    await glossa.waitForText(page, de('Growing tomatoes'));
    const seen = await page.evaluate(() => ({
      h1: document.querySelector('h1')!.textContent,
      intro: document.getElementById('intro')!.innerHTML,
      marker: (document.getElementById('link') as HTMLAnchorElement & { marker?: number }).marker,
      title: document.title,
      alt: document.querySelector('img')!.alt,
      placeholder: (document.getElementById('name') as HTMLInputElement).placeholder,
      value: (document.getElementById('name') as HTMLInputElement).value,
      code: document.querySelector('code')!.textContent,
    }));
    expect(seen.h1).toBe(de('Growing tomatoes'));
    // The link is the page's own element (its expando survived) with its attributes intact.
    expect(seen.marker).toBe(42);
    expect(seen.intro).toContain('<a id="link" href="#care" title=');
    expect(seen.intro).toContain('<b>');
    expect(seen.title).toBe(de('Garden notes'));
    expect(seen.alt).toBe(de('A ripe tomato'));
    expect(seen.placeholder).toBe(de('Your name'));
    expect(seen.value).toBe('typed by the user');
    expect(seen.code).toBe('compost');

    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    await page.waitForFunction(() => document.title === 'Garden notes');
    expect(await bodyHtml(page)).toBe(before);
    await page.close();
  });

  it('translates content below the fold as the reader scrolls to it', async () => {
    const page = await glossa.openPage('/long.html');
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForText(page, de('Paragraph number 1 talks about the weather.'));
    await glossa.waitForPhase(page, 'translated');
    const last = () => page.evaluate(() => document.querySelector('p:last-of-type')!.textContent);
    expect(await last()).toBe('Paragraph number 120 talks about the weather.');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction((t) => document.querySelector('p:last-of-type')!.textContent === t, de('Paragraph number 120 talks about the weather.'), { timeout: 15_000 });
    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.failed).toBe(0);
    await page.close();
  });

  it('translates content the page adds later, once', async () => {
    const page = await glossa.openPage('/dynamic.html');
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForText(page, de('The first post of the day.'));
    await glossa.waitForPhase(page, 'translated');
    await page.waitForFunction((t) => document.title === t, de('Feed'));
    const requestsBefore = glossa.api.log.filter((r) => r.path === '/v2/translate').length;
    await page.evaluate(() => (window as unknown as { addPost(t: string): void }).addPost('A second post arrived.'));
    await glossa.waitForText(page, de('A second post arrived.'));
    await page.waitForTimeout(500);
    const sent = glossa.api.log.filter((r) => r.path === '/v2/translate').slice(requestsBefore);
    const texts = sent.flatMap((r) => (r.params as { text: string[] }).text);
    expect(texts).toEqual(['A second post arrived.']);
    await page.close();
  });

  it('serves a reload of a translated page from the cache: zero billed characters', async () => {
    const page = await glossa.openPage('/article.html');
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    await glossa.waitForText(page, de('Growing tomatoes'));
    const billedBefore = glossa.api.billedCharacters;
    const requestsBefore = glossa.api.log.length;
    await page.reload();
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForText(page, de('Growing tomatoes'));
    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.failed).toBe(0);
    expect(glossa.api.billedCharacters - billedBefore).toBe(0);
    expect(glossa.api.log.slice(requestsBefore).filter((r) => r.path === '/v2/translate')).toHaveLength(0);
    await page.close();
  });

  it('walks open shadow roots and same-origin frames, and restores them', async () => {
    glossa.pages.set('/frame.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><p>Words inside the frame.</p></body></html>');
    glossa.pages.set('/composed.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Composed</title></head><body>
      <p>Words in the light tree.</p><div id="host"></div><iframe id="frame" src="/frame.html"></iframe>
      <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<p>Words in the shadow tree.</p>';</script>
      </body></html>`);
    const page = await glossa.openPage('/composed.html');
    await page.waitForFunction(() => (document.getElementById('frame') as HTMLIFrameElement).contentDocument?.readyState === 'complete');
    const snapshot = () => page.evaluate(() => ({
      light: document.body.innerHTML,
      shadow: document.getElementById('host')!.shadowRoot!.innerHTML,
      frame: (document.getElementById('frame') as HTMLIFrameElement).contentDocument!.body.innerHTML,
    }));
    const before = await snapshot();
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    await page.waitForFunction((t) => (document.getElementById('frame') as HTMLIFrameElement).contentDocument!.body.textContent!.includes(t), de('Words inside the frame.'));
    const after = await snapshot();
    expect(after.shadow).toBe(`<p>${de('Words in the shadow tree.')}</p>`);
    expect(after.light).toContain(de('Words in the light tree.'));
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    expect(await snapshot()).toEqual(before);
    await page.close();
  });

  it('shows the translation under each block in bilingual display, and removes it again', async () => {
    await glossa.setStorage({ defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: true } });
    glossa.pages.set('/bilingual.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><p>A line shown <a href="#x">twice</a>.</p></body></html>');
    try {
      const page = await glossa.openPage('/bilingual.html');
      const before = await bodyHtml(page);
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'translated');
      await page.waitForSelector('glossa-translation');
      const copy = await page.evaluate(() => {
        const el = document.querySelector('glossa-translation')!;
        return { html: el.innerHTML, text: el.textContent, translate: el.getAttribute('translate'), opacity: getComputedStyle(el).opacity, parent: el.parentElement!.localName };
      });
      expect(copy.text).toBe(de('A line shown twice.'));
      expect(copy.html).toMatch(/^[^<]+ <a href="#x">[^<]+<\/a>\.$/);
      expect(copy.translate).toBe('no');
      expect(Number(copy.opacity)).toBeLessThan(1);
      expect(copy.parent).toBe('p');
      expect(await page.evaluate(() => document.querySelector('p')!.firstChild!.textContent)).toBe('A line shown ');
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'original');
      expect(await bodyHtml(page)).toBe(before);
      await page.close();
    } finally {
      await glossa.setStorage({ defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } });
    }
  });

  describe('under faults', () => {
    const HOSTILE = [
      '<script>window.__pwned = 1</script>Text',
      '<img src="x" onerror="window.__pwned = 1">Text',
      '<a href="javascript:window.__pwned=1">Text</a>',
      '<span onclick="window.__pwned = 1">Text</span>',
      '<iframe src="http://127.0.0.1:1/"></iframe>Text',
      '<style>body{display:none}</style>Text',
      '<svg onload="window.__pwned = 1"></svg>Text',
      '<b id="1">Text</b>',
      '<math><mtext><img src="x" onerror="window.__pwned = 1"></mtext></math>',
      '<form action="http://127.0.0.1:1/"><input name="password"></form>',
      '<details open ontoggle="window.__pwned = 1">Text</details>',
      '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:1/">Text',
    ];

    it('keeps the original and reports failed blocks when responses are hostile, running nothing', async () => {
      const paragraphs = HOSTILE.map((_, i) => `<p>Hostile test sentence number ${i + 1} about ${'birds '.repeat(i + 1).trim()}.</p>`).join('');
      glossa.pages.set('/hostile.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${paragraphs}</body></html>`);
      const rule = glossa.api.faults.add({ fault: 'hostile', payload: HOSTILE });
      try {
        const page = await glossa.openPage('/hostile.html');
        const before = await bodyHtml(page);
        await glossa.dispatchCommand('translate-page', page);
        const state = await glossa.waitForPhase(page, 'translated');
        expect(state.failed).toBe(HOSTILE.length);
        expect(state.done).toBe(0);
        await page.waitForTimeout(300);
        expect(await bodyHtml(page)).toBe(before);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
        await page.close();
      } finally {
        glossa.api.faults.remove(rule);
      }
    });

    it('finishes the page when the service worker is stopped in the middle of a request', async () => {
      glossa.pages.set('/restart.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><p>The worker restarts while this sentence is being translated.</p></body></html>');
      glossa.api.faults.latencyMs = 1500;
      try {
        const page = await glossa.openPage('/restart.html');
        await glossa.dispatchCommand('translate-page', page);
        const logStart = glossa.api.log.length;
        await waitUntil(() => glossa.api.log.slice(logStart).some((r) => r.path === '/v2/translate'), 'a translate request', 10_000).catch(() => undefined);
        await glossa.stopWorker();
        glossa.api.faults.latencyMs = 0;
        await glossa.waitForText(page, de('The worker restarts while this sentence is being translated.'), 20_000);
        const state = await glossa.waitForPhase(page, 'translated');
        expect(state.failed).toBe(0);
        await page.close();
      } finally {
        glossa.api.faults.latencyMs = 0;
      }
    });

    // Last: after a 456 the background refuses further work until the user acts.
    it('sends nothing after a quota error in the middle of a page and says so', async () => {
      const paragraphs = Array.from({ length: 150 }, (_, i) => `<p>Quota page line ${i + 1} with some words to bill.</p>`).join('');
      glossa.pages.set('/quota.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${paragraphs}</body></html>`);
      glossa.api.faults.quotaCharacters = glossa.api.billedCharacters + 400;
      try {
        const page = await glossa.openPage('/quota.html');
        const logStart = glossa.api.log.length;
        await glossa.dispatchCommand('translate-page', page);
        const state = await glossa.waitForPhase(page, 'error');
        expect(state.errorCode).toBe('quota');
        // Scrolling on does not make Glossa try again.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(1000);
        const requests = glossa.api.log.slice(logStart).filter((r) => r.path === '/v2/translate');
        const firstRefusal = requests.findIndex((r) => r.status === 456);
        expect(firstRefusal).toBeGreaterThanOrEqual(0);
        const refusedAt = Date.parse(requests[firstRefusal].time);
        const later = requests.slice(firstRefusal + 1).filter((r) => Date.parse(r.time) > refusedAt + 50);
        expect(later.map((r) => ({ time: r.time, status: r.status, texts: (r.params as { text?: string[] } | undefined)?.text?.length })), `refused at ${requests[firstRefusal].time}`).toEqual([]);
        expect(await page.evaluate(() => !!document.querySelector('glossa-notice'))).toBe(true);
        await page.close();
      } finally {
        glossa.api.faults.quotaCharacters = undefined;
        glossa.api.faults.quotaExhausted = false;
      }
    });
  });
});
