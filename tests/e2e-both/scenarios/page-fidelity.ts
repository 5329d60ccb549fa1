// Page fidelity in a real browser, Chromium and Firefox (issue 26, and the page side of right to
// left from issue 24): one page gathers every case (the document's language, computed display,
// options, track labels, SVG text, area alt, th abbr, spoken ARIA attributes, inserted and changed
// elements, text after a comment), translated and restored byte for byte; the same page in Arabic
// in place and in bilingual display; and a saved real page in Arabic (skipped without the pages).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../../server/index';
import type { LaunchLiveBrowser, LiveBrowser } from '../../e2e-lib/live-browser';
import { defaults, translateRequests } from '../../e2e-lib/requests';

const PAGES_DIR = process.env.GLOSSA_PAGES_DIR ?? resolve(import.meta.dirname, '../../../../shared/pages');
const SAVED_PAGE = resolve(PAGES_DIR, 'mozilla-1.html');

const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fidelity</title>
<style>.label { display: block; font-weight: bold } .row { display: flex; gap: 1em }</style></head><body><main id="main">
<p id="greeting">Good morning, dear readers.</p>
<blockquote lang="fr"><p id="french">Bonjour à tous les lecteurs.</p></blockquote>
<div id="hours"><span class="label">Opening hours</span>We open at nine every day.</div>
<div class="row"><span>Home page</span><span>About our team</span></div>
<div id="guide">Read <div style="display:inline">the full guide</div> before you start.</div>
<p>Choose a colour: <select id="colour"><option>Red light</option><option value="blue" selected>Blue light</option><optgroup label="Other colours"><option>Green light</option></optgroup></select> please.</p>
<video id="video" width="20" height="20"><track kind="captions" label="English captions" src="data:text/vtt,WEBVTT"></video>
<svg id="chart" width="240" height="70" viewBox="0 0 240 70"><text id="chart-text" x="4" y="16">Sales rose sharply</text><foreignObject x="0" y="24" width="240" height="40"><p id="in-chart">Inside the chart</p></foreignObject></svg>
<img src="${GIF}" width="10" height="10" usemap="#shop" alt="A map of the shop"><map name="shop"><area shape="rect" coords="0,0,5,5" href="#s" alt="Go to the shop"></map>
<table><tbody><tr><th id="temp" abbr="Temp">Temperature in degrees</th></tr></tbody></table>
<div id="slider" role="slider" tabindex="0" aria-labelledby="greeting" aria-valuetext="Five stars" aria-roledescription="rating control" aria-placeholder="Pick a day" aria-braillelabel="Stars" aria-brailleroledescription="rating"></div>
<form id="form"><textarea id="message" placeholder="Your message"></textarea></form>
<p id="commented">
  <!-- intro -->Welcome to our home page.
</p>
</main>
<script>
  window.__changes = 0;
  document.getElementById('colour').addEventListener('change', () => window.__changes++);
  document.getElementById('colour').addEventListener('input', () => window.__changes++);
  // What the page adds and changes after Glossa translated it (applied to any copy of the body).
  window.addLater = (root) => {
    const input = document.createElement('input');
    input.setAttribute('placeholder', 'Search the site');
    root.querySelector('#form').appendChild(input);
    const img = document.createElement('img');
    img.setAttribute('alt', 'Our team at work');
    root.querySelector('#main').appendChild(img);
    root.querySelector('#message').setAttribute('placeholder', 'Your question');
  };
</script></body></html>`;

/**
 * The ids of the paragraphs Glossa's failure highlight underlines, as the page sees the highlight:
 * a range in it, painted with an underline (the style's rule applies to the paragraph).
 */
const markedParagraphs = () => {
  const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('glossa-failed');
  return [...(highlight ?? [])].map((range) => range.startContainer as Element)
    .filter((el) => getComputedStyle(el, '::highlight(glossa-failed)').textDecorationLine === 'underline').map((el) => el.id).sort();
};
/** Whether the paragraph `id` is underlined (a function of its own: it runs in the page). */
const paragraphMarked = (id: string) => {
  const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('glossa-failed');
  const el = document.getElementById(id);
  return !!el && [...(highlight ?? [])].some((range) => range.startContainer === el)
    && getComputedStyle(el, '::highlight(glossa-failed)').textDecorationLine === 'underline';
};

/** The body and the document element's attributes as written (order included). */
const pageState = () => ({ body: document.body.innerHTML, root: [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`).join(' ') });

