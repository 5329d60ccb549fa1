// Finds the blocks of a document or subtree: the smallest elements whose content is text and
// inline elements, and runs of inline content inside containers that also hold blocks. The
// walk is a generator so the caller can slice it; it yields `undefined` between elements.
import {
  ATTRIBUTE_CARRIERS, BLOCK_TAGS, ELEMENT_ATTRIBUTES, EXCLUDED_SELECTOR, INLINE_TAGS, ISLAND_TAGS, LABEL_INPUT_TYPES, OPAQUE_TAGS,
  SKIPPED_TAGS, TRANSLATED_ATTRIBUTES, WATCHED_ATTRIBUTES, excludedByAttributes, isMachineText, tagOf, type NodeStatus,
} from './rules';
import { createDisplayReader, inDrawing, svgStatus } from './display';
import { MAX_INLINE_DEPTH, childrenOf, serializeBlock, serializePlain, type SerializedBlock } from './serialize';
import type { ScopeMatcher } from './site-scope';

export interface HtmlBlock {
  kind: 'html';
  /** Element or shadow root whose children hold the block. */
  parent: Node;
  /** The block's nodes: all children of `element`, or a run of the parent's children. */
  nodes: Node[];
  /** Set when the block is a whole element. */
  element?: Element;
  /** As serialised, without its plain text (read back with `plainOf(source.html)` where needed). */
  source: Omit<SerializedBlock, 'plain'>;
}

export interface AttributeBlock {
  kind: 'attribute';
  element: Element;
  name: string;
  /** The attribute's value when collected. */
  value: string;
  text: string;
  leading: string;
  trailing: string;
}

export interface CollectContext {
  /** Glossa's own nodes (bilingual copies, notices): never collected, never part of a block. */
  isOwn(node: Node): boolean;
  /** Nodes that already belong to a live block. */
  isTaken(node: Node): boolean;
  /** Whether text in this language (an element's `lang`, '' = unknown) is to be translated. */
  languageAllowed(lang: string): boolean;
  /** Language of text outside any element with a `lang` of its own. */
  pageLanguage: string;
  /** Whether the element renders white space as written. */
  preservesWhitespace(el: Element): boolean;
  textOf?: (node: Text) => string;
  onShadowRoot?(root: ShadowRoot): void;
  onFrame?(frame: HTMLIFrameElement): void;
  /** The site's `Only translate` / `Never translate` rules, when it has any. */
  readonly scope?: ScopeMatcher;
  /** A select or a drawing inside a block: its inside is collected on its own. */
  onIsland?(el: Element): void;
  /** An element's `lang` as the page set it (Glossa marks translated blocks with the target's). */
  pageLang?(el: Element): string | null;
  /** Where computed display is read (none: tag names alone decide). */
  view?: (Window & typeof globalThis) | null;
}

const LETTER = /\p{L}/u;

/** Block-level skipped elements end a run of inline content instead of joining it as a placeholder. */
const RUN_BREAKING_SKIPS = new Set(['pre', 'frameset', 'head']);

/**
 * A memo holds at most this many elements. The walk only moves forward, so what it remembers
 * of elements it has passed is never asked again; a table keyed by every element of a large
 * page, on the other hand, stalls the page each time it grows (measured on 100,000 text nodes:
 * 25-70 ms in one task for a WeakMap or Map of ~45,000 elements). Starting over costs at most
 * a second look at a few elements.
 */
const MEMO_LIMIT = 2048;

function remember<V>(memo: Map<Element, V>, el: Element, value: V): void {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(el, value);
}

