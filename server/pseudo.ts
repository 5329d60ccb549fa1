// Deterministic pseudo-translation: every word visibly changes in a way that depends on the
// target language but stays readable (German gets umlauts, French circumflexes, Russian
// Cyrillic letters, Japanese full-width letters, Chinese full-width capitals, Korean circled
// letters …), so people and tests can see what was
// translated and into what. Glossary phrases become their target phrase verbatim, formality
// shows as a marker such as "(Sie) ", and markup is returned byte for byte.
import { FORMALITY_TARGETS } from './languages';
import { escapeMarkupText, segmentMarkup, type Segment } from './markup';

export type PseudoFormality = 'default' | 'more' | 'less' | 'prefer_more' | 'prefer_less';

export interface PseudoOptions {
  formality?: PseudoFormality;
  /** API default false: the first letter of each sentence is then upper-cased. */
  preserveFormatting?: boolean;
  /** Sentence splitting, as the API parameter; decides where sentences start. */
  splitSentences?: '0' | '1' | 'nonewlines';
  tagHandling?: 'html' | 'xml';
  ignoreTags?: readonly string[];
  /** Glossary entries for the request's pair (or a prepared matcher). */
  glossary?: GlossaryMatcher | readonly { source: string; target: string }[];
}

type Style =
  | { kind: 'mark'; mark: string }
  | { kind: 'map'; map: Record<string, string>; script: 'cyrillic' | 'greek' | 'arabic' }
  | { kind: 'fullwidth'; upper: boolean }
  | { kind: 'circled' };

// One combining mark per Latin-script target, put on every vowel.
const MARKS: Record<string, string> = {
  DE: '\u0308', FR: '\u0302', ES: '\u0301', IT: '\u0300', 'PT-BR': '\u0303', 'PT-PT': '\u0303',
  NL: '\u0323', 'EN-GB': '\u0304', 'EN-US': '\u0304', CS: '\u030c', SK: '\u030c', SL: '\u030c',
  PL: '\u0328', LT: '\u0328', DA: '\u030a', NB: '\u030a', SV: '\u030a', FI: '\u030a', ET: '\u030a',
  HU: '\u030b', RO: '\u0306', TR: '\u0327', LV: '\u0331', ID: '\u0330',
};

const LATIN_TO_CYRILLIC: Record<string, string> = {
  a: 'а', b: 'б', c: 'ц', d: 'д', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'й', k: 'к', l: 'л', m: 'м',
  n: 'н', o: 'о', p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'кс', y: 'ы', z: 'з',
};
const LATIN_TO_GREEK: Record<string, string> = {
  a: 'α', b: 'β', c: 'κ', d: 'δ', e: 'ε', f: 'φ', g: 'γ', h: 'η', i: 'ι', j: 'ξ', k: 'κ', l: 'λ', m: 'μ',
  n: 'ν', o: 'ο', p: 'π', q: 'θ', r: 'ρ', s: 'σ', t: 'τ', u: 'υ', v: 'β', w: 'ω', x: 'χ', y: 'ψ', z: 'ζ',
};
const LATIN_TO_ARABIC: Record<string, string> = {
  a: 'ا', b: 'ب', c: 'ك', d: 'د', e: 'ي', f: 'ف', g: 'غ', h: 'ه', i: 'ي', j: 'ج', k: 'ك', l: 'ل', m: 'م',
  n: 'ن', o: 'و', p: 'ب', q: 'ق', r: 'ر', s: 'س', t: 'ت', u: 'و', v: 'ف', w: 'و', x: 'كس', y: 'ي', z: 'ز',
};
// Source words in Cyrillic or Greek are first written in Latin letters, then styled.
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g',
};
const GREEK_TO_LATIN: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n',
  ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

const FORMALITY_WORDS: Record<string, [more: string, less: string]> = {
  DE: ['Sie', 'du'], FR: ['vous', 'tu'], ES: ['usted', 'tú'], IT: ['Lei', 'tu'], NL: ['u', 'jij'],
  PL: ['Pan', 'ty'], 'PT-BR': ['o senhor', 'você'], 'PT-PT': ['o senhor', 'tu'], RU: ['Вы', 'ты'], JA: ['です', 'だ'],
};

