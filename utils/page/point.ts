// The block under a point (a pointer, a right-click, the caret): found by the page engine's own
// walk from the nearest block container, so its boundaries and its text, and so its identity
// and cache entry, are exactly those of the block a whole-page translation sends.
import { BILINGUAL_TAG } from './bilingual';
import { blockContainerOf, collectBlocks, type CollectContext, type HtmlBlock } from './collect';
import { preservesWhitespace } from './collector';
import { languageFilter } from './language';
import { isRightToLeft, langTagOf } from './page-marks';
import type { PointedTools } from './pointed';
import { EXCLUDED_SELECTOR } from './rules';
import type { ScopeMatcher } from './site-scope';
import { createInertParser, matchTranslation } from './write-back';

/** Whether `node` is one of the block's nodes or inside one of them. */
function blockHolds(block: HtmlBlock, node: Node): boolean {
  if (block.element) return block.element === node || block.element.contains(node);
  return block.nodes.some((n) => n === node || n.contains(node));
}

/** The element a node belongs to (a text node's parent). */
function elementOf(node: Node): Element | null {
  return node.nodeType === 1 ? (node as Element) : node.parentElement;
}

/** The block the page engine would translate that holds `node`; undefined where it would translate nothing. */
export function blockAt(node: Node, ctx: CollectContext): HtmlBlock | undefined {
  const el = elementOf(node);
  if (!el || el.closest(EXCLUDED_SELECTOR) || el.closest(BILINGUAL_TAG)) return undefined;
  const container = blockContainerOf(node, ctx);
  if (!container) return undefined;
  for (const block of collectBlocks(container, ctx)) {
    if (block && blockHolds(block, node)) return block;
  }
  return undefined;
}

/** Where a paragraph is pointed at: the job's languages, the page's, and the site's compiled rules. */
export interface PointingPlace {
  targetLang: string;
  /** The job's fixed source language ('' = detect). */
  sourceLang: string;
  pageLanguage: string;
  scope?: ScopeMatcher;
}

/** The walk's context for a pointed paragraph: a page translation's, with no block taken yet. */
export function pointingContext(doc: Document, place: PointingPlace): CollectContext {
  const win = doc.defaultView ?? window;
  return {
    isOwn: (node) => node.nodeType === 1 && (node as Element).localName === BILINGUAL_TAG,
    isTaken: () => false,
    languageAllowed: languageFilter(place.targetLang, place.sourceLang),
    pageLanguage: place.pageLanguage,
    preservesWhitespace: (el) => preservesWhitespace(win, el),
    scope: place.scope,
  };
}

/** The engine's walk, answer check and language marks, lent to the pointed blocks (pointed.ts, an extra). */
export function pointedTools(doc: Document, context: () => CollectContext): PointedTools {
  const parse = createInertParser(doc);
  return {
    blockAt: (node) => blockAt(node, context()),
    read: (answer, slots) => matchTranslation(parse(answer), slots),
    languageOf: (targetLang) => {
      const tag = langTagOf(targetLang);
      return { tag, rightToLeft: isRightToLeft(tag) };
    },
  };
}
