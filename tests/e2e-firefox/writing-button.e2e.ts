// Writing help's field button in Firefox (MV2, a registered content script): the popup's
// switch turns it on for the tab's site; focusing a textarea there shows it, a real click opens
// the panel and Replace writes the translation; a password field gets no button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pseudoTranslate } from '../../server/index';
import { defaults } from '../e2e-lib/requests';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitUntil } from '../e2e-lib/wait';
import { GlossaRoot, popoverIn } from '../e2e-lib/closed-roots-firefox';

const DRAFT = 'Thank you for your message.\nWe will call you tomorrow.';
const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Antwort</title></head><body>
<label for="reply">Antwort</label><textarea id="reply" rows="4" cols="60">${DRAFT}</textarea>
<label for="pin">Passwort</label><input id="pin" type="password" value="never ever sent"></body></html>`;

describe('the writing field button in Firefox', () => {
  let glossa: FirefoxGlossa;
  let page: Page;
  const button = () => new GlossaRoot(page, 'field-button', glossa);

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('FR') } });
    glossa.pages.set('/button.html', PAGE);
    page = await glossa.openPage('/button.html');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('turned on in the popup, it shows on a focused textarea, a click opens the panel, and Replace writes the translation', async () => {
    const popup = await glossa.openPopup(page);
    await popup.waitForSelector('.writing-button input:not([disabled])');
    await popup.click('.writing-button input');
    await waitUntil(async () => popup.$eval('.writing-button input', (el) => (el as HTMLInputElement).checked), 'the switch to stay on');
    await popup.close();
    await page.bringToFront();
    await page.focus('#reply');
    await button().waitFor((root) => !!root.querySelector('button'));
    await button().click('button');
    const panel = popoverIn(page, glossa);
    const expected = pseudoTranslate(DRAFT.replace('\n', '<br>'), 'DE', { tagHandling: 'html' }).replace('<br>', '\n');
    expect(await panel.text('.writing-preview')).toBe(expected);
    await panel.click('button', 'Replace');
    await waitUntil(async () => (await page.evaluate(() => (document.getElementById('reply') as HTMLTextAreaElement).value)) === expected, 'the translation in the textarea');
  });

  it('a password field gets no button', async () => {
    await page.focus('#pin');
    await waitUntil(async () => !(await button().isOpen()), 'the button to leave the password field');
  });
});