/** What the walk makes of elements: their status, and whether all inside them is inline (memoised). */
export function createClassifier(ctx: CollectContext, inShadowTree = false, readDisplay = true) {
  const statuses = new Map<Element, NodeStatus>();
  const inlineMemo = new Map<Element, boolean>();
  const rendered = createDisplayReader(readDisplay ? ctx.view ?? null : null, inShadowTree);

  const statusOf = (el: Element): NodeStatus => {
    let status = statuses.get(el);
    if (status) return status;
    const tag = tagOf(el);
    const svg = inDrawing(el);
    if (ctx.isOwn(el)) status = 'skip';
    else if (SKIPPED_TAGS.has(tag) && !svg) {
      if (tag === 'iframe') ctx.onFrame?.(el as HTMLIFrameElement);
      status = 'skip';
    } else if (excludedByAttributes(el) || ctx.scope?.excludes(el)) status = 'skip';
    else if (el.hasAttribute('lang') && !ctx.languageAllowed(langOf(ctx, el) ?? '')) status = 'skip';
    else if (svg) status = svgStatus(tag);
    else if (ISLAND_TAGS.has(tag)) status = 'island';
    else if (OPAQUE_TAGS.has(tag)) status = 'opaque';
    else if (el.shadowRoot) status = 'block'; // rendered from its shadow tree: walked separately
    // Custom and unknown elements are inline unless they hold blocks or are rendered as one.
    else status = rendered(el, BLOCK_TAGS.has(tag) ? 'block' : 'inline');
    remember(statuses, el, status);
    return status;
  };

  /** Whether a skipped or own element ends a run rather than travelling as a placeholder. */
  const breaksRun = (el: Element): boolean => ctx.isOwn(el) || BLOCK_TAGS.has(tagOf(el)) || RUN_BREAKING_SKIPS.has(tagOf(el));

  /** Whether everything inside `el` is text, inline elements or placeholders. */
  const inlineOnly = (el: Element, depth = 0): boolean => {
    const known = inlineMemo.get(el);
    if (known !== undefined) return known;
    let result = true;
    for (let child = el.firstChild; child && result; child = child.nextSibling) {
      if (child.nodeType !== 1) continue;
      const c = child as Element;
      const status = statusOf(c);
      if (status === 'opaque' || status === 'island') continue;
      if (status === 'skip') result = !breaksRun(c);
      else if (status === 'block' || depth >= MAX_INLINE_DEPTH) result = false;
      else result = inlineOnly(c, depth + 1);
    }
    remember(inlineMemo, el, result);
    return result;
  };

  return { statusOf, inlineOnly, breaksRun };
}

/**
 * The walk over one root, in document order; yields blocks, and `undefined` as a chance to
 * pause. A TreeWalker moves through containers; inline content is gathered into runs, and
 * elements whose content is all inline become blocks without being entered.
 */
