// Writing help by keyboard alone and for assistive technology, in Chromium: the command opens
// the panel, Tab walks through its labelled controls to Replace, Enter writes the translation
// into the field, Esc closes the panel; axe-core finds no serious or critical violation in the
// panel (inside its closed shadow root) and in the options page's Writing help section, in the
// light and the dark scheme. Screenshots go to $GLOSSA_SHOTS when set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { axeSource, axeViolations } from '../e2e-lib/axe';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { waitUntil } from '../e2e-lib/wait';
import type { GlossaRoot } from '../e2e-lib/closed-roots-chromium';
import { commandTranslateField, panelIn } from './writing/session';
import { panelOutcome } from '../e2e-lib/writing-panel';

const DRAFT = 'Thank you for your quick answer. We will send the signed form on Monday.';
const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Kontakt</title></head><body>
<main><h1>Kontakt</h1><label for="message">Nachricht</label><br><textarea id="message" rows="5" cols="70">${DRAFT}</textarea></main></body></html>`;

async function panelViolations(panel: GlossaRoot): Promise<Result[]> {
  if (!(await panel.evaluate(() => 'axe' in globalThis))) await panel.loadScript(axeSource);
  const violations = await panel.evaluate(async (root) => {
    Object.defineProperty(root.host, 'shadowRoot', { get: () => root, configurable: true });
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run({ include: [root.host] }, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(results.violations)) as Result[];
  });
  return (violations ?? []).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (violations: Result[]) => violations.map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);

describe('writing help: keyboard only and axe-clean', () => {
  let glossa: ChromiumGlossa;
  let page: Page;
  const shots = process.env.GLOSSA_SHOTS;

  beforeAll(async () => {
    glossa = await launchGlossaInChromium();
    glossa.pages.set('/contact.html', PAGE);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('command, Tab through the panel to Replace, Enter writes the translation, Esc closes', async () => {
    page = await glossa.openPage('/contact.html');
    await page.focus('#message');
    await commandTranslateField(glossa, page);
    const panel = panelIn(glossa, page);
    const { preview } = await panelOutcome(panel);
    const visited: string[] = [];
    for (let i = 0; i < 12; i++) {
      const focused = await panel.evaluate((root) => {
        const el = root.activeElement as HTMLElement | null;
        if (!el) return '';
        if (el.getAttribute('role') === 'dialog') return 'dialog';
        return el.closest('label')?.querySelector('span')?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
      });
      if (focused === 'Replace') break;
      if (focused) visited.push(focused);
      await page.keyboard.press('Tab');
    }
    // Focus starts on the dialog; the glossary picker is disabled, as no glossary has the pair.
    expect(visited).toEqual(['dialog', 'Close', 'Target language', 'Formality']);
    expect(await page.inputValue('#message')).toBe(DRAFT);
    await page.keyboard.press('Enter');
    await waitUntil(async () => (await page.inputValue('#message')) === preview, 'the translation in the field', 10_000);
    await page.keyboard.press('Escape');
    await panel.waitForClosed();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`the panel and the Writing help section have no serious violations (${scheme})`, async () => {
      page = await glossa.openPage('/contact.html');
      await page.emulateMedia({ colorScheme: scheme });
      await page.focus('#message');
      await commandTranslateField(glossa, page);
      const panel = panelIn(glossa, page);
      await panelOutcome(panel);
      if (shots) await page.screenshot({ path: join(shots, `writing-panel-${scheme}.png`) });
      expect(describeViolations(await panelViolations(panel))).toEqual([]);

      await glossa.setStorage({ writingPrefs: { 'shop.example': { targetLang: 'DE', formality: 'more' } } });
      const options = await glossa.openOptions();
      await options.emulateMedia({ colorScheme: scheme });
      await options.locator('#writing-help table').waitFor();
      if (shots) await options.locator('#writing-help').screenshot({ path: join(shots, `writing-options-${scheme}.png`) });
      expect(describeViolations(await axeViolations(options, '#writing-help'))).toEqual([]);
      await options.close();
      await page.close();
    });
  }
});
