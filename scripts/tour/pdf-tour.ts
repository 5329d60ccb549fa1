// The PDF part of the headless tour: a two-column article (written at run time with pdf-lib)
// opened in Glossa's viewer from its file picker, each of the three views shot in the light and
// the dark scheme, and the viewer's selection popover. Returns the files it saved.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../lib/extension-session';
import { demoArticle } from '../../tests/pdf/make-pdfs';

const VIEWER_SIZE = { width: 1400, height: 860 };
const VIEWS = ['side', 'over', 'flow'] as const;

/** Waits until the first page's translations have all arrived and, outside the text flow, the page is drawn. */
async function firstPageShown(viewer: Page, view: (typeof VIEWS)[number]): Promise<void> {
  await viewer.waitForFunction((v) => {
    const items = [...document.querySelectorAll<HTMLElement>('.pdf-row[data-page="0"] .pdf-translation')];
    const drawn = v === 'flow' || !!document.querySelector('.pdf-row[data-page="0"] canvas[data-drawn]');
    return items.length > 0 && items.every((item) => item.dataset.state === 'done') && drawn;
  }, view, { timeout: 30_000 });
}

/** Selects the first words of the first translated paragraph (what a reader drags over). */
async function selectTranslatedWords(viewer: Page): Promise<string> {
  return viewer.evaluate(() => {
    const paragraph = [...document.querySelectorAll('.pdf-row[data-page="0"] .pdf-side .pdf-translation[data-kind="body"]')][0];
    const text = paragraph?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return '';
    const words = (text.textContent ?? '').split(' ').slice(0, 6).join(' ');
    window.getSelection()!.setBaseAndExtent(text, 0, text, words.length);
    return words;
  });
}

export async function runPdfTour(session: ExtensionSession, outDir: string, warnings: string[]): Promise<string[]> {
  const article = await demoArticle();
  const viewer = await session.context.newPage();
  const shots: string[] = [];
  try {
    await viewer.setViewportSize(VIEWER_SIZE);
    await viewer.goto(`${session.extensionUrl}/pdf-viewer.html`);
    await viewer.bringToFront();
    await viewer.locator('input[type=file]').setInputFiles({ name: article.name, mimeType: 'application/pdf', buffer: Buffer.from(article.bytes) });
    for (const scheme of ['light', 'dark'] as const) {
      await viewer.emulateMedia({ colorScheme: scheme });
      for (const view of VIEWS) {
        await viewer.getByLabel('View').selectOption(view);
        await firstPageShown(viewer, view);
        await viewer.evaluate(() => window.scrollTo(0, 0));
        const file = join(outDir, `pdf-${view}${scheme === 'dark' ? '-dark' : ''}.png`);
        await viewer.screenshot({ path: file, animations: 'disabled' });
        shots.push(file);
      }
    }
    // The selection popover in the viewer, from the same context menu item as on pages.
    await viewer.emulateMedia({ colorScheme: 'light' });
    await viewer.getByLabel('View').selectOption('side');
    await firstPageShown(viewer, 'side');
    const words = await selectTranslatedWords(viewer);
    if (!words) {
      warnings.push('the PDF viewer showed no translated paragraph to select');
      return shots;
    }
    await session.clickMenu('translate-selection', viewer, { selectionText: words });
    // Its shadow root is closed: the translation has arrived when the popover is as tall as its
    // footer (Copy, Add to glossary, billed) makes it, past its "Translating…" line.
    const shown = await viewer.waitForFunction(() => (document.querySelector('glossa-selection-popover')?.getBoundingClientRect().height ?? 0) > 140, undefined, { timeout: 15_000 })
      .then(() => true, () => false);
    if (!shown) warnings.push('the PDF viewer\'s selection popover did not show a translation');
    const file = join(outDir, 'pdf-selection.png');
    await viewer.screenshot({ path: file, animations: 'disabled' });
    shots.push(file);
    return shots;
  } finally {
    await viewer.close();
  }
}
