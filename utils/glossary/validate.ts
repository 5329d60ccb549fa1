// Validation of what the user typed or pasted, before anything is sent, on top of the shared
// rules in entries.ts (which the local server enforces too, so what passes here is accepted).
import {
  checkDictionarySize,
  parseCsvLine,
  parseEntries,
  trimPhrase,
  validateEntries,
  MAX_DICTIONARY_BYTES,
  type EntriesFormat,
  type EntryProblem,
  type LanguagePair,
} from './entries';
import type { Phrase } from './diff';
import { utf8Length } from '../shared/utf8';
import { baseLanguage } from '../shared/language-code';

export interface ValidationResult {
  /** Entries that will be sent (valid ones, in order). */
  entries: Phrase[];
  problems: EntryProblem[];
  problemCount: number;
  /** CSV lines for another language pair, left out as the spec says. */
  ignored: number;
  /** Whether any problem is only leading/trailing whitespace (the report offers to trim). */
  trimmable: boolean;
}

/** Bytes of the TSV that will be sent for these entries (phrases, tabs and line breaks). */
function tsvBytes(entries: readonly Phrase[]): number {
  let units = 0;
  for (const e of entries) units += e.source.length + e.target.length + 2;
  // Each UTF-16 unit is at most 3 UTF-8 bytes: most dictionaries need no exact count.
  if (units * 3 <= MAX_DICTIONARY_BYTES) return units;
  let bytes = 0;
  for (const e of entries) bytes += utf8Length(e.source) + utf8Length(e.target) + 2;
  return bytes - 1;
}

/** Pasted or imported text; `pair` lets CSV lines for another pair be ignored and counted. */
export function validateText(text: string, format: EntriesFormat, pair?: LanguagePair): ValidationResult {
  const tooLarge = checkDictionarySize(text);
  if (tooLarge && text.length > 30_000_000) {
    // Far over the limit: do not spend seconds listing problems of a file that cannot be sent.
    return { entries: [], problems: [tooLarge], problemCount: 1, ignored: 0, trimmable: false };
  }
  const parsed = parseEntries(text, format, pair);
  const problems = tooLarge ? [tooLarge, ...parsed.problems] : parsed.problems;
  // No second size check of the TSV that is sent: it is never longer than the text it came
  // from (TSV drops CSV's quotes and language codes), so a text within 10 MB gives one too.
  return {
    entries: parsed.entries,
    problems,
    problemCount: parsed.problemCount + (tooLarge ? 1 : 0),
    ignored: parsed.ignored,
    trimmable: problems.some((p) => p.code === 'whitespace'),
  };
}

/** Rows of the table editor, under the same rules as parsed text; `line` in a problem is the 1-based row number. */
export function validateRows(rows: readonly Phrase[]): ValidationResult {
  const checked = validateEntries(rows.map((row, i) => ({ source: row.source, target: row.target, line: i + 1 })));
  const entries = checked.entries.map(({ source, target }) => ({ source, target }));
  const { problems, problemCount } = checked;
  if (problemCount === 0 && tsvBytes(entries) > MAX_DICTIONARY_BYTES) {
    const mb = (tsvBytes(entries) / 1_000_000).toFixed(1);
    return { entries, problems: [{ line: 0, code: 'too-large', message: `The dictionary is ${mb} MB` }], problemCount: 1, ignored: 0, trimmable: false };
  }
  return { entries, problems, problemCount, ignored: 0, trimmable: problems.some((p) => p.code === 'whitespace') };
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The "trim" fix applied to text: each line's phrases lose leading/trailing whitespace. */
export function trimText(text: string, format: EntriesFormat): string {
  return text.split('\n').map((raw) => {
    const cr = raw.endsWith('\r');
    const line = cr ? raw.slice(0, -1) : raw;
    let fixed = line;
    if (format === 'tsv') {
      const parts = line.split('\t');
      if (parts.length === 2) fixed = `${trimPhrase(parts[0])}\t${trimPhrase(parts[1])}`;
    } else {
      const parsed = parseCsvLine(line);
      if ('fields' in parsed && (parsed.fields.length === 2 || parsed.fields.length === 4)) {
        const [s, tgt, ...codes] = parsed.fields;
        fixed = [csvField(trimPhrase(s)), csvField(trimPhrase(tgt)), ...codes.map(csvField)].join(',');
      }
    }
    return cr ? `${fixed}\r` : fixed;
  }).join('\n');
}

/**
 * Text to editable rows, keeping lines that are not valid yet so they can be fixed in the table
 * (the source is everything before the first separator). CSV lines for another pair are dropped.
 */
export function textToRows(text: string, format: EntriesFormat, pair?: LanguagePair): Phrase[] {
  const rows: Phrase[] = [];
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (format === 'tsv') {
      const tab = line.indexOf('\t');
      rows.push(tab < 0 ? { source: line, target: '' } : { source: line.slice(0, tab), target: line.slice(tab + 1) });
    } else {
      const parsed = parseCsvLine(line);
      if ('error' in parsed) {
        rows.push({ source: line, target: '' });
        continue;
      }
      const [source = '', target = '', codeSource, codeTarget] = parsed.fields;
      if (pair && codeSource !== undefined && codeTarget !== undefined
        && (baseLanguage(codeSource) !== baseLanguage(pair.source) || baseLanguage(codeTarget) !== baseLanguage(pair.target))) continue;
      rows.push({ source, target });
    }
  }
  return rows;
}

/** A file's format from its name (the user can still change it). */
export function formatFromFilename(name: string): EntriesFormat {
  return /\.csv$/i.test(name) ? 'csv' : 'tsv';
}
