// Splits HTML or XML into the pieces the pseudo-translator may change (text) and the pieces it
// must return byte for byte (tags with their attributes, entities, comments, CDATA,
// declarations, script and style content, and text inside ignored elements).

interface MarkupOptions {
  mode: 'html' | 'xml';
  /** Element names whose content is not translated (HTML: case-insensitive). */
  ignoreTags?: readonly string[];
}

export interface Segment {
  text: string;
  /** True for text the translator may change; false for markup and untouchable text. */
  translate: boolean;
}

// Elements without an end tag in HTML.
const HTML_VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
// Raw-text elements: their content is code, never translated, and may contain '<'.
const HTML_RAW = new Set(['script', 'style']);
const ENTITY_RE = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/g;
const TRANSLATE_ATTR_RE = /\stranslate\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`/]+))/i;

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 58 || code > 127;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 45 || code === 46;
}

/** Index just past the '>' that ends a tag starting at `from`, honouring quoted attribute values. */
function tagEnd(src: string, from: number): number {
  let quote = 0;
  for (let i = from; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) {
      quote = c;
    } else if (c === 62) {
      return i + 1;
    }
  }
  return -1;
}

interface OpenElement {
  name: string;
  translate: boolean;
}

export function segmentMarkup(src: string, options: MarkupOptions): Segment[] {
  const html = options.mode === 'html';
  const ignore = new Set((options.ignoreTags ?? []).map((t) => (html ? t.toLowerCase() : t)));
  const segments: Segment[] = [];
  const stack: OpenElement[] = [];
  const translating = () => (stack.length ? stack[stack.length - 1].translate : true);

  const pushRaw = (text: string) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last && !last.translate) last.text += text;
    else segments.push({ text, translate: false });
  };
  const pushText = (text: string) => {
    if (text === '') return;
    if (!translating()) return pushRaw(text);
    // Entities stay as written; only the text between them may change.
    let last = 0;
    ENTITY_RE.lastIndex = 0;
    for (let m = ENTITY_RE.exec(text); m; m = ENTITY_RE.exec(text)) {
      if (m.index > last) segments.push({ text: text.slice(last, m.index), translate: true });
      pushRaw(m[0]);
      last = m.index + m[0].length;
    }
    if (last < text.length) segments.push({ text: text.slice(last), translate: true });
  };

  const n = src.length;
  let textStart = 0;
  let i = 0;
  while (i < n) {
    const lt = src.indexOf('<', i);
    if (lt < 0) break;
    const next = src.charCodeAt(lt + 1);
    let end = -1;
    if (src.startsWith('<!--', lt)) {
      const close = src.indexOf('-->', lt + 4);
      end = close < 0 ? n : close + 3;
    } else if (src.startsWith('<![CDATA[', lt)) {
      const close = src.indexOf(']]>', lt + 9);
      end = close < 0 ? n : close + 3;
    } else if (next === 33 /* ! */ || next === 63 /* ? */) {
      const close = next === 63 && !html ? src.indexOf('?>', lt + 2) : src.indexOf('>', lt + 2);
      end = close < 0 ? n : close + (next === 63 && !html ? 2 : 1);
    } else if (next === 47 /* / */ && isNameStart(src.charCodeAt(lt + 2))) {
      let j = lt + 2;
      while (j < n && isNameChar(src.charCodeAt(j))) j++;
      const close = src.indexOf('>', j);
      end = close < 0 ? n : close + 1;
      pushText(src.slice(textStart, lt));
      pushRaw(src.slice(lt, end));
      const name = html ? src.slice(lt + 2, j).toLowerCase() : src.slice(lt + 2, j);
      for (let k = stack.length - 1; k >= 0; k--) {
        if (stack[k].name === name) {
          stack.length = k;
          break;
        }
      }
      i = textStart = end;
      continue;
    } else if (isNameStart(next)) {
      let j = lt + 1;
      while (j < n && isNameChar(src.charCodeAt(j))) j++;
      const close = tagEnd(src, j);
      end = close < 0 ? n : close;
      pushText(src.slice(textStart, lt));
      const tag = src.slice(lt, end);
      pushRaw(tag);
      const name = html ? src.slice(lt + 1, j).toLowerCase() : src.slice(lt + 1, j);
      const selfClosing = tag.endsWith('/>');
      i = textStart = end;
      if (html && HTML_RAW.has(name) && !selfClosing) {
        // Script and style hold code up to their end tag, whatever it contains.
        const closer = new RegExp(`</${name}`, 'ig');
        closer.lastIndex = end;
        const found = closer.exec(src);
        const closeAt = found ? found.index : n;
        pushRaw(src.slice(end, closeAt));
        i = textStart = closeAt;
        continue;
      }
      if (selfClosing || (html && HTML_VOID.has(name))) continue;
      let translate = translating() && !ignore.has(name);
      if (html && translate) {
        const attr = TRANSLATE_ATTR_RE.exec(tag);
        if (attr && (attr[1] ?? attr[2] ?? attr[3]).trim().toLowerCase() === 'no') translate = false;
      } else if (html && !ignore.has(name) && stack.every((e) => !ignore.has(e.name))) {
        // translate="yes" re-enables translation inside translate="no" (not inside ignore_tags).
        const attr = TRANSLATE_ATTR_RE.exec(tag);
        if (attr && (attr[1] ?? attr[2] ?? attr[3]).trim().toLowerCase() === 'yes') translate = true;
      }
      stack.push({ name, translate });
      continue;
    } else {
      // A '<' that starts no markup is text.
      i = lt + 1;
      continue;
    }
    pushText(src.slice(textStart, lt));
    pushRaw(src.slice(lt, end));
    i = textStart = end;
  }
  pushText(src.slice(textStart));
  return segments;
}

/** Escapes text inserted into markup (glossary targets) so it stays text. */
export function escapeMarkupText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Text of markup that would be translated, for language detection. */
export function translatableText(text: string, tagHandling: 'html' | 'xml' | undefined, ignoreTags?: readonly string[]): string {
  if (!tagHandling) return text;
  return segmentsText(segmentMarkup(text, { mode: tagHandling, ignoreTags }));
}

export function segmentsText(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) if (s.translate) out += s.text;
  return out;
}
