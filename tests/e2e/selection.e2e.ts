// Selection translation in Chromium against the local server: the context-menu item and the
// shortcut open the popover with the translation (links and formatting kept, the paragraph, its
// section heading and its neighbours sent as unbilled context), Replace in a textarea keeps the field's undo, selections in iframes,
// shadow roots and across paragraphs work, and hostile translations render as text only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { pseudoTranslate } from '../../server/index';
import { HOSTILE_PAYLOADS } from '../content/selection/hostile-payloads';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { popoverIn, type GlossaRoot } from '../e2e-lib/closed-roots-chromium';

const HOST = 'glossa-selection-popover';
const TARGET = 'DE';

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Selection test</title>
<style>
  /* A hostile page stylesheet: none of this may reach the popover. */
  * { font-family: "Comic Sans MS", cursive !important; color: #0f0 !important; }
  div, p, button, select { display: inline !important; visibility: hidden; }
  body p, body textarea, body button#outside { visibility: visible; }
</style></head><body>
<p id="intro">Harbours are busy places. Read <a href="https://docs.example/harbour">the harbour guide</a> for the <b>opening hours</b> of every quay. Boats leave at noon.</p>
<p id="second">The second paragraph talks about lighthouses.</p>
<p id="third">And a third one about <i>ferries</i> crossing the bay.</p>
<label for="note">Note</label>
<textarea id="note" rows="3" cols="60">Please translate this sentence into German now.</textarea>
<div id="editor" contenteditable="true" style="visibility: visible"><p id="edit-p">Edit <b>this</b> sentence here.</p></div>
<button id="outside">Outside</button>
<div id="host"></div>
<iframe id="frame" src="/frame.html" width="600" height="300"></iframe>
<script>
  document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML =
    '<p id="shadow-p">Inside the shadow tree there is <u>underlined</u> text.</p>';
</script>
</body></html>`;

const FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>
<p id="framed">Text inside a frame is selected <em>here</em> and translated.</p>
</body></html>`;

/** The text a popover shows for an HTML translation: Glossa's id-only tags removed. */
function shownText(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Selects the first occurrence of `text` in the element (across its text nodes); returns the selection's text. */
async function selectText(target: Page | Frame, selector: string, text: string): Promise<string> {
  return target.evaluate(({ selector, text }) => {
    const root = document.querySelector(selector)!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
    const at = texts.map((t) => t.data).join('').indexOf(text);
    if (at < 0) throw new Error(`"${text}" is not in ${selector}`);
    const locate = (offset: number, preferNext: boolean): [Text, number] => {
      let seen = 0;
      for (const node of texts) {
        if (offset < seen + node.length || (!preferNext && offset === seen + node.length)) return [node, offset - seen];
        seen += node.length;
      }
      const last = texts[texts.length - 1];
      return [last, last.length];
    };
    const [startNode, startOffset] = locate(at, true);
    const [endNode, endOffset] = locate(at + text.length, false);
    window.getSelection()!.setBaseAndExtent(startNode, startOffset, endNode, endOffset);
    return window.getSelection()!.toString();
  }, { selector, text });
}

describe('selection popover in Chromium', () => {
  let glossa: ChromiumGlossa;
  let page: Page;
  /** The popover's closed shadow root, reached from Glossa's isolated world (see closed-roots.ts). */
  const popover = (target: Page | Frame): GlossaRoot => popoverIn(target, glossa.extensionId);

  /** The popover's translation, or its error message when it shows one instead. */
  const popoverOutcome = (target: Page | Frame): Promise<{ text?: string; error?: string }> =>
    popover(target).waitFor((root) => {
      const translation = root.querySelector('.translation');
      if (translation) return { text: translation.textContent ?? '' };
      const alert = root.querySelector('[role="alert"]');
      return alert ? { error: alert.textContent ?? '' } : null;
    });

  const popoverText = (target: Page | Frame): Promise<string> => popover(target).text('.translation');

  async function closePopover(target: Page | Frame): Promise<void> {
    if ((await target.locator(HOST).count()) === 0) return;
    await popover(target).click('button[aria-label="Close"]');
    await target.locator(HOST).waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: { targetLang: TARGET, sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } } });
    glossa.pages.set('/selection.html', ARTICLE);
    glossa.pages.set('/frame.html', FRAME);
    page = await glossa.openPage('/selection.html');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('translates a selection from the context menu, keeping its link and formatting, with the paragraph as unbilled context', async () => {
    glossa.api.log.length = 0;
    const selected = await selectText(page, '#intro', 'Read the harbour guide for the opening hours of every quay.');
    expect(selected).toBe('Read the harbour guide for the opening hours of every quay.');
    await glossa.clickMenu('translate-selection', page, { selectionText: selected });

    const html = 'Read <a id="1">the harbour guide</a> for the <b id="2">opening hours</b> of every quay.';
    const expected = pseudoTranslate(html, TARGET, { tagHandling: 'html' });
    expect(await popoverText(page)).toBe(shownText(expected));
    const shown = await popover(page).evaluate((root) => ({
      href: root.querySelector('.translation a')?.getAttribute('href'),
      bold: root.querySelectorAll('.translation b').length,
      source: root.querySelector('[data-testid="source-language"]')?.textContent,
      target: root.querySelector('select')?.value,
    }));
    expect(shown).toEqual({ href: 'https://docs.example/harbour', bold: 1, source: 'From English', target: TARGET });

    // What went to the server: the selection with tag handling, the paragraph as context, only the selection billed.
    const requests = glossa.api.log.filter((r) => r.path === '/v2/translate');
    expect(requests).toHaveLength(1);
    const params = requests[0].params as Record<string, unknown>;
    expect(params).toMatchObject({ text: [html], target_lang: TARGET, tag_handling: 'html', show_billed_characters: true });
    // Its paragraph, then the paragraph after it (the first paragraph has no heading or paragraph before it).
    expect(params.context).toBe('Harbours are busy places. Read the harbour guide for the opening hours of every quay. Boats leave at noon. The second paragraph talks about lighthouses.');
    expect(requests[0].billedCharacters).toBe(html.length);
    expect(await popover(page).text('.billed')).toBe(`${html.length} characters billed`);

    // The page's stylesheet cannot reach inside: our own font and visible controls.
    const style = await popover(page).evaluate((root) => {
      const s = getComputedStyle(root.querySelector('.popover')!);
      return { font: s.fontFamily, visibility: s.visibility, display: s.display };
    });
    expect(style!.font).not.toContain('Comic Sans');
    expect(style).toMatchObject({ visibility: 'visible', display: 'block' });
    // Anchored just below the selection.
    const [selectionBox, popoverTop] = await Promise.all([
      page.evaluate(() => window.getSelection()!.getRangeAt(0).getBoundingClientRect().toJSON() as DOMRect),
      popover(page).evaluate((root) => root.querySelector('.popover')!.getBoundingClientRect().top),
    ]);
    expect(popoverTop!).toBeGreaterThanOrEqual(selectionBox.bottom);
    expect(popoverTop! - selectionBox.bottom).toBeLessThan(40);
  });

  it('is usable by keyboard: focus inside, Tab cycles, Escape closes and gives focus back', async () => {
    expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(HOST);
    const focusedInside = () => popover(page).evaluate((root) => {
      const el = root.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName) : null;
    });
    expect(await focusedInside()).toMatch(/Glossa translation/);
    const seen: (string | null | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focusedInside());
    }
    // Close, the target picker, the link, Copy, then round again to Close: focus never leaves.
    expect(seen.every((name) => name !== null && name !== undefined)).toBe(true);
    expect(seen[0]).toBe('Close');
    expect(seen).toContain('Copy');
    expect(seen.slice(1)).toContain('Close');
    await page.keyboard.press('Escape');
    await page.locator(HOST).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('body');
  });

  it('translates again into another language from the picker', async () => {
    const selected = await selectText(page, '#second', 'The second paragraph talks about lighthouses.');
    await glossa.clickMenu('translate-selection', page, { selectionText: selected });
    await popoverText(page);
    await popover(page).selectOption('select', 'FR');
    const expected = pseudoTranslate('The second paragraph talks about lighthouses.', 'FR', { tagHandling: 'html' });
    await popover(page).waitFor((root, text) => root.querySelector('.translation')?.textContent === text, expected);
    await popover(page).selectOption('select', TARGET);
    await closePopover(page);
  });

  it('a whole one-line paragraph or a heading goes with its section heading and neighbouring paragraphs as context', async () => {
    glossa.pages.set('/context.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Context</title></head><body>
      <h2 id="boats">Boats</h2><p id="deck">Scrub the deck before noon.</p><p id="bow">Bow</p><p id="rope">Coil the rope at the stern.</p>
      <h2 id="music">Music</h2><p id="strings">Rosin keeps the strings gripping.</p></body></html>`);
    const context = await glossa.openPage('/context.html');
    const contextSent = async (id: string): Promise<unknown> => {
      const logStart = glossa.api.log.length;
      const selected = await context.evaluate((el) => {
        getSelection()!.selectAllChildren(document.getElementById(el)!);
        return getSelection()!.toString();
      }, id);
      await glossa.clickMenu('translate-selection', context, { selectionText: selected });
      await popoverText(context);
      await context.keyboard.press('Escape');
      await context.locator(HOST).waitFor({ state: 'detached' });
      const [request] = glossa.api.log.slice(logStart).filter((r) => r.path === '/v2/translate');
      return (request.params as Record<string, unknown>).context;
    };
    // "Bow" alone could be a ship's front or a violinist's tool: the section says which.
    expect(await contextSent('bow')).toBe('Boats Scrub the deck before noon. Coil the rope at the stern.');
    // A heading is its own section title: the paragraphs around it.
    expect(await contextSent('music')).toBe('Coil the rope at the stern. Rosin keeps the strings gripping.');
    await context.close();
  });

  it('translates a selection across several paragraphs', async () => {
    const selected = await page.evaluate(() => {
      const second = document.querySelector('#second')!.firstChild as Text;
      const ferries = document.querySelector('#third i')!.firstChild as Text;
      window.getSelection()!.setBaseAndExtent(second, 4, ferries, 7);
      return window.getSelection()!.toString();
    });
    expect(selected).toContain('ferries');
    await glossa.clickMenu('translate-selection', page, { selectionText: selected });
    const html = 'second paragraph talks about lighthouses.<br><br>And a third one about <i id="1">ferries</i>';
    expect(await popoverText(page)).toBe(shownText(pseudoTranslate(html, TARGET, { tagHandling: 'html' })));
    expect(await popover(page).count('.translation br')).toBe(2);
    await closePopover(page);
  });

  it('translates a selection inside an open shadow root', async () => {
    await page.evaluate(() => {
      const p = document.querySelector('#host')!.shadowRoot!.querySelector('#shadow-p')!;
      window.getSelection()!.setBaseAndExtent(p, 0, p, p.childNodes.length);
    });
    await glossa.clickMenu('translate-selection', page, { selectionText: 'Inside the shadow tree there is underlined text.' });
    const html = 'Inside the shadow tree there is <u id="1">underlined</u> text.';
    expect(await popoverText(page)).toBe(shownText(pseudoTranslate(html, TARGET, { tagHandling: 'html' })));
    await closePopover(page);
  });

  it('opens the popover inside an iframe for a selection made there (shortcut)', async () => {
    const frame = page.frames().find((f) => f.url().endsWith('/frame.html'))!;
    expect(frame).toBeTruthy();
    await frame.locator('#framed').click();
    const selected = await selectText(frame, '#framed', 'Text inside a frame is selected here and translated.');
    expect(selected).toBe('Text inside a frame is selected here and translated.');
    await glossa.dispatchCommand('translate-selection', page);
    const html = 'Text inside a frame is selected <em id="1">here</em> and translated.';
    expect(await popoverText(frame)).toBe(shownText(pseudoTranslate(html, TARGET, { tagHandling: 'html' })));
    expect(await page.locator(HOST).count()).toBe(0);
    await closePopover(frame);
  });

  it('does nothing for a whitespace-only selection', async () => {
    glossa.api.log.length = 0;
    await page.evaluate(() => {
      const p = document.querySelector('#second')!;
      const space = document.createTextNode('   ');
      p.after(space);
      window.getSelection()!.setBaseAndExtent(space, 0, space, 3);
    });
    await glossa.clickMenu('translate-selection', page, { selectionText: '' });
    await page.waitForTimeout(700);
    expect(await page.locator(HOST).count()).toBe(0);
    expect(glossa.api.log.filter((r) => r.path === '/v2/translate')).toHaveLength(0);
  });

  it('replaces the selection in a textarea, and the browser can undo it', async () => {
    const original = 'Please translate this sentence into German now.';
    await page.locator('#note').focus();
    await page.evaluate(() => (document.getElementById('note') as HTMLTextAreaElement).setSelectionRange(7, 30));
    await glossa.clickMenu('translate-selection', page, { selectionText: 'translate this sentence', editable: true });
    const expected = pseudoTranslate('translate this sentence', TARGET);
    expect(await popoverText(page)).toBe(expected);
    const params = glossa.api.log.filter((r) => r.path === '/v2/translate').at(-1)!.params as Record<string, unknown>;
    // Form-field text travels as escaped HTML, like every plain text in the one pipeline, and is read back as text.
    expect(params).toMatchObject({ text: ['translate this sentence'], tag_handling: 'html' });
    expect(params.context).toBe(original);

    await popover(page).click('button', 'Replace');
    await page.locator(HOST).waitFor({ state: 'detached' });
    const replaced = `Please ${expected} into German now.`;
    expect(await page.locator('#note').inputValue()).toBe(replaced);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('note');
    await page.keyboard.press('Control+Z');
    expect(await page.locator('#note').inputValue()).toBe(original);
  });

  it('replaces the selection in a contenteditable editor', async () => {
    await page.locator('#editor').focus();
    const selected = await selectText(page, '#edit-p', 'sentence here');
    await glossa.clickMenu('translate-selection', page, { selectionText: selected, editable: true });
    const shown = await popoverText(page);
    expect(shown).toBe(pseudoTranslate('sentence here', TARGET, { tagHandling: 'html' }));
    await popover(page).click('button', 'Replace');
    await page.locator(HOST).waitFor({ state: 'detached' });
    // Chromium's own insertText may turn the space before the insertion into a no-break space.
    expect(await page.locator('#edit-p').evaluate((p) => p.innerHTML.replace(/&nbsp;/g, ' '))).toBe(`Edit <b>this</b> ${shown}.`);
    await page.keyboard.press('Control+Z');
    expect(await page.locator('#edit-p').evaluate((p) => p.innerHTML)).toBe('Edit <b>this</b> sentence here.');
  });

  it('copies the translation to the clipboard', async () => {
    await glossa.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: glossa.pages.url });
    const selected = await selectText(page, '#third', 'And a third one');
    await glossa.clickMenu('translate-selection', page, { selectionText: selected });
    const shown = await popoverText(page);
    await popover(page).click('button', 'Copy');
    await popover(page).waitFor((root) => [...root.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes('Copied to the clipboard.')));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await closePopover(page);
  });

  it('keeps its own styles under a strict Content-Security-Policy, in the dark scheme too', async () => {
    glossa.pages.set('/strict.html', '<!doctype html><html><head><meta charset="utf-8"></head><body><p id="strict">Strict pages still get a readable popover.</p></body></html>', {
      'content-security-policy': "default-src 'none'; style-src 'none'; script-src 'none'",
    });
    const strict = await glossa.openPage('/strict.html');
    for (const scheme of ['light', 'dark'] as const) {
      await strict.emulateMedia({ colorScheme: scheme });
      const selected = await selectText(strict, '#strict', 'Strict pages still get a readable popover.');
      await glossa.clickMenu('translate-selection', strict, { selectionText: selected });
      await popoverText(strict);
      const look = (await popover(strict).evaluate((root) => {
        const s = getComputedStyle(root.querySelector('.popover')!);
        return { background: s.backgroundColor, radius: s.borderTopLeftRadius, position: getComputedStyle(root.host).position };
      }))!;
      expect(look.radius).toBe('12px');
      expect(look.position).toBe('absolute');
      expect(look.background).toBe(scheme === 'dark' ? 'rgb(48, 49, 52)' : 'rgb(255, 255, 255)');
      await strict.keyboard.press('Escape');
      await strict.locator(HOST).waitFor({ state: 'detached' });
    }
    await strict.close();
  });

  it('explains a rejected key and opens the options page from the popover', async () => {
    await glossa.setStorage({ connection: { apiKey: 'not-the-key', plan: 'custom', customUrl: glossa.api.url } });
    try {
      await page.bringToFront();
      const selected = await selectText(page, '#second', 'lighthouses');
      await glossa.clickMenu('translate-selection', page, { selectionText: selected });
      const outcome = await popoverOutcome(page);
      expect(outcome.error).toContain('did not accept your API key');
      const opened = glossa.context.waitForEvent('page', { timeout: 10_000 });
      await popover(page).click('button', 'Open options');
      const options = await opened;
      expect(options.url()).toContain('/options.html');
      await options.close();
      expect(await page.locator(HOST).count()).toBe(0);
    } finally {
      await glossa.setStorage({ connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url } });
    }
  });

  it('on a translated page, the page engine leaves the popover alone', async () => {
    // A URL of its own: the harness finds tabs by URL.
    const translated = await glossa.openPage('/selection.html?translated');
    await glossa.dispatchCommand('translate-page', translated);
    await glossa.waitForPhase(translated, 'translated');
    const selected = await translated.evaluate(() => {
      window.getSelection()!.selectAllChildren(document.getElementById('second')!);
      return window.getSelection()!.toString();
    });
    await glossa.clickMenu('translate-selection', translated, { selectionText: selected });
    const shown = await popoverText(translated);
    expect(shown).toBe(pseudoTranslate(selected, TARGET, { tagHandling: 'html' }));
    // Give the page engine's observer time to react to the new element: nothing in the popover changes.
    await translated.waitForTimeout(1500);
    expect(await popover(translated).evaluate((root) => ({
      translation: root.querySelector('.translation')?.textContent,
      heading: root.querySelector('h2')?.textContent,
      close: root.querySelectorAll('button[aria-label="Close"]').length,
    }))).toEqual({ translation: shown, heading: 'Glossa translation', close: 1 });
    await translated.close();
  });

  it(`renders ${HOSTILE_PAYLOADS.length} hostile translations as text only, and nothing runs`, async () => {
    const paragraphs = HOSTILE_PAYLOADS.map((_, i) => `<p id="p${i}">Read <a href="https://docs.example/guide">the docs</a> and <b>this</b> now, number ${i}.</p>`).join('');
    glossa.pages.set('/hostile.html', `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs}</body></html>`);
    const hostile = await glossa.openPage('/hostile.html');
    const bodyBefore = await hostile.evaluate(() => document.body.innerHTML);
    const problems: string[] = [];
    for (let i = 0; i < HOSTILE_PAYLOADS.length; i++) {
      const payload = HOSTILE_PAYLOADS[i];
      glossa.api.faults.add({ fault: 'hostile', payload: payload.html, path: '/v2/translate', times: 1 });
      // "Read the docs and this now" of paragraph i: its context differs each time, so nothing comes from the cache.
      const selected = await selectText(hostile, `#p${i}`, 'Read the docs and this now');
      await glossa.clickMenu('translate-selection', hostile, { selectionText: selected });
      const outcome = await popoverOutcome(hostile).catch((err: unknown) => {
        problems.push(`${payload.name}: no popover (${String(err).split('\n')[0]})`);
        return { text: '', error: undefined };
      });
      const text = outcome.text ?? '';
      // An answer with no readable text left is reported as unreadable, not shown empty.
      if (outcome.error !== undefined && !outcome.error.includes('cannot read')) problems.push(`${payload.name}: unexpected error ${outcome.error}`);
      await hostile.waitForTimeout(50);
      const inPopover = (await popover(hostile).evaluate((root) => {
        const allowed: Record<string, string[]> = { a: ['href', 'target', 'rel'], span: ['class'], b: [], strong: [], i: [], em: [], u: [], s: [], sub: [], sup: [], mark: [], small: [], br: [] };
        const bad: string[] = [];
        for (const el of Array.from(root.querySelectorAll('.translation *'))) {
          const attrs = allowed[el.localName];
          if (!attrs) bad.push(`element <${el.localName}>`);
          for (const attr of Array.from(el.attributes)) if (!attrs?.includes(attr.name)) bad.push(`attribute ${attr.name} on <${el.localName}>`);
          if (el.localName === 'a' && el.getAttribute('href') !== 'https://docs.example/guide') bad.push(`href ${el.getAttribute('href')}`);
        }
        return bad;
      })) ?? ['no popover'];
      // What ran in the page itself (its own world, not Glossa's).
      const inPage = await hostile.evaluate(() => ({ pwned: (window as unknown as { __glossaPwned?: unknown }).__glossaPwned ?? null, heads: document.head.children.length }));
      const report = { bad: inPopover, ...inPage };
      if (report.bad.length > 0 || report.pwned !== null || report.heads !== 1) problems.push(`${payload.name}: ${JSON.stringify(report)}`);
      if (payload.visible && !text.includes(payload.visible)) problems.push(`${payload.name}: visible text missing (${text})`);
      await closePopover(hostile);
    }
    expect(problems).toEqual([]);
    expect(await hostile.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
    expect(glossa.api.log.filter((r) => r.path === '/v2/translate' && r.fault === 'hostile')).toHaveLength(HOSTILE_PAYLOADS.length);
    glossa.api.faults.clear();
    await hostile.close();
  });
});
