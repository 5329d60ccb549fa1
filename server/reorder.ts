// Translations that move phrases, as German or Japanese do: in a sentence of markup with two or
// more top-level elements, the first and the last element (with their content) trade places;
// the text between them stays where it is. Markup without sentence text around its elements
// (a row of buttons, a list of links) is left as it is.

// Elements without an end tag in HTML: they carry no phrase to move.
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

interface Span {
  start: number;
  end: number;
}

interface Tag {
  start: number;
  end: number;
  /** Lower-case element name; undefined for a comment. */
  name?: string;
  closing: boolean;
  selfClosing: boolean;
}

const NAME_START = /[A-Za-z]/;
const NAME_CHAR = /[-A-Za-z0-9_.:]/;

/**
 * The tags and comments of `markup`, in one forward pass (a regular expression over attributes
 * takes quadratic time on a megabyte of `<a <a <a`). Markup that ends inside a tag, a quoted
 * attribute or a comment ends the scan: the rest is text.
 */
function* tags(markup: string): Generator<Tag> {
  let at = markup.indexOf('<');
  while (at >= 0) {
    if (markup.startsWith('<!--', at)) {
      const close = markup.indexOf('-->', at + 4);
      if (close < 0) return;
      yield { start: at, end: close + 3, closing: false, selfClosing: false };
      at = markup.indexOf('<', close + 3);
      continue;
    }
    let p = at + 1;
    const closing = markup[p] === '/';
    if (closing) p++;
    if (!NAME_START.test(markup[p] ?? '')) {
      at = markup.indexOf('<', at + 1);
      continue;
    }
    const nameStart = p;
    while (p < markup.length && NAME_CHAR.test(markup[p])) p++;
    const name = markup.slice(nameStart, p).toLowerCase();
    let selfClosing = false;
    if (markup[p] === '/' && markup[p + 1] === '>') {
      selfClosing = true;
      p++;
    } else if (markup[p] !== '>') {
      if (!/\s/.test(markup[p] ?? '')) {
        at = markup.indexOf('<', at + 1);
        continue;
      }
      // Attributes: anything up to a `>` outside quotes.
      while (p < markup.length && markup[p] !== '>') {
        const quote = markup[p];
        if (quote === '"' || quote === "'") {
          const close = markup.indexOf(quote, p + 1);
          if (close < 0) return;
          p = close + 1;
        } else p++;
      }
      if (p >= markup.length) return;
    }
    yield { start: at, end: p + 1, name, closing, selfClosing };
    at = markup.indexOf('<', p + 1);
  }
}

/** The top-level elements of markup that have content, in order, and whether text lies between them. */
function topLevel(markup: string): { spans: Span[]; text: boolean } {
  const spans: Span[] = [];
  let depth = 0;
  let open = 0;
  let last = 0;
  let text = false;
  for (const tag of tags(markup)) {
    if (depth === 0 && markup.slice(last, tag.start).trim() !== '') text = true;
    last = tag.end;
    const name = tag.name;
    if (!name || tag.selfClosing || VOID.has(name)) continue;
    if (!tag.closing) {
      if (depth++ === 0) open = tag.start;
    } else if (depth > 0 && --depth === 0) {
      spans.push({ start: open, end: last });
    }
  }
  if (markup.slice(last).trim() !== '') text = true;
  return { spans, text };
}

/** The markup with its first and last top-level elements swapped, when it is a sentence that has them. */
export function reorderInlineElements(markup: string): string {
  const { spans, text } = topLevel(markup);
  if (spans.length < 2 || !text) return markup;
  const first = spans[0];
  const lastSpan = spans[spans.length - 1];
  return markup.slice(0, first.start) + markup.slice(lastSpan.start, lastSpan.end) + markup.slice(first.end, lastSpan.start)
    + markup.slice(first.start, first.end) + markup.slice(lastSpan.end);
}