function styleFor(target: string): Style {
  if (target === 'RU' || target === 'UK' || target === 'BG') return { kind: 'map', map: LATIN_TO_CYRILLIC, script: 'cyrillic' };
  if (target === 'EL') return { kind: 'map', map: LATIN_TO_GREEK, script: 'greek' };
  if (target === 'AR') return { kind: 'map', map: LATIN_TO_ARABIC, script: 'arabic' };
  if (target === 'JA') return { kind: 'fullwidth', upper: false };
  if (target.startsWith('ZH')) return { kind: 'fullwidth', upper: true };
  if (target === 'KO') return { kind: 'circled' };
  return { kind: 'mark', mark: MARKS[target] ?? MARKS[target.split('-')[0]] ?? '\u0304' };
}

/** A style's replacement for each ASCII letter (index = char code), precomputed once per style. */
function asciiTable(style: Style): (string | undefined)[] {
  const table: (string | undefined)[] = Array.from({ length: 128 }, () => undefined);
  for (let c = 65; c <= 122; c++) {
    if (c > 90 && c < 97) continue;
    const ch = String.fromCharCode(c);
    const lower = ch.toLowerCase();
    const upper = ch !== lower;
    if (style.kind === 'mark') {
      if ('aeiouy'.includes(lower)) table[c] = (ch + style.mark).normalize('NFC');
    } else if (style.kind === 'fullwidth') {
      table[c] = String.fromCharCode((style.upper ? lower.toUpperCase().charCodeAt(0) : c) + 0xfee0);
    } else if (style.kind === 'circled') {
      // Ⓐ..Ⓩ and ⓐ..ⓩ
      table[c] = String.fromCharCode(upper ? 0x24b6 + (c - 65) : 0x24d0 + (c - 97));
    } else {
      const mapped = style.map[lower];
      table[c] = upper ? mapped.charAt(0).toUpperCase() + mapped.slice(1) : mapped;
    }
  }
  return table;
}

interface Transformer {
  style: Style;
  table: (string | undefined)[];
}

const transformers = new Map<string, Transformer>();
function transformerFor(target: string): Transformer {
  let t = transformers.get(target);
  if (!t) {
    const style = styleFor(target);
    t = { style, table: asciiTable(style) };
    transformers.set(target, t);
  }
  return t;
}

const COMBINING_RE = /[\u0300-\u036f]/;
const LATIN_LETTER_RE = /[A-Za-z]/;

function isUpper(ch: string): boolean {
  return ch !== ch.toLowerCase();
}

function transliterate(ch: string, map: Record<string, string>): string | undefined {
  const lower = ch.toLowerCase();
  const mapped = map[lower];
  if (mapped === undefined) return undefined;
  return isUpper(ch) && mapped ? mapped.charAt(0).toUpperCase() + mapped.slice(1) : mapped;
}

function transformWord(word: string, t: Transformer): string {
  const { style, table } = t;
  let out = '';
  let ascii = true;
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) > 127) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    for (let i = 0; i < word.length; i++) out += table[word.charCodeAt(i)] ?? word[i];
  } else {
    const chars = [...word.normalize('NFD')];
    for (let i = 0; i < chars.length; i++) {
      let ch = chars[i];
      if (COMBINING_RE.test(ch)) {
        // Marks of a letter the style replaced are dropped with it; others stay.
        out += ch;
        continue;
      }
      const keepScript = style.kind === 'map' && ((style.script === 'cyrillic' && /\p{Script=Cyrillic}/u.test(ch)) || (style.script === 'greek' && /\p{Script=Greek}/u.test(ch)));
      if (!keepScript) ch = transliterate(ch, CYRILLIC_TO_LATIN) ?? transliterate(ch, GREEK_TO_LATIN) ?? ch;
      let replaced = '';
      let changed = false;
      for (const c of ch) {
        const code = c.charCodeAt(0);
        const r = code < 128 ? table[code] : undefined;
        if (r !== undefined) changed = true;
        replaced += r ?? c;
      }
      out += replaced;
      if (changed && ch.length === 1) while (i + 1 < chars.length && COMBINING_RE.test(chars[i + 1])) i++;
    }
    out = out.normalize('NFC');
  }
  if (out !== word) return out;
  // Words the style left alone (vowel-less abbreviations, letters already marked so, other
  // scripts) still have to change visibly.
  if (style.kind === 'mark') {
    const m = LATIN_LETTER_RE.exec(word);
    if (m) return (word.slice(0, m.index + 1) + style.mark + word.slice(m.index + 1)).normalize('NFC');
  }
  return `‹${word}›`;
}

