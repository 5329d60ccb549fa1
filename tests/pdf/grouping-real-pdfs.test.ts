// @vitest-environment node
// The grouping on PDFs as pdf.js reads them: each test PDF (written at test time with pdf-lib)
// goes through pdf.js's text extraction and the viewer's own conversion and grouping.
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { findRepeatedMargins, groupParagraphs, type PdfPageText } from '@/utils/pdf/paragraphs';
import { textRuns } from '@/utils/pdf/text-runs';
import { HEADER_TEXT, HEBREW, PDF_PASSWORD, TABLE, headersAndFooters, passwordProtected, hyphenated, longDocument, oneColumn, rightToLeft, scanned, table, twoColumns, withLink } from './make-pdfs';

async function readPages(bytes: Uint8Array, count = Infinity, password?: string): Promise<PdfPageText[]> {
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, useWasm: false, verbosity: 0, password }).promise;
  const pages: PdfPageText[] = [];
  for (let n = 1; n <= Math.min(count, pdf.numPages); n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    pages.push({ page: n - 1, width: viewport.width, height: viewport.height, runs: textRuns(content.items, viewport.transform) });
  }
  await pdf.destroy();
  return pages;
}

async function firstPageTexts(bytes: Uint8Array): Promise<{ kind: string; text: string }[]> {
  const pages = await readPages(bytes);
  return groupParagraphs(pages[0], findRepeatedMargins(pages)).map(({ kind, text }) => ({ kind, text }));
}

describe('paragraphs of real PDFs', () => {
  it('one column: a title and three paragraphs, lines joined', async () => {
    const pdf = await oneColumn();
    expect((await firstPageTexts(pdf.bytes)).map((p) => p.text)).toEqual(pdf.firstPage);
  });

  it('two columns: the left column before the right one', async () => {
    const pdf = await twoColumns();
    expect((await firstPageTexts(pdf.bytes)).map((p) => p.text)).toEqual(pdf.firstPage);
  });

  it('headers and footers on every page are recognised', async () => {
    const pdf = await headersAndFooters();
    expect(await firstPageTexts(pdf.bytes)).toEqual([
      { kind: 'header', text: HEADER_TEXT },
      { kind: 'body', text: pdf.firstPage[0] },
      { kind: 'footer', text: 'Page 1 of 4' },
    ]);
  });

  it('hyphenation at line ends is undone, a real hyphen stays', async () => {
    const pdf = await hyphenated();
    expect((await firstPageTexts(pdf.bytes)).map((p) => p.text)).toEqual(pdf.firstPage);
  });

  it('a table: every cell its own paragraph', async () => {
    const pdf = await table();
    const found = await firstPageTexts(pdf.bytes);
    expect(found[0].text).toBe(pdf.firstPage[0]);
    expect(found.slice(1).map((p) => p.text).sort()).toEqual(TABLE.flat().sort());
    expect(found.slice(1).every((p) => p.kind === 'cell')).toBe(true);
  });

  it('a link: its text is one paragraph', async () => {
    const pdf = await withLink();
    expect((await firstPageTexts(pdf.bytes)).map((p) => p.text)).toEqual(pdf.firstPage);
  });

  it('right-to-left text in reading order', async (context) => {
    const pdf = await rightToLeft();
    if (!pdf) return context.skip();
    const pages = await readPages(pdf.bytes);
    const [paragraph] = groupParagraphs(pages[0]);
    expect(paragraph.text).toBe(HEBREW);
    expect(paragraph.dir).toBe('rtl');
  });

  it('a password-protected PDF opens with its password only', async () => {
    const pdf = await passwordProtected();
    await expect(readPages(pdf.bytes)).rejects.toMatchObject({ name: 'PasswordException' });
    const pages = await readPages(pdf.bytes, 1, PDF_PASSWORD);
    expect(groupParagraphs(pages[0]).map((p) => p.text)).toEqual(pdf.firstPage);
  });

  it('a page without text has no paragraphs', async () => {
    const pdf = await scanned();
    expect(await firstPageTexts(pdf.bytes)).toEqual([]);
  });

  it('a 300-page document: the header repeats, each page has three paragraphs and a page number', async () => {
    const pdf = await longDocument(300);
    const sample = await readPages(pdf.bytes, 6);
    const repeated = findRepeatedMargins(sample);
    const kinds = groupParagraphs(sample[5], repeated).map((p) => p.kind);
    expect(kinds).toEqual(['header', 'body', 'body', 'body', 'footer']);
  }, 60_000);
});
