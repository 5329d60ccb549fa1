// The UI follows the browser's language: the popup and the options page in French and in
// Arabic (strings, language names from Intl.DisplayNames, `lang`, and `dir="rtl"` for Arabic),
// and in Chromium both stay axe clean in light and dark. Chromium takes --lang (Debian's
// chromium-l10n), Firefox intl.locale.requested (firefox-esr-l10n-fr and -ar; TOOLCHAIN.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../e2e-lib/axe';
import { e2eBrowser, firefoxTitleSuffix } from '../e2e-lib/launch-live';
import type { PlaywrightUiPage } from '../e2e-lib/ui-chromium';
import { launchUiHarness, type UiHarness, type UiPage } from '../e2e-lib/ui-page';

const chromium = e2eBrowser() === 'chromium';
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
  describe(`the UI in ${expected.lang}${firefoxTitleSuffix()}`, () => {
    let glossa: UiHarness;
    let article: UiPage;

    beforeAll(async () => {
      glossa = await launchUiHarness({
        lang: expected.lang,
        settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } },
      });
      article = await glossa.openPage('/article.html');
    });
    afterAll(async () => {
      await glossa?.close();
    });

    async function openPopup(): Promise<UiPage> {
      const popup = await glossa.openGlossaPage(`/popup.html?tabId=${await glossa.tabIdOf(article)}`);
      await popup.byRole('button', expected.translatePage).waitFor();
      return popup;
    }

    async function openOptions(): Promise<UiPage> {
      const options = await glossa.openGlossaPage('/options.html');
      await options.byLabel(expected.apiKey).waitFor();
      return options;
    }

    it('the popup speaks the language, names languages in it, and reads in its direction', async () => {
      const popup = await openPopup();
      const root = await popup.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }), null);
      expect(root).toEqual({ lang: expected.lang, dir: expected.dir });
      // The settings arrive after the first paint: the chosen target is awaited, then read.
      await popup.waitInPage(({ name, german }) => {
        const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
        return (label?.control as HTMLSelectElement | null | undefined)?.selectedOptions[0]?.textContent === german;
      }, { name: expected.targetLabel, german: expected.german }, `the target language shown as ${expected.german}`);
      const target = await popup.evaluate((name) => {
        const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
        const select = label?.control as HTMLSelectElement | null | undefined;
        if (!label || !select) return null;
        return { chosen: select.selectedOptions[0]?.textContent, labelX: label.getBoundingClientRect().x, selectX: select.getBoundingClientRect().x };
      }, expected.targetLabel);
      expect(target?.chosen).toBe(expected.german);
      // Mirrored: in Arabic the labels stand right of their selects.
      if (expected.dir === 'rtl') expect(target!.labelX).toBeGreaterThan(target!.selectX);
      else expect(target!.labelX).toBeLessThan(target!.selectX);
      await popup.close();
    });

    it('the options page speaks the language and reads in its direction', async () => {
      const options = await openOptions();
      await options.waitInPage((title) => document.title === title, expected.optionsTitle, `the title ${expected.optionsTitle}`);
      expect(await options.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }), null))
        .toEqual({ lang: expected.lang, dir: expected.dir });
      await options.byRole('button', expected.save).waitFor();
      // Nothing is wider than the page (no horizontal scrolling from a mirrored layout), once every
      // section has its settings (the pointing section's choices are the last to come).
      await options.waitInPage(() => document.querySelectorAll('input[type="radio"]').length > 0, null, 'the sections with choices');
      // Nor does anything stick out of its section's card (at any width: a wide window hides it in the margin).
      const outside = await options.evaluate(() => [...document.querySelectorAll('.options-section')].flatMap((section) => {
        const box = section.getBoundingClientRect();
        return [...section.querySelectorAll('*')]
          .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1); })
          .map((el) => `${el.localName} "${el.textContent?.trim().slice(0, 30)}"`);
      }), null);
      expect(outside).toEqual([]);
      expect(await options.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth, null)).toBe(true);
      await options.close();
    });

    for (const scheme of SCHEMES) {
      it.skipIf(!chromium)(`popup and options are axe clean (${scheme})`, async () => {
        // axe.ts injects axe-core through Playwright (CDP passes the extension pages' CSP): Chromium only.
        const popup = (await openPopup()) as PlaywrightUiPage;
        await popup.page.emulateMedia({ colorScheme: scheme });
        await popup.page.waitForLoadState('networkidle');
        const inPopup = describeViolations(await axeViolations(popup.page));
        await popup.close();
        const options = (await openOptions()) as PlaywrightUiPage;
        await options.page.emulateMedia({ colorScheme: scheme });
        await options.page.waitForLoadState('networkidle');
        const inOptions = describeViolations(await axeViolations(options.page));
        await options.close();
        expect({ inPopup, inOptions }).toEqual({ inPopup: [], inOptions: [] });
      });
    }
  });
}