export function describePageFidelity(launch: LaunchLiveBrowser, titleSuffix = ''): void {
  describe(`page fidelity${titleSuffix}`, () => {
    let browser: LiveBrowser;
    beforeAll(async () => {
      browser = await launch({ settings: { defaults: defaults('DE') } });
      browser.servePage('/fidelity.html', PAGE);
    });
    afterAll(async () => {
      await browser?.close();
    });

    const de = (text: string) => pseudoTranslate(text, 'DE');

    it('translates every case of the page and restores it byte for byte', async () => {
      await browser.setStorage({ defaults: defaults('DE') });
      const page = await browser.open('/fidelity.html');
      const logStart = browser.api.log.length;
      const before = await page.evaluate(pageState, undefined);
      await page.translatePageCommand();
      await page.waitForPhase('translated');
      await page.waitUntil((want) => document.getElementById('in-chart')!.textContent === want, de('Inside the chart'));
      await page.waitUntil((want) => (document.getElementById('commented')!.textContent ?? '').includes(want), de('Welcome to our home page.'));
      await page.waitUntil((want) => (document.getElementById('colour') as HTMLSelectElement).options[2].textContent === want, de('Green light'));
      const seen = await page.evaluate(() => {
        const select = document.getElementById('colour') as HTMLSelectElement;
        const slider = document.getElementById('slider')!;
        const commented = document.getElementById('commented')!;
        return {
          root: document.documentElement.getAttribute('lang'),
          french: document.getElementById('french')!.getAttribute('lang'),
          options: [...select.options].map((o) => [o.textContent, o.value]),
          optgroup: select.querySelector('optgroup')!.label,
          selected: [select.selectedIndex, select.value],
          changes: (window as unknown as { __changes: number }).__changes,
          track: document.querySelector('track')!.label,
          chartText: document.getElementById('chart-text')!.textContent,
          area: document.querySelector('area')!.alt,
          abbr: document.getElementById('temp')!.getAttribute('abbr'),
          aria: ['aria-valuetext', 'aria-roledescription', 'aria-placeholder', 'aria-braillelabel', 'aria-brailleroledescription', 'aria-labelledby']
            .map((name) => slider.getAttribute(name)),
          commented: [...commented.childNodes].map((n) => n.nodeType),
        };
      }, undefined);
      expect(seen.root).toBe('de');
      expect(seen.french).toBe('de');
      expect(seen.options).toEqual([[de('Red light'), 'Red light'], [de('Blue light'), 'blue'], [de('Green light'), 'Green light']]);
      expect(seen.optgroup).toBe(de('Other colours'));
      expect(seen.selected).toEqual([1, 'blue']);
      expect(seen.changes).toBe(0);
      expect(seen.track).toBe(de('English captions'));
      expect(seen.chartText).toBe(de('Sales rose sharply'));
      expect(seen.area).toBe(de('Go to the shop'));
      expect(seen.abbr).toBe(de('Temp'));
      expect(seen.aria).toEqual([de('Five stars'), de('rating control'), de('Pick a day'), de('Stars'), de('rating'), 'greeting']);
      // Text, comment, text: the translation stays after the comment.
      expect(seen.commented).toEqual([3, 8, 3]);
      // Computed display decides units: the styled heading, the flex items and the inline div.
      const texts = translateRequests(browser.api.log, logStart).flatMap((r) => (r.params as { text: string[] }).text);
      expect(texts).toEqual(expect.arrayContaining(['Opening hours', 'We open at nine every day.', 'Home page', 'About our team',
        'Read <span id="1">the full guide</span> before you start.']));

      // What the page adds after translation has its attributes translated too.
      await page.evaluate(() => (window as unknown as { addLater(root: ParentNode): void }).addLater(document), undefined);
      await page.waitUntil((want) => {
        const input = document.querySelector('#form input');
        return input?.getAttribute('placeholder') === want[0] && document.querySelector('#main > img:last-child')?.getAttribute('alt') === want[1]
          && document.getElementById('message')!.getAttribute('placeholder') === want[2];
      }, [de('Search the site'), de('Our team at work'), de('Your question')]);

      await page.translatePageCommand();
      await page.waitForPhase('original');
      const after = await page.evaluate(pageState, undefined);
      // The page's own values, its later additions included, exactly as the page set them.
      const want = await page.evaluate((original) => {
        const copy = document.createElement('body');
        copy.innerHTML = original;
        (window as unknown as { addLater(root: ParentNode): void }).addLater(copy);
        return copy.innerHTML;
      }, before.body);
      expect(after.body).toBe(want);
      expect(after.root).toBe(before.root);
      await page.close();
    });

    it('shows the first translated text before the page takes the new language (its whole-page restyle comes a frame later)', async () => {
      await browser.setStorage({ defaults: defaults('DE') });
      const page = await browser.open('/fidelity.html');
      // A rAF queued when the first translated text is seen runs in the next frame, before that
      // frame renders: when it has run by the time <html lang> changes, a frame showed the text first.
      await page.evaluate(() => {
        const w = window as unknown as { __order: { framedBeforeLang?: boolean } };
        const order: { framedBeforeLang?: boolean } = (w.__order = {});
        let framed = false;
        let seenText = false;
        new MutationObserver((records) => {
          for (const record of records) {
            if (record.target === document.documentElement && record.attributeName === 'lang') order.framedBeforeLang ??= framed;
            else if (!seenText && record.type !== 'attributes') {
              seenText = true;
              requestAnimationFrame(() => (framed = true));
            }
          }
        }).observe(document.documentElement, { subtree: true, characterData: true, childList: true, attributes: true, attributeFilter: ['lang'] });
      }, undefined);
      await page.translatePageCommand();
      await page.waitForPhase('translated');
      await page.waitUntil(() => document.documentElement.lang === 'de', undefined);
      expect(await page.evaluate(() => (window as unknown as { __order: { framedBeforeLang?: boolean } }).__order.framedBeforeLang, undefined)).toBe(true);
      await page.close();
    });

    it('underlines failed blocks near the viewport only, and those further down once scrolled to', async () => {
      // 150 tall paragraphs, every answer refused (markup the block never had): all fail.
      const paragraphs = Array.from({ length: 150 }, (_, i) => `<p id="p${i}" style="min-height:300px">Paragraph number ${i} of the long report.</p>`).join('');
      browser.servePage('/failed-long.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long</title></head><body>${paragraphs}</body></html>`);
      const rule = browser.api.faults.add({ fault: 'hostile', payload: (text: string) => `<img src="x"> ${text}` });
      try {
        await browser.setStorage({ defaults: defaults('DE') });
        const page = await browser.open('/failed-long.html');
        const before = await page.evaluate(pageState, undefined);
        await page.translatePageCommand();
        await page.waitForPhase('translated');
        const marked = () => page.evaluate(markedParagraphs, undefined);
        await page.waitUntil(paragraphMarked, 'p0');
        const top = await marked();
        expect(top).toContain('p1');
        // A screen above and below the viewport at most: a handful of the 150, not all of them.
        expect(top.length).toBeLessThan(20);
        expect(top).not.toContain('p149');
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight), undefined);
        await page.waitUntil(paragraphMarked, 'p149');
        const bottom = await marked();
        expect(bottom).not.toContain('p0');
        expect(bottom.length).toBeLessThan(20);
        // Show original takes the marks off: the page is as it was, attribute for attribute.
        await page.translatePageCommand();
        await page.waitForPhase('original');
        expect(await page.evaluate(pageState, undefined)).toEqual(before);
        await page.close();
      } finally {
        browser.api.faults.remove(rule);
      }
    });

    it('translated into Arabic: <html> and each translated block read right to left, and restore exactly', async () => {
      await browser.setStorage({ defaults: defaults('AR') });
      const page = await browser.open('/fidelity.html');
      const before = await page.evaluate(pageState, undefined);
      await page.translatePageCommand();
      await page.waitForPhase('translated');
      const ar = (text: string) => pseudoTranslate(text, 'AR');
      await page.waitUntil((want) => document.getElementById('greeting')!.textContent === want, ar('Good morning, dear readers.'));
      const seen = await page.evaluate(() => {
        const mark = (id: string) => {
          const el = document.getElementById(id)!;
          return [el.getAttribute('lang'), el.getAttribute('dir'), getComputedStyle(el).direction];
        };
        return {
          root: [document.documentElement.getAttribute('lang'), document.documentElement.getAttribute('dir')],
          blocks: ['greeting', 'french', 'hours', 'guide', 'in-chart', 'temp'].map(mark),
        };
      }, undefined);
      expect(seen.root).toEqual(['ar', 'rtl']);
      for (const block of seen.blocks) expect(block).toEqual(['ar', 'rtl', 'rtl']);
      await page.translatePageCommand();
      await page.waitForPhase('original');
      expect(await page.evaluate(pageState, undefined)).toEqual(before);
      await page.close();
    });

    it('bilingual display in Arabic keeps each language’s direction', async () => {
      await browser.setStorage({ defaults: defaults('AR', { bilingual: true }) });
      const page = await browser.open('/fidelity.html');
      const before = await page.evaluate(pageState, undefined);
      await page.translatePageCommand();
      await page.waitForPhase('translated');
      await page.waitUntil(() => !!document.querySelector('#greeting glossa-translation'), undefined);
      const seen = await page.evaluate(() => {
        const original = document.getElementById('greeting')!;
        const copy = original.querySelector('glossa-translation')!;
        return {
          root: [document.documentElement.getAttribute('lang'), document.documentElement.getAttribute('dir')],
          original: getComputedStyle(original).direction,
          copy: [copy.getAttribute('lang'), copy.getAttribute('dir'), getComputedStyle(copy).direction],
        };
      }, undefined);
      expect(seen.root).toEqual(['en', null]);
      expect(seen.original).toBe('ltr');
      expect(seen.copy).toEqual(['ar', 'rtl', 'rtl']);
      await page.translatePageCommand();
      await page.waitForPhase('original');
      expect(await page.evaluate(pageState, undefined)).toEqual(before);
      await page.close();
    });

    describe.skipIf(!existsSync(SAVED_PAGE))('a saved real page', () => {
      it('translated into Arabic: each translated block carries dir="rtl" and lang="ar", and restore is byte-exact', async () => {
        await browser.setStorage({ defaults: defaults('AR') });
        // The page's scripts are left out: they would fail without their network.
        browser.servePage('/saved.html', readFileSync(SAVED_PAGE, 'utf8').replace(/<script\b[\s\S]*?<\/script>/gi, ''));
        const page = await browser.open('/saved.html');
        const before = await page.evaluate(() => {
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const texts: [Text, string][] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push([n as Text, (n as Text).data]);
          (window as unknown as { __texts: [Text, string][] }).__texts = texts;
          return { body: document.body.innerHTML, root: [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`).join(' ') };
        }, undefined);
        await page.translatePageCommand();
        await page.waitForPhase('translated');
        const seen = await page.evaluate(() => {
          const root = document.documentElement;
          const changed = (window as unknown as { __texts: [Text, string][] }).__texts.filter(([node, data]) => node.isConnected && node.data !== data && /\p{L}/u.test(node.data));
          const unmarked = changed.filter(([node]) => {
            const lang = node.parentElement!.closest('[lang]');
            const dir = node.parentElement!.closest('[dir]');
            return !lang || lang === root || lang.getAttribute('lang') !== 'ar' || !dir || dir === root || dir.getAttribute('dir') !== 'rtl';
          }).map(([node]) => node.data.slice(0, 60));
          return { changed: changed.length, unmarked, root: [root.getAttribute('lang'), root.getAttribute('dir')] };
        }, undefined);
        expect(seen.root).toEqual(['ar', 'rtl']);
        expect(seen.changed).toBeGreaterThan(10);
        expect(seen.unmarked).toEqual([]);
        await page.translatePageCommand();
        await page.waitForPhase('original');
        const after = await page.evaluate(() => ({
          body: document.body.innerHTML, root: [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`).join(' '),
        }), undefined);
        expect(after.root).toBe(before.root);
        expect(after.body === before.body).toBe(true);
        await page.close();
      });
    });
  });
}
