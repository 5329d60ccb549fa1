// Whether an HTML translation carries exactly the markup that was sent. The page engine and
// the popover judge every answer in an inert document anyway; this check only keeps answers
// whose markup was changed (hostile or broken servers) out of the translation cache, so that a
// bad answer is not served again from the cache once the server behaves.

/** Tags, comments, CDATA and doctype-like constructs: anything from `<` + name, `/`, `!` or `?` to `>`. */
const MARKUP = /<[A-Za-z/!?][^>]*>?/g;

/** Spelling a server may change without changing the markup: quotes, spacing, `/>`, case. */
function normalise(token: string): string {
  return token.replace(/["']/g, '').replace(/\s+/g, ' ').replace(/\s*\/?>$/, '>').toLowerCase();
}

function markupTokens(html: string): string[] {
  return (html.match(MARKUP) ?? []).map(normalise).sort();
}

/** True when `translation` has the same tags as `sent` (same text of each tag, same count), in any order. */
export function sameMarkup(sent: string, translation: string): boolean {
  const a = markupTokens(sent);
  const b = markupTokens(translation);
  return a.length === b.length && a.every((token, i) => token === b[i]);
}
