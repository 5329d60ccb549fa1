// Test PDFs, written at test time with pdf-lib: each kind of layout the viewer must read as a
// reader does. Each returns the file's bytes and what a reader sees in it (the expectations).
import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const WIDTH = 612;
const HEIGHT = 792;
const SIZE = 11;
const LEADING = 14;

/** A Hebrew-capable system font for the right-to-left PDF (Debian's fonts-dejavu-core). */
export const RTL_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export interface TestPdf {
  name: string;
  bytes: Uint8Array;
  /** Body paragraphs of the first page, in reading order, as a reader reads them. */
  firstPage: string[];
}

/** Words wrapped into lines no wider than `width` points. */
function wrap(text: string, font: PDFFont, width: number, size = SIZE): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws a paragraph from `top` (distance from the page's top); returns where the next one starts. */
function paragraph(page: PDFPage, font: PDFFont, lines: string[], x: number, top: number, size = SIZE): number {
  lines.forEach((line, i) => page.drawText(line, { x, y: HEIGHT - top - i * LEADING, size, font, color: rgb(0, 0, 0) }));
  return top + lines.length * LEADING + LEADING;
}

const WORDS = 'reading documents carefully matters because every sentence may carry meaning that a quick glance would miss entirely while translators keep terms consistent across long texts and readers compare versions side by side'.split(' ');

/** Deterministic prose of `count` words, different for every seed. */
export function prose(seed: number, count: number): string {
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(WORDS[(seed * 7 + i * 3 + (i * i) % 5) % WORDS.length]);
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')} (${seed}).`;
}

async function create(): Promise<{ pdf: PDFDocument; font: PDFFont; bold: PDFFont }> {
  // No metadata: the password-protected PDF (encrypt-pdf.ts) encrypts streams only.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  return { pdf, font: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
}

export async function oneColumn(): Promise<TestPdf> {
  const { pdf, font, bold } = await create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const texts = [prose(1, 45), prose(2, 60), prose(3, 30)];
  let top = paragraph(page, bold, ['A document in one column'], 72, 72, 18) + 6;
  for (const text of texts) top = paragraph(page, font, wrap(text, font, 468), 72, top);
  return { name: 'one-column.pdf', bytes: await pdf.save(), firstPage: ['A document in one column', ...texts] };
}

export async function twoColumns(): Promise<TestPdf> {
  const { pdf, font, bold } = await create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const left = [prose(11, 40), prose(12, 35)];
  const right = [prose(13, 38), prose(14, 30)];
  const top = paragraph(page, bold, ['Two columns, read left column first'], 72, 72, 18) + 6;
  let y = top;
  for (const text of left) y = paragraph(page, font, wrap(text, font, 220), 72, y);
  y = top;
  for (const text of right) y = paragraph(page, font, wrap(text, font, 220), 320, y);
  return { name: 'two-columns.pdf', bytes: await pdf.save(), firstPage: ['Two columns, read left column first', ...left, ...right] };
}

export const HEADER_TEXT = 'Glossa Quarterly Review';

export async function headersAndFooters(pages = 4): Promise<TestPdf> {
  const { pdf, font } = await create();
  const first: string[] = [];
  for (let n = 0; n < pages; n++) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    paragraph(page, font, [HEADER_TEXT], 72, 40, 9);
    const text = prose(100 + n, 50);
    paragraph(page, font, wrap(text, font, 468), 72, 120);
    paragraph(page, font, [`Page ${n + 1} of ${pages}`], 280, HEIGHT - 36, 9);
    if (n === 0) first.push(text);
  }
  return { name: 'headers-footers.pdf', bytes: await pdf.save(), firstPage: first };
}

export async function hyphenated(): Promise<TestPdf> {
  const { pdf, font } = await create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const lines = [
    'Careful transla-',
    'tion keeps the meaning of every docu-',
    'ment, and a well-known term stays as it is.',
  ];
  paragraph(page, font, lines, 72, 100);
  return { name: 'hyphenated.pdf', bytes: await pdf.save(), firstPage: ['Careful translation keeps the meaning of every document, and a well-known term stays as it is.'] };
}

export const TABLE = [['Fruit', 'Colour', 'Price'], ['Apple', 'Red', '1.20'], ['Banana', 'Yellow', '0.80'], ['Cherry', 'Dark red', '3.50']];

export async function table(): Promise<TestPdf> {
  const { pdf, font, bold } = await create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const intro = 'The table below lists three fruits with their colour and price.';
  paragraph(page, font, [intro], 72, 80);
  TABLE.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: 72 + c * 150, y: HEIGHT - 120 - r * 20, size: SIZE, font: r === 0 ? bold : font })));
  return { name: 'table.pdf', bytes: await pdf.save(), firstPage: [intro, ...TABLE.flat()] };
}

export async function withLink(): Promise<TestPdf> {
  const { pdf, font } = await create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const text = 'Read the full specification on the project website for every detail.';
  paragraph(page, font, [text], 72, 100);
  // A URI link annotation over the line, as a PDF writer makes one.
  const link = pdf.context.obj({
    Type: 'Annot', Subtype: 'Link', Rect: [72, HEIGHT - 104, 72 + font.widthOfTextAtSize(text, SIZE), HEIGHT - 90], Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.com/spec') },
  });
  page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(link)]));
  return { name: 'link.pdf', bytes: await pdf.save(), firstPage: [text] };
}

export const HARBOUR = [
  'The harbour master opens the gates at dawn.',
  'Every harbour master keeps a log of the ships.',
  'The lighthouse keeper lives alone on the rock.',
];
export const HARBOUR_LINK_TEXT = 'See the tide tables on the next page.';
export const HARBOUR_PAGE_TWO = 'Tide tables list the high and low water of every day.';