export function* collectBlocks(root: Element | ShadowRoot | Document, ctx: CollectContext): Generator<HtmlBlock | undefined> {
  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument!;
  const start: Element | ShadowRoot | null = root.nodeType === 9 ? (doc.body ?? doc.documentElement) : (root as Element | ShadowRoot);
  if (!start) return;
  const { statusOf, inlineOnly, breaksRun } = createClassifier(ctx, start.getRootNode().nodeType === 11);
  const claimed = new WeakSet<Node>();
  const taken = (node: Node) => claimed.has(node) || ctx.isTaken(node);

  const makeBlock = (parent: Node, nodes: Node[], element?: Element): HtmlBlock | undefined => {
    const host = element ?? (parent.nodeType === 1 ? (parent as Element) : (parent as ShadowRoot).host);
    if (!ctx.languageAllowed(languageAt(host, ctx))) return undefined;
    if (ctx.scope && !ctx.scope.allowsBlock(host)) return undefined;
    const source = serializeBlock(nodes, { statusOf, preservesWhitespace: () => ctx.preservesWhitespace(host), textOf: ctx.textOf });
    for (const slot of source.slots) if (slot.element && statusOf(slot.element) === 'island') ctx.onIsland?.(slot.element);
    // Text straight inside a drawing's groups is not drawn; only text elements and foreignObject's HTML are.
    if (!element && inDrawing(host) && tagOf(host) !== 'foreignobject') return undefined;
    if (!source.hasText || !LETTER.test(source.plain)) return undefined;
    // The walk never enters a whole element again: the element alone is claimed.
    if (element) claimed.add(element);
    else for (const node of nodes) claimed.add(node);
    // Kept per block: literals (an object made by a rest pattern is larger) and a copy of the
    // nodes of exactly their length (an array grown by push keeps spare room).
    const kept = { html: source.html, leading: source.leading, trailing: source.trailing, slots: source.slots, hasText: source.hasText };
    return { kind: 'html', parent, nodes: nodes.slice(), element, source: kept };
  };

  if (start.nodeType === 1) {
    const el = start as Element;
    if (taken(el) || statusOf(el) === 'skip') return;
    if (el.shadowRoot) ctx.onShadowRoot?.(el.shadowRoot);
    // An island collected on its own is a container of blocks (options, text elements).
    if (statusOf(el) !== 'island' && inlineOnly(el)) {
      const block = makeBlock(el, childrenOf(el), el);
      if (block) yield block;
      return;
    }
  }

  const walker = doc.createTreeWalker(start, 1 | 4 | 128 /* elements, text, comments */);
  let container: Element | ShadowRoot = start;
  let run: Node[] = [];
  const flush = (): HtmlBlock | undefined => {
    const block = run.length ? makeBlock(container, run) : undefined;
    run = [];
    return block;
  };
  let node: Node | null = walker.firstChild();
  while (true) {
    if (!node) {
      // The container's children are done: close its last run and go back up.
      const block = flush();
      if (block) yield block;
      if (container === start) return;
      walker.currentNode = container;
      node = walker.nextSibling();
      container = container.parentNode as Element | ShadowRoot;
      yield undefined;
      continue;
    }
    if (node.nodeType !== 1) {
      if (taken(node)) {
        const block = flush();
        if (block) yield block;
      } else run.push(node);
      node = walker.nextSibling();
      continue;
    }
    const el = node as Element;
    if (taken(el)) {
      const block = flush();
      if (block) yield block;
      node = walker.nextSibling();
      continue;
    }
    const status = statusOf(el);
    if (el.shadowRoot) ctx.onShadowRoot?.(el.shadowRoot);
    if (status === 'opaque' || status === 'island' || (status === 'skip' && !breaksRun(el)) || (status === 'inline' && inlineOnly(el))) {
      run.push(el);
      node = walker.nextSibling();
      // A container may hold thousands of inline elements: a chance to pause between them.
      yield undefined;
      continue;
    }
    const before = flush();
    if (before) yield before;
    if (status === 'skip') {
      node = walker.nextSibling();
      continue;
    }
    if (inlineOnly(el)) {
      const block = makeBlock(el, childrenOf(el), el);
      if (block) yield block;
      walker.currentNode = el;
      node = walker.nextSibling();
      yield undefined;
      continue;
    }
    // A container: walk into it.
    container = el;
    node = walker.firstChild();
    yield undefined;
  }
}

const ATTRIBUTE_NAMES = [...TRANSLATED_ATTRIBUTES, 'value'];

/**
 * Translatable attributes under `root` (and on it; only on it when `subtree` is false), outside
 * excluded subtrees. Yields `undefined` between elements as a chance to pause. The walk has no
 * filter callback (a call into script per element costs most of a walk over a large page):
 * elements without attributes are passed over at the price of a tag check.
 */
