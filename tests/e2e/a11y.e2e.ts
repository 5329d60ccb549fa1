// Automated accessibility check: axe-core in the popup, the options page (with a glossary in
// its manager) and the selection popover (inside its closed shadow root), in the light and the
// dark scheme. Serious and critical violations fail the test; the report names the rule and the elements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { resolve } from 'node:path';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { popoverIn, type GlossaRoot } from '../e2e-lib/closed-roots-chromium';
import { serveFolder, type StaticServer } from '../../scripts/lib/static-server';
import { axeSource, axeViolations, describeViolations } from '../e2e-lib/axe';

const SCHEMES = ['light', 'dark'] as const;

/**
 * Runs axe on the selection popover. Its shadow root is closed, so axe runs in Glossa's own
 * isolated world, where the host is given a `shadowRoot` that only that world sees.
 */
async function popoverViolations(popover: GlossaRoot): Promise<Result[]> {
  if (!(await popover.evaluate(() => 'axe' in globalThis))) await popover.loadScript(axeSource);
  const violations = await popover.evaluate(async (root) => {
    Object.defineProperty(root.host, 'shadowRoot', { get: () => root, configurable: true });
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run({ include: [root.host] }, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(results.violations)) as Result[];
  });
  if (!violations) throw new Error('The popover closed before axe ran');
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  let glossa: ChromiumGlossa;
  let article: Page;
  let demo: StaticServer;

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } } });
    // A glossary, so the manager lists something with its controls.
    const created = await fetch(`${glossa.api.url}/v3/glossaries`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Harbour terms',
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'lighthouse\tLeuchtturm\nharbour\tHafen', entries_format: 'tsv' }],
      }),
    });
    expect(created.status).toBe(201);
    article = await glossa.openPage('/article.html');
    demo = await serveFolder(resolve(__dirname, '../../demo'), 0);
  });
  afterAll(async () => {
    await glossa?.close();
    await demo?.close();
  });

  it('popup works by keyboard alone: Tab reaches "Translate page" and Enter translates the tab', async () => {
    const page = await glossa.openPage('/article.html');
    const popup = await glossa.openPopup(page);
    const button = popup.getByRole('button', { name: /translate page/i });
    await button.waitFor();
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await popup.keyboard.press('Tab');
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab never focused the Translate page button').toBe(true);
    // The focused control shows it: an outline or a box shadow in :focus-visible.
    const ring = await button.evaluate((el) => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? 'outline' : style.boxShadow !== 'none' ? 'shadow' : 'none';
    });
    expect(ring).not.toBe('none');
    await popup.keyboard.press('Enter');
    await glossa.waitForPhase(page, 'translated');
    await popup.close();
    await page.close();
  });

  for (const scheme of SCHEMES) {
    it(`the demo page that npm start opens, after its late notice (${scheme})`, async () => {
      const page = await glossa.openPage(`${demo.url}/`);
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator('#updates .notice').waitFor({ timeout: 10_000 });
      // The notice fades in; contrast is checked once its animation has ended.
      await page.locator('#updates .notice').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await page.close();
    });

    it(`popup (${scheme})`, async () => {
      const popup = await glossa.openPopup(article);
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.getByRole('button', { name: /translate page/i }).waitFor();
      await popup.waitForLoadState('networkidle');
      expect(describeViolations(await axeViolations(popup))).toEqual([]);
      await popup.close();
    });

    it(`options page with the glossary manager (${scheme})`, async () => {
      const options = await glossa.openOptions();
      await options.emulateMedia({ colorScheme: scheme });
      await options.getByLabel('API key').waitFor();
      await options.getByText('Harbour terms').first().waitFor();
      const inList = describeViolations(await axeViolations(options));
      // The dictionary editor: its virtualised entry table of inputs.
      await options.getByRole('button', { name: /^Open .* of Harbour terms$/ }).click();
      await options.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value === 'Leuchtturm'));
      const inEditor = describeViolations(await axeViolations(options));
      expect({ inList, inEditor }).toEqual({ inList: [], inEditor: [] });
      await options.close();
    });

    it(`selection popover (${scheme})`, async () => {
      await article.bringToFront();
      await article.emulateMedia({ colorScheme: scheme });
      const selectionText = await article.evaluate(() => {
        const paragraph = document.getElementById('first');
        const range = document.createRange();
        range.selectNodeContents(paragraph as HTMLElement);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
        return window.getSelection()?.toString() ?? '';
      });
      await glossa.clickMenu('translate-selection', article, { selectionText });
      // Checked with its translation in place (Copy appears with the result).
      const popover = popoverIn(article, glossa.extensionId);
      await popover.waitFor((root) => [...root.querySelectorAll('button')].some((b) => b.textContent === 'Copy'));
      expect(describeViolations(await popoverViolations(popover))).toEqual([]);
      await article.keyboard.press('Escape');
      await popover.waitForClosed(5_000);
    });
  }
});