const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
const HAS_LETTER_RE = /\p{L}/u;

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

// oxlint-disable-next-line no-control-regex -- the ASCII range starts at U+0000
const NON_ASCII_RE = /[^\u0000-\u007f]/;

function transformText(text: string, t: Transformer): string {
  if (NON_ASCII_RE.test(text)) return text.replace(WORD_RE, (word) => (HAS_LETTER_RE.test(word) ? transformWord(word, t) : word));
  // ASCII text (most of the web): the same word rule as WORD_RE, without a Unicode regex.
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    let start = i;
    while (i < n && !isAsciiAlnum(text.charCodeAt(i))) i++;
    if (i > start) out += text.slice(start, i);
    if (i >= n) break;
    start = i;
    let letters = false;
    for (;;) {
      while (i < n) {
        const c = text.charCodeAt(i);
        if (!isAsciiAlnum(c)) break;
        if (c >= 65) letters = true;
        i++;
      }
      if (i + 1 < n && text.charCodeAt(i) === 39 && isAsciiAlnum(text.charCodeAt(i + 1))) {
        i++;
        continue;
      }
      break;
    }
    const word = text.slice(start, i);
    out += letters ? transformWord(word, t) : word;
  }
  return out;
}

interface GlossaryCandidate {
  lower: string;
  /** Offset of the phrase's first word within the phrase. */
  offset: number;
  target: string;
  wordStart: boolean;
  wordEnd: boolean;
}

const TOKEN_RE = /[\p{L}\p{N}]+/gu;
const WORD_CHAR_RE = /[\p{L}\p{N}]/u;

/**
 * Finds glossary source phrases in text: whole words, case-insensitive, longest phrase first.
 * Built once per dictionary version; lookups go through the phrase's first word.
 */
export class GlossaryMatcher {
  private readonly byWord = new Map<string, GlossaryCandidate[]>();

  constructor(entries: Iterable<{ source: string; target: string }>) {
    for (const { source, target } of entries) {
      const lower = source.toLowerCase();
      TOKEN_RE.lastIndex = 0;
      const first = TOKEN_RE.exec(lower);
      if (!first) continue;
      const candidate: GlossaryCandidate = {
        lower,
        offset: first.index,
        target,
        wordStart: WORD_CHAR_RE.test(lower.charAt(0)),
        wordEnd: WORD_CHAR_RE.test(lower.slice(-1)),
      };
      const list = this.byWord.get(first[0]);
      if (list) list.push(candidate);
      else this.byWord.set(first[0], [candidate]);
    }
    for (const list of this.byWord.values()) list.sort((a, b) => b.lower.length - a.lower.length);
  }

  get size(): number {
    return this.byWord.size;
  }

  /** Splits text into plain pieces (strings) and glossary targets ({ target }). */
  split(text: string): (string | { target: string })[] {
    const low = text.toLowerCase();
    // Case mapping that changes lengths (rare) would misalign offsets: leave such text alone.
    if (this.byWord.size === 0 || low.length !== text.length) return [text];
    const pieces: (string | { target: string })[] = [];
    let last = 0;
    const tokens = new RegExp(TOKEN_RE.source, 'gu');
    for (let m = tokens.exec(low); m; m = tokens.exec(low)) {
      const list = this.byWord.get(m[0]);
      if (!list) continue;
      for (const c of list) {
        const start = m.index - c.offset;
        const end = start + c.lower.length;
        if (start < last || end > low.length) continue;
        if (!low.startsWith(c.lower, start)) continue;
        if (c.wordStart && start > 0 && WORD_CHAR_RE.test(low.charAt(start - 1))) continue;
        if (c.wordEnd && end < low.length && WORD_CHAR_RE.test(low.charAt(end))) continue;
        if (start > last) pieces.push(text.slice(last, start));
        pieces.push({ target: c.target });
        last = end;
        tokens.lastIndex = end;
        break;
      }
    }
    if (last === 0) return [text];
    if (last < text.length) pieces.push(text.slice(last));
    return pieces;
  }
}

function translateRun(text: string, t: Transformer, matcher: GlossaryMatcher | undefined, markup: boolean): string {
  if (!matcher) return transformText(text, t);
  let out = '';
  for (const piece of matcher.split(text)) {
    out += typeof piece === 'string' ? transformText(piece, t) : markup ? escapeMarkupText(piece.target) : piece.target;
  }
  return out;
}