export function* collectAttributes(root: Element | ShadowRoot | Document, ctx: CollectContext, subtree = true): Generator<AttributeBlock | undefined> {
  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument!;
  const start = root.nodeType === 9 ? (doc.body ?? doc.documentElement) : (root as Element | ShadowRoot);
  if (!start) return;
  // The start itself is checked in the walk: a textarea or an image is its own start when only it changed or came.
  if (start.nodeType === 1 && ((start as Element).parentElement?.closest(ATTRIBUTE_EXCLUDED_SELECTOR) || isInsideOwn(start as Element, ctx))) return;
  // Excluded subtrees are rejected whole; images and inputs are skipped for text, not for attributes.
  const excluded = (el: Element, attributed: boolean): boolean => {
    if (ctx.isOwn(el) || ctx.scope?.excludes(el)) return true;
    const tag = tagOf(el);
    if ((SKIPPED_TAGS.has(tag) && !ATTRIBUTE_CARRIERS.has(tag)) || tag === 'svg') return true;
    if (!attributed) return false;
    return excludedByAttributes(el) || (el.hasAttribute('lang') && !ctx.languageAllowed(langOf(ctx, el) ?? ''));
  };
  const walker = doc.createTreeWalker(start, 1 /* SHOW_ELEMENT */);
  /** The first element after `el`'s subtree (null past the end of `start`). */
  const after = (el: Element): Node | null => {
    walker.currentNode = el;
    while (walker.currentNode !== start) {
      const next = walker.nextSibling();
      if (next) return next;
      if (!walker.parentNode()) return null;
    }
    return null;
  };
  let node: Node | null = start.nodeType === 1 ? start : walker.nextNode();
  while (node) {
    yield undefined;
    const el = node as Element;
    const attributed = el.hasAttributes();
    if (excluded(el, attributed)) {
      node = subtree ? after(el) : null;
      continue;
    }
    node = subtree ? walker.nextNode() : null;
    if (!attributed || !WATCHED_ATTRIBUTES.some((name) => el.hasAttribute(name))) continue;
    if (ctx.scope && !ctx.scope.allowsAttributes(el)) continue;
    if (!ctx.languageAllowed(languageAt(el, ctx))) continue;
    const tag = tagOf(el);
    const names = tag === 'input' && LABEL_INPUT_TYPES.has((el.getAttribute('type') ?? '').toLowerCase())
      ? ATTRIBUTE_NAMES
      : ELEMENT_ATTRIBUTES.has(tag) ? [...TRANSLATED_ATTRIBUTES, ...ELEMENT_ATTRIBUTES.get(tag)!] : TRANSLATED_ATTRIBUTES;
    for (const name of names) {
      const value = el.getAttribute(name);
      if (!value || !LETTER.test(value) || isMachineText(value)) continue;
      const { text, leading, trailing } = serializePlain(value);
      yield { kind: 'attribute', element: el, name, value, text, leading, trailing };
    }
  }
}

/** Drawings keep their attributes (their labels belong with the drawing's own markup). */
const ATTRIBUTE_EXCLUDED_SELECTOR = `${EXCLUDED_SELECTOR},svg`;

function langOf(ctx: CollectContext, el: Element): string | null {
  return ctx.pageLang ? ctx.pageLang(el) : el.getAttribute('lang');
}

/** The language the page declares for text inside `el` (the document's own as decided at the start). */
function languageAt(el: Element, ctx: CollectContext): string {
  const root = el.ownerDocument.documentElement;
  for (let node: Element | null = el.closest('[lang]'); node && node !== root; node = node.parentElement?.closest('[lang]') ?? null) {
    const lang = langOf(ctx, node);
    if (lang !== null) return lang;
  }
  return ctx.pageLanguage;
}

function isInsideOwn(el: Element, ctx: CollectContext): boolean {
  for (let node: Element | null = el.parentElement; node; node = node.parentElement) if (ctx.isOwn(node)) return true;
  return false;
}

/**
 * Where blocks of new or changed content are looked for: the nearest ancestor (or self) that is
 * not inline. Null when the content is inside something never translated (head, script,
 * translate="no"…), so that style and script churn costs nothing.
 */
export function blockContainerOf(node: Node, ctx: CollectContext): Element | ShadowRoot | null {
  // Tags alone: this runs in mutation callbacks, where reading style would force a recalculation each time.
  const { statusOf } = createClassifier(ctx, false, false);
  let current: Node | null = node.nodeType === 1 ? node : node.parentNode;
  while (current) {
    if (current.nodeType === 11) return (current as ShadowRoot).host ? (current as ShadowRoot) : null;
    if (current.nodeType !== 1) return null;
    const el = current as Element;
    const tag = tagOf(el);
    if (tag === 'body') return el;
    if (tag === 'html') return null;
    const status = statusOf(el);
    // An element that came with attributes only (an image, an input) is read for them.
    if (status === 'skip') return current === node && ATTRIBUTE_CARRIERS.has(tag) ? el : null;
    if (status === 'island' || (status === 'block' && !INLINE_TAGS.has(tag))) return el;
    current = el.parentNode;
  }
  return null;
}
