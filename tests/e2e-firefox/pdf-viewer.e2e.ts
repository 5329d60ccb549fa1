// Glossa's PDF viewer in Firefox: a PDF opened in the viewer (by address and from the
// `translate-pdf-link` menu item) is drawn with pdf.js from the add-on's own files and its
// paragraphs translated through the one pipeline; reopened, it bills nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pseudoTranslate } from '../../server/index';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitInPage } from '../e2e-lib/firefox-dom';
import { waitUntil } from '../e2e-lib/wait';
import { startPdfServer, type PdfServer } from '../e2e/pdf-server';
import { HARBOUR, twoColumns, harbourNotes, hyphenated, type TestPdf } from '../pdf/make-pdfs';

const de = (text: string) => pseudoTranslate(text, 'DE');

async function firstPageTranslations(viewer: Page): Promise<string[]> {
  await waitInPage(viewer, () => {
    const items = [...document.querySelectorAll<HTMLElement>('.pdf-row[data-page="0"] .pdf-translation')];
    return items.length > 0 && items.every((item) => item.dataset.state === 'done') && !!document.querySelector('canvas[data-drawn]');
  }, null, 30_000);
  return viewer.$$eval('.pdf-row[data-page="0"] .pdf-translation', (items) => items.map((item) => item.textContent ?? ''));
}

describe('PDF viewer in Firefox', () => {
  let glossa: FirefoxGlossa;
  let pdfs: PdfServer;
  let columns: TestPdf;
  let hyphens: TestPdf;
  let harbour: TestPdf;

  beforeAll(async () => {
    columns = await twoColumns();
    hyphens = await hyphenated();
    harbour = await harbourNotes();
    pdfs = await startPdfServer([columns, hyphens, harbour]);
    glossa = await launchGlossaInFirefox({ settings: { defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } } });
  });
  afterAll(async () => {
    await glossa?.close();
    await pdfs?.close();
  });

  it('draws a PDF with its text layer and translates it; reopened, it bills nothing', async () => {
    const url = `/pdf-viewer.html?file=${encodeURIComponent(pdfs.url(columns.name))}`;
    const viewer = await glossa.openExtensionPage(url);
    await viewer.bringToFront();
    expect(await firstPageTranslations(viewer)).toEqual(columns.firstPage.map(de));
    // The text layer holds the page's words, selectable.
    expect(await viewer.$eval('.pdf-row[data-page="0"] .textLayer', (layer) => layer.textContent ?? '')).toContain('Two columns, read left column first');
    await viewer.close();

    const billed = glossa.api.billedCharacters;
    const requests = glossa.api.log.length;
    const again = await glossa.openExtensionPage(url);
    await again.bringToFront();
    expect(await firstPageTranslations(again)).toEqual(columns.firstPage.map(de));
    expect(glossa.api.billedCharacters).toBe(billed);
    expect(glossa.api.log.slice(requests).filter((r) => r.path === '/v2/translate')).toEqual([]);
    await again.close();
  });

  it('opens the selection popover for words selected in the text layer, and links the PDF\'s web link', async () => {
    const viewer = await glossa.openExtensionPage(`/pdf-viewer.html?file=${encodeURIComponent(pdfs.url(harbour.name))}`);
    await viewer.bringToFront();
    expect(await firstPageTranslations(viewer)).toEqual(harbour.firstPage.map(de));
    const selected = await viewer.evaluate((text) => {
      const span = [...document.querySelectorAll('.pdf-row[data-page="0"] .textLayer span')].find((el) => (el.textContent ?? '').includes(text));
      const node = span?.firstChild;
      if (!node) return '';
      const at = (node.textContent ?? '').indexOf(text);
      window.getSelection()!.setBaseAndExtent(node, at, node, at + text.length);
      return window.getSelection()!.toString();
    }, 'lighthouse keeper');
    expect(selected).toBe('lighthouse keeper');
    await glossa.dispatchCommand('translate-selection', viewer);
    // The e2e build exposes the popover's closed root to tests.
    await waitInPage(viewer, (expected) => {
      const hooks = (globalThis as unknown as Record<symbol, { popover?: () => ShadowRoot | null } | undefined>)[Symbol.for('glossa.test-hooks')];
      return hooks?.popover?.()?.querySelector('.translation')?.textContent === expected;
    }, de('lighthouse keeper'), 20_000);
    const sent = glossa.api.log.filter((r) => r.path === '/v2/translate').at(-1)?.params as { text?: string[]; context?: string };
    expect(sent).toMatchObject({ text: ['lighthouse keeper'], context: HARBOUR[2] });
    expect(await viewer.$eval('.pdf-row[data-page="0"] .pdf-links a[href="https://example.com/harbour"]', (a) => a.getAttribute('rel'))).toContain('noopener');
    await viewer.close();
  });

  it('opens a linked PDF from the translate-pdf-link menu item', async () => {
    const page = await glossa.openPage('/article.html');
    await glossa.clickMenu('translate-pdf-link' as 'translate-page', page, { linkUrl: pdfs.url(hyphens.name) });
    // The viewer opens in a new tab next to the page (BiDi does not hand tabs an add-on opened to puppeteer: the add-on lists them).
    const viewerUrl = `${glossa.extensionUrl}/pdf-viewer.html?file=${encodeURIComponent(pdfs.url(hyphens.name))}`;
    await waitUntil(async () => (await glossa.inExtension(async (browser) => (await browser.tabs.query({})).map((t) => t.url))).includes(viewerUrl), 'the viewer tab to open');
    // …and translates the PDF's paragraph, its hyphenation undone.
    const sent = () => glossa.api.log.filter((r) => r.path === '/v2/translate').flatMap((r) => ((r.params as { text?: string[] } | undefined)?.text ?? []));
    await waitUntil(() => sent().includes(hyphens.firstPage[0]), 'the viewer to translate the PDF');
    await page.close();
  });
});