/** Two pages about a harbour, the first with a link to the second (a GoTo destination) and one to a web address. */
export async function harbourNotes(): Promise<TestPdf> {
  const { pdf, font } = await create();
  const first = pdf.addPage([WIDTH, HEIGHT]);
  const second = pdf.addPage([WIDTH, HEIGHT]);
  let top = 100;
  for (const text of HARBOUR) top = paragraph(first, font, [text], 72, top);
  top = paragraph(first, font, [HARBOUR_LINK_TEXT], 72, top);
  paragraph(second, font, [HARBOUR_PAGE_TWO], 72, 100);
  const linkTop = top - 2 * LEADING;
  const internal = pdf.context.obj({
    Type: 'Annot', Subtype: 'Link', Rect: [72, HEIGHT - linkTop - 4, 72 + font.widthOfTextAtSize(HARBOUR_LINK_TEXT, SIZE), HEIGHT - linkTop + 10], Border: [0, 0, 0],
    Dest: [second.ref, PDFName.of('XYZ'), null, null, null],
  });
  const external = pdf.context.obj({
    Type: 'Annot', Subtype: 'Link', Rect: [72, HEIGHT - 104, 72 + font.widthOfTextAtSize(HARBOUR[0], SIZE), HEIGHT - 90], Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.com/harbour') },
  });
  first.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(internal), pdf.context.register(external)]));
  return { name: 'harbour.pdf', bytes: await pdf.save(), firstPage: [...HARBOUR, HARBOUR_LINK_TEXT] };
}

export const HEBREW = 'קריאה זהירה של מסמכים חשובה מאוד';

/** Right-to-left text (needs a Hebrew font on this machine; undefined without one). */
export async function rightToLeft(): Promise<TestPdf | undefined> {
  if (!existsSync(RTL_FONT)) return undefined;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(readFileSync(RTL_FONT), { subset: true });
  const page = pdf.addPage([WIDTH, HEIGHT]);
  // fontkit lays Hebrew out right to left: the glyphs land on the page in visual order.
  page.drawText(HEBREW, { x: WIDTH - 72 - font.widthOfTextAtSize(HEBREW, SIZE), y: HEIGHT - 100, size: SIZE, font });
  return { name: 'rtl.pdf', bytes: await pdf.save(), firstPage: [HEBREW] };
}

/** A page with a drawing and no text, like a scan without a text layer. */
export async function scanned(): Promise<TestPdf> {
  const { pdf } = await create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  page.drawRectangle({ x: 72, y: 200, width: 468, height: 500, color: rgb(0.8, 0.8, 0.75) });
  return { name: 'scanned.pdf', bytes: await pdf.save(), firstPage: [] };
}

/** A long document: `pages` pages, each with a repeated header, three paragraphs of its own and a page number. */
export async function longDocument(pages = 300): Promise<TestPdf> {
  const { pdf, font } = await create();
  let first: string[] = [];
  for (let n = 0; n < pages; n++) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    paragraph(page, font, [HEADER_TEXT], 72, 40, 9);
    const texts = [prose(1000 + n * 3, 60), prose(1001 + n * 3, 45), prose(1002 + n * 3, 70)];
    let top = 100;
    for (const text of texts) top = paragraph(page, font, wrap(text, font, 468), 72, top);
    paragraph(page, font, [String(n + 1)], 300, HEIGHT - 36, 9);
    if (n === 0) first = texts;
  }
  return { name: `long-${pages}.pdf`, bytes: await pdf.save(), firstPage: first };
}

const ARTICLE = [
  'Reading a document in a language you know well is a different experience from reading it through a dictionary. Glossa translates a PDF paragraph by paragraph, as you read it, and keeps the page beside the translation.',
  'Headers and footers that repeat on every page are recognised and sent once. Words split by a hyphen at the end of a line are joined again before they are translated, so the translator sees whole words.',
  'Columns are read the way a reader reads them: the left column from top to bottom first, then the right one. Tables keep their cells apart, and figures without words are not sent at all.',
  'Nothing is billed twice. A PDF that was translated before opens from the cache, and only the pages you reach are translated, however long the document is.',
];

/** A two-page article in two columns with a running header and page numbers (README pictures). */
export async function demoArticle(): Promise<TestPdf> {
  const { pdf, font, bold } = await create();
  for (let n = 0; n < 2; n++) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    paragraph(page, font, ['Glossa Quarterly Review · Documents'], 72, 40, 9);
    let top = 90;
    if (n === 0) top = paragraph(page, bold, ['Reading PDFs in your language'], 72, top, 20) + 10;
    const start = top;
    let y = start;
    for (const text of ARTICLE.slice(0, 2)) y = paragraph(page, font, wrap(text, font, 220), 72, y);
    y = start;
    for (const text of ARTICLE.slice(2)) y = paragraph(page, font, wrap(text, font, 220), 320, y);
    paragraph(page, font, [`Page ${n + 1}`], 290, HEIGHT - 36, 9);
  }
  return { name: 'glossa-article.pdf', bytes: await pdf.save(), firstPage: ARTICLE };
}

export const PDF_PASSWORD = 'glossa-secret';

/** One paragraph behind the password PDF_PASSWORD. */
export async function passwordProtected(): Promise<TestPdf> {
  const plain = await withLink();
  const { encryptPdf } = await import('./encrypt-pdf');
  return { name: 'password.pdf', bytes: await encryptPdf(plain.bytes, PDF_PASSWORD), firstPage: plain.firstPage };
}
