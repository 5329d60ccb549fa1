// Translations that move phrases, as German or Japanese do: in a sentence of markup with two or
// more top-level elements, the first and the last element (with their content) trade places;
// the text between them stays where it is. Markup without sentence text around its elements
// (a row of buttons, a list of links) is left as it is.

// Elements without an end tag in HTML: they carry no phrase to move.
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const TAG_RE = /<(\/?)([A-Za-z][-A-Za-z0-9_.:]*)(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?(\/?)>|<!--[\s\S]*?-->/g;

interface Span {
  start: number;
  end: number;
}

/** The top-level elements of markup that have content, in order, and whether text lies between them. */
function topLevel(markup: string): { spans: Span[]; text: boolean } {
  const spans: Span[] = [];
  let depth = 0;
  let open = 0;
  let last = 0;
  let text = false;
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(markup); m; m = TAG_RE.exec(markup)) {
    if (depth === 0 && markup.slice(last, m.index).trim() !== '') text = true;
    last = m.index + m[0].length;
    const name = m[2]?.toLowerCase();
    if (!name || m[3] === '/' || VOID.has(name)) continue;
    if (m[1] !== '/') {
      if (depth++ === 0) open = m.index;
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
