// The headless tour of `npm start`: translates the demo page the way a user would, shows the
// original again, translates a selection and a draft in a form, opens the popup and the options page, and saves a
// screenshot of each step. Returns the figures the start script prints.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../lib/extension-session';
import { sideBySide } from './composite';
import { popoverOutcome } from './popover-outcome';
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
  /** A glossary target phrase the translated page must show (the demo glossary is the default). */
  glossaryTerm?: string;
  /** Told as each step starts: what the tour is doing now (a step that never ends names itself). */
  onStep?(step: string): void;
}

/** Viewport of the page screenshots: the article column fills it, so text stays readable side by side. */
const PAGE_VIEW = { width: 860, height: 1000 };
const LATE_CONTENT_TIMEOUT_MS = 15_000;

// Functions passed to page.evaluate are serialised into the page: they must not use helpers
// from this module, and must not declare named inner functions (tsx would wrap them).

export async function runTour(input: TourInput): Promise<Omit<TourFigures, 'outDir'>> {
  try {
    return await tour(input);
  } catch (err) {
    // A picture of where the tour stopped says more than the message alone.
    const file = join(input.outDir, 'tour-failed.png');
    const saved = await input.page.screenshot({ path: file }).then(() => true, () => false);
    if (saved && err instanceof Error) err.message += `\nThe demo page at that moment: ${file}`;
    throw err;
  }
}

