// The unit registry: every piece of the page Glossa translates (a block of HTML, an attribute,
// the tab title), which page nodes belong to which unit, and which nodes are Glossa's own.
import type { BlockRequest } from '../shared/protocol';
import type { AttributeBlock, HtmlBlock } from './collect';
import { listOf, withItem, withoutItem, type OneOrList } from './one-or-list';
import type { Schedulable } from './scheduler';
import { escapeText } from './serialize';
import type { ChildEdit, WriteRecord } from './write-back';

/** Attributes that are not on screen (tooltips, alt text of shown images, labels for assistive technology). */
const QUIET_ATTRIBUTES: ReadonlySet<string> = new Set(['title', 'alt', 'aria-label', 'aria-description']);

// A unit keeps no request of its own: what it sends is its key (`requestOf`).

export interface HtmlUnit extends Schedulable {
  kind: 'html';
  block: HtmlBlock;
  record?: WriteRecord;
  bilingual?: Element;
  /** Nodes the page added to or removed from the block while it was translated (to put them back right). */
  edits?: ChildEdit[];
}

interface AttributeUnit extends Schedulable {
  kind: 'attribute';
  block: AttributeBlock;
  written?: string;
}

interface TitleUnit extends Schedulable {
  kind: 'title';
  /** The title as sent (white space collapsed, ends trimmed). */
  text: string;
  original: string;
  leading: string;
  trailing: string;
  written?: string;
}

export type Unit = HtmlUnit | AttributeUnit | TitleUnit;

/**
 * What a unit sends, made when it is sent: kept on every unit it was one more object each
 * (about 100 KB on a page of 5,000 units). Its text is the unit's key, escaped once when the
 * unit was made.
 */
export function requestOf(unit: Unit): BlockRequest {
  return { text: unit.key, format: 'html' };
}

/**
 * Identical keys share one translation. Every unit travels as HTML (plain text escaped as a
 * block's text is) and its key is the HTML it sends: one string for the request and the key on
 * a page of thousands of blocks, and a tooltip or label with the same words as a block (a menu
 * link's title, an icon button's label) is its twin. The background would send such twins once
 * anyway; counted apart here, they left calls short of a request's worth of texts.
 */
