// Paragraphs of a PDF page as a reader sees them, from the positioned text runs pdf.js finds:
// runs on one baseline form a line (a wide gap starts another: a second column or a table
// cell), lines stacked closely in one column form a paragraph, hyphenation at line ends is
// undone, columns are read left to right (right to left for RTL pages) between full-width
// parts, and header/footer lines repeated across pages are told apart from the body.
// Pure: no DOM, no pdf.js, no browser; coordinates are page units with the origin top left.

/** One run of text as pdf.js positions it (page units, origin top left). */
export interface PdfTextRun {
  text: string;
  /** Left edge. */
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Font height. */
  size: number;
  dir?: 'ltr' | 'rtl' | 'ttb';
}

export interface PdfPageText {
  /** 0-based. */
  page: number;
  width: number;
  height: number;
  runs: PdfTextRun[];
}

interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

type ParagraphKind = 'body' | 'header' | 'footer' | 'cell';

export interface PdfParagraph {
  /** `page:index`, stable for a document. */
  id: string;
  page: number;
  text: string;
  /** Top-left box on the page (page units). */
  box: PdfBox;
  /** Typical font height of its lines. */
  size: number;
  kind: ParagraphKind;
  dir: 'ltr' | 'rtl';
  lines: number;
}

interface Line {
  text: string;
  x: number;
  right: number;
  y: number;
  size: number;
  dir: 'ltr' | 'rtl';
  /** Part of a row of three or more cells: a table, whose cells never merge. */
  cell: boolean;
}

/** A gap wider than this many font heights between runs on one baseline separates two lines. */
const COLUMN_GAP_EM = 1.8;
/** Lines further apart than this many font heights (baseline to baseline) are separate paragraphs. */
const LINE_SPACING_EM = 1.6;
/** The band at the top and the bottom of a page where headers and footers live (share of the height). */
const MARGIN_BAND = 0.1;

const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g;
const LTR_CHARS = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/g;

function directionOf(text: string): 'ltr' | 'rtl' {
  return (text.match(RTL_CHARS)?.length ?? 0) > (text.match(LTR_CHARS)?.length ?? 0) ? 'rtl' : 'ltr';
}

/** Joins two runs or lines: a hyphen that split a word at the line's end goes, a space otherwise. */
export function joinText(before: string, after: string): string {
  const left = before.replace(/\s+$/, '');
  const right = after.replace(/^\s+/, '');
  if (left === '') return right;
  if (right === '') return left;
  // A soft hyphen is always a break opportunity, never a character.
  if (left.endsWith('\u00AD')) return left.slice(0, -1) + right;
  // "transla-" + "tion": a letter, a hyphen, and a word that goes on in lower case.
  if (/\p{L}[-\u2010]$/u.test(left) && /^\p{Ll}/u.test(right)) return left.slice(0, -1) + right;
  return `${left} ${right}`;
}

/** Runs sharing a baseline, cut where a wide gap separates them. */
function linesOf(runs: PdfTextRun[]): Line[] {
  const usable = runs.filter((run) => run.text.trim() !== '' && run.dir !== 'ttb' && run.size > 0);
  const sorted = [...usable].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: PdfTextRun[][] = [];
  for (const run of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0].y - run.y) <= Math.max(row[0].size, run.size) * 0.35) row.push(run);
    else rows.push([run]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    const pieces: PdfTextRun[][] = [];
    for (const run of row) {
      const piece = pieces.at(-1);
      const last = piece?.at(-1);
      if (piece && last && run.x - (last.x + last.width) <= Math.max(last.size, run.size) * COLUMN_GAP_EM) piece.push(run);
      else pieces.push([run]);
    }
    const cell = pieces.length >= 3;
    for (const piece of pieces) {
      const raw = piece.map((run) => run.text).join('');
      const dir = directionOf(raw);
      // pdf.js hands RTL runs in logical order; on the page they stand right to left.
      const ordered = dir === 'rtl' ? [...piece].reverse() : piece;
      let text = '';
      for (let i = 0; i < ordered.length; i++) {
        const run = ordered[i];
        const prev = ordered[i - 1];
        // Runs that touch continue a word; a gap of a third of an em is a space the PDF did not write.
        const gap = prev ? (dir === 'rtl' ? prev.x - (run.x + run.width) : run.x - (prev.x + prev.width)) : 0;
        text = !prev ? run.text : gap > run.size * 0.3 && !/\s$/.test(text) && !/^\s/.test(run.text) ? `${text} ${run.text}` : text + run.text;
      }
      const size = Math.max(...piece.map((run) => run.size));
      lines.push({
        text: text.replace(/\s+/g, ' ').trim(),
        x: piece[0].x,
        right: Math.max(...piece.map((run) => run.x + run.width)),
        y: Math.max(...piece.map((run) => run.y)),
        size,
        dir,
        cell,
      });
    }
  }
  return lines.filter((line) => line.text !== '');
}

/** A line's header/footer identity: digits stand for page numbers, which change page to page. */
function marginKey(line: Line, pageHeight: number): string | undefined {
  const band = pageHeight * MARGIN_BAND;
  const where = line.y - line.size < band ? 'top' : line.y > pageHeight - band ? 'bottom' : undefined;
  return where ? `${where}:${line.text.replace(/\d+/g, '#').toLowerCase()}` : undefined;
}