async function tour(input: TourInput): Promise<Omit<TourFigures, 'outDir'>> {
  const { session, page, outDir } = input;
  const started = Date.now();
  const warnings: string[] = [];
  const screenshots: string[] = [];
  mkdirSync(outDir, { recursive: true });
  const shoot = async (target: Page, name: string, options: { fullPage?: boolean } = {}) => {
    const file = join(outDir, name);
    // Finished animations only: the demo's late notice fades in.
    await target.screenshot({ path: file, animations: 'disabled', ...options });
    screenshots.push(file);
    return file;
  };

  await page.setViewportSize(PAGE_VIEW);
  await page.bringToFront();
  const originalTitle = await page.locator('h1').innerText();
  const originalCode = await page.locator('pre').first().innerText();
  const baseline = input.usage();

  // 1. Translate the page, as the toolbar shortcut does, timing the first translated text.
  input.onStep?.('translating the page');
  await page.evaluate(() => {
    const blocks = [...document.querySelectorAll('main h1, main h2, main p, main td, main li, main figcaption, main caption, main blockquote')];
    const originals = blocks.map((b) => b.textContent);
    const probe = window as unknown as { glossaTourFirstText?: number };
    probe.glossaTourFirstText = undefined;
    const observer = new MutationObserver(() => {
      if (blocks.some((b, i) => b.textContent !== originals[i])) {
        probe.glossaTourFirstText = Date.now();
        observer.disconnect();
      }
    });
    observer.observe(document.querySelector('main') ?? document.body, { subtree: true, childList: true, characterData: true });
  });
  const commandAt = Date.now();
  await session.dispatchCommand('translate-page', page);
  let state = await session.waitForPhase(page, 'translated', 60_000);
  const firstScreenMs = Date.now() - commandAt;
  const firstTextAt = await page.evaluate(() => (window as unknown as { glossaTourFirstText?: number }).glossaTourFirstText);
  const translatedTitle = await page.locator('h1').innerText();
  if (translatedTitle === originalTitle) throw new Error('Glossa reported the page as translated, but its title is still the original.');

  // Read down to the end as a user would: Glossa translates what comes near the viewport.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.75)) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 120));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
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
  if ((await page.locator('pre').first().innerText()) !== originalCode) warnings.push('the code block changed in translation');
  if (input.glossaryTerm) {
    const used = await page.evaluate((term) => document.body.innerText.includes(term), input.glossaryTerm);
    if (!used) warnings.push(`the translated page does not use the demo glossary's term "${input.glossaryTerm}"`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  const translatedShot = await shoot(page, 'page-translated.png');
  // The end of the page: glossary terms in the "About" box and the late notice, translated.
  await page.evaluate(() => document.querySelector('.about')?.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -24));
  await shoot(page, 'page-translated-end.png');

  // 2. The popup on the translated tab: target language, glossary, progress, billed characters.
  input.onStep?.('the popup');
  const popup = await session.context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`${session.extensionUrl}/popup.html?tabId=${await session.tabIdOf(page)}`);
  await popup.waitForLoadState('networkidle');
  await popup.getByRole('button', { name: /show original/i }).waitFor({ timeout: 10_000 }).catch(() => {
    warnings.push('the popup did not show a "Show original" button for the translated tab');
  });
  await shootPopup(popup, join(outDir, 'popup.png'));
  screenshots.push(join(outDir, 'popup.png'));
  await popup.emulateMedia({ colorScheme: 'dark' });
  await shootPopup(popup, join(outDir, 'popup-dark.png'));
  screenshots.push(join(outDir, 'popup-dark.png'));
  await popup.close();
  // The figures of the translated page, late content included, as the popup just showed them.
  state = await session.tabState(page);

  // 3. Show the original again (the same command toggles).
  input.onStep?.('showing the original');
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

  // 3b. Hover translation: turned on (as the options page does), the page loaded again, Alt pressed over a paragraph.
  input.onStep?.('hover translation');
  await session.setStorage({ hover: { enabled: true, modifier: 'Alt', sites: ['127.0.0.1'] } });
  const hovered = await shootHoveredParagraph(session, page, join(outDir, 'hover-paragraph.png'));
  if (hovered) screenshots.push(hovered);
  else warnings.push('pressing Alt over a paragraph showed no translation within 20 s');

  // 4. Translate a selection through the context menu: a paragraph with bold text and a link.
  input.onStep?.('a selection');
  await page.setViewportSize({ width: 1100, height: 600 });
  const selectionText = await page.evaluate(() => {
    const paragraph = document.querySelector('#signatures + p');
    if (!paragraph) return '';
    paragraph.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -90); // keep the section heading in the picture
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
  const popoverRequests = await waitUntil(() => input.usage().requests > beforePopover, 15_000);
  if (!popoverRequests) warnings.push('the selection popover made no translate request');
  const popoverProblem = await popoverOutcome(page, 'translation');
  if (popoverProblem) warnings.push(`the selection popover showed no translation: ${popoverProblem}`);
  await shoot(page, 'selection-popover.png');
  // 4b. The same popover's "Add to glossary" form (not submitted: the demo glossary stays as it is).
  // The root is closed, so the tour goes by keyboard as a reader may: focus is on the popover and
  // Tab cycles inside it, so Shift+Tab reaches its last button, "Add to glossary". The form is
  // taller than the translation it replaces.
  const shownHeight = await page.evaluate(() => document.querySelector('glossa-selection-popover')?.getBoundingClientRect().height ?? 0);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (before) => (document.querySelector('glossa-selection-popover')?.getBoundingClientRect().height ?? 0) > before,
    shownHeight,
    { timeout: 15_000 },
  ).then(async () => {
    // The form is the extension's own frame, drawn by a process of its own: the popover grows when
    // the form has said its size, which can be before the frame has painted (the picture was blank).
    const form = page.frames().find((frame) => frame.url().includes('/term-form.html'));
    await form?.locator('input').first().waitFor({ timeout: 15_000 });
    await form?.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    await shoot(page, 'add-to-glossary.png');
  }).catch((err: unknown) => warnings.push(`the selection popover showed no Add to glossary form within 15 s (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`));
  await page.keyboard.press('Escape');

  // 4c. Writing help: the demo's message field, translated into the language of its form
  // (German) on the `translate-field` shortcut; the panel shows it before anything is written.
  input.onStep?.('writing help');
  await page.evaluate(() => {
    const field = document.getElementById('write-message') as HTMLTextAreaElement | null;
    field?.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -160); // the section's heading and help text in the picture
    field?.focus();
  });
  const beforeWriting = input.usage().requests;
  await session.dispatchCommand('translate-field', page);
  if (!(await waitUntil(() => input.usage().requests > beforeWriting, 15_000))) warnings.push('writing help made no translate request');
  const writingProblem = await popoverOutcome(page, 'writing-preview');
  if (writingProblem) warnings.push(`the writing panel showed no translation: ${writingProblem}`);
  else await shoot(page, 'writing-panel.png');
  const writingRequests = input.usage().requests - beforeWriting;
  await page.keyboard.press('Escape');

  // 5. The options page: connection and defaults, then the glossary manager.
  input.onStep?.('the options page and the glossary manager');
  const options = await session.context.newPage();
  await options.setViewportSize({ width: 1100, height: 900 });
  await options.goto(`${session.extensionUrl}/options.html`);
  await options.waitForLoadState('networkidle');
  await shoot(options, 'options.png');
  if (await showGlossaryManager(options, warnings)) {
    await shoot(options, 'glossary-manager.png');
    if (await openDemoDictionary(options, warnings)) await shoot(options, 'glossary-entries.png');
  }
  await options.close();

  const total = input.usage();
  return {
    blocks: state.total,
    failedBlocks: state.failed,
    requests: total.requests - baseline.requests,
    pageRequests: pageUsage.requests - baseline.requests,
    writingRequests,
    billedCharacters: total.billedCharacters - baseline.billedCharacters,
    firstTextMs: firstTextAt === undefined ? undefined : Math.max(0, firstTextAt - commandAt),
    firstScreenMs,
    setupMs: input.setupMs,
    tourMs: Date.now() - started,
    screenshots,
    warnings,
  };
}

