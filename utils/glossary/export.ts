// Export of a dictionary as a file the user downloads. The text is exactly what the import
// accepts (no BOM, which the validation would reject as leading whitespace).
import { trimWith } from '../shared/text-scan';
import { entriesToCsv, entriesToTsv, type EntriesFormat } from './entries';
import type { Phrase } from './diff';

interface ExportFile {
  filename: string;
  mime: string;
  text: string;
}

/** A file name that is safe on every platform: glossary name, then the language pair. */
export function exportFilename(glossaryName: string, sourceLang: string, targetLang: string, format: EntriesFormat): string {
  const dashed = [...glossaryName.normalize('NFKC')]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, '-');
  const base = trimWith(dashed, (ch) => ch === '-' || ch === '.')
    .slice(0, 80) || 'glossary';
  return `${base}.${sourceLang.toLowerCase()}-${targetLang.toLowerCase()}.${format}`;
}

export function exportDictionary(glossaryName: string, sourceLang: string, targetLang: string, entries: readonly Phrase[], format: EntriesFormat): ExportFile {
  const text = format === 'csv' ? entriesToCsv(entries) : entriesToTsv(entries);
  return {
    filename: exportFilename(glossaryName, sourceLang, targetLang, format),
    mime: format === 'csv' ? 'text/csv;charset=utf-8' : 'text/tab-separated-values;charset=utf-8',
    text: text === '' ? '' : `${text}\n`,
  };
}

/** Saves a file through a Blob URL and a temporary link; the URL is revoked once used. */
export function downloadFile(file: ExportFile, doc: Document = document): void {
  const view = doc.defaultView ?? window;
  const url = view.URL.createObjectURL(new view.Blob([file.text], { type: file.mime }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  view.setTimeout(() => view.URL.revokeObjectURL(url), 10_000);
}
