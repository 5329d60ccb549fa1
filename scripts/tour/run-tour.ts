// The headless tour of `npm start`: translates the demo page the way a user would, shows the
// original again, translates a selection, opens the popup and the options page, and saves a
// screenshot of each step. Returns the figures the start script prints.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../lib/extension-session';
import { sideBySide } from './composite';
import type { TourFigures } from './summary';

export interface ApiUsage {
  /** POST /v2/translate requests answered so far. */
  requests: number;
  billedCharacters: number;
}

export interface TourInput {
  session: ExtensionSession;
  /** The demo page, loaded. */
  page: Page;
  outDir: string;
  /** Reads the local server's request log. */
  usage(): ApiUsage;
  setupMs: number;
}

/** Viewport of the page screenshots: the article column fills it, so text stays readable side by side. */
const PAGE_VIEW = { width: 860, height: 1000 };
const LATE_CONTENT_TIMEOUT_MS = 15_000;

// Functions passed to page.evaluate are serialised into the page: they must not use helpers
// from this module, and must not declare named inner functions (tsx would wrap them).

export async function runTour(input: TourInput): Promise<Omit<TourFigures, 'outDir'>> {
  const { session, page, outDir } = input;
  const started = Date.now();
  const warnings: string[] = [];
  const screenshots: string[] = [];
  mkdirSync(outDir, { recursive: true });
  const shoot = async (target: Page, name: string, options: { fullPage?: boolean } = {}) => {
    const file = join(outDir, name);
    await target.screenshot({ path: file, ...options });
    screenshots.push(file);
    return file;
  };

  await page.setViewportSize(PAGE_VIEW);
  await page.bringToFront();
  const originalTitle = await page.locator('h1').innerText();
  const baseline = input.usage();

  // 1. Translate the page, as the toolbar shortcut does, timing the first translated text.
  await page.evaluate(() => {
    const blocks = [...document.querySelectorAll('main h1, main h2, main p, main td, main li, main figcaption, main caption, main blockquote')];
    const originals = blocks.map((b) => b.textContent);
    const state = window as unknown as { glossaTourFirstText?: number };
    state.glossaTourFirstText = undefined;
    const observer = new MutationObserver(() => {
      if (blocks.some((b, i) => b.textContent !== originals[i])) {
        state.glossaTourFirstText = Date.now();
        observer.disconnect();
      }
    });
    observer.observe(document.querySelector('main') ?? document.body, { subtree: true, childList: true, characterData: true });
  });
  const commandAt = Date.now();
  await session.dispatchCommand('translate-page', page);
  let state = await session.waitForPhase(page, 'translated', 60_000);
  const pageTranslatedMs = Date.now() - commandAt;
  const firstTextAt = await page.evaluate(() => (window as unknown as { glossaTourFirstText?: number }).glossaTourFirstText);
  const translatedTitle = await page.locator('h1').innerText();
  if (translatedTitle === originalTitle) throw new Error('Glossa reported the page as translated, but its title is still the original.');

  // The demo adds a notice a few seconds after load; Glossa should translate it when it arrives.
  const lateTranslated = await page
    .waitForFunction(
      () => {
        const notice = document.querySelector('#updates .notice');
        const template = document.getElementById('late-notice') as HTMLTemplateElement | null;
        const original = template?.content.textContent?.replace(/\s+/g, ' ').trim();
        return Boolean(notice && original && notice.textContent?.replace(/\s+/g, ' ').trim() !== original);
      },
      undefined,
      { timeout: LATE_CONTENT_TIMEOUT_MS },
    )
    .then(() => true, () => false);
  if (!lateTranslated) warnings.push(`the notice that appears after load was not translated within ${LATE_CONTENT_TIMEOUT_MS / 1000} s`);
  state = await session.waitForPhase(page, 'translated', 30_000);
  const pageUsage = input.usage();

  await page.evaluate(() => window.scrollTo(0, 0));
  const translatedShot = await shoot(page, 'page-translated.png');

  // 2. The popup on the translated tab: target language, glossary, progress, billed characters.
  const popup = await session.context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`${session.extensionUrl}/popup.html?tabId=${await session.tabIdOf(page)}`);
  await popup.waitForLoadState('networkidle');
  await popup.getByRole('button', { name: /show original/i }).waitFor({ timeout: 10_000 }).catch(() => {
    warnings.push('the popup did not show a "Show original" button for the translated tab');
  });
  await shoot(popup, 'popup.png', { fullPage: true });
  await popup.emulateMedia({ colorScheme: 'dark' });
  await shoot(popup, 'popup-dark.png', { fullPage: true });
  await popup.close();

  // 3. Show the original again (the same command toggles).
  await page.bringToFront();
  await session.dispatchCommand('translate-page', page);
  await session.waitForPhase(page, 'original', 30_000);
  await page.waitForFunction((title) => document.querySelector('h1')?.textContent?.trim() === title, originalTitle, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const originalShot = await shoot(page, 'page-original.png');
  await sideBySide(
    session.context,
    [
      { file: originalShot, caption: 'Original', ...PAGE_VIEW },
      { file: translatedShot, caption: 'Translated by Glossa (German, local demo server)', ...PAGE_VIEW },
    ],
    join(outDir, 'page-side-by-side.png'),
  );
  screenshots.push(join(outDir, 'page-side-by-side.png'));

  // 4. Translate a selection through the context menu: a paragraph with bold text and a link.
  await page.setViewportSize({ width: 1100, height: 760 });
  const selectionText = await page.evaluate(() => {
    const paragraph = document.querySelector('#signatures + p');
    if (!paragraph) return '';
    paragraph.scrollIntoView({ block: 'center' });
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return selection?.toString() ?? '';
  });
  if (!selectionText.trim()) throw new Error('The demo page has no paragraph to select (#signatures + p).');
  const beforePopover = input.usage().requests;
  await session.clickMenu('translate-selection', page, { selectionText });
  await waitForPopover(page);
  const popoverRequests = await waitUntil(() => input.usage().requests > beforePopover, 15_000);
  if (!popoverRequests) warnings.push('the selection popover made no translate request');
  await page.waitForTimeout(400); // let the popover finish its entrance
  await shoot(page, 'selection-popover.png');
  await page.keyboard.press('Escape');

  // 5. The options page: connection and defaults, then the glossary manager.
  const options = await session.context.newPage();
  await options.setViewportSize({ width: 1100, height: 900 });
  await options.goto(`${session.extensionUrl}/options.html`);
  await options.waitForLoadState('networkidle');
  await shoot(options, 'options.png');
  await showGlossaryManager(options, warnings);
  await shoot(options, 'glossary-manager.png');
  await options.close();

  const total = input.usage();
  return {
    blocks: state.total,
    failedBlocks: state.failed,
    requests: total.requests - baseline.requests,
    pageRequests: pageUsage.requests - baseline.requests,
    billedCharacters: total.billedCharacters - baseline.billedCharacters,
    firstTextMs: firstTextAt === undefined ? undefined : Math.max(0, firstTextAt - commandAt),
    pageTranslatedMs,
    setupMs: input.setupMs,
    tourMs: Date.now() - started,
    screenshots,
    warnings,
  };
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** The selection popover lives in a shadow root that Glossa adds to the page. */
async function waitForPopover(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll('body *, html > *')].some((el) => el.shadowRoot !== null && el.getBoundingClientRect().height > 0),
    undefined,
    { timeout: 15_000 },
  );
}

/** Brings the glossary manager into view (a section or tab of the options page). */
async function showGlossaryManager(options: Page, warnings: string[]): Promise<void> {
  const heading = options.getByRole('heading', { name: /glossar/i }).first();
  if (await heading.count()) {
    await heading.scrollIntoViewIfNeeded();
    return;
  }
  warnings.push('the options page shows no glossary heading');
}