/** Reloads the page (the hover script loads with it), presses Alt over the demo's second paragraph and shoots the translation under it; undefined when none came. */
async function shootHoveredParagraph(session: ExtensionSession, page: Page, file: string): Promise<string | undefined> {
  const registered = await waitUntil(async () => (await session.inWorker(async () => (await chrome.scripting.getRegisteredContentScripts()).length)) > 0, 15_000);
  if (!registered) return undefined;
  await page.reload();
  await page.setViewportSize({ width: 900, height: 560 });
  const target = page.locator('main p').nth(1);
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -140));
  const box = await target.boundingBox();
  if (!box) return undefined;
  await page.mouse.move(box.x + 60, box.y + 10);
  const shown = await waitUntil(async () => {
    await page.keyboard.press('Alt');
    return page.waitForSelector('glossa-translation[data-glossa-pointed]', { timeout: 2000 }).then(() => true, () => false);
  }, 20_000);
  if (!shown) return undefined;
  await page.screenshot({ path: file, animations: 'disabled' });
  await page.keyboard.press('Alt');
  await page.waitForSelector('glossa-translation', { state: 'detached', timeout: 10_000 }).catch(() => undefined);
  return file;
}

/** A real popup is as large as its content: shrink the page to it, as the browser does, and shoot that. */
export async function shootPopup(popup: Page, file: string): Promise<void> {
  const clip = await popup.evaluate(() => {
    document.documentElement.style.width = 'max-content';
    // In a right-to-left UI the content sits at the viewport's right edge: clip to where it is.
    const rect = (document.getElementById('app')?.firstElementChild ?? document.documentElement).getBoundingClientRect();
    return { x: Math.max(0, Math.floor(rect.left)), y: 0, width: Math.ceil(rect.width), height: Math.ceil(document.documentElement.getBoundingClientRect().height) };
  });
  await popup.screenshot({ path: file, fullPage: true, clip });
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Scrolls the glossary manager's heading to the top of the options page. */
async function showGlossaryManager(options: Page, warnings: string[]): Promise<boolean> {
  const heading = options.getByRole('heading', { name: /glossar/i, level: 2 }).first();
  const found = await heading.waitFor({ timeout: 10_000 }).then(() => true, () => false);
  if (!found) {
    warnings.push('the options page shows no glossary manager heading');
    return false;
  }
  // Wait for the list itself (a glossary name), not only the heading.
  await options.getByText(/Glossa demo/).first().waitFor({ timeout: 10_000 }).catch(() => warnings.push('the glossary manager did not list the demo glossary'));
  await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await options.evaluate(() => window.scrollBy(0, -16));
  return true;
}

/** Opens the demo glossary's English → German dictionary in the manager's entry table. */
async function openDemoDictionary(options: Page, warnings: string[]): Promise<boolean> {
  const open = options.getByRole('button', { name: /^Open .* of Glossa demo$/ }).first();
  if (!(await open.count())) {
    warnings.push('the glossary manager has no Open button for the demo glossary');
    return false;
  }
  await open.click();
  // Entries are editable inputs in a virtualised table: look for a value, not for text.
  const shown = await options
    .waitForFunction(() => [...document.querySelectorAll('input')].some((input) => input.value === 'Browser-Erweiterung'), undefined, { timeout: 10_000 })
    .then(() => true, () => false);
  if (!shown) warnings.push('the demo dictionary did not show its entries');
  await options.getByRole('heading', { name: /glossar/i, level: 2 }).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
  return shown;
}
