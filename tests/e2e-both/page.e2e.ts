// The page engine in the run's browser with the built extension and the local API server:
// translate and restore exactly (from the shortcut and the page menu, with the badge), content
// below the fold as the reader scrolls, the screen first on a page scrolled near its end,
// content the page adds later, a reload served from the cache without a billed character,
// bilingual display, and faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../server/index';
import { launchInPage, nothingHappensFor, type InPage, type InPageBrowser } from '../e2e-lib/in-page';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { defaults } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';

const firefox = e2eBrowser() === 'firefox';

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

/** Long enough that a walk from the top would not reach the end within the first frames. */
const SECTIONS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour log</title></head><body><main>
${Array.from({ length: 400 }, (_, s) => `<section><h2>Day ${s + 1}</h2>${Array.from({ length: 20 }, (_, p) => `<p>Day ${s + 1}, entry ${p + 1}: the ships came and went.</p>`).join('')}</section>`).join('\n')}
</main></body></html>`;

const DYNAMIC = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Feed</title></head><body>
<div id="feed"><p>The first post of the day.</p></div>
<script>
  window.addPost = (text) => { const p = document.createElement('p'); p.textContent = text; document.getElementById('feed').appendChild(p); };
</script></body></html>`;

const de = (text: string) => pseudoTranslate(text, 'DE');

