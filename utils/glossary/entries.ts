// Parsing and validation of glossary dictionary entries (TSV and CSV), shared by the local API
// server and the extension's glossary manager so both enforce exactly the spec's content rules.
// Pure TypeScript: no DOM and no Node APIs, so it runs in the browser, the worker and Node.

import { trimWith } from '../shared/text-scan';
import { utf8Length } from '../shared/utf8';
import type { EntriesFormat } from '../shared/api-types';
import { LANGUAGE_TAG, baseLanguage } from '../shared/language-code';

export type { EntriesFormat };

export interface GlossaryEntry {
  source: string;
  target: string;
  /** 1-based line number in the parsed text. */
  line: number;
}

type EntryProblemCode =
  | 'duplicate-source'
  | 'empty'
  | 'control-char'
  | 'whitespace'
  | 'too-long'
  | 'bad-format'
  | 'bad-quoting'
  | 'too-large';

export interface EntryProblem {
  /** 1-based line number; 0 when the problem concerns the whole dictionary or the name. */
  line: number;
  code: EntryProblemCode;
  side?: 'source' | 'target';
  /** Plain English, naming the line, e.g. "Line 12: the source phrase is empty". */
  message: string;
}

interface ParsedEntries {
  /** Valid entries in text order (lines with problems and ignored lines are left out). */
  entries: GlossaryEntry[];
  /**
   * Every line that split into two phrases, valid or not (ignored lines left out): what an
   * editor shows so the user can fix content problems in place.
   */
  rows: GlossaryEntry[];
  /** CSV lines whose trailing language codes name another pair (ignored per the spec). */
  ignored: number;
  /** The first MAX_PROBLEMS problems, in line order. */
  problems: EntryProblem[];
  /** Total number of problems found, which may exceed problems.length. */
  problemCount: number;
}

export interface LanguagePair {
  source: string;
  target: string;
}

/** Each source and each target phrase: at most this many UTF-8 bytes. */
const MAX_PHRASE_BYTES = 1024;
/** Glossary name: at most this many UTF-8 bytes. */
const MAX_NAME_BYTES = 1024;
/** One dictionary: at most 10 MB (decimal megabytes; the spec writes KiB where it means 1024). */
export const MAX_DICTIONARY_BYTES = 10_000_000;
/** Problems kept in detail; a broken 10 MB file must not produce millions of objects. */
export const MAX_PROBLEMS = 200;

// C0 (including tab and newline), DEL, C1 (including U+0085 NEL) and the Unicode line and
// paragraph separators: none may appear inside a phrase.
// oxlint-disable-next-line no-control-regex -- finding control characters is the rule itself
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// oxlint-disable-next-line no-control-regex -- as above, minus the TSV separators tab and LF
const TSV_CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
// oxlint-disable-next-line no-control-regex -- as above, minus the line separator LF
const CSV_CONTROL_RE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
// JavaScript's \s plus Unicode White_Space characters it lacks (U+0085) and invisible spaces
// that editors leave behind (Mongolian vowel separator, zero-width space).
const EDGE_SPACE_RE = /^[\s\u0085\u180e\u200b]|[\s\u0085\u180e\u200b]$/;

function describeChar(ch: string): string {
  const hex = ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  if (ch === '\t') return 'a tab';
  if (ch === '\r') return 'a carriage return';
  if (ch === '\n') return 'a line break';
  if (ch === '\u2028' || ch === '\u2029' || ch === '\u0085') return `a Unicode line break (U+${hex})`;
  return `a control character (U+${hex})`;
}

