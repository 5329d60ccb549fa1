// Follows the page as it changes, about once a frame: a unit whose nodes the page changed is
// released (Glossa's writes taken out, read anew); a unit whose nodes left the document is
// released too, so nodes that come back later (tab panels, route caches, recycled rows) are
// source text again and never a translation taken for source; added content is collected.
// Glossa's own writes are kept out of the records.
import { EXCLUDED_SELECTOR, WATCHED_ATTRIBUTES } from './rules';
import { connected, elementOf, type HtmlUnit, type Registry, type Unit } from './units';

const MUTATION_OPTIONS: MutationObserverInit = {
  subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: [...WATCHED_ATTRIBUTES],
};

interface ObserverDeps {
  doc: Document;
  registry: Registry;
  isStopped(): boolean;
  /** The page set its first title (a title unit is made for it). */
  onTitle(): void;
  /** Takes Glossa's writes out of a unit the page changed and forgets it; its region is read again. */
  release(unit: Unit): void;
  /** Whether the unit's nodes are as Glossa left them. */
  intact(unit: Unit): boolean;
  /** The block container where collection looks again for a changed node. */
  regionOf(node: Node): Element | ShadowRoot | null;
  /** Collects a changed region (or only an element's attributes) anew. */
  collect(root: Element | ShadowRoot, attributesOnly: boolean): void;
}

