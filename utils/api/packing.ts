// The API's two request limits and how texts are measured against them: at most 50 texts, and
// at most 128 KiB for the exact JSON body, measured in UTF-8 bytes with every parameter (context
// included). A text too large for any request is split at element or sentence boundaries
// (`splitForRequest`; its pieces are rejoined after translation), or refused when it cannot be
// split safely. The extension packs requests in one place only, the background dispatcher
// (scripts/lib/packing-minimum.ts packs a known list at once, as the minimum it must reach).
import type { TranslateParams } from '../shared/api-types';
import { utf8Length } from '../shared/utf8';

export interface PackLimits {
  maxTexts: number;
  maxBytes: number;
}

export const API_LIMITS: PackLimits = { maxTexts: 50, maxBytes: 128 * 1024 };

const PARAM_ORDER: (keyof TranslateParams)[] = [
  'text', 'target_lang', 'source_lang', 'context', 'model_type', 'split_sentences', 'preserve_formatting',
  'formality', 'glossary_id', 'show_billed_characters', 'tag_handling', 'outline_detection',
  'non_splitting_tags', 'splitting_tags', 'ignore_tags',
];

/** The exact JSON body the client sends for these parameters (absent ones left out). */
export function translateBody(params: TranslateParams): string {
  const body: Record<string, unknown> = {};
  for (const key of PARAM_ORDER) if (params[key] !== undefined) body[key] = params[key];
  return JSON.stringify(body);
}

/** Bytes of the body with an empty `text` array: each text then adds its JSON size (+1 comma after the first). */
export function baseBodyBytes(params: Omit<TranslateParams, 'text'>): number {
  return utf8Length(translateBody({ ...params, text: [] }));
}

/** Bytes a string adds as one element of the JSON `text` array (quotes and escapes included). */
export function jsonBytes(s: string): number {
  return utf8Length(JSON.stringify(s));
}

/** The largest JSON size one text may have to fit a request with these parameters alone. */
export function textBudget(params: Omit<TranslateParams, 'text'>, limits: PackLimits = API_LIMITS): number {
  return limits.maxBytes - baseBodyBytes(params);
}

/**
 * A text too large for one request, cut into pieces that each fit (their translations, joined
 * in order, are the text's translation); null when it cannot be cut without breaking markup.
 */
export function splitForRequest(text: string, params: Omit<TranslateParams, 'text'>, limits: PackLimits = API_LIMITS): string[] | null {
  const budget = textBudget(params, limits);
  const html = params.tag_handling === 'html' || params.tag_handling === 'xml';
  const pieces = budget > 2 ? splitSegment(text, budget, html) : null;
  return pieces ? pieces.map((piece) => piece.text) : null;
}

// ── splitting one oversized segment ────────────────────────────────────────────────────

interface Piece {
  text: string;
  /** JSON size (quotes included) in UTF-8 bytes. */
  size: number;
}

/** Void HTML elements: they have no closing tag, so they never open a nesting level. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Cuts HTML into units that can be translated separately without breaking markup: whole
 * top-level elements, and sentences of top-level text. `splittable` marks units that are plain
 * text (they may be cut further at spaces). Returns null when the markup is not balanced.
 */
function htmlUnits(html: string): { text: string; splittable: boolean }[] | null {
  const units: { text: string; splittable: boolean }[] = [];
  let depth = 0;
  let unitStart = 0;
  let i = 0;
  const pushText = (end: number) => {
    if (end > unitStart) for (const s of sentences(html.slice(unitStart, end))) units.push({ text: s, splittable: true });
    unitStart = end;
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (depth === 0) pushText(lt);
    let end: number;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      if (close < 0) return null;
      end = close + 3;
    } else {
      end = tagEnd(html, lt);
      if (end < 0) return null;
      const tag = html.slice(lt, end);
      const closing = tag.startsWith('</');
      const name = /^<\/?([a-zA-Z][\w:-]*)/.exec(tag)?.[1]?.toLowerCase();
      if (name === undefined) {
        // A bare "<" in text (not valid in our serialisation, but harmless): keep it as text.
        i = lt + 1;
        continue;
      }
      if (closing) {
        depth--;
        if (depth < 0) return null;
      } else if (!tag.endsWith('/>') && !VOID_ELEMENTS.has(name)) depth++;
    }
    i = end;
    if (depth === 0) {
      units.push({ text: html.slice(unitStart, end), splittable: false });
      unitStart = end;
    }
  }
  if (depth !== 0) return null;
  pushText(html.length);
  return units;
}

/** Index just past the `>` closing the tag that starts at `lt`, skipping quoted attribute values. */
function tagEnd(html: string, lt: number): number {
  let quote = '';
  for (let j = lt + 1; j < html.length; j++) {
    const c = html[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j + 1;
  }
  return -1;
}

/** Splits text after sentence-ending punctuation (keeping the following spaces) and newlines. */
function sentences(text: string): string[] {
  const out: string[] = [];
  const boundary = /[.!?…][)"'”’\]]*\s+|[。！？]+|\n+/g;
  let start = 0;
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) {
    const end = m.index + m[0].length;
    if (end > start) out.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** Cuts a unit of text that is larger than the budget at spaces, else at code points. */
function cutText(text: string, budget: number, html: boolean): string[] | null {
  const out: string[] = [];
  let rest = text;
  while (jsonBytes(rest) > budget) {
    // Find the longest prefix (by code points) that fits, then back off to a space if there is one.
    let fit = 0;
    let size = 2; // the quotes
    for (const ch of rest) {
      const s = jsonBytes(ch) - 2;
      if (size + s > budget) break;
      size += s;
      fit += ch.length;
    }
    if (fit === 0) return null; // not even one character fits
    let cut = fit;
    const space = rest.lastIndexOf(' ', fit - 1);
    if (space > fit / 2) cut = space + 1;
    if (html) {
      // Never cut through a character reference such as &amp;.
      const amp = rest.lastIndexOf('&', cut - 1);
      const semi = rest.indexOf(';', amp);
      if (amp > 0 && cut - amp <= 32 && (semi < 0 || semi >= cut)) cut = amp;
    }
    if (cut <= 0) cut = fit;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

function splitSegment(segment: string, budget: number, html: boolean): Piece[] | null {
  const units = html ? htmlUnits(segment) : sentences(segment).map((text) => ({ text, splittable: true }));
  if (!units) return null;
  const pieces: Piece[] = [];
  let current = '';
  let currentSize = 2;
  const flush = () => {
    if (current) pieces.push({ text: current, size: currentSize });
    current = '';
    currentSize = 2;
  };
  for (const unit of units) {
    const parts = jsonBytes(unit.text) <= budget ? [unit.text] : unit.splittable ? cutText(unit.text, budget, html) : null;
    if (!parts) return null; // one element alone is too large: it cannot be cut without breaking it
    for (const part of parts) {
      const size = jsonBytes(part) - 2;
      if (currentSize + size > budget) flush();
      current += part;
      currentSize += size;
    }
  }
  flush();
  return pieces;
}
