// Every surface in each UI language and colour scheme: the popup, the options page, the
// glossary manager's entry grid and import preview, and the selection popover, shot in a browser started in that
// language (Arabic mirrored), as docs/screenshots/locales/<lang>-<surface>-<scheme>.png.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchWithExtension } from '../lib/chromium';
import { configureDemo } from '../lib/demo-setup';
import { ExtensionSession } from '../lib/extension-session';
import { popoverOutcome } from './popover-outcome';
import { shootPopup } from './run-tour';

export const TOUR_LOCALES = ['en', 'de', 'ar'] as const;
const SCHEMES = ['light', 'dark'] as const;

interface LocaleTourInput {
  /** The UI languages to shoot (default TOUR_LOCALES). */
  locales?: readonly string[];
  extensionDir: string;
  apiUrl: string;
  demoUrl: string;
  outDir: string;
}

/** Shoots every surface per locale and scheme; returns the files and what went wrong on the way. */
export async function runLocaleTour({ locales = TOUR_LOCALES, extensionDir, apiUrl, demoUrl, outDir }: LocaleTourInput): Promise<{ screenshots: string[]; warnings: string[] }> {
  const dir = join(outDir, 'locales');
  mkdirSync(dir, { recursive: true });
  const screenshots: string[] = [];
  const warnings: string[] = [];
  for (const lang of locales) {
    const launched = await launchWithExtension(extensionDir, { lang });
    try {
      const session = new ExtensionSession(launched.context, launched.extensionId);
      await configureDemo(session, apiUrl);
      const file = (surface: string, scheme: string) => join(dir, `${lang}-${surface}-${scheme}.png`);
      const page = await launched.context.newPage();
      await page.setViewportSize({ width: 1000, height: 640 });
      await page.goto(`${demoUrl}/`);
      for (const scheme of SCHEMES) {
        await shootSurfaces(session, page, scheme, file, screenshots, (w) => warnings.push(`${lang}, ${scheme}: ${w}`));
      }
    } finally {
      await launched.context.close();
      rmSync(launched.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  }
  return { screenshots, warnings };
}

async function shootSurfaces(
  session: ExtensionSession,
  page: Page,
  scheme: 'light' | 'dark',
  file: (surface: string, scheme: string) => string,
  screenshots: string[],
  warn: (text: string) => void,
): Promise<void> {
  const popup = await session.context.newPage();
  await popup.emulateMedia({ colorScheme: scheme });
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`${session.extensionUrl}/popup.html?tabId=${await session.tabIdOf(page)}`);
  await popup.waitForLoadState('networkidle');
  await shootPopup(popup, file('popup', scheme));
  screenshots.push(file('popup', scheme));
  await popup.close();

  const options = await session.context.newPage();
  await options.emulateMedia({ colorScheme: scheme });
  await options.setViewportSize({ width: 1100, height: 900 });
  await options.goto(`${session.extensionUrl}/options.html`);
  await options.waitForLoadState('networkidle');
  await options.screenshot({ path: file('options', scheme), animations: 'disabled' });
  screenshots.push(file('options', scheme));
  // The manager's first Open button (the demo glossary's English → German dictionary).
  const open = options.locator('.glossa-gl-pairs button').first();
  if (await open.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
    await open.click();
    const shown = await options.waitForFunction(() => [...document.querySelectorAll('input')].some((input) => input.value === 'Browser-Erweiterung'), undefined, { timeout: 10_000 }).then(() => true, () => false);
    if (!shown) warn('the demo dictionary did not show its entries');
    await options.locator('.glossa-gl').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await options.mouse.move(0, 0);
    await options.screenshot({ path: file('glossary-entries', scheme), animations: 'disabled' });
    screenshots.push(file('glossary-entries', scheme));
    // Import preview: one changed target, one new entry, one line with a problem; nothing is sent.
    await options.locator('.glossa-gl-actionbar input[type="file"]').setInputFiles({
      name: 'more-terms.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('translation\tÜbertragung\nsun\tSonne\n moon\tMond\n'),
    });
    const preview = options.locator('.glossa-gl-import');
    if (await preview.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
      await preview.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await options.screenshot({ path: file('glossary-import', scheme), animations: 'disabled' });
      screenshots.push(file('glossary-import', scheme));
    } else warn('the import preview did not show');
  } else warn('the glossary manager listed no dictionary');
  await options.close();

  await page.bringToFront();
  await page.emulateMedia({ colorScheme: scheme });
  const selectionText = await page.evaluate(() => {
    document.querySelector('glossa-selection-popover')?.remove();
    const paragraph = document.querySelector('#signatures + p');
    if (!paragraph) return '';
    paragraph.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -90);
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    return window.getSelection()?.toString() ?? '';
  });
  if (!selectionText) {
    warn('the demo page has no paragraph to select');
    return;
  }
  await session.clickMenu('translate-selection', page, { selectionText });
  const problem = await popoverOutcome(page, 'translation');
  if (problem) warn(`the selection popover showed no translation: ${problem}`);
  await page.screenshot({ path: file('selection-popover', scheme), animations: 'disabled' });
  screenshots.push(file('selection-popover', scheme));
  await page.keyboard.press('Escape');
}