export function createObserver(deps: ObserverDeps) {
  const { doc, registry } = deps;
  const win = doc.defaultView ?? (globalThis as unknown as Window & typeof globalThis);
  const observer = typeof win.MutationObserver === 'function' ? new win.MutationObserver((records) => note(records)) : undefined;
  const observedRoots = new WeakSet<Node>();
  const changedUnits = new Set<Unit>();
  const changedAttributes = new Set<Element>();
  const regions = new Set<Element | ShadowRoot>();
  /** Nodes the page took out: when they come back, the units inside are checked. */
  const left = new WeakSet<Node>();
  const returned = new Set<Node>();
  let removedSome = false;
  let flushScheduled = false;
  let wroteToPage = false;

  const isTitleNode = (node: Node): boolean => {
    const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
    return !!el && el.localName === 'title' && el.parentElement?.localName === 'head';
  };

  const addRegion = (node: Node) => {
    const region = deps.regionOf(node);
    if (region) regions.add(region);
  };

  const noteEdit = (unit: HtmlUnit, record: MutationRecord) => {
    if (!unit.record || record.type !== 'childList') return;
    const added = [...record.addedNodes];
    let { previousSibling: previous, nextSibling: next } = record;
    // Records without siblings for added nodes (test DOMs leave them out): their siblings now.
    if (added.length && !previous && !next) {
      previous = added[0].previousSibling;
      next = added[added.length - 1].nextSibling;
    }
    (unit.edits ??= []).push({ parent: record.target, added, removed: [...record.removedNodes], previous, next });
  };

  function note(records: MutationRecord[]): void {
    if (deps.isStopped() || !records.length) return;
    for (const record of records) {
      const target = record.target;
      if (record.type === 'attributes') {
        if (target.nodeType === 1 && registry.ownerOf(target) !== 'own') changedAttributes.add(target as Element);
        continue;
      }
      if (isTitleNode(target)) {
        // A changed title is translated anew; a page that sets its first title later gets it translated too.
        if (registry.title) changedUnits.add(registry.title);
        else queueMicrotask(deps.onTitle);
        continue;
      }
      const owner = registry.ownerOf(target);
      if (owner === 'own') continue;
      for (const removed of record.removedNodes) {
        left.add(removed);
        const unit = registry.unitOf(removed);
        if (unit) changedUnits.add(unit);
        // Elements taken out of a unit's own nodes hold no other unit's text: no need to look for units that left.
        else if (removed.nodeType === 1 && !owner) removedSome = true;
      }
      if (owner) {
        noteEdit(owner, record);
        changedUnits.add(owner);
        continue;
      }
      if (record.type === 'characterData') {
        addRegion(target);
        continue;
      }
      for (const added of record.addedNodes) {
        if (registry.own.has(added)) continue;
        if (left.has(added)) returned.add(added);
        addRegion(added);
      }
    }
    if (changedUnits.size || changedAttributes.size || regions.size || removedSome || returned.size) scheduleFlush();
  }

  function scheduleFlush(): void {
    if (flushScheduled) return;
    flushScheduled = true;
    const run = () => {
      flushScheduled = false;
      flush();
    };
    // About once per frame; timers keep working where frames do not (hidden tabs, tests).
    if (typeof win.requestAnimationFrame === 'function' && !doc.hidden) win.requestAnimationFrame(() => setTimeout(run, 0));
    else setTimeout(run, 16);
  }

  /** Units inside nodes that came back: those changed while out of sight are read anew. */
  function checkReturned(): void {
    const back = new Set([...returned].filter((n) => n.isConnected));
    returned.clear();
    if (!back.size) return;
    // Each unit looks up its own ancestors (a few each), rather than every returned node looking through every unit.
    const inside = (node: Node): boolean => {
      for (let n: Node | null = node; n; n = n.parentNode) if (back.has(n)) return true;
      return false;
    };
    for (const unit of registry.units) {
      const anchor = unit.kind === 'html' ? unit.block.nodes[0] ?? unit.block.parent : elementOf(unit);
      if (anchor && inside(anchor) && !deps.intact(unit)) changedUnits.add(unit);
    }
  }

  function flush(): void {
    if (deps.isStopped()) return;
    if (removedSome) {
      removedSome = false;
      // Content that left the document is given back its source text and forgotten.
      for (const unit of registry.units) if (!connected(unit)) changedUnits.add(unit);
    }
    checkReturned();
    const changed = [...changedUnits];
    changedUnits.clear();
    for (const unit of changed) deps.release(unit);
    for (const el of changedAttributes) {
      for (const unit of Array.from(registry.attributesOf(el))) { // a copy: release changes the map
        const value = el.getAttribute(unit.block.name);
        if (value !== (unit.state === 'done' ? unit.written : unit.block.value)) deps.release(unit);
      }
      deps.collect(el, true);
    }
    changedAttributes.clear();
    const roots = [...regions].filter((r) => r.isConnected);
    regions.clear();
    for (const root of roots) {
      // A region inside another changed region is covered by the outer one.
      if (roots.some((other) => other !== root && other.contains(root))) continue;
      if (root.nodeType === 1 && ((root as Element).closest(EXCLUDED_SELECTOR) || registry.ownerOf(root) === 'own')) continue;
      deps.collect(root, false);
    }
  }

  return {
    /** Starts following a document or shadow root; false when it was followed already. */
    watch(root: ShadowRoot | Document): boolean {
      if (observedRoots.has(root)) return false;
      observedRoots.add(root);
      const target = root.nodeType === 9 ? (root as Document).documentElement : root;
      if (target) observer?.observe(target, MUTATION_OPTIONS);
      return true;
    },

    /** Takes the page's changes not yet delivered (so that idle() sees them). */
    sync(): void {
      if (observer) note(observer.takeRecords());
    },

    /** Runs Glossa's own DOM writes so that they are never taken for the page's. */
    ownWrite(write: () => void): void {
      if (observer) note(observer.takeRecords());
      wroteToPage = true;
      write();
      observer?.takeRecords();
    },

    /** A region to read again once the current changes are handled (a released unit's). */
    revisit(region: Element | ShadowRoot): void {
      if (!region.isConnected) return;
      regions.add(region);
      scheduleFlush();
    },

    get wroteToPage(): boolean {
      return wroteToPage;
    },
    get pending(): boolean {
      return flushScheduled;
    },

    stop(): void {
      observer?.disconnect();
    },
  };
}