const OPENERS = new Set(['"', "'", '(', '[', '¿', '¡', '«', '„', '“', '‘', '‹', '-', '–', '—']);

/** Upper-cases the first letter of a sentence starting at `from` (after spaces and opening quotes). */
function capitalizeAt(text: string, from: number): string {
  let i = from;
  while (i < text.length && (/\s/.test(text[i]) || OPENERS.has(text[i]))) i++;
  const ch = text.charAt(i);
  const upper = ch.toUpperCase();
  if (ch === upper || upper.length !== 1) return text;
  return text.slice(0, i) + upper + text.slice(i + 1);
}

/** Upper-cases the first letter of every sentence, in one pass (texts may have 100,000 lines). */
function capitalizeSentences(text: string, split: '0' | '1' | 'nonewlines'): string {
  let out = '';
  let last = 0;
  let atStart = true;
  let afterStop = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const space = ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\u00a0' || (ch > '\u007f' && /\s/.test(ch));
    if (atStart) {
      if (space || OPENERS.has(ch)) continue;
      atStart = false;
      const upper = ch.toUpperCase();
      if (upper !== ch && upper.length === 1) {
        out += text.slice(last, i) + upper;
        last = i + 1;
      }
    }
    if (split === '0') continue;
    if (ch === '\n' && split === '1') atStart = true;
    else if (space && afterStop) atStart = true;
    afterStop = ch === '.' || ch === '!' || ch === '?' || ch === '…';
  }
  return last === 0 ? text : out + text.slice(last);
}

/** The formality marker shown before a translation, or '' (default, or a target without formality). */
export function formalityMarker(target: string, formality: PseudoFormality | undefined): string {
  const code = target.toUpperCase();
  if (!formality || formality === 'default' || !FORMALITY_TARGETS.has(code)) return '';
  const words = FORMALITY_WORDS[code];
  return `(${formality.endsWith('more') ? words[0] : words[1]}) `;
}

function withMarker(text: string, marker: string): string {
  if (!marker) return text;
  const lead = /^\s*/.exec(text)?.[0].length ?? 0;
  return text.slice(0, lead) + marker + text.slice(lead);
}

/**
 * Pseudo-translates one text element as the server does for a request with the same options.
 * Plain text by default; with tagHandling only text outside markup and ignored elements changes.
 */
export function pseudoTranslate(text: string, targetLang: string, opts: PseudoOptions = {}): string {
  const target = targetLang.toUpperCase();
  const t = transformerFor(target);
  const matcher = opts.glossary === undefined ? undefined : opts.glossary instanceof GlossaryMatcher ? opts.glossary : new GlossaryMatcher(opts.glossary);
  const preserve = opts.preserveFormatting ?? false;
  const marker = formalityMarker(target, opts.formality);

  if (!opts.tagHandling) {
    if (!HAS_LETTER_RE.test(text)) return text;
    const source = preserve ? text : capitalizeSentences(text, opts.splitSentences ?? '1');
    return withMarker(translateRun(source, t, matcher, false), marker);
  }

  return translateSegments(segmentMarkup(text, { mode: opts.tagHandling, ignoreTags: opts.ignoreTags }), t, matcher, preserve, marker);
}

/** pseudoTranslate for markup already split by segmentMarkup (the server splits once for detection and translation). */
export function pseudoTranslateSegments(segments: readonly Segment[], targetLang: string, opts: Omit<PseudoOptions, 'tagHandling' | 'ignoreTags'> = {}): string {
  const target = targetLang.toUpperCase();
  const matcher = opts.glossary === undefined ? undefined : opts.glossary instanceof GlossaryMatcher ? opts.glossary : new GlossaryMatcher(opts.glossary);
  return translateSegments(segments, transformerFor(target), matcher, opts.preserveFormatting ?? false, formalityMarker(target, opts.formality));
}

function translateSegments(segments: readonly Segment[], t: Transformer, matcher: GlossaryMatcher | undefined, preserve: boolean, marker: string): string {
  let first = true;
  let out = '';
  for (const segment of segments) {
    if (!segment.translate) {
      out += segment.text;
      continue;
    }
    if (first && HAS_LETTER_RE.test(segment.text)) {
      first = false;
      const source = preserve ? segment.text : capitalizeAt(segment.text, 0);
      out += withMarker(translateRun(source, t, matcher, true), marker);
      continue;
    }
    out += translateRun(segment.text, t, matcher, true);
  }
  return out;
}
