// Turns a translation (untrusted HTML from the API) into a tree the popover can render without
// letting anything from the response through: the text is parsed in an inert document (no
// scripts run, nothing loads), then rebuilt from an allow-list. An inline tag survives only when
// its id names an element of the original selection with the same tag, once; it keeps no
// attribute from the response, and a link's address comes from the original element (http(s)
// only). Everything else is unwrapped to its text, or dropped with its content when that content
// is not text meant for reading (script, style, embedded documents …).
import type { InlineTag, SafeElement, SafeNode, SafeTranslation } from '../../shared/selection-types';
import type { InlineElementInfo } from './selection-markup';

/** Tags whose content is never shown: code, styles, embedded documents, form controls, media. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'head', 'title', 'meta', 'link', 'base', 'textarea', 'select', 'option', 'optgroup',
  'canvas', 'video', 'audio', 'img', 'picture', 'source', 'track', 'input', 'button', 'xmp', 'plaintext',
  'noembed', 'noframes', 'param', 'portal', 'dialog', 'datalist', 'slot',
]);

const INLINE: ReadonlySet<string> = new Set<InlineTag>(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'mark', 'small']);

/** Tags a translation may carry with no id and no meaning of their own: unwrapped without counting as hostile. */
const HARMLESS_WRAPPERS = new Set(['span', 'html', 'body']);

/**
 * Parses the response where nothing can happen: a DOMParser document has no browsing
 * context, so scripts never run, handlers never fire and nothing (images, frames, styles) is
 * fetched; the nodes are only read from there, never adopted.
 */
function inertFragment(html: string, doc: Document): DocumentFragment {
  const view = doc.defaultView ?? globalThis;
  const inert = new view.DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const fragment = inert.createDocumentFragment();
  fragment.append(...inert.body.childNodes);
  return fragment;
}

interface Walk {
  inline: ReadonlyMap<string, InlineElementInfo>;
  used: Set<string>;
  removed: number;
}

function children(node: Node, walk: Walk): SafeNode[] {
  const out: SafeNode[] = [];
  for (const child of Array.from(node.childNodes)) out.push(...convert(child, walk));
  return out;
}

function convert(node: Node, walk: Walk): SafeNode[] {
  if (node.nodeType === 3) return (node as Text).data ? [(node as Text).data] : [];
  if (node.nodeType !== 1) {
    if (node.nodeType !== 8) walk.removed += 1; // comments are expected from some servers
    return [];
  }
  const el = node as Element;
  // Parsed HTML lower-cases names; foreign (svg/math) elements keep case, and are dropped anyway.
  const tag = el.localName.toLowerCase();
  if (tag === 'br') {
    walk.removed += el.attributes.length;
    return [{ tag: 'br' }];
  }
  if (DROP_WITH_CONTENT.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
    walk.removed += 1;
    return [];
  }
  const inner = children(el, walk);
  if (INLINE.has(tag)) {
    const id = el.getAttribute('id');
    const original = id === null ? undefined : walk.inline.get(id);
    const extraAttributes = el.attributes.length - (id === null ? 0 : 1);
    walk.removed += extraAttributes;
    if (id !== null && original && original.tag === tag && !walk.used.has(id)) {
      walk.used.add(id);
      const safe: SafeElement = { tag: original.tag, children: inner };
      if (original.tag === 'a' && original.href) safe.href = original.href;
      return [safe];
    }
    walk.removed += 1; // unknown, repeated or mismatched id: keep the text only
    return inner;
  }
  if (!HARMLESS_WRAPPERS.has(tag) || el.attributes.length > 0) walk.removed += 1;
  return inner;
}

/** Plain text of a safe tree: br becomes a line break. */
export function plainText(nodes: readonly SafeNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node === 'string') text += node;
    else if (node.tag === 'br') text += '\n';
    else text += plainText(node.children);
  }
  return text;
}

/** Parses and rebuilds an HTML translation; see the file comment for the rules. */
export function sanitizeTranslation(html: string, inline: ReadonlyMap<string, InlineElementInfo>, doc: Document = document): SafeTranslation {
  const walk: Walk = { inline, used: new Set(), removed: 0 };
  const nodes = children(inertFragment(html, doc), walk);
  return { nodes, text: plainText(nodes).trim(), removed: walk.removed };
}

/** A plain-text translation as a safe tree (text fields are translated without tag handling). */
export function textTranslation(text: string): SafeTranslation {
  const nodes: SafeNode[] = [];
  text.split('\n').forEach((line, i) => {
    if (i > 0) nodes.push({ tag: 'br' });
    if (line) nodes.push(line);
  });
  return { nodes, text, removed: 0 };
}
