// pdf.js text items → the grouping's runs (page units, origin top left). Pure: the viewer and
// the tests feed it what pdf.js's getTextContent and a page's viewport give.
import type { PdfTextRun } from './paragraphs';

/** What the viewer uses of a pdf.js text item. */
interface TextContentItem {
  str: string;
  /** [a, b, c, d, e, f]: the text's matrix in PDF user space. */
  transform: number[];
  /** Advance width in user space. */
  width: number;
  dir?: string;
}

function isTextItem(item: unknown): item is TextContentItem {
  return typeof item === 'object' && item !== null && typeof (item as TextContentItem).str === 'string' && Array.isArray((item as TextContentItem).transform) && typeof (item as TextContentItem).width === 'number';
}

/** m1 × m2 for PDF matrices [a, b, c, d, e, f]. */
function multiply(m1: number[], m2: number[]): number[] {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

/** Runs of horizontal text; `viewportTransform` is a scale-1 viewport's transform (it flips y). */
export function textRuns(items: readonly unknown[], viewportTransform: number[]): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  for (const item of items) {
    if (!isTextItem(item) || item.str === '') continue;
    const [a, b, c, d, x, y] = multiply(viewportTransform, item.transform);
    // Rotated text (a watermark, a margin note) is not read as part of the flow.
    if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0) continue;
    runs.push({ text: item.str, x, y, width: item.width, size: Math.abs(d), dir: item.dir === 'rtl' ? 'rtl' : item.dir === 'ttb' ? 'ttb' : 'ltr' });
  }
  return runs;
}