export function createRegistry() {
  let seq = 0;
  const units = new Set<Unit>();
  const nodeUnits = new WeakMap<Node, HtmlUnit>();
  /** An element's attribute units: the unit itself when it has one (most have), else a list. */
  const attributeUnits = new WeakMap<Element, OneOrList<AttributeUnit>>();
  const unitsOf = (el: Element): readonly AttributeUnit[] => listOf(attributeUnits.get(el));
  const own = new WeakSet<Node>();
  let title: TitleUnit | undefined;

  // Each unit is one object literal with every field it will ever hold: an object made by
  // spreading another, or given fields later, carries a property store several times its size.
  return {
    units,
    own,
    get title(): TitleUnit | undefined {
      return title;
    },

    addHtml(block: HtmlBlock): HtmlUnit {
      const sent = block.source.html;
      const unit: HtmlUnit = {
        seq: seq++, state: 'waiting', version: 0, sentVersion: -1, key: sent, size: sent.length,
        priority: 'nearby', queuedAt: 0, counted: false, quiet: false, detectedLang: undefined,
        kind: 'html', block, record: undefined, bilingual: undefined, edits: undefined,
      };
      // A whole element is found through the element (lookups walk up from a node); a run through its nodes.
      if (block.element) nodeUnits.set(block.element, unit);
      else for (const node of block.nodes) nodeUnits.set(node, unit);
      units.add(unit);
      return unit;
    },

    /** Undefined when the attribute already has a unit. */
    addAttribute(block: AttributeBlock): AttributeUnit | undefined {
      const held = unitsOf(block.element);
      if (held.some((u) => u.block.name === block.name)) return undefined;
      const sent = escapeText(block.text);
      const unit: AttributeUnit = {
        seq: seq++, state: 'waiting', version: 0, sentVersion: -1, key: sent, size: sent.length,
        priority: 'nearby', queuedAt: 0, counted: false, quiet: QUIET_ATTRIBUTES.has(block.name), detectedLang: undefined,
        kind: 'attribute', block, written: undefined,
      };
      attributeUnits.set(block.element, withItem(attributeUnits.get(block.element), unit));
      units.add(unit);
      return unit;
    },

    addTitle(original: string, text: string, leading: string, trailing: string): TitleUnit {
      const sent = escapeText(text);
      title = {
        seq: seq++, state: 'waiting', version: 0, sentVersion: -1, key: sent, size: sent.length,
        priority: 'nearby', queuedAt: 0, counted: false, quiet: true, detectedLang: undefined,
        kind: 'title', text, original, leading, trailing, written: undefined,
      };
      units.add(title);
      return title;
    },

    attributesOf(el: Element): Iterable<AttributeUnit> {
      return unitsOf(el);
    },

    isTaken(node: Node): boolean {
      return nodeUnits.has(node);
    },

    unitOf(node: Node): HtmlUnit | undefined {
      return nodeUnits.get(node);
    },

    /** The unit holding `node` (or 'own' inside Glossa's own nodes), looking up through shadow hosts. */
    ownerOf(node: Node): HtmlUnit | 'own' | undefined {
      for (let n: Node | null = node; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) {
        if (own.has(n)) return 'own';
        const unit = nodeUnits.get(n);
        if (unit) return unit;
        if (n.nodeType === 11 && !(n as ShadowRoot).host) break;
      }
      return undefined;
    },

    /** Forgets a unit and its nodes (they are read anew when collected again). */
    remove(unit: Unit): void {
      units.delete(unit);
      if (unit.kind === 'html') {
        const { block } = unit;
        if (nodeUnits.get(block.element ?? block.nodes[0]) === unit) {
          for (const node of block.nodes) if (nodeUnits.get(node) === unit) nodeUnits.delete(node);
          if (block.element) nodeUnits.delete(block.element);
        }
      } else if (unit.kind === 'attribute') {
        const { element } = unit.block;
        const rest = withoutItem(attributeUnits.get(element), unit);
        if (rest) attributeUnits.set(element, rest);
        else attributeUnits.delete(element);
      } else if (title === unit) {
        title = undefined;
      }
    },

    clear(): void {
      units.clear();
      title = undefined;
    },
  };
}

export type Registry = ReturnType<typeof createRegistry>;

/** The element whose position says where the unit is (none for the title). */
export function elementOf(unit: Unit): Element | undefined {
  if (unit.kind === 'title') return undefined;
  if (unit.kind === 'attribute') return shownBy(unit.block.element);
  const { block } = unit;
  if (block.element) return shownBy(block.element);
  return block.parent.nodeType === 1 ? (block.parent as Element) : (block.parent as ShadowRoot).host;
}

/** Elements without a box of their own (options, track labels, image-map areas) are placed by the element that shows them. */
function shownBy(el: Element): Element {
  const tag = el.localName;
  if (tag === 'option' || tag === 'optgroup') return el.closest('select') ?? el;
  if (tag === 'track') return el.parentElement ?? el;
  if (tag === 'area') return el.closest('map')?.parentElement ?? el;
  return el;
}

/** Rendered at all (no display:none above it): checkVisibility reads computed style only, never layout. */
export function isRendered(unit: Unit): boolean {
  const el = elementOf(unit);
  return !el || typeof el.checkVisibility !== 'function' || el.checkVisibility();
}

/** Whether the unit's nodes are in the document (the title always is). */
export function connected(unit: Unit): boolean {
  if (unit.kind === 'title') return true;
  if (unit.kind === 'attribute') return unit.block.element.isConnected;
  const { block } = unit;
  return (block.element ?? block.nodes[0] ?? block.parent).isConnected;
}
