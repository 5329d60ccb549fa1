// Reads an answer before building a document for it. Most answers need none: text without
// markup is its own text, and an answer whose first element is none of the block's own is
// refused by the check anyway. Only the rest is parsed in an inert document and checked
// element by element (write-back.ts `matchTranslation`): a document per answer costs the most
// of writing a page whose server answers with markup, in parsing and in garbage collection.
import type { Slot } from './serialize';
import { matchTranslation, type ParseOutcome } from './write-back';

/** Characters after which the HTML parser does more than copy text: markup, references, CR and NUL. */
const PARSED_CHARACTERS = /[<&\r\0]/;
/** What ends a tag name in the parser's tokenizer (CR is a line feed by then). */
const TAG_NAME_END = /[\t\n\f\r />]/;
/** Start tags the parser drops in a body (no element is made, or another one is changed). */
const NO_ELEMENT_IN_BODY: ReadonlySet<string> = new Set([
  'html', 'body', 'head', 'frameset', 'frame', 'caption', 'col', 'colgroup', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
]);

export type AnswerScan =
  /** The answer is only text: the parser would make one text node of it as it is. */
  | 'text'
  /** The first element the parser would make is not one the block sent at its top level. */
  | 'foreign'
  /** Only the parser can tell. */
  | 'parse';

const isAsciiLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/**
 * What the parser would make of the answer's start, read without it. Before the first start
 * tag there may be only text: a `<` not followed by a letter, `/`, `!` or `?` is text, and
 * anything else (an end tag, a comment, a doctype) is left to the parser. The first start tag
 * then makes the body's first element (nothing is open yet to close, foster or reorder),
 * which the check visits first; unless the parser drops it, a name none of the block's
 * top-level elements has is refused whatever follows.
 */
export function scanAnswer(html: string, slots: readonly Slot[]): AnswerScan {
  if (!PARSED_CHARACTERS.test(html)) return 'text';
  let at = html.indexOf('<');
  while (at >= 0 && !isAsciiLetter(html.charCodeAt(at + 1))) {
    const next = html[at + 1];
    if (next === '/' || next === '!' || next === '?') return 'parse';
    at = html.indexOf('<', at + 1);
  }
  if (at < 0) return 'parse'; // text with references, CR or NUL: the parser decodes it
  let end = at + 2;
  while (end < html.length && !TAG_NAME_END.test(html[end])) end++;
  // The parser lowers ASCII letters only.
  let name = html.slice(at + 1, end).replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
  if (name === 'image') name = 'img';
  if (NO_ELEMENT_IN_BODY.has(name)) return 'parse';
  for (let id = 1; id < slots.length; id++) if (slots[id].parentId === 0 && slots[id].tag === name) return 'parse';
  return 'foreign';
}

/**
 * The translated tree of an answer, as `matchTranslation` of its parsed fragment gives it,
 * parsing it only when the scan cannot tell.
 */
export function readTranslation(html: string, slots: readonly Slot[], parse: (html: string) => DocumentFragment): ParseOutcome {
  const scan = scanAnswer(html, slots);
  if (scan === 'parse') return matchTranslation(parse(html), slots);
  if (scan === 'foreign') return { ok: false, message: 'its first element is none the block sent' };
  if (slots.length > 1) return { ok: false, message: 'id 1 is missing' };
  return { ok: true, tree: [html ? [html] : []] };
}