describe(`page translation in ${firefox ? 'Firefox' : 'Chromium'}`, () => {
  let glossa: InPageBrowser;
  beforeAll(async () => {
    glossa = await launchInPage({ settings: { defaults: defaults('DE') } });
    glossa.pages.set('/garden.html', ARTICLE);
    glossa.pages.set('/long.html', LONG);
    glossa.pages.set('/dynamic.html', DYNAMIC);
    glossa.pages.set('/sections.html', SECTIONS);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  const bodyHtml = (page: InPage) => page.evaluate(() => document.body.innerHTML);
  /** The body as the page wrote it: Glossa's mark on failed blocks near the viewport (`data-glossa-failed`) left out. */
  const pagesOwnBody = (page: InPage) => page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll('[data-glossa-failed]')) el.removeAttribute('data-glossa-failed');
    return copy.innerHTML;
  });

  it('translates the page in place, keeps its elements, and restores it exactly', async () => {
    const page = await glossa.open('/garden.html');
    const before = await bodyHtml(page);
    await page.evaluate(() => {
      (document.getElementById('link') as HTMLAnchorElement & { marker?: number }).marker = 42;
      (document.getElementById('name') as HTMLInputElement).value = 'typed by the user';
    });
    await page.translatePage();
    const state = await page.waitForPhase('translated');
    expect(state.failed).toBe(0);
    expect(state.billedCharacters).toBeGreaterThan(0);
    await page.waitForText(de('Growing tomatoes'));
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

    await page.translatePage();
    await page.waitForPhase('original');
    await page.waitIn(() => document.title === 'Garden notes', null, 'the original title');
    expect(await bodyHtml(page)).toBe(before);
    await page.close();
  });

  it('translates the page on the shortcut, keeping its elements, shows the target on the badge, and restores it byte for byte', async () => {
    const page = await glossa.open('/article.html');
    const before = await bodyHtml(page);
    await page.evaluate(() => {
      (document.querySelector('#first a') as HTMLAnchorElement & { marker?: number }).marker = 42;
    });
    const logStart = glossa.api.log.length;
    await page.translatePage();
    const state = await page.waitForPhase('translated');
    expect(state.failed).toBe(0);
    expect(state.billedCharacters).toBeGreaterThan(0);
    // What the reader sees: the heading, the image's text and the tab's title, all translated.
    await page.waitIn((want) => document.querySelector('h1')!.textContent === want.h1
      && document.querySelector('img')!.alt === want.alt && document.title === want.h1, { h1: de('A walk by the river'), alt: de('A small bridge over water') }, 'the heading, alt text and title translated');

    const seen = await page.evaluate(() => ({
      h1: document.querySelector('h1')!.textContent,
      first: document.getElementById('first')!.innerHTML,
      marker: (document.querySelector('#first a') as HTMLAnchorElement & { marker?: number }).marker,
      pre: document.querySelector('pre')!.textContent,
      code: document.querySelector('code')!.textContent,
      alt: document.querySelector('img')!.alt,
      title: document.title,
    }));
    expect(seen.h1).toBe(de('A walk by the river'));
    // The page's own link element is reused (its expando survived), its href untouched.
    expect(seen.marker).toBe(42);
    expect(seen.first).toContain('<a href="https://example.org/birds">');
    expect(seen.first).toContain('<b>');
    expect(seen.pre).toBe('do not translate this');
    expect(seen.code).toBe('npm start');
    expect(seen.alt).toBe(de('A small bridge over water'));
    expect(seen.title).toBe(de('A walk by the river'));
    expect(await page.badgeText()).toBe('DE');
    expect(glossa.api.log.slice(logStart).filter((r) => r.path === '/v2/translate').length).toBeGreaterThan(0);

    await page.translatePage();
    await page.waitForPhase('original');
    await page.waitIn(() => document.title === 'A walk by the river', null, 'the original title');
    expect(await bodyHtml(page)).toBe(before);
    expect(await page.badgeText()).toBe('');
    await page.close();
  });

  it('translates from the page context menu, and again from the cache without a billed character', async () => {
    const page = await glossa.open('/article.html?menu');
    await page.translatePageMenu();
    await page.waitForPhase('translated');
    await page.waitForText(de('The evening light made everything look golden.'));
    const billedBefore = glossa.api.billedCharacters;
    const requestsBefore = glossa.api.log.length;
    await page.reload();
    await page.translatePage();
    await page.waitForText(de('The evening light made everything look golden.'));
    expect((await page.waitForPhase('translated')).failed).toBe(0);
    expect(glossa.api.billedCharacters - billedBefore).toBe(0);
    expect(glossa.api.log.slice(requestsBefore).filter((r) => r.path === '/v2/translate')).toHaveLength(0);
    await page.close();
  });

  it('translates content below the fold as the reader scrolls to it', async () => {
    const page = await glossa.open('/long.html');
    await page.translatePage();
    await page.waitForText(de('Paragraph number 1 talks about the weather.'));
    await page.waitForPhase('translated');
    const last = () => page.evaluate(() => document.querySelector('p:last-of-type')!.textContent);
    expect(await last()).toBe('Paragraph number 120 talks about the weather.');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitIn((t) => document.querySelector('p:last-of-type')!.textContent === t, de('Paragraph number 120 talks about the weather.'), 'the last paragraph translated', 15_000);
    const state = await page.waitForPhase('translated');
    expect(state.failed).toBe(0);
    await page.close();
  });

  it('translates the screen first when the page is scrolled near its end, and what is above it when the reader goes back', async () => {
    const page = await glossa.open('/sections.html');
    const onScreen = await page.evaluate(() => {
      window.scrollTo(0, 0.9 * (document.documentElement.scrollHeight - innerHeight));
      return [...document.querySelectorAll('p, h2')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      }).map((el) => el.textContent!);
    });
    expect(onScreen.length).toBeGreaterThan(5);
    const logStart = glossa.api.log.length;
    await page.translatePage();
    await page.waitForText(de(onScreen[onScreen.length - 1]));
    const first = glossa.api.log.slice(logStart).find((r) => r.path === '/v2/translate')!;
    const sent = (first.params as { text: string[] }).text;
    // The first request holds the screen (and the tab's title), nothing from far above it.
    expect(sent.filter((text) => !onScreen.includes(text))).toEqual(['Harbour log']);
    expect([...sent].sort()).toEqual([...onScreen, 'Harbour log'].sort());
    await page.waitForPhase('translated');
    // What the walk passed over at first is translated when the reader gets there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitIn((t) => document.querySelector('p')!.textContent === t, de('Day 1, entry 1: the ships came and went.'), 'the first paragraph translated', 15_000);
    expect((await page.waitForPhase('translated')).failed).toBe(0);
    await page.close();
  });

  it('translates content the page adds later, once', async () => {
    const page = await glossa.open('/dynamic.html');
    await page.translatePage();
    await page.waitForText(de('The first post of the day.'));
    await page.waitForPhase('translated');
    await page.waitIn((t) => document.title === t, de('Feed'), 'the translated title');
    const requestsBefore = glossa.api.log.filter((r) => r.path === '/v2/translate').length;
    await page.evaluate(() => (window as unknown as { addPost(t: string): void }).addPost('A second post arrived.'));
    await page.waitForText(de('A second post arrived.'));
    await nothingHappensFor(500);
    const sent = glossa.api.log.filter((r) => r.path === '/v2/translate').slice(requestsBefore);
    const texts = sent.flatMap((r) => (r.params as { text: string[] }).text);
    expect(texts).toEqual(['A second post arrived.']);
    await page.close();
  });

  it('serves a reload of a translated page from the cache: zero billed characters', async () => {
    const page = await glossa.open('/garden.html');
    await page.translatePage();
    await page.waitForPhase('translated');
    await page.waitForText(de('Growing tomatoes'));
    const billedBefore = glossa.api.billedCharacters;
    const requestsBefore = glossa.api.log.length;
    await page.reload();
    await page.translatePage();
    await page.waitForText(de('Growing tomatoes'));
    const state = await page.waitForPhase('translated');
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
    const page = await glossa.open('/composed.html');
    await page.waitIn(() => (document.getElementById('frame') as HTMLIFrameElement).contentDocument?.readyState === 'complete', null, 'the frame loaded');
    const snapshot = () => page.evaluate(() => ({
      light: document.body.innerHTML,
      shadow: document.getElementById('host')!.shadowRoot!.innerHTML,
      frame: (document.getElementById('frame') as HTMLIFrameElement).contentDocument!.body.innerHTML,
    }));
    const before = await snapshot();
    await page.translatePage();
    await page.waitForPhase('translated');
    await page.waitIn((t) => (document.getElementById('frame') as HTMLIFrameElement).contentDocument!.body.textContent!.includes(t), de('Words inside the frame.'), 'the frame translated');
    const after = await snapshot();
    expect(after.shadow).toBe(`<p>${de('Words in the shadow tree.')}</p>`);
    expect(after.light).toContain(de('Words in the light tree.'));
    await page.translatePage();
    await page.waitForPhase('original');
    expect(await snapshot()).toEqual(before);
    await page.close();
  });

  it('shows the translation under each block in bilingual display, and removes it again', async () => {
    await glossa.setStorage({ defaults: defaults('DE', { bilingual: true }) });
    glossa.pages.set('/bilingual.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><p>A line shown <a href="#x">twice</a>.</p></body></html>');
    try {
      const page = await glossa.open('/bilingual.html');
      const before = await bodyHtml(page);
      await page.translatePage();
      await page.waitForPhase('translated');
      await page.waitIn(() => document.querySelector('glossa-translation') !== null, null, 'a bilingual copy');
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
      await page.translatePage();
      await page.waitForPhase('original');
      expect(await bodyHtml(page)).toBe(before);
      await page.close();
    } finally {
      await glossa.setStorage({ defaults: defaults('DE') });
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
        const page = await glossa.open('/hostile.html');
        const before = await bodyHtml(page);
        await page.translatePage();
        const state = await page.waitForPhase('translated');
        expect(state.failed).toBe(HOSTILE.length);
        expect(state.done).toBe(0);
        await nothingHappensFor(300);
        expect(await pagesOwnBody(page)).toBe(before);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
        // Reported on the page too: the failed paragraph on screen is marked (underlined).
        await page.waitIn(() => document.querySelector('p')!.hasAttribute('data-glossa-failed'), null, 'the first failed paragraph marked');
        await page.translatePage();
        await page.waitForPhase('original');
        expect(await bodyHtml(page)).toBe(before);
        await page.close();
      } finally {
        glossa.api.faults.remove(rule);
      }
    });

    // Chromium's service worker: Firefox runs an MV2 background page that is never stopped.
    it.skipIf(firefox)('finishes the page when the service worker is stopped in the middle of a request', async () => {
      glossa.pages.set('/restart.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><p>The worker restarts while this sentence is being translated.</p></body></html>');
      glossa.api.faults.latencyMs = 1500;
      try {
        const page = await glossa.open('/restart.html');
        await page.translatePage();
        const logStart = glossa.api.log.length;
        await waitUntil(() => glossa.api.log.slice(logStart).some((r) => r.path === '/v2/translate'), 'a translate request', 10_000).catch(() => undefined);
        await glossa.stopWorker!();
        glossa.api.faults.latencyMs = 0;
        await page.waitForText(de('The worker restarts while this sentence is being translated.'), 20_000);
        const state = await page.waitForPhase('translated');
        expect(state.failed).toBe(0);
        await page.close();
      } finally {
        glossa.api.faults.latencyMs = 0;
      }
    });

    // Last: after a 456 the background refuses further work until the user acts. Chromium only: its
    // 50 ms allowance for requests already on their way is a timing bound Firefox's batches miss under load.
    it.skipIf(firefox)('sends nothing after a quota error in the middle of a page and says so', async () => {
      const paragraphs = Array.from({ length: 150 }, (_, i) => `<p>Quota page line ${i + 1} with some words to bill.</p>`).join('');
      glossa.pages.set('/quota.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${paragraphs}</body></html>`);
      glossa.api.faults.quotaCharacters = glossa.api.billedCharacters + 400;
      try {
        const page = await glossa.open('/quota.html');
        const logStart = glossa.api.log.length;
        await page.translatePage();
        const state = await page.waitForPhase('error');
        expect(state.errorCode).toBe('quota');
        // Scrolling on does not make Glossa try again.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await nothingHappensFor(1000);
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