/** Header and footer lines that repeat: on at least two pages, and on most of the pages given when there are many. */
export function findRepeatedMargins(pages: PdfPageText[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const line of linesOf(page.runs)) {
      const key = marginKey(line, page.height);
      if (key && !seen.has(key)) {
        seen.add(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  const needed = Math.max(2, Math.ceil(pages.length * 0.5));
  return new Set([...counts].filter(([, n]) => n >= needed).map(([key]) => key));
}

interface Draft {
  lines: Line[];
  kind: ParagraphKind;
  left: number;
  right: number;
}

function overlapsHorizontally(a: { left: number; right: number }, b: { x: number; right: number }): boolean {
  return Math.min(a.right, b.right) - Math.max(a.left, b.x) > 0;
}

/** Whether `line` continues `draft`: just below its last line, in its column, in its type size. */
function continues(draft: Draft, line: Line): boolean {
  if (draft.kind !== 'body' || line.cell) return false;
  const last = draft.lines.at(-1)!;
  const size = Math.max(last.size, line.size);
  const drop = line.y - last.y;
  if (drop <= 0 || drop > size * LINE_SPACING_EM) return false;
  if (Math.abs(last.size - line.size) > size * 0.2) return false;
  if (line.dir !== last.dir) return false;
  if (!overlapsHorizontally(draft, line)) return false;
  // A short line that ends a sentence ends its paragraph (the next line starts a new one).
  const width = draft.right - draft.left;
  const lastWidth = last.right - last.x;
  return !(/[.!?:;"”»)]$/.test(last.text) && lastWidth < width * 0.75 && draft.lines.length > 1);
}

/** Reading order: full-width paragraphs cut the page into bands; in each band, columns side by side. */
function readingOrder(drafts: Draft[], pageWidth: number, pageDir: 'ltr' | 'rtl'): Draft[] {
  const byTop = [...drafts].sort((a, b) => a.lines[0].y - b.lines[0].y || a.left - b.left);
  const ordered: Draft[] = [];
  let band: Draft[] = [];
  const flush = () => {
    const columns: { left: number; right: number; items: Draft[] }[] = [];
    for (const draft of [...band].sort((a, b) => a.left - b.left)) {
      const column = columns.find((c) => Math.min(c.right, draft.right) - Math.max(c.left, draft.left) > 0);
      if (column) {
        column.items.push(draft);
        column.left = Math.min(column.left, draft.left);
        column.right = Math.max(column.right, draft.right);
      } else columns.push({ left: draft.left, right: draft.right, items: [draft] });
    }
    columns.sort((a, b) => (pageDir === 'rtl' ? b.right - a.right : a.left - b.left));
    for (const column of columns) ordered.push(...column.items.sort((a, b) => a.lines[0].y - b.lines[0].y));
    band = [];
  };
  const spread = Math.max(...drafts.map((d) => d.right)) - Math.min(...drafts.map((d) => d.left));
  for (const draft of byTop) {
    const fullWidth = draft.right - draft.left > Math.min(spread, pageWidth) * 0.6 && !draft.lines.some((line) => line.cell);
    if (fullWidth) {
      flush();
      ordered.push(draft);
    } else band.push(draft);
  }
  flush();
  return ordered;
}

/** The paragraphs of one page in reading order. `repeated` comes from findRepeatedMargins. */
export function groupParagraphs(page: PdfPageText, repeated: ReadonlySet<string> = new Set()): PdfParagraph[] {
  const lines = linesOf(page.runs);
  const drafts: Draft[] = [];
  const open: Draft[] = [];
  for (const line of lines) {
    const key = marginKey(line, page.height);
    if (key && repeated.has(key)) {
      drafts.push({ lines: [line], kind: key.startsWith('top') ? 'header' : 'footer', left: line.x, right: line.right });
      continue;
    }
    // The nearest open paragraph above it in its column takes the line.
    const host = open.filter((draft) => continues(draft, line)).sort((a, b) => b.lines.at(-1)!.y - a.lines.at(-1)!.y)[0];
    if (host) {
      host.lines.push(line);
      host.left = Math.min(host.left, line.x);
      host.right = Math.max(host.right, line.right);
    } else {
      const draft: Draft = { lines: [line], kind: line.cell ? 'cell' : 'body', left: line.x, right: line.right };
      drafts.push(draft);
      open.push(draft);
    }
  }
  if (drafts.length === 0) return [];
  const rtlLines = lines.filter((line) => line.dir === 'rtl').length;
  const pageDir = rtlLines * 2 > lines.length ? 'rtl' : 'ltr';
  // Running heads open the page and running feet close it, wherever they stand across the columns.
  const ordered = readingOrder(drafts, page.width, pageDir);
  const byPlace = [...ordered.filter((d) => d.kind === 'header'), ...ordered.filter((d) => d.kind !== 'header' && d.kind !== 'footer'), ...ordered.filter((d) => d.kind === 'footer')];
  return byPlace.map((draft, index): PdfParagraph => {
    const top = Math.min(...draft.lines.map((line) => line.y - line.size));
    const bottom = Math.max(...draft.lines.map((line) => line.y + line.size * 0.25));
    const sizes = draft.lines.map((line) => line.size).sort((a, b) => a - b);
    return {
      id: `${page.page}:${index}`,
      page: page.page,
      text: draft.lines.map((line) => line.text).reduce(joinText),
      box: { x: draft.left, y: top, width: draft.right - draft.left, height: bottom - top },
      size: sizes[Math.floor(sizes.length / 2)],
      kind: draft.kind,
      dir: draft.lines[0].dir,
      lines: draft.lines.length,
    };
  });
}

/** Whether a paragraph is worth a translation: it has letters (page numbers and figures stay). */
export function needsTranslation(paragraph: Pick<PdfParagraph, 'text'>): boolean {
  return /\p{L}/u.test(paragraph.text);
}
