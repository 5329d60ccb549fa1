// What the page engine translates, looks into, treats as an opaque placeholder, or skips.
// Decisions start from tag names and attributes; where the page's styles make an element a
// block or an inline box against its tag, display.ts corrects the tag (computed display, cached).

/**
 * Elements whose content is never translated. At block level they are passed over with their
 * whole subtree; inside a block they travel as an empty placeholder that keeps its place.
 */
export const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', // code and resources, not prose
  'code', 'pre', 'kbd', 'samp', 'var', // program text, keyboard input, output and variables
  'textarea', 'input', 'datalist', // form values belong to the user
  'math', // its own markup language: notation, not prose
  'iframe', 'object', 'embed', 'frame', 'frameset', // other documents (same-origin iframes are walked separately)
  'canvas', 'video', 'audio', 'picture', 'img', 'map', 'area', 'source', 'track', // media: alt text goes as an attribute
  'head', 'title', 'meta', 'link', 'base', // the title is translated as its own block
]);

/**
 * Phrasing elements that carry text within a sentence: they travel inside a block as
 * `<tag id="N">…</tag>` and the translation may reorder them.
 */
export const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'button', 'cite', 'data', 'del', 'dfn', 'em', 'font',
  'i', 'ins', 'label', 'mark', 'nobr', 'output', 'q', 'ruby', 'rb', 's', 'small', 'span', 'strike',
  'strong', 'sub', 'sup', 'time', 'tt', 'u', 'slot',
]);

/**
 * Elements that travel inside a block as an empty placeholder, like skipped ones, but whose
 * inside is walked on its own: the option text of a select, the text of a drawing.
 */
export const ISLAND_TAGS: ReadonlySet<string> = new Set(['select', 'svg']);

/** Opaque inline elements that never carry text worth sending (in addition to SKIPPED_TAGS). */
export const OPAQUE_TAGS: ReadonlySet<string> = new Set(['br', 'wbr', 'rt', 'rp', 'meter', 'progress']);

/** Elements that always break the inline flow (so a custom element holding one is a container). */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog',
  'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p',
  'search', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'colgroup', 'col',
  'option', 'optgroup', // only ever reached inside a select (a datalist's are skipped)
]);

/** Void elements: serialised without a closing tag, as the HTML parser reads them back. */
export const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'wbr', 'img', 'input', 'hr', 'area', 'embed', 'source', 'track', 'col']);

/**
 * Tag names Glossa sends for inline elements and placeholders. Anything else (custom
 * elements, form controls, script…) travels as a `span`, so page-specific names never leave
 * the page and the translator only sees markup it understands.
 */
const SENDABLE_TAGS: ReadonlySet<string> = new Set([...INLINE_TAGS, 'br', 'wbr', 'img', 'code', 'kbd', 'samp', 'var']);

/** The tag name an element travels under inside a block. */
export function sentTagName(tag: string): string {
  return SENDABLE_TAGS.has(tag) && tag !== 'slot' ? tag : 'span';
}

/**
 * Attributes whose values are translated as text (sent as HTML without elements): shown, or read to users by
 * screen readers and braille displays. Never the ones holding ids (aria-labelledby and the like).
 */
export const TRANSLATED_ATTRIBUTES: readonly string[] = [
  'title', 'alt', 'placeholder', 'aria-label', 'aria-description',
  'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'aria-braillelabel', 'aria-brailleroledescription',
];

/**
 * An attribute value that is data for programs, not words for people: one URL, or a query
 * string of two or more name=value pairs. Citation spans (COinS) keep a book's or article's
 * record in `title` for reference managers to read; on an empty span it is never shown, and
 * translated it would be billed and no longer readable by them.
 */
export function isMachineText(value: string): boolean {
  return MACHINE_TEXT.test(value.trim());
}
const MACHINE_TEXT = /^(?:[a-z][a-z\d+.-]*:\/\/\S+|[^\s=&;]+=[^\s&;]*(?:[&;][^\s=&;]+=[^\s&;]*)+)$/i;

/** Attributes translated on some elements only: shown (menu and caption labels) or spoken (header abbreviations). */
export const ELEMENT_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['track', ['label']], ['optgroup', ['label']], ['option', ['label']], ['th', ['abbr']],
]);

/** Every attribute name some element has translated (what the page's changes are watched for). */
export const WATCHED_ATTRIBUTES: readonly string[] = [...new Set([...TRANSLATED_ATTRIBUTES, 'value', 'label', 'abbr'])];

/** Skipped for their text (or the user's value), but their attributes (alt, placeholder, title, track labels…) are translated. */
export const ATTRIBUTE_CARRIERS: ReadonlySet<string> = new Set(['img', 'input', 'area', 'map', 'textarea', 'video', 'audio', 'track']);

/** Input types whose `value` is a visible label rather than user data. */
export const LABEL_INPUT_TYPES: ReadonlySet<string> = new Set(['button', 'reset']);

/**
 * Selector for everything that excludes its subtree from translation, attributes included:
 * used with `closest()` for attribute blocks and nodes added later.
 */
export const EXCLUDED_SELECTOR = [
  ...[...SKIPPED_TAGS].filter((tag) => !ATTRIBUTE_CARRIERS.has(tag) && !['head', 'title', 'meta', 'link', 'base'].includes(tag)),
  '[translate="no" i]', '.notranslate', '[contenteditable]:not([contenteditable="false" i])',
].join(',');

/** How the walker treats an element (as Firefox's TranslationsDocument maps a status onto NodeFilter). */
export type NodeStatus =
  /** Never look inside (skip set, translate="no", editable, Glossa's own nodes, other language). */
  | 'skip'
  /** Inline element: part of the surrounding block. */
  | 'inline'
  /** Opaque inline content: kept in place as an empty placeholder. */
  | 'opaque'
  /** A placeholder in the surrounding block whose inside is collected on its own (ISLAND_TAGS). */
  | 'island'
  /** Anything else: a block of its own or a container of blocks. */
  | 'block';

const NOTRANSLATE_CLASS = /(?:^|[ \t\n\f\r])notranslate(?:[ \t\n\f\r]|$)/;

/** Whether the element's own attributes exclude it (tag-independent rules). */
export function excludedByAttributes(el: Element): boolean {
  const translate = el.getAttribute('translate');
  if (translate !== null && translate.toLowerCase() === 'no') return true;
  // The class attribute read as text: classList would give every element walked a token list of its own to keep.
  const classes = el.getAttribute('class');
  if (classes !== null && NOTRANSLATE_CLASS.test(classes)) return true;
  const editable = el.getAttribute('contenteditable');
  if (editable !== null && editable.toLowerCase() !== 'false') return true;
  return false;
}

/** The element's lower-case local name (SVG/MathML children keep their case otherwise). */
export function tagOf(el: Element): string {
  return el.localName.toLowerCase();
}
