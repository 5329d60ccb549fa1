// Bilingual display: the translation shown under the original block. It is built from the
// translation's text and shallow copies of the page's own inline elements (links keep working);
// nothing from the response but text enters the page, and the element is marked so that no
// translator (Glossa included) translates it again.
import type { SerializedBlock } from './serialize';
import type { TranslatedTree } from './write-back';

export const BILINGUAL_TAG = 'glossa-translation';

/** Placeholders worth showing in the copy: they render the same and do nothing when cloned. */
const CLONED_PLACEHOLDERS = new Set(['img', 'br', 'wbr', 'code', 'kbd', 'samp', 'var']);

/** Inline elements that act when clicked: copied as spans. */
const ACTIVE_INLINE = new Set(['button', 'label', 'output', 'slot']);

/** Attributes that must stay unique in the page or tie a copy to a form. */
const DROPPED_ON_COPY = ['id', 'name', 'form', 'for', 'accesskey', 'autofocus', 'tabindex'];

function stripIdentity(el: Element): void {
  for (const name of DROPPED_ON_COPY) el.removeAttribute(name);
  for (const child of el.querySelectorAll('[id],[name]')) {
    child.removeAttribute('id');
    child.removeAttribute('name');
  }
}

export function buildBilingual(doc: Document, source: Omit<SerializedBlock, 'plain'>, tree: TranslatedTree, lang: string, rightToLeft: boolean): HTMLElement {
  const box = doc.createElement(BILINGUAL_TAG);
  box.setAttribute('translate', 'no');
  box.className = 'notranslate';
  box.lang = lang;
  // Its own direction, whatever the original's: each language reads its way.
  box.dir = rightToLeft ? 'rtl' : 'ltr';
  // Inline styles, so the copy looks the same inside shadow roots that our stylesheet cannot reach.
  box.setAttribute('style', 'display:block;margin:0.25em 0 0;opacity:0.72;font-size:0.92em;font-style:normal;');
  const fill = (into: Node, id: number): void => {
    for (const item of tree[id]) {
      if (typeof item === 'string') {
        into.appendChild(doc.createTextNode(item));
        continue;
      }
      const slot = source.slots[item];
      const original = slot.element!;
      if (slot.opaque) {
        if (!CLONED_PLACEHOLDERS.has(original.localName)) continue;
        const copy = original.cloneNode(true) as Element;
        stripIdentity(copy);
        into.appendChild(copy);
        continue;
      }
      // A copied button would submit its form again; it becomes plain text in the copy.
      const copy = ACTIVE_INLINE.has(original.localName) ? doc.createElement('span') : (original.cloneNode(false) as Element);
      stripIdentity(copy);
      into.appendChild(copy);
      fill(copy, item);
    }
  };
  fill(box, 0);
  return box;
}
