// Plain text (a PDF's lines, a selection in a text field) travels inside HTML requests, so
// one kind of request serves every block: a request without tag_handling could not share texts,
// the cache or a request in flight with HTML blocks. (The page engine sends its attributes and
// title as HTML already, escaped as its blocks' text is: utils/page/serialize.ts.)
//
// Only what an HTML parser would otherwise read as markup is escaped: an '&' that starts a
// character reference and a '<' that could start a tag. Every other character is sent as is,
// so a text costs the same billed characters as before (only those escapes add 3-4 each).
//
// The translation is read back as the text an HTML parser would show (textContent): tags are
// dropped, character references decoded. The background is a service worker in Chrome, without
// DOMParser, so this is a small reader of its own; its result is only ever shown as text,
// never parsed as markup in the page.

// Names an HTML parser decodes even without the closing ';' ("&copy2024" reads as "©2024"),
// from the HTML standard's list of named character references.
const LEGACY_NAMES = [
  'AElig', 'AMP', 'Aacute', 'Acirc', 'Agrave', 'Aring', 'Atilde', 'Auml', 'COPY', 'Ccedil', 'ETH', 'Eacute', 'Ecirc', 'Egrave',
  'Euml', 'GT', 'Iacute', 'Icirc', 'Igrave', 'Iuml', 'LT', 'Ntilde', 'Oacute', 'Ocirc', 'Ograve', 'Oslash', 'Otilde', 'Ouml',
  'QUOT', 'REG', 'THORN', 'Uacute', 'Ucirc', 'Ugrave', 'Uuml', 'Yacute', 'aacute', 'acirc', 'acute', 'aelig', 'agrave', 'amp',
  'aring', 'atilde', 'auml', 'brvbar', 'ccedil', 'cedil', 'cent', 'copy', 'curren', 'deg', 'divide', 'eacute', 'ecirc', 'egrave',
  'eth', 'euml', 'frac12', 'frac14', 'frac34', 'gt', 'iacute', 'icirc', 'iexcl', 'igrave', 'iquest', 'iuml', 'laquo', 'lt', 'macr',
  'micro', 'middot', 'nbsp', 'not', 'ntilde', 'oacute', 'ocirc', 'ograve', 'ordf', 'ordm', 'oslash', 'otilde', 'ouml', 'para',
  'plusmn', 'pound', 'quot', 'raquo', 'reg', 'sect', 'shy', 'sup1', 'sup2', 'sup3', 'szlig', 'thorn', 'times', 'uacute', 'ucirc',
  'ugrave', 'uml', 'uuml', 'yacute', 'yen', 'yuml',
];
// An '&' starts a character reference before '#', before a name closed by ';', or before a
// legacy name; any other '&' ("AT&T", "a=1&b=2") is read as itself and sent as is.
const REFERENCE_START = new RegExp(`&(?=#|[A-Za-z][A-Za-z0-9]*;|(?:${LEGACY_NAMES.join('|')}))`, 'g');

/** The text as an HTML fragment that a parser reads back as exactly this text. */
export function escapePlainForHtml(text: string): string {
  return text.replace(REFERENCE_START, '&amp;').replace(/<(?=[A-Za-z/!?])/g, '&lt;');
}

const NAMED: Record<string, string> = {
  amp: '&', AMP: '&', lt: '<', LT: '<', gt: '>', GT: '>', quot: '"', QUOT: '"', apos: "'", nbsp: '\u00a0',
};

function fromCodePoint(code: number): string {
  // What an HTML parser does with references to nothing, surrogates or beyond Unicode.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/**
 * The text content of an HTML fragment: comments and tags go (the text between tags stays),
 * character references are decoded. A '<' that cannot start a tag stays text, as in a parser.
 */
export function plainFromHtml(html: string): string {
  const stripped = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<[!?][^>]*(?:>|$)/g, '')
    .replace(/<\/?[A-Za-z][^>]*(?:>|$)/g, '');
  return stripped.replace(/&(?:#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));?/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    // Named references: the few a translation of escaped text can contain; others stay as written.
    const known = Object.hasOwn(NAMED, name!) ? NAMED[name!] : undefined;
    return known !== undefined && whole.endsWith(';') ? known : whole;
  });
}
