// Where a glossary source phrase applies, as the API's glossaries match it: the whole phrase
// (not inside a longer word), letter case ignored, any run of whitespace read as one space.
// The page engine uses it to pick the blocks a new entry changes; the background uses it to
// keep cached translations of every other block valid.

import { stripTags } from './text-scan';

const WORD_CHAR = /[\p{L}\p{N}]/u;

function normalise(text: string): string {
  // Same result as /\s+/g → ' ', without rewriting each single space (a page of them took seconds).
  return text.replace(/\s{2,}|[^\S ]/g, ' ');
}

/** A test for phrases in one text: the text is prepared once, then each phrase costs a search. */
export function phraseTester(text: string): (phrase: string) => boolean {
  const original = normalise(text);
  const haystack = original.toLowerCase();
  // A case mapping that changes lengths would misplace the word edges: any occurrence counts.
  const edgesKnown = haystack.length === original.length;
  return (phrase) => {
    const needle = normalise(phrase).trim().toLowerCase();
    if (!needle) return false;
    if (!edgesKnown) return haystack.includes(needle);
    const checkStart = WORD_CHAR.test(needle.charAt(0));
    const checkEnd = WORD_CHAR.test(needle.charAt(needle.length - 1));
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (checkStart && at > 0 && WORD_CHAR.test(haystack.charAt(at - 1))) continue;
      if (checkEnd && end < haystack.length && WORD_CHAR.test(haystack.charAt(end))) continue;
      return true;
    }
    return false;
  };
}

/** Whether `phrase` occurs in `text` as a whole phrase, ignoring case. */
export function phraseOccursIn(text: string, phrase: string): boolean {
  return phraseTester(text)(phrase);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_, name: string) => ENTITIES[name]);
}

/**
 * A test for whether a phrase may apply to a block sent as Glossa's inline HTML. Errs towards
 * yes: a tag is read both as nothing (`<b>Wid</b>get`) and as a word break (`foo<br id="1">bar`).
 */
export function htmlPhraseTester(html: string): (phrase: string) => boolean {
  if (!html.includes('<') && !html.includes('&')) return phraseTester(html);
  const joined = phraseTester(decodeEntities(stripTags(html)));
  const broken = phraseTester(decodeEntities(stripTags(html, ' ')));
  return (phrase) => joined(phrase) || broken(phrase);
}

export function phraseMayOccurInHtml(html: string, phrase: string): boolean {
  return htmlPhraseTester(html)(phrase);
}
