// The selection popover in Firefox: the context-menu item and the shortcut open it with the
// translation (link and formatting kept, the paragraph sent as unbilled context, billed
// characters shown), the page itself stays as it was, Escape closes it, and Replace in a
// textarea keeps Firefox's own undo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pseudoTranslate } from '../../server/index';
import { defaults, html } from '../e2e-lib/requests';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { popoverIn, type GlossaRoot } from '../e2e-lib/closed-roots-firefox';

const TARGET = 'DE';
const PAGE = html('Selection test', `
<p id="intro">Harbours are busy places. Read <a href="https://docs.example/harbour">the harbour guide</a> for the <b>opening hours</b> of every quay. Boats leave at noon.</p>
<label for="note">Note</label>
<textarea id="note" rows="3" cols="60">Please translate this sentence into German now.</textarea>`);

/** The text a popover shows for an HTML translation: Glossa's id-only tags removed. */
const shownText = (markup: string) => markup.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** What the popover shows: the translation, its link, billed line (read in Glossa's world: the root is closed). */
function shown(popover: GlossaRoot) {
  return popover.waitFor((root) => {
    const translation = root.querySelector('.translation');
    if (!translation) return null;
    return {
      text: translation.textContent ?? '',
      href: translation.querySelector('a')?.getAttribute('href') ?? null,
      bold: translation.querySelectorAll('b').length,
      billed: root.querySelector('.billed')?.textContent ?? '',
    };
  });
}

describe('selection popover in Firefox', () => {
  let glossa: FirefoxGlossa;
  let page: Page;
  let popover: GlossaRoot;
  const translateRequests = () => glossa.api.log.filter((r) => r.path === '/v2/translate');

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults(TARGET) } });
    glossa.pages.set('/selection.html', PAGE);
    page = await glossa.openPage('/selection.html');
    popover = popoverIn(page, glossa);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('translates a selection from the context menu, keeping its link and formatting, with the paragraph as unbilled context', async () => {
    const before = await page.evaluate(() => document.body.innerHTML);
    const selected = await page.evaluate(() => {
      const intro = document.getElementById('intro')!;
      const read = intro.childNodes[0] as Text;
      const quay = intro.childNodes[4] as Text;
      getSelection()!.setBaseAndExtent(read, read.data.indexOf('Read'), quay, quay.data.indexOf('.') + 1);
      return getSelection()!.toString();
    });
    expect(selected).toBe('Read the harbour guide for the opening hours of every quay.');
    await glossa.clickMenu('translate-selection', page, { selectionText: selected });
    const sent = 'Read <a id="1">the harbour guide</a> for the <b id="2">opening hours</b> of every quay.';
    expect(await shown(popover)).toEqual({
      text: shownText(pseudoTranslate(sent, TARGET, { tagHandling: 'html' })),
      href: 'https://docs.example/harbour',
      bold: 1,
      billed: `${sent.length} characters billed`,
    });
    const requests = translateRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0].params).toMatchObject({ text: [sent], target_lang: TARGET, tag_handling: 'html' });
    expect((requests[0].params as { context?: string }).context).toBe('Harbours are busy places. Read the harbour guide for the opening hours of every quay. Boats leave at noon.');
    expect(requests[0].billedCharacters).toBe(sent.length);
    // The page itself is not translated.
    expect((await glossa.tabState(page)).phase).toBe('original');
    expect(await page.evaluate(() => document.body.innerHTML.replace(/<glossa-selection-popover[^>]*><\/glossa-selection-popover>/, ''))).toBe(before);
  });

  it('closes on Escape and gives the focus back to the page', async () => {
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('glossa-selection-popover');
    await page.keyboard.press('Escape');
    await popover.waitForClosed();
    expect(await page.$('glossa-selection-popover')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('body');
  });

  it('replaces the selection in a textarea on the shortcut, and Firefox can undo it', async () => {
    const original = 'Please translate this sentence into German now.';
    await page.focus('#note');
    await page.evaluate(() => (document.getElementById('note') as HTMLTextAreaElement).setSelectionRange(7, 30));
    await glossa.dispatchCommand('translate-selection', page);
    const expected = pseudoTranslate('translate this sentence', TARGET);
    expect((await shown(popover)).text).toBe(expected);
    expect((translateRequests().at(-1)!.params as { context?: string }).context).toBe(original);

    await popover.click('button', 'Replace');
    await popover.waitForClosed();
    const value = () => page.evaluate(() => (document.getElementById('note') as HTMLTextAreaElement).value);
    expect(await value()).toBe(`Please ${expected} into German now.`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('note');
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    expect(await value()).toBe(original);
  });
});
