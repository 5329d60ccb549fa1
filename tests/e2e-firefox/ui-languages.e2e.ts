// The UI follows Firefox's language (intl.locale.requested, with Debian's language packs
// firefox-esr-l10n-fr and -ar): the popup and the options page in French and in Arabic, with
// `lang`, `dir="rtl"` for Arabic and language names in the UI language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitInPage } from '../e2e-lib/firefox-dom';

const LANGUAGES = [
  { lang: 'fr', dir: 'ltr', optionsTitle: 'Paramètres de Glossa', translatePage: 'Traduire la page', german: 'allemand' },
  { lang: 'ar', dir: 'rtl', optionsTitle: 'إعدادات Glossa', translatePage: 'ترجمة الصفحة', german: 'الألمانية' },
] as const;

for (const expected of LANGUAGES) {
  describe(`the UI in ${expected.lang} (Firefox)`, () => {
    let glossa: FirefoxGlossa;
    let article: Page;

    beforeAll(async () => {
      glossa = await launchGlossaInFirefox({
        lang: expected.lang,
        settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } },
      });
      article = await glossa.openPage('/article.html');
    });
    afterAll(async () => {
      await glossa?.close();
    });

    it('the options page speaks the language and reads in its direction', async () => {
      const options = await glossa.openExtensionPage('/options.html');
      await waitInPage(options, (title) => document.title === title, expected.optionsTitle);
      expect(await options.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })))
        .toEqual({ lang: expected.lang, dir: expected.dir });
      await options.close();
    });

    it('the popup speaks the language and names languages in it', async () => {
      const tabId = await glossa.tabIdOf(article);
      const popup = await glossa.openExtensionPage(`/popup.html?tabId=${tabId}`);
      await waitInPage(popup, (name) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === name), expected.translatePage);
      await waitInPage(popup, (german) => [...document.querySelectorAll('select option:checked')].some((o) => o.textContent === german), expected.german);
      expect(await popup.evaluate(() => document.documentElement.dir)).toBe(expected.dir);
      await popup.close();
    });
  });
}
