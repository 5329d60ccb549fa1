import { describe, expect, it } from 'vitest';
import { findRepeatedMargins, groupParagraphs, joinText, needsTranslation, type PdfPageText, type PdfTextRun } from '@/utils/pdf/paragraphs';

const SIZE = 11;
const LEADING = 14;

/** One run per line, as a PDF writer that draws a line at a time produces them. */
function run(text: string, x: number, y: number, size = SIZE): PdfTextRun {
  return { text, x, y, width: text.length * size * 0.5, size, dir: 'ltr' };
}

function lines(texts: string[], x: number, top: number, size = SIZE): PdfTextRun[] {
  return texts.map((text, i) => run(text, x, top + i * LEADING, size));
}

function page(runs: PdfTextRun[], index = 0): PdfPageText {
  return { page: index, width: 612, height: 792, runs };
}

describe('joinText', () => {
  it('undoes hyphenation at a line end but keeps real hyphens and capitals', () => {
    expect(joinText('the transla-', 'tion of text')).toBe('the translation of text');
    expect(joinText('a well-', 'Known name')).toBe('a well- Known name');
    expect(joinText('soft\u00AD', 'ware')).toBe('software');
    expect(joinText('one line', 'and the next')).toBe('one line and the next');
  });
});

describe('groupParagraphs', () => {
  it('joins the lines of each paragraph and separates paragraphs by their spacing', () => {
    const runs = [
      ...lines(['The first paragraph starts here and', 'goes on to a second line of text.'], 72, 100),
      ...lines(['The second paragraph has its own', 'lines, also two of them.'], 72, 150),
    ];
    const paragraphs = groupParagraphs(page(runs));
    expect(paragraphs.map((p) => p.text)).toEqual([
      'The first paragraph starts here and goes on to a second line of text.',
      'The second paragraph has its own lines, also two of them.',
    ]);
    expect(paragraphs[0].box.y).toBeCloseTo(100 - SIZE);
    expect(paragraphs[0].lines).toBe(2);
  });

  it('reads two columns left column first, under a full-width title', () => {
    const title = run('A title that spans the whole width of the page, both columns of it', 72, 60, 16);
    const left = lines(['Left column, first line of the', 'left paragraph, continued here.'], 72, 100);
    const right = lines(['Right column, first line of', 'the right paragraph, continued.'], 320, 100);
    // Written line by line across the page, as many PDFs are.
    const interleaved = [title, left[0], right[0], left[1], right[1]];
    const texts = groupParagraphs(page(interleaved)).map((p) => p.text);
    expect(texts).toEqual([
      'A title that spans the whole width of the page, both columns of it',
      'Left column, first line of the left paragraph, continued here.',
      'Right column, first line of the right paragraph, continued.',
    ]);
  });

  it('keeps table cells apart, row by row', () => {
    const rows = [['Fruit', 'Colour', 'Price'], ['Apple', 'Red', '1.20'], ['Banana', 'Yellow', '0.80']];
    const runs = rows.flatMap((cells, r) => cells.map((cell, c) => run(cell, 72 + c * 120, 100 + r * LEADING)));
    const paragraphs = groupParagraphs(page(runs));
    expect(paragraphs.map((p) => p.text).sort()).toEqual(rows.flat().sort());
    expect(paragraphs.every((p) => p.kind === 'cell')).toBe(true);
  });

  it('orders right-to-left lines and marks their direction', () => {
    const hebrew = 'שלום עולם זהו משפט בעברית';
    const runs = [{ text: hebrew, x: 300, y: 100, width: 200, size: SIZE, dir: 'rtl' as const }];
    const [paragraph] = groupParagraphs(page(runs));
    expect(paragraph.text).toBe(hebrew);
    expect(paragraph.dir).toBe('rtl');
  });

  it('tells repeated headers and footers from the body, page numbers included', () => {
    const pages = [0, 1, 2].map((n) => page([
      run('Annual Report 2026', 72, 40),
      ...lines([`Body text of page ${n + 1} that is different on`, 'each page of the document.'], 72, 200),
      run(`Page ${n + 1}`, 290, 770),
    ], n));
    const repeated = findRepeatedMargins(pages);
    expect(repeated.size).toBe(2);
    const first = groupParagraphs(pages[1], repeated);
    expect(first.map((p) => [p.kind, p.text])).toEqual([
      ['header', 'Annual Report 2026'],
      ['body', 'Body text of page 2 that is different on each page of the document.'],
      ['footer', 'Page 2'],
    ]);
  });

  it('does not call a one-off line at the top a header', () => {
    const pages = [page([run('Only here', 72, 40), run('Body', 72, 300)], 0), page([run('Body again', 72, 300)], 1)];
    expect(findRepeatedMargins(pages).size).toBe(0);
  });

  it('finds nothing on a page without text (a scan)', () => {
    expect(groupParagraphs(page([]))).toEqual([]);
    expect(groupParagraphs(page([run('   ', 72, 100)]))).toEqual([]);
  });

  it('translates only paragraphs with letters', () => {
    expect(needsTranslation({ text: '12' })).toBe(false);
    expect(needsTranslation({ text: 'Page 12' })).toBe(true);
  });
});