/** Printable ASCII: a phrase that starts and ends with one needs no whitespace regex. */
function isPlainAscii(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/** Checks one phrase against the content rules; returns the first problem found. */
export function checkPhrase(phrase: string, side: 'source' | 'target', line: number): EntryProblem | undefined {
  return checkPhraseFast(phrase, side, line, false);
}

function phraseWhere(line: number, side: 'source' | 'target'): string {
  return line > 0 ? `Line ${line}: the ${side} phrase` : `The ${side} phrase`;
}

/** `controlFree`: the caller already knows the whole text has no control character. */
function checkPhraseFast(phrase: string, side: 'source' | 'target', line: number, controlFree: boolean): EntryProblem | undefined {
    if (phrase === '') return { line, code: 'empty', side, message: `${phraseWhere(line, side)} is empty` };
  if (!controlFree) {
    const control = CONTROL_RE.exec(phrase);
    if (control) return { line, code: 'control-char', side, message: `${phraseWhere(line, side)} contains ${describeChar(control[0])}` };
  }
  if (!(isPlainAscii(phrase.charCodeAt(0)) && isPlainAscii(phrase.charCodeAt(phrase.length - 1))) && EDGE_SPACE_RE.test(phrase)) {
    const message = phrase.charCodeAt(0) === 0xfeff
      ? `${phraseWhere(line, side)} starts with a byte order mark (BOM); save the file without one`
      : phrase.trim() === '' ? `${phraseWhere(line, side)} is only whitespace` : `${phraseWhere(line, side)} has leading or trailing whitespace`;
    return { line, code: 'whitespace', side, message };
  }
  // A phrase of at most 341 UTF-16 units cannot exceed 1024 UTF-8 bytes: skip the count.
  if (phrase.length * 3 > MAX_PHRASE_BYTES) {
    const bytes = utf8Length(phrase);
    if (bytes > MAX_PHRASE_BYTES) {
      return { line, code: 'too-long', side, message: `${phraseWhere(line, side)} is ${bytes} bytes long; at most ${MAX_PHRASE_BYTES} bytes are allowed` };
    }
  }
  return undefined;
}

/** Glossary names: non-empty, not only whitespace, at most 1024 UTF-8 bytes. */
export function validateName(name: unknown): EntryProblem | undefined {
  if (typeof name !== 'string' || name.trim() === '') {
    return { line: 0, code: 'empty', message: 'The glossary name is empty' };
  }
  const bytes = utf8Length(name);
  if (bytes > MAX_NAME_BYTES) {
    return { line: 0, code: 'too-long', message: `The glossary name is ${bytes} bytes long; at most ${MAX_NAME_BYTES} bytes are allowed` };
  }
  return undefined;
}

/** Size of a dictionary's entries text in UTF-8 bytes, the measure of the 10 MB limit. */
export function dictionaryBytes(text: string): number {
  return utf8Length(text);
}

/** The 10 MB per-dictionary limit as a problem, or undefined when the text fits. */
export function checkDictionarySize(text: string): EntryProblem | undefined {
  // Each UTF-16 unit is at most 3 bytes: short texts need no count.
  if (text.length * 3 <= MAX_DICTIONARY_BYTES) return undefined;
  const bytes = dictionaryBytes(text);
  if (bytes <= MAX_DICTIONARY_BYTES) return undefined;
  const mb = (bytes / 1_000_000).toFixed(1);
  return { line: 0, code: 'too-large', message: `The dictionary is ${mb} MB (${bytes} bytes); at most 10 MB (${MAX_DICTIONARY_BYTES} bytes) is allowed per dictionary` };
}

type Fields = { fields: string[] } | { error: string };

/**
 * Strict RFC 4180 fields of one CSV line: quoted fields may hold commas and doubled quotes;
 * a quote inside an unquoted field, or text after a closing quote, is an error.
 */
export function parseCsvLine(line: string): Fields {
  const fields: string[] = [];
  let i = 0;
  const n = line.length;
  for (;;) {
    if (line.charCodeAt(i) === 34 /* " */) {
      let value = '';
      let start = i + 1;
      let closed = false;
      i = start;
      while (i < n) {
        const q = line.indexOf('"', i);
        if (q < 0) break;
        if (line.charCodeAt(q + 1) === 34) {
          value += line.slice(start, q + 1);
          i = start = q + 2;
          continue;
        }
        value += line.slice(start, q);
        i = q + 1;
        closed = true;
        break;
      }
      if (!closed) return { error: 'a quoted field is not closed' };
      fields.push(value);
      if (i === n) return { fields };
      if (line.charCodeAt(i) !== 44 /* , */) return { error: 'text follows a closing quote; a quote inside a field must be doubled ("")' };
      i++;
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? n : comma;
      const value = line.slice(i, end);
      if (value.includes('"')) return { error: 'a field contains a quote but is not enclosed in quotes' };
      fields.push(value);
      if (comma < 0) return { fields };
      i = comma + 1;
    }
  }
}

/**
 * Parses dictionary entries. With `pair`, CSV lines carrying language codes of another pair are
 * ignored (counted in `ignored`); codes compare by base language, case-insensitively.
 * Lines end with LF or CRLF; one empty line at the very end is allowed. An empty text has no
 * entries and no problems (whether an empty dictionary is acceptable is the caller's rule).
 */
export function parseEntries(text: string, format: EntriesFormat, pair?: LanguagePair): ParsedEntries {
  const rows: GlossaryEntry[] = [];
  const problems: EntryProblem[] = [];
  let problemCount = 0;
  let ignored = 0;
  const report = (problem: EntryProblem) => {
    problemCount++;
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  const pairSource = pair ? baseLanguage(pair.source) : '';
  const pairTarget = pair ? baseLanguage(pair.target) : '';

  const lines = text === '' ? [] : text.split('\n');
  // A final line break does not start another entry.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();

  for (let index = 0; index < lines.length; index++) {
    const lineNo = index + 1;
    let line = lines[index];
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    if (line === '') {
      report({ line: lineNo, code: 'bad-format', message: `Line ${lineNo} is empty; each line needs a source and a target phrase` });
      continue;
    }

    let source: string;
    let target: string;
    if (format === 'tsv') {
      const tab = line.indexOf('\t');
      if (tab < 0) {
        report({ line: lineNo, code: 'bad-format', message: `Line ${lineNo} has no tab between the source and the target phrase` });
        continue;
      }
      if (line.indexOf('\t', tab + 1) >= 0) {
        report({ line: lineNo, code: 'bad-format', message: `Line ${lineNo} has more than one tab; it needs exactly one, between the source and the target phrase` });
        continue;
      }
      source = line.slice(0, tab);
      target = line.slice(tab + 1);
    } else {
      const parsed = parseCsvLine(line);
      if ('error' in parsed) {
        report({ line: lineNo, code: 'bad-quoting', message: `Line ${lineNo}: ${parsed.error}` });
        continue;
      }
      const { fields } = parsed;
      if (fields.length !== 2 && fields.length !== 4) {
        report({
          line: lineNo,
          code: 'bad-format',
          message: `Line ${lineNo} has ${fields.length} field${fields.length === 1 ? '' : 's'}; it needs a source and a target phrase, optionally followed by the source and target language codes`,
        });
        continue;
      }
      if (fields.length === 4) {
        const codeSource = fields[2].trim();
        const codeTarget = fields[3].trim();
        if (!LANGUAGE_TAG.test(codeSource) || !LANGUAGE_TAG.test(codeTarget)) {
          report({ line: lineNo, code: 'bad-format', message: `Line ${lineNo}: the language codes after the phrases are not valid language codes` });
          continue;
        }
        if (pair && (baseLanguage(codeSource) !== pairSource || baseLanguage(codeTarget) !== pairTarget)) {
          ignored++;
          continue;
        }
      }
      source = fields[0];
      target = fields[1];
    }

    rows.push({ source, target, line: lineNo });
  }

  // One scan of the whole text usually proves that no phrase holds a control character (tabs
  // and line breaks are separators in TSV; CSV phrases may hold a quoted tab).
  const controlFree = !(format === 'tsv' ? TSV_CONTROL_RE : CSV_CONTROL_RE).test(text);
  const checked = validateRows(rows, controlFree);
  // Both lists hold their first MAX_PROBLEMS in line order, so the merge's head is exact.
  const merged = problems.concat(checked.problems).sort((a, b) => a.line - b.line).slice(0, MAX_PROBLEMS);
  return { entries: checked.entries, rows, ignored, problems: merged, problemCount: problemCount + checked.problemCount };
}

/**
 * Applies the content rules to entries (as parsed, or as edited in a table): each phrase on
 * its own, then duplicate sources (the first occurrence stays valid).
 */
export function validateEntries(rows: readonly GlossaryEntry[]): { entries: GlossaryEntry[]; problems: EntryProblem[]; problemCount: number } {
  return validateRows(rows, false);
}

function validateRows(rows: readonly GlossaryEntry[], controlFree: boolean): { entries: GlossaryEntry[]; problems: EntryProblem[]; problemCount: number } {
  const entries: GlossaryEntry[] = [];
  const problems: EntryProblem[] = [];
  let problemCount = 0;
  const report = (problem: EntryProblem) => {
    problemCount++;
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const { source, target, line } = row;
    const sourceProblem = checkPhraseFast(source, 'source', line, controlFree);
    const targetProblem = checkPhraseFast(target, 'target', line, controlFree);
    if (sourceProblem) report(sourceProblem);
    if (targetProblem) report(targetProblem);
    if (sourceProblem || targetProblem) continue;
    const first = firstLineOf.get(source);
    if (first !== undefined) {
      report({
        line,
        code: 'duplicate-source',
        side: 'source',
        message: `Line ${line}: the source phrase "${shorten(source)}" already appears on line ${first}`,
      });
      continue;
    }
    firstLineOf.set(source, line);
    entries.push(row);
  }
  return { entries, problems, problemCount };
}

function shorten(phrase: string): string {
  return phrase.length > 60 ? `${phrase.slice(0, 57)}…` : phrase;
}

/** Entries as TSV, one `source<TAB>target` per line, no final line break. */
export function entriesToTsv(entries: readonly Pick<GlossaryEntry, 'source' | 'target'>[]): string {
  return entries.map((e) => `${e.source}\t${e.target}`).join('\n');
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Entries as CSV, quoting a field only when it holds a quote, comma or line break. */
export function entriesToCsv(entries: readonly Pick<GlossaryEntry, 'source' | 'target'>[]): string {
  return entries.map((e) => `${csvField(e.source)},${csvField(e.target)}`).join('\n');
}

const TRIMMED = /^[\s\u0085\u180e\u200b]$/;

/** Removes leading and trailing whitespace (the same set the rules reject) from one phrase, in one pass. */
export function trimPhrase(phrase: string): string {
  return trimWith(phrase, (ch) => TRIMMED.test(ch));
}

/** Entries with both phrases trimmed: the one-click fix for "leading or trailing whitespace". */
export function trimEntries<T extends Pick<GlossaryEntry, 'source' | 'target'>>(entries: readonly T[]): T[] {
  return entries.map((e) => ({ ...e, source: trimPhrase(e.source), target: trimPhrase(e.target) }));
}
