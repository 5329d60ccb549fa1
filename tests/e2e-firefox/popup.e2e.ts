// The toolbar popup in Firefox: translate with the chosen options, live progress and billed
// characters, show original, and "Always translate this site", which asks for the site's
// host permission at that moment (an MV2 optional permission in Firefox).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { defaults } from '../e2e-lib/requests';
import { startPageServer, type PageServer } from '../e2e-lib/page-server';
import { byLabel, byRole, choose, valueOf, waitForText, waitInPage } from '../e2e-lib/firefox-dom';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';

const GREEN = [0x15, 0x80, 0x3d, 255];

describe('popup in Firefox', () => {
  let glossa: FirefoxGlossa;
  /** A second site on another loopback address: the e2e build has no host grant for it. */
  let otherSite: PageServer;
  const opened: Page[] = [];

  async function open(url: string): Promise<Page> {
    const page = await glossa.openPage(url);
    opened.push(page);
    return page;
  }
  async function popupFor(page: Page): Promise<Page> {
    const popup = await glossa.openPopup(page);
    opened.push(popup);
    return popup;
  }
  const firstParagraphTranslated = (page: Page) => waitInPage(page, () => !document.getElementById('first')!.textContent!.includes('The river was'), null);
  const translateRequests = () => glossa.api.log.filter((r) => r.path === '/v2/translate');

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('DE') } });
    otherSite = await startPageServer(undefined, '127.0.0.2');
  });
  afterAll(async () => {
    await otherSite?.close();
    await glossa?.close();
  });
  beforeEach(async () => {
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });

  it('translates with the chosen options, follows progress and billed characters, and shows the original again', async () => {
    const page = await open('/article.html');
    const original = await page.evaluate(() => document.body.innerHTML);
    const popup = await popupFor(page);
    await choose(popup, 'Target language', 'FR');
    await choose(popup, 'Formality', 'prefer_more');
    await (await byRole(popup, 'button', 'Translate page')).click();

    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.done).toBe(state.total);
    expect(state.failed).toBe(0);
    expect(state.billedCharacters).toBeGreaterThan(0);
    await firstParagraphTranslated(page);
    expect(translateRequests()[0].params).toMatchObject({ target_lang: 'FR', formality: 'prefer_more' });

    // The popup follows live: blocks done, billed characters, and the other button.
    await waitForText(popup, `${state.total} of ${state.total} blocks translated`);
    await waitForText(popup, `${state.billedCharacters.toLocaleString('en-US')} characters billed for this page`);
    expect(await glossa.badge(page)).toMatchObject({ text: 'FR', color: GREEN });

    await (await byRole(popup, 'button', 'Show original')).click();
    await glossa.waitForPhase(page, 'original');
    await waitInPage(page, (html) => document.body.innerHTML === html, original);
    await byRole(popup, 'button', 'Translate page');
    expect((await glossa.badge(page)).text).toBe('');
  });

  it('"Always translate this site" asks for the site, translates it now and on every load', async () => {
    const url = `${otherSite.url}/article.html`;
    const pattern = '*://127.0.0.2/*';
    expect(await glossa.inExtension((browser, p) => browser.permissions.contains({ origins: [p] }), pattern)).toBe(false);
    const page = await open(url);
    const popup = await popupFor(page);
    await waitForText(popup, 'Always translate this site');
    await (await byLabel(popup, 'Always translate this site')).click();

    // The optional host permission is granted (prompts are answered yes in this profile) …
    await glossa.waitForPhase(page, 'translated');
    expect(await glossa.inExtension((browser, p) => browser.permissions.contains({ origins: [p] }), pattern)).toBe(true);
    expect(await glossa.stored('siteRules')).toMatchObject({ always: ['127.0.0.2'] });
    expect(await valueOf(popup, 'Always translate this site')).toBe(true);
    await firstParagraphTranslated(page);

    // … and the next page of the site is translated as it loads, with no command.
    const next = await open(`${url}?next`);
    const state = await glossa.waitForPhase(next, 'translated');
    expect(state.failed).toBe(0);
    await firstParagraphTranslated(next);
  });
});
