// Scans of text that a page or a server controls, written as single forward passes: the regular
// expressions they replace (`<[^>]*>`, `\s+$`, `<title>[\s\S]*?</title>`, `\s*\n\s*`) take time
// quadratic in the input on text such as a megabyte of `<` or of spaces, which a page or a
// response can send (tests/shared/text-scan.test.ts feeds each of them one).

/** `html` with each `<`…`>` replaced by `replacement`; a `<` without a later `>` stays text. */
export function stripTags(html: string, replacement = ''): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const open = html.indexOf('<', pos);
    if (open < 0) break;
    const close = html.indexOf('>', open + 1);
    // No `>` after this `<`: none after any later one either.
    if (close < 0) break;
    out += html.slice(pos, open) + replacement;
    pos = close + 1;
  }
  return out + html.slice(pos);
}

/** `text` without the characters `drop` accepts at its start and end. */
export function trimWith(text: string, drop: (ch: string) => boolean, { start = true, end = true } = {}): string {
  let from = 0;
  let to = text.length;
  if (start) while (from < to && drop(text[from])) from++;
  if (end) while (to > from && drop(text[to - 1])) to--;
  return text.slice(from, to);
}

/** HTML's ASCII white space (the page engine's), not every Unicode space. */
export const isHtmlSpace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f';

/** Each run of white space that holds a line break becomes one space (for a single-line field). */
export function joinLines(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run));
}

/**
 * The content of the first `<name …>…</name>` element (any case), or undefined. Only the first
 * opening tag is tried: a later one would find no closing tag either.
 */
export function elementContent(html: string, name: string): string | undefined {
  const lower = html.toLowerCase();
  let open = lower.indexOf(`<${name}`);
  while (open >= 0) {
    const after = lower[open + name.length + 1];
    // `<title>` or `<title …>`, not `<titles>`.
    if (after === '>' || (after !== undefined && /\s/.test(after))) break;
    open = lower.indexOf(`<${name}`, open + 1);
  }
  if (open < 0) return undefined;
  const start = lower.indexOf('>', open);
  if (start < 0) return undefined;
  const end = lower.indexOf(`</${name}>`, start + 1);
  return end < 0 ? undefined : html.slice(start + 1, end);
}

/** `html` with every `<name…>…</name>` of the given names (script, style) replaced by a space. */
export function withoutElements(html: string, names: readonly string[]): string {
  const lower = html.toLowerCase();
  // A closing tag before this position cannot close an element that opens after it.
  const lastClose = new Map(names.map((name) => [name, lower.lastIndexOf(`</${name}>`)]));
  let out = '';
  let pos = 0;
  let at = lower.indexOf('<');
  while (at >= 0) {
    const name = names.find((n) => lower.startsWith(n, at + 1));
    const bodyStart = name ? at + 1 + name.length : -1;
    if (name && lastClose.get(name)! >= bodyStart) {
      const close = lower.indexOf(`</${name}>`, bodyStart);
      out += html.slice(pos, at) + ' ';
      pos = close + name.length + 3;
      at = lower.indexOf('<', pos);
    } else {
      at = lower.indexOf('<', at + 1);
    }
  }
  return out + html.slice(pos);
}
