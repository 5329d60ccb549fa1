// The UI follows the browser's language: Chromium started with --lang=fr or --lang=ar shows the
// popup and the options page in that language (strings, language names from Intl.DisplayNames,
// `lang`, and `dir="rtl"` for Arabic), and both stay axe clean in light and dark.
// Debian's Chromium needs the chromium-l10n package for --lang to take effect (TOOLCHAIN.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { axeViolations, describeViolations } from '../e2e-lib/axe';

const SCHEMES = ['light', 'dark'] as const;

const LANGUAGES = [
  {
    lang: 'fr', dir: 'ltr', translatePage: 'Traduire la page', targetLabel: 'Langue cible', german: 'allemand',
    optionsTitle: 'Paramètres de Glossa', apiKey: 'Clé API', save: 'Enregistrer',
  },
  {
    lang: 'ar', dir: 'rtl', translatePage: 'ترجمة الصفحة', targetLabel: 'اللغة الهدف', german: 'الألمانية',
    optionsTitle: 'إعدادات Glossa', apiKey: 'مفتاح API', save: 'حفظ',
  },
] as const;

for (const expected of LANGUAGES) {
  describe(`the UI in ${expected.lang}`, () => {
    let glossa: ChromiumGlossa;
    let article: Page;

    beforeAll(async () => {
      glossa = await launchGlossaInChromium({
        lang: expected.lang,
        settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } },
      });
      article = await glossa.openPage('/article.html');
    });
    afterAll(async () => {
      await glossa?.close();
    });

    it('the popup speaks the language, names languages in it, and reads in its direction', async () => {
      const popup = await glossa.openPopup(article);
      await popup.getByRole('button', { name: expected.translatePage }).waitFor();
      const root = await popup.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
      expect(root).toEqual({ lang: expected.lang, dir: expected.dir });
      const target = popup.getByLabel(expected.targetLabel, { exact: true });
      expect(await target.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(expected.german);
      // Mirrored: in Arabic the labels stand right of their selects.
      const label = await popup.getByText(expected.targetLabel, { exact: true }).first().boundingBox();
      const select = await target.boundingBox();
      expect(label && select).toBeTruthy();
      if (expected.dir === 'rtl') expect(label!.x).toBeGreaterThan(select!.x);
      else expect(label!.x).toBeLessThan(select!.x);
      await popup.close();
    });

    it('the options page speaks the language and reads in its direction', async () => {
      const options = await glossa.openOptions();
      await options.getByLabel(expected.apiKey, { exact: true }).waitFor();
      expect(await options.title()).toBe(expected.optionsTitle);
      expect(await options.evaluate(() => document.documentElement.dir)).toBe(expected.dir);
      await options.getByRole('button', { name: expected.save, exact: true }).first().waitFor();
      // Nothing is wider than the page (no horizontal scrolling from a mirrored layout).
      expect(await options.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await options.close();
    });

    for (const scheme of SCHEMES) {
      it(`popup and options are axe clean (${scheme})`, async () => {
        const popup = await glossa.openPopup(article);
        await popup.emulateMedia({ colorScheme: scheme });
        await popup.getByRole('button', { name: expected.translatePage }).waitFor();
        await popup.waitForLoadState('networkidle');
        const inPopup = describeViolations(await axeViolations(popup));
        await popup.close();
        const options = await glossa.openOptions();
        await options.emulateMedia({ colorScheme: scheme });
        await options.getByLabel(expected.apiKey, { exact: true }).waitFor();
        await options.waitForLoadState('networkidle');
        const inOptions = describeViolations(await axeViolations(options));
        await options.close();
        expect({ inPopup, inOptions }).toEqual({ inPopup: [], inOptions: [] });
      });
    }
  });
}
