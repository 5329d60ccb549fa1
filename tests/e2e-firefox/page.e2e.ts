// Page translation in Firefox: the add-on installs as an MV2 add-on, translates a page on the
// translate-page command keeping the page's own elements, and restores it byte for byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pseudoTranslate } from '../../server/index';
import { defaults } from '../e2e-lib/requests';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitInPage } from '../e2e-lib/firefox-dom';

const de = (text: string) => pseudoTranslate(text, 'DE');

describe('page translation in Firefox', () => {
  let glossa: FirefoxGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('DE') } });
  });
  afterAll(async () => {
    await glossa?.close();
  });

  const bodyHtml = (page: Page) => page.evaluate(() => document.body.innerHTML);

  it('is installed as an MV2 add-on whose custom hosts are optional permissions', async () => {
    const manifest = await glossa.inExtension((browser) => browser.runtime.getManifest());
    expect(manifest).toMatchObject({ manifest_version: 2, name: 'Glossa', optional_permissions: ['*://*/*', 'webNavigation'] });
    expect(manifest.content_scripts ?? []).toEqual([]);
  });

  it('translates the page on the shortcut, keeping its elements, and restores it byte for byte', async () => {
    const page = await glossa.openPage('/article.html');
    const before = await bodyHtml(page);
    await page.evaluate(() => {
      (document.querySelector('#first a') as HTMLAnchorElement & { marker?: number }).marker = 42;
    });
    await glossa.dispatchCommand('translate-page', page);
    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.failed).toBe(0);
    expect(state.billedCharacters).toBeGreaterThan(0);
    // What the reader sees: the heading, the image's text and the tab's title, all translated.
    await waitInPage(page, (want) => document.querySelector('h1')!.textContent === want.h1
      && document.querySelector('img')!.alt === want.alt && document.title === want.h1, { h1: de('A walk by the river'), alt: de('A small bridge over water') });

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
    expect(await glossa.badge(page)).toMatchObject({ text: 'DE' });
    expect(glossa.api.log.filter((r) => r.path === '/v2/translate').length).toBeGreaterThan(0);

    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    await waitInPage(page, () => document.title === 'A walk by the river', null);
    expect(await bodyHtml(page)).toBe(before);
    expect((await glossa.badge(page)).text).toBe('');
    await page.close();
  });

  it('translates from the page context menu, and again from the cache without a billed character', async () => {
    const page = await glossa.openPage('/article.html?menu');
    await glossa.clickMenu('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    await glossa.waitForText(page, de('The evening light made everything look golden.'));
    const billedBefore = glossa.api.billedCharacters;
    const requestsBefore = glossa.api.log.length;
    await page.reload();
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForText(page, de('The evening light made everything look golden.'));
    expect((await glossa.waitForPhase(page, 'translated')).failed).toBe(0);
    expect(glossa.api.billedCharacters - billedBefore).toBe(0);
    expect(glossa.api.log.slice(requestsBefore).filter((r) => r.path === '/v2/translate')).toHaveLength(0);
    await page.close();
  });
});
