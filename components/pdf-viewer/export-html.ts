// The translation as an HTML file that prints well (the browser's print makes the PDF of it),
// with the original beside it when asked. Built as a document of text nodes, then serialised:
// translated text cannot become markup on the way.
import { needsTranslation, type PdfParagraph } from '@/utils/pdf/paragraphs';
import type { PdfTranslator } from './translator';

interface ExportInput {
  title: string;
  /** Paragraphs of the pages read, by page. */
  pages: Map<number, PdfParagraph[]>;
  translator?: PdfTranslator;
  withOriginal: boolean;
  targetLang?: string;
  /** Words the file itself shows (page label, column heads), already in the user's language. */
  labels: { page: (n: number) => string; original: string; translation: string };
}

const PRINT_CSS = `
body { font: 11pt/1.5 Georgia, 'Times New Roman', serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
h1 { font-size: 16pt; } h2 { font-size: 10pt; color: #555; border-bottom: 1px solid #ccc; margin-top: 2rem; }
table { width: 100%; border-collapse: collapse; } td { vertical-align: top; padding: .25rem .5rem; width: 50%; }
th { text-align: left; font: 9pt sans-serif; color: #555; } .original { color: #444; }
p { margin: 0 0 .6rem; } .header, .footer { color: #777; font-size: 9pt; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } tr, p { break-inside: avoid; } }
`;

/** Each exported paragraph: the translation, or the original where it needs none (figures) or has none yet. */
function translationOf(paragraph: PdfParagraph, translator?: PdfTranslator): string | undefined {
  if (!needsTranslation(paragraph)) return paragraph.text;
  const entry = translator?.get(paragraph.text);
  return entry?.state === 'done' ? entry.text : undefined;
}

export function buildExportHtml(input: ExportInput, doc: Document = document.implementation.createHTMLDocument('')): string {
  doc.title = input.title;
  if (input.targetLang) doc.documentElement.lang = input.targetLang.toLowerCase();
  const meta = doc.createElement('meta');
  meta.setAttribute('charset', 'utf-8');
  doc.head.prepend(meta);
  const style = doc.createElement('style');
  style.textContent = PRINT_CSS;
  doc.head.append(style);
  const heading = doc.createElement('h1');
  heading.textContent = input.title;
  doc.body.append(heading);

  const text = (tag: string, value: string, className?: string, lang?: string) => {
    const el = doc.createElement(tag);
    el.textContent = value;
    if (className) el.className = className;
    if (lang) el.lang = lang;
    el.dir = 'auto';
    return el;
  };

  for (const page of [...input.pages.keys()].sort((a, b) => a - b)) {
    const paragraphs = input.pages.get(page)!.filter((p) => translationOf(p, input.translator) !== undefined);
    if (paragraphs.length === 0) continue;
    doc.body.append(text('h2', input.labels.page(page + 1)));
    if (input.withOriginal) {
      const table = doc.createElement('table');
      const head = doc.createElement('tr');
      head.append(text('th', input.labels.original), text('th', input.labels.translation));
      table.append(head);
      for (const paragraph of paragraphs) {
        const row = doc.createElement('tr');
        const original = doc.createElement('td');
        original.append(text('p', paragraph.text, `original ${paragraph.kind}`));
        const translated = doc.createElement('td');
        translated.append(text('p', translationOf(paragraph, input.translator)!, paragraph.kind));
        row.append(original, translated);
        table.append(row);
      }
      doc.body.append(table);
    } else {
      for (const paragraph of paragraphs) doc.body.append(text('p', translationOf(paragraph, input.translator)!, paragraph.kind));
    }
  }
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}

/** Offers the file to the user as a download. */
export function downloadHtml(html: string, name: string): void {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
