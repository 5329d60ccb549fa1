// Writing help in Firefox: the `translate-field` command on a textarea and the editable menu
// item on a contenteditable with bold, a link and a list show the translation into the page's
// language, change the field only on Replace (rebuilt from the draft's own elements), and
// Firefox's undo brings the draft back; a password field sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pseudoTranslate } from '../../server/index';
import { defaults } from '../e2e-lib/requests';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitUntil } from '../e2e-lib/wait';
import { popoverIn, type GlossaRoot } from '../e2e-lib/closed-roots-firefox';

const DRAFT = 'Thank you for your message.\nWe will answer tomorrow.';
const RICH = '<p>Thanks for the <b>quick</b> answer about the <a href="https://example.com/offer">offer</a>.</p><ul><li>First point</li><li>Second point</li></ul>';
const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Antwort</title></head><body>
<label for="reply">Antwort</label><textarea id="reply" rows="4" cols="60">${DRAFT}</textarea>
<label for="pin">Passwort</label><input id="pin" type="password" value="never ever sent">
<div id="editor" contenteditable="true" translate="no">${RICH}</div></body></html>`;

function outcome(panel: GlossaRoot): Promise<{ preview?: string; problem?: string }> {
  return panel.waitFor((root) => {
    const preview = root.querySelector('.writing-preview');
    if (preview && !(root.querySelector('.footer button') as HTMLButtonElement | null)?.disabled) return { preview: preview.textContent ?? '' };
    const alert = root.querySelector('[role="alert"]');
    return alert ? { problem: alert.textContent ?? '' } : null;
  });
}

describe('writing help in Firefox', () => {
  let glossa: FirefoxGlossa;
  let page: Page;
  let panel: GlossaRoot;
  const translateRequests = () => glossa.api.log.filter((r) => r.path === '/v2/translate');
  /** The last test's panel may still offer Undo: the panel read next must be the new one. */
  const closePanel = async () => {
    if (!(await panel.isOpen())) return;
    await panel.click('button', 'Cancel');
    await panel.waitForClosed();
  };
  const undo = async () => {
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
  };

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('FR') } });
    glossa.pages.set('/writing.html', PAGE);
    page = await glossa.openPage('/writing.html');
    panel = popoverIn(page, glossa);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('translates a textarea into the page language on the command, writes it on Replace, and undo brings the draft back', async () => {
    await page.focus('#reply');
    await glossa.dispatchCommand('translate-field', page);
    const sent = DRAFT.replace('\n', '<br>');
    const expected = pseudoTranslate(sent, 'DE', { tagHandling: 'html' }).replace('<br>', '\n');
    expect((await outcome(panel)).preview).toBe(expected);
    expect(translateRequests().at(-1)!.params).toMatchObject({ text: [sent], target_lang: 'DE', tag_handling: 'html' });
    const value = () => page.evaluate(() => (document.getElementById('reply') as HTMLTextAreaElement).value);
    expect(await value()).toBe(DRAFT);
    await panel.click('button', 'Replace');
    await waitUntil(async () => (await value()) === expected, 'the translation in the textarea');
    await undo();
    await waitUntil(async () => (await value()) === DRAFT, 'the draft back');
  });

  it('sends nothing from a password field', async () => {
    await closePanel();
    const before = translateRequests().length;
    await page.focus('#pin');
    await glossa.dispatchCommand('translate-field', page);
    expect((await outcome(panel)).problem).toMatch(/does not translate password/);
    await page.keyboard.press('Escape');
    await panel.waitForClosed();
    expect(translateRequests()).toHaveLength(before);
  });

  it('keeps bold, the link and the list of a contenteditable from the editable menu, and undo restores it', async () => {
    await closePanel();
    const before = await page.evaluate(() => document.getElementById('editor')!.innerHTML);
    await page.focus('#editor');
    await glossa.clickMenu('translate-field', page, { editable: true });
    expect((await outcome(panel)).preview).toBeTruthy();
    expect((translateRequests().at(-1)!.params as { text: string[] }).text[0]).toMatch(/<b id="w\d+">quick<\/b>.*<a id="w\d+">offer<\/a>.*<ul id="w\d+"><li id="w\d+">First point<\/li>/);
    await panel.click('button', 'Replace');
    const written = () => page.evaluate(() => {
      const editor = document.getElementById('editor')!;
      return { text: editor.textContent ?? '', bold: editor.querySelectorAll('b, strong').length, href: editor.querySelector('a')?.getAttribute('href'), items: editor.querySelectorAll('li').length };
    });
    await waitUntil(async () => !(await written()).text.includes('First point'), 'the translation in the editor');
    expect(await written()).toMatchObject({ bold: 1, href: 'https://example.com/offer', items: 2 });
    await undo();
    await waitUntil(async () => (await page.evaluate(() => document.getElementById('editor')!.innerHTML)) === before, 'the draft back in the editor');
  });
});
