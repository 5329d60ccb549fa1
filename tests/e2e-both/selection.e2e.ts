// Selection translation in the run's browser against the local server: the context-menu item and
// the shortcut open the popover with the translation (links and formatting kept, the paragraph,
// its section heading and its neighbours sent as unbilled context, the page itself untouched),
// Replace in a textarea keeps the field's undo, selections in iframes, shadow roots and across
// paragraphs work, and hostile translations render as text only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../server/index';
import { HOSTILE_PAYLOADS } from '../content/selection/hostile-payloads';
import { TEST_KEY } from '../e2e-lib/harness';
import { launchInPage, nothingHappensFor, POPOVER_HOST, type InPage, type InPageBrowser } from '../e2e-lib/in-page';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { defaults, translateRequests } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';

const TARGET = 'DE';
const firefox = e2eBrowser() === 'firefox';

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

describe(`selection popover in ${firefox ? 'Firefox' : 'Chromium'}`, () => {
  let glossa: InPageBrowser;
  let page: InPage;
  const translations = (from = 0) => translateRequests(glossa.api.log, from);
  const fieldValue = (target: InPage, id: string) => target.evaluate((el) => (document.getElementById(el) as HTMLTextAreaElement).value, id);

  beforeAll(async () => {
    glossa = await launchInPage({ settings: { defaults: defaults(TARGET) } });
    glossa.pages.set('/selection.html', ARTICLE);
    glossa.pages.set('/frame.html', FRAME);
    page = await glossa.open('/selection.html');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('translates a selection from the context menu, keeping its link and formatting, with the paragraph as unbilled context', async () => {
    glossa.api.log.length = 0;
    const before = await page.evaluate(() => document.body.innerHTML);
    const selected = await page.selectText('#intro', 'Read the harbour guide for the opening hours of every quay.');
    expect(selected).toBe('Read the harbour guide for the opening hours of every quay.');
    await page.translateSelectionMenu({ selectionText: selected });

    const html = 'Read <a id="1">the harbour guide</a> for the <b id="2">opening hours</b> of every quay.';
    const expected = pseudoTranslate(html, TARGET, { tagHandling: 'html' });
    expect(await page.popoverText()).toBe(shownText(expected));
    const shown = await page.popover().evaluate((root) => ({
      href: root.querySelector('.translation a')?.getAttribute('href'),
      bold: root.querySelectorAll('.translation b').length,
      source: root.querySelector('[data-testid="source-language"]')?.textContent,
      target: root.querySelector('select')?.value,
    }));
    expect(shown).toEqual({ href: 'https://docs.example/harbour', bold: 1, source: 'From English', target: TARGET });

    // What went to the server: the selection with tag handling, the paragraph as context, only the selection billed.
    const requests = translations();
    expect(requests).toHaveLength(1);
    const params = requests[0].params as Record<string, unknown>;
    expect(params).toMatchObject({ text: [html], target_lang: TARGET, tag_handling: 'html', show_billed_characters: true });
    // Its paragraph, then the paragraph after it (the first paragraph has no heading or paragraph before it).
    expect(params.context).toBe('Harbours are busy places. Read the harbour guide for the opening hours of every quay. Boats leave at noon. The second paragraph talks about lighthouses.');
    expect(requests[0].billedCharacters).toBe(html.length);
    expect(await page.popover().text('.billed')).toBe(`${html.length} characters billed`);

    // The page's stylesheet cannot reach inside: our own font and visible controls.
    const style = await page.popover().evaluate((root) => {
      const s = getComputedStyle(root.querySelector('.popover')!);
      return { font: s.fontFamily, visibility: s.visibility, display: s.display };
    });
    expect(style!.font).not.toContain('Comic Sans');
    expect(style).toMatchObject({ visibility: 'visible', display: 'block' });
    // Anchored just below the selection.
    const [selectionBox, popoverTop] = await Promise.all([
      page.evaluate(() => window.getSelection()!.getRangeAt(0).getBoundingClientRect().toJSON() as DOMRect),
      page.popover().evaluate((root) => root.querySelector('.popover')!.getBoundingClientRect().top),
    ]);
    expect(popoverTop!).toBeGreaterThanOrEqual(selectionBox.bottom);
    expect(popoverTop! - selectionBox.bottom).toBeLessThan(40);
    // The page itself is not translated, and nothing but the popover's host was added to it.
    expect((await page.tabState()).phase).toBe('original');
    expect(await page.evaluate((host) => document.body.innerHTML.replace(new RegExp(`<${host}[^>]*></${host}>`), ''), POPOVER_HOST)).toBe(before);
  });

  it('is usable by keyboard: focus inside, Tab cycles, Escape closes and gives focus back', async () => {
    expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(POPOVER_HOST);
    const focusedInside = () => page.popover().evaluate((root) => {
      const el = root.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName) : null;
    });
    expect(await focusedInside()).toMatch(/Glossa translation/);
    const seen: (string | null | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      await page.press('Tab');
      seen.push(await focusedInside());
    }
    // Close, the target picker, the link, Copy, then round again to Close: focus never leaves.
    expect(seen.every((name) => name !== null && name !== undefined)).toBe(true);
    expect(seen[0]).toBe('Close');
    expect(seen).toContain('Copy');
    expect(seen.slice(1)).toContain('Close');
    await page.press('Escape');
    await page.waitForPopoverGone();
    await page.popover().waitForClosed();
    expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('body');
  });

  it('translates again into another language from the picker', async () => {
    const selected = await page.selectText('#second', 'The second paragraph talks about lighthouses.');
    await page.translateSelectionMenu({ selectionText: selected });
    await page.popoverText();
    await page.popover().selectOption('select', 'FR');
    const expected = pseudoTranslate('The second paragraph talks about lighthouses.', 'FR', { tagHandling: 'html' });
    await page.popover().waitFor((root, text) => root.querySelector('.translation')?.textContent === text, expected);
    await page.popover().selectOption('select', TARGET);
    await page.closePopover();
  });

  it('a whole one-line paragraph or a heading goes with its section heading and neighbouring paragraphs as context', async () => {
    glossa.pages.set('/context.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Context</title></head><body>
      <h2 id="boats">Boats</h2><p id="deck">Scrub the deck before noon.</p><p id="bow">Bow</p><p id="rope">Coil the rope at the stern.</p>
      <h2 id="music">Music</h2><p id="strings">Rosin keeps the strings gripping.</p></body></html>`);
    const context = await glossa.open('/context.html');
    const contextSent = async (id: string): Promise<unknown> => {
      const logStart = glossa.api.log.length;
      const selected = await context.evaluate((el) => {
        getSelection()!.selectAllChildren(document.getElementById(el)!);
        return getSelection()!.toString();
      }, id);
      await context.translateSelectionMenu({ selectionText: selected });
      await context.popoverText();
      await context.press('Escape');
      await context.waitForPopoverGone();
      const [request] = translations(logStart);
      return (request.params as Record<string, unknown>).context;
    };
    // "Bow" alone could be a ship's front or a violinist's tool: the section says which.
    expect(await contextSent('bow')).toBe('Boats Scrub the deck before noon. Coil the rope at the stern.');
    // A heading is its own section title: the paragraphs around it.
    expect(await contextSent('music')).toBe('Coil the rope at the stern. Rosin keeps the strings gripping.');
    await context.close();
    await page.bringToFront();
  });

  it('translates a selection across several paragraphs', async () => {
    const selected = await page.evaluate(() => {
      const second = document.querySelector('#second')!.firstChild as Text;
      const ferries = document.querySelector('#third i')!.firstChild as Text;
      window.getSelection()!.setBaseAndExtent(second, 4, ferries, 7);
      return window.getSelection()!.toString();
    });
    expect(selected).toContain('ferries');
    await page.translateSelectionMenu({ selectionText: selected });
    const html = 'second paragraph talks about lighthouses.<br><br>And a third one about <i id="1">ferries</i>';
    expect(await page.popoverText()).toBe(shownText(pseudoTranslate(html, TARGET, { tagHandling: 'html' })));
    expect(await page.popover().count('.translation br')).toBe(2);
    await page.closePopover();
  });

  it('translates a selection inside an open shadow root', async () => {
    await page.evaluate(() => {
      const p = document.querySelector('#host')!.shadowRoot!.querySelector('#shadow-p')!;
      window.getSelection()!.setBaseAndExtent(p, 0, p, p.childNodes.length);
    });
    await page.translateSelectionMenu({ selectionText: 'Inside the shadow tree there is underlined text.' });
    const html = 'Inside the shadow tree there is <u id="1">underlined</u> text.';
    expect(await page.popoverText()).toBe(shownText(pseudoTranslate(html, TARGET, { tagHandling: 'html' })));
    await page.closePopover();
  });

  // The Firefox harness reaches Glossa's world (and so the popover) in the top frame only.
  it.skipIf(firefox)('opens the popover inside an iframe for a selection made there (shortcut)', async () => {
    const frame = await page.frame('/frame.html');
    await frame.click('#framed');
    const selected = await frame.selectText('#framed', 'Text inside a frame is selected here and translated.');
    expect(selected).toBe('Text inside a frame is selected here and translated.');
    await page.translateSelectionShortcut();
    const html = 'Text inside a frame is selected <em id="1">here</em> and translated.';
    expect(await frame.popover().text('.translation')).toBe(shownText(pseudoTranslate(html, TARGET, { tagHandling: 'html' })));
    expect(await page.hasPopover()).toBe(false);
    await frame.popover().click('button[aria-label="Close"]');
    await frame.popover().waitForClosed();
  });

  it('does nothing for a whitespace-only selection', async () => {
    glossa.api.log.length = 0;
    await page.evaluate(() => {
      const p = document.querySelector('#second')!;
      const space = document.createTextNode('   ');
      p.after(space);
      window.getSelection()!.setBaseAndExtent(space, 0, space, 3);
    });
    await page.translateSelectionMenu({ selectionText: '' });
    await nothingHappensFor(700);
    expect(await page.hasPopover()).toBe(false);
    expect(translations()).toHaveLength(0);
  });

  it('replaces the selection in a textarea, and the browser can undo it', async () => {
    const original = 'Please translate this sentence into German now.';
    await page.focus('#note');
    await page.evaluate(() => (document.getElementById('note') as HTMLTextAreaElement).setSelectionRange(7, 30));
    await page.translateSelectionMenu({ selectionText: 'translate this sentence', editable: true });
    const expected = pseudoTranslate('translate this sentence', TARGET);
    expect(await page.popoverText()).toBe(expected);
    const params = translations().at(-1)!.params as Record<string, unknown>;
    // Form-field text travels as escaped HTML, like every plain text in the one pipeline, and is read back as text.
    expect(params).toMatchObject({ text: ['translate this sentence'], tag_handling: 'html' });
    expect(params.context).toBe(original);

    await page.popover().click('button', 'Replace');
    await page.waitForPopoverGone();
    const replaced = `Please ${expected} into German now.`;
    expect(await fieldValue(page, 'note')).toBe(replaced);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('note');
    await page.press('Control+z');
    expect(await fieldValue(page, 'note')).toBe(original);
  });

  it('replaces the selection in a textarea on the shortcut, and the browser can undo it', async () => {
    const original = 'Please translate this sentence into German now.';
    await page.focus('#note');
    await page.evaluate(() => (document.getElementById('note') as HTMLTextAreaElement).setSelectionRange(7, 30));
    await page.translateSelectionShortcut();
    const expected = pseudoTranslate('translate this sentence', TARGET);
    expect(await page.popoverText()).toBe(expected);
    expect((translations().at(-1)!.params as { context?: string }).context).toBe(original);

    await page.popover().click('button', 'Replace');
    await page.popover().waitForClosed();
    expect(await fieldValue(page, 'note')).toBe(`Please ${expected} into German now.`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('note');
    await page.press('Control+z');
    expect(await fieldValue(page, 'note')).toBe(original);
  });

  it('replaces the selection in a contenteditable editor', async () => {
    await page.focus('#editor');
    const selected = await page.selectText('#edit-p', 'sentence here');
    await page.translateSelectionMenu({ selectionText: selected, editable: true });
    const shown = await page.popoverText();
    expect(shown).toBe(pseudoTranslate('sentence here', TARGET, { tagHandling: 'html' }));
    await page.popover().click('button', 'Replace');
    await page.waitForPopoverGone();
    // The browser's own insertText may turn the space before the insertion into a no-break space.
    const editor = () => page.evaluate(() => document.getElementById('edit-p')!.innerHTML);
    expect((await editor()).replace(/&nbsp;/g, ' ')).toBe(`Edit <b>this</b> ${shown}.`);
    await page.press('Control+z');
    expect(await editor()).toBe('Edit <b>this</b> sentence here.');
  });

  it('copies the translation to the clipboard', async () => {
    await glossa.allowClipboard();
    const selected = await page.selectText('#third', 'And a third one');
    await page.translateSelectionMenu({ selectionText: selected });
    const shown = await page.popoverText();
    await page.popover().click('button', 'Copy');
    await page.popover().waitFor((root) => [...root.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes('Copied to the clipboard.')));
    expect(await glossa.readClipboard(page)).toBe(shown);
    await page.closePopover();
  });

  it('keeps its own styles under a strict Content-Security-Policy, in the dark scheme too', async () => {
    glossa.pages.set('/strict.html', '<!doctype html><html><head><meta charset="utf-8"></head><body><p id="strict">Strict pages still get a readable popover.</p></body></html>', {
      'content-security-policy': "default-src 'none'; style-src 'none'; script-src 'none'",
    });
    const strict = await glossa.open('/strict.html');
    for (const scheme of ['light', 'dark'] as const) {
      await strict.colorScheme(scheme);
      const selected = await strict.selectText('#strict', 'Strict pages still get a readable popover.');
      await strict.translateSelectionMenu({ selectionText: selected });
      await strict.popoverText();
      const look = (await strict.popover().evaluate((root) => {
        const s = getComputedStyle(root.querySelector('.popover')!);
        return { background: s.backgroundColor, radius: s.borderTopLeftRadius, position: getComputedStyle(root.host).position };
      }))!;
      expect(look.radius).toBe('12px');
      expect(look.position).toBe('absolute');
      expect(look.background).toBe(scheme === 'dark' ? 'rgb(48, 49, 52)' : 'rgb(255, 255, 255)');
      await strict.press('Escape');
      await strict.waitForPopoverGone();
    }
    await strict.close();
    await page.bringToFront();
  });

  it('explains a rejected key and opens the options page from the popover', async () => {
    await glossa.setStorage({ connection: { apiKey: 'not-the-key', plan: 'custom', customUrl: glossa.api.url } });
    try {
      await page.bringToFront();
      const selected = await page.selectText('#second', 'lighthouses');
      await page.translateSelectionMenu({ selectionText: selected });
      const outcome = await page.popoverOutcome();
      expect(outcome.error).toContain('did not accept your API key');
      await page.popover().click('button', 'Open options');
      expect(await glossa.closeExtensionTab('/options.html')).toContain('/options.html');
      await page.bringToFront();
      expect(await page.hasPopover()).toBe(false);
    } finally {
      await glossa.setStorage({ connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url } });
    }
  });

  it('on a translated page, the page engine leaves the popover alone', async () => {
    // A URL of its own: the harness finds tabs by URL.
    const translated = await glossa.open('/selection.html?translated');
    await translated.translatePage();
    await translated.waitForPhase('translated');
    const selected = await translated.evaluate(() => {
      window.getSelection()!.selectAllChildren(document.getElementById('second')!);
      return window.getSelection()!.toString();
    });
    await translated.translateSelectionMenu({ selectionText: selected });
    const shown = await translated.popoverText();
    expect(shown).toBe(pseudoTranslate(selected, TARGET, { tagHandling: 'html' }));
    // A paragraph added after the popover: once the engine's observer has translated it, it has seen the popover too.
    const late = 'A late paragraph about the tides.';
    await translated.evaluate((text) => document.body.insertAdjacentHTML('beforeend', `<p id="late">${text}</p>`), late);
    await waitUntil(() => translated.evaluate((text) => document.getElementById('late')!.textContent !== text, late), 'the engine to translate the paragraph added after the popover');
    expect(await translated.popover().evaluate((root) => ({
      translation: root.querySelector('.translation')?.textContent,
      heading: root.querySelector('h2')?.textContent,
      close: root.querySelectorAll('button[aria-label="Close"]').length,
    }))).toEqual({ translation: shown, heading: 'Glossa translation', close: 1 });
    await translated.close();
    await page.bringToFront();
  });

  it(`renders ${HOSTILE_PAYLOADS.length} hostile translations as text only, and nothing runs`, async () => {
    const paragraphs = HOSTILE_PAYLOADS.map((_, i) => `<p id="p${i}">Read <a href="https://docs.example/guide">the docs</a> and <b>this</b> now, number ${i}.</p>`).join('');
    glossa.pages.set('/hostile.html', `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs}</body></html>`);
    const hostile = await glossa.open('/hostile.html');
    const bodyBefore = await hostile.evaluate(() => document.body.innerHTML);
    const problems: string[] = [];
    for (let i = 0; i < HOSTILE_PAYLOADS.length; i++) {
      const payload = HOSTILE_PAYLOADS[i];
      glossa.api.faults.add({ fault: 'hostile', payload: payload.html, path: '/v2/translate', times: 1 });
      // "Read the docs and this now" of paragraph i: its context differs each time, so nothing comes from the cache.
      const selected = await hostile.selectText(`#p${i}`, 'Read the docs and this now');
      await hostile.translateSelectionMenu({ selectionText: selected });
      const outcome = await hostile.popoverOutcome().catch((err: unknown) => {
        problems.push(`${payload.name}: no popover (${String(err).split('\n')[0]})`);
        return { text: '', error: undefined };
      });
      const text = outcome.text ?? '';
      // An answer with no readable text left is reported as unreadable, not shown empty.
      if (outcome.error !== undefined && !outcome.error.includes('cannot read')) problems.push(`${payload.name}: unexpected error ${outcome.error}`);
      await nothingHappensFor(50);
      const inPopover = (await hostile.popover().evaluate((root) => {
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
      await hostile.closePopover();
    }
    expect(problems).toEqual([]);
    expect(await hostile.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
    expect(glossa.api.log.filter((r) => r.path === '/v2/translate' && r.fault === 'hostile')).toHaveLength(HOSTILE_PAYLOADS.length);
    glossa.api.faults.clear();
    await hostile.close();
  });
});
