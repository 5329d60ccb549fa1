// Attributes Glossa sets beside a translation so the page says what it now is: `<html lang>`
// and `dir`, the `lang`/`dir` of blocks whose language or direction differs from the
// document's, and the value of a translated option (pinned, since it defaults to the text).
// Each is recorded with the page's own value (or its absence) and put back exactly (undo-write.ts).
import { eachOf, holdsItem, withItem, type OneOrList } from './one-or-list';

/** Base languages written right to left. */
const RIGHT_TO_LEFT = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** A target code as a `lang` value: `EN-US` → `en-US`, `ZH-HANS` → `zh-Hans`, `DE` → `de`. */
export function langTagOf(code: string): string {
  return code.trim().split(/[-_]/).filter(Boolean).map((part, i) => {
    if (i === 0) return part.toLowerCase();
    if (part.length === 4) return part[0].toUpperCase() + part.slice(1).toLowerCase();
    return part.length === 2 ? part.toUpperCase() : part.toLowerCase();
  }).join('-');
}

export function isRightToLeft(lang: string): boolean {
  return RIGHT_TO_LEFT.has(lang.trim().split(/[-_]/)[0].toLowerCase());
}

export interface Mark {
  el: Element;
  name: string;
  /** The page's value (null: the attribute was absent). */
  original: string | null;
  written: string;
  /** Who holds it (units, or the document; one-or-list.ts); none once the last let go. */
  owners: OneOrList<object> | undefined;
}

/**
 * Every attribute Glossa set: what undo-write.ts needs to put them back (loaded with the extras).
 * No map or set per element: a long page in another language than its document's has a mark
 * on nearly every block, and a Map and a Set each cost ~150 bytes there.
 */
export interface MarkRecords {
  /** The marks on each element (one to three: `lang`, `dir`, an option's `value`). */
  byElement: Map<Element, OneOrList<Mark>>;
  /** The marks each owner (a unit, or the document) holds. */
  owned: Map<object, OneOrList<Mark>>;
}

/** Who holds the document's marks (released only when the whole page is restored). */
const DOCUMENT_OWNER = {};

export function createPageMarks(doc: Document, targetLang: string) {
  const lang = langTagOf(targetLang);
  const rtl = isRightToLeft(lang);
  const records: MarkRecords = { byElement: new Map(), owned: new Map() };
  const { byElement: marks, owned } = records;

  const markOf = (el: Element, name: string): Mark | undefined => {
    let found: Mark | undefined;
    eachOf(marks.get(el), (mark) => {
      if (mark.name === name) found = mark;
    });
    return found;
  };

  const set = (owner: object, el: Element, name: string, value: string): void => {
    let mark = markOf(el, name);
    if (!mark) {
      mark = { el, name, original: el.getAttribute(name), written: value, owners: owner };
      marks.set(el, withItem(marks.get(el), mark));
      if (mark.original !== value) el.setAttribute(name, value);
    } else if (holdsItem(mark.owners, owner)) {
      return;
    } else {
      mark.owners = withItem(mark.owners, owner);
    }
    owned.set(owner, withItem(owned.get(owner), mark));
  };

  /** The attribute's value as the page wrote it. */
  const pageValue = (el: Element, name: string): string | null => {
    const mark = markOf(el, name);
    return mark ? mark.original : el.getAttribute(name);
  };

  /** The nearest element (self included) where the page itself set `name`, and that value. */
  const pageHolder = (el: Element, name: string): { holder: Element; value: string } | undefined => {
    for (let node: Element | null = el.closest(`[${name}]`); node; node = node.parentElement?.closest(`[${name}]`) ?? null) {
      const value = pageValue(node, name);
      if (value !== null) return { holder: node, value };
    }
    return undefined;
  };

  return {
    lang,
    rightToLeft: rtl,
    pageValue,
    pageHolder,

    /** `<html lang>` (and `dir`) say the target language, once something was translated in place. */
    markDocument(): void {
      const root = doc.documentElement;
      if (!root) return;
      set(DOCUMENT_OWNER, root, 'lang', lang);
      const pageDir = (pageValue(root, 'dir') ?? '').toLowerCase();
      if (rtl || (pageDir && pageDir !== 'ltr')) set(DOCUMENT_OWNER, root, 'dir', rtl ? 'rtl' : 'ltr');
    },

    /**
     * Marks the element holding a translated block: right-to-left targets always (pages set
     * their own directions below the root), others where the page declared another language
     * or a direction other than left to right below the document element.
     */
    markBlock(owner: object, el: Element): void {
      const root = doc.documentElement;
      const langHolder = pageHolder(el, 'lang');
      if (rtl || (langHolder && langHolder.holder !== root)) set(owner, el, 'lang', lang);
      const dirHolder = pageHolder(el, 'dir');
      if (rtl || (dirHolder && dirHolder.holder !== root && dirHolder.value.toLowerCase() !== 'ltr')) set(owner, el, 'dir', rtl ? 'rtl' : 'ltr');
    },

    set,

    records,

    /** Whether `owner` holds marks (taking them out needs the undo code, undo-write.ts). */
    holds: (owner: object): boolean => owned.has(owner),

    /** Whether Glossa set any attribute. */
    get any(): boolean {
      return marks.size > 0;
    },
  };
}
