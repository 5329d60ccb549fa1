// A draft as HTML for the API, and its translation back as DOM. The draft's elements travel
// as id-only tags (`<strong id="w3">`), recorded with what they were; the translation is parsed
// in an inert document and rebuilt in the page's document from that record alone: an element
// comes back only where its id names an element of the draft with the same tag, once, with
// the draft's own attributes (a link's address, a list item's kind). Nothing of the response
// but its text reaches the editor. Pure DOM code.

export interface DraftElementInfo {
  tag: string;
  /** Attributes copied from the draft's element (never from the response). */
  attributes: [string, string][];
}

/** Elements a draft keeps: structure and formatting editors understand on paste. */
const KEPT = new Set([
  'p', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre',
  'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'code', 'a', 'sub', 'sup', 'mark',
]);

/** Content that is not text a user wrote: left out of the draft. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'canvas',
  'video', 'audio', 'img', 'picture', 'input', 'select', 'textarea', 'button', 'head', 'title', 'meta', 'link',
]);

/** Attributes worth carrying over from the draft's own element, per tag. */
function keptAttributes(el: Element): [string, string][] {
  if (el.localName === 'a') {
    const href = el.getAttribute('href') ?? '';
    return /^(https?:|mailto:)/i.test(href.trim()) ? [['href', href.trim()]] : [];
  }
  // Quill marks bullet and numbered items on the <li>.
  if (el.localName === 'li') {
    const list = el.getAttribute('data-list');
    return list && /^[a-z]+$/.test(list) ? [['data-list', list]] : [];
  }
  return [];
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre']);

/** Text with newlines between blocks, for detection and for editors that paste plain text. */
function plainOf(node: Node): string {
  let out = '';
  node.childNodes.forEach((child) => {
    if (child.nodeType === 3) out += (child as Text).data;
    else if (child.nodeType === 1) {
      const el = child as Element;
      if (el.localName === 'br') out += '\n';
      else if (!DROPPED.has(el.localName)) {
        const inner = plainOf(el);
        out += BLOCKS.has(el.localName) && out !== '' && !out.endsWith('\n') ? '\n' + inner : inner;
      }
    }
  });
  return out;
}

/** Serialises a fragment of an editor into id-only HTML and the record of its elements. */
export function serialiseDraft(fragment: DocumentFragment): { html: string; text: string; elements: Map<string, DraftElementInfo> } {
  const elements = new Map<string, DraftElementInfo>();
  let next = 1;
  const walk = (node: Node): string => {
    let out = '';
    node.childNodes.forEach((child) => {
      if (child.nodeType === 3) {
        out += escapeHtml((child as Text).data);
        return;
      }
      if (child.nodeType !== 1) return;
      const el = child as Element;
      const tag = el.localName;
      if (DROPPED.has(tag)) return;
      if (tag === 'br') {
        out += '<br>';
        return;
      }
      if (!KEPT.has(tag)) {
        out += walk(el);
        return;
      }
      // Numbered in document order: the API sees ids that read like the draft.
      const id = `w${next++}`;
      elements.set(id, { tag, attributes: keptAttributes(el) });
      out += `<${tag} id="${id}">${walk(el)}</${tag}>`;
    });
    return out;
  };
  return { html: walk(fragment), text: plainOf(fragment).trim(), elements };
}

/** A text field's draft as HTML: escaped, line breaks as <br> (so they survive the API's HTML handling). */
export function textDraftHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

interface RebuiltDraft {
  /** Built in the target document from the draft's elements and the response's text only. */
  fragment: DocumentFragment;
  /** The translation as text (line breaks for br and blocks). */
  text: string;
  /** Markup of the response that was not used (unknown, repeated or foreign elements). */
  removed: number;
}

/** Parses the response where nothing runs or loads: a DOMParser document has no browsing context. */
function inertBody(html: string, doc: Document): HTMLElement {
  const view = doc.defaultView ?? globalThis;
  return new view.DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
}

/** Rebuilds a translation in `doc` from the draft's element record (see the file comment). */
export function rebuildDraft(html: string, elements: ReadonlyMap<string, DraftElementInfo>, doc: Document): RebuiltDraft {
  const used = new Set<string>();
  let removed = 0;
  const build = (source: Node, into: Node) => {
    source.childNodes.forEach((child) => {
      if (child.nodeType === 3) {
        into.appendChild(doc.createTextNode((child as Text).data));
        return;
      }
      if (child.nodeType !== 1) return;
      const el = child as Element;
      const tag = el.localName.toLowerCase();
      if (tag === 'br') {
        into.appendChild(doc.createElement('br'));
        return;
      }
      if (DROPPED.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
        removed += 1;
        return;
      }
      const id = el.getAttribute('id');
      const info = id === null ? undefined : elements.get(id);
      if (id !== null && info && info.tag === tag && !used.has(id)) {
        used.add(id);
        const own = doc.createElement(info.tag);
        for (const [name, value] of info.attributes) own.setAttribute(name, value);
        build(el, own);
        into.appendChild(own);
        return;
      }
      if (tag !== 'span' || el.attributes.length > 0) removed += 1;
      build(el, into);
    });
  };
  const fragment = doc.createDocumentFragment();
  build(inertBody(html, doc), fragment);
  return { fragment, text: plainOf(fragment).trim(), removed };
}

/** A fragment built by rebuildDraft as markup for a paste (Glossa's own nodes, serialised). */
export function fragmentHtml(fragment: DocumentFragment, doc: Document): string {
  const box = doc.createElement('div');
  box.appendChild(fragment.cloneNode(true));
  return box.innerHTML;
}
