// Finds what the user selected in a document: the selected range, looking into open shadow
// roots (browsers report a selection inside a shadow tree as one around its host), and the
// focused element through open shadow roots. Pure DOM code.

/** The focused element, looking through open shadow roots. */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

type ComposedSelection = Selection & {
  getComposedRanges?: (options?: { shadowRoots?: ShadowRoot[] }) => StaticRange[];
};

/**
 * A selection inside a shadow tree is reported around (or collapsed next to) its host; widen a
 * collapsed range to the nodes on either side so the host counts as touched.
 */
function probeRange(range: Range): Range {
  if (!range.collapsed || range.startContainer.nodeType !== 1) return range;
  const container = range.startContainer;
  const probe = range.cloneRange();
  probe.setStart(container, Math.max(0, range.startOffset - 1));
  probe.setEnd(container, Math.min(container.childNodes.length, range.startOffset + 1));
  return probe;
}

/** Open shadow roots of elements the range touches (and roots nested in them), bounded. */
function shadowRootsIn(selected: Range, limit = 200): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const range = probeRange(selected);
  const container = range.commonAncestorContainer;
  const start = container.nodeType === 1 ? (container as Element) : container.parentElement;
  if (!start) return roots;
  const visit = (root: Element | ShadowRoot, checkRange: boolean) => {
    const doc = root.ownerDocument ?? (root as ShadowRoot).host.ownerDocument;
    // Subtrees outside the selection are skipped whole, so a large page costs little.
    const walker = doc.createTreeWalker(root, 1, checkRange
      ? { acceptNode: (node) => (range.intersectsNode(node) ? 1 : 2) }
      : null);
    for (let node = walker.currentNode as Element | null; node && roots.length < limit; node = walker.nextNode() as Element | null) {
      if (node.nodeType !== 1) continue;
      const shadow = (node as Element).shadowRoot;
      if (!shadow || roots.includes(shadow)) continue;
      roots.push(shadow);
      visit(shadow, false);
    }
  };
  visit(start, true);
  return roots;
}

function liveRange(doc: Document, start: Node, startOffset: number, end: Node, endOffset: number): Range | null {
  const range = doc.createRange();
  try {
    range.setStart(start, startOffset);
    range.setEnd(end, endOffset);
  } catch {
    return null;
  }
  return range;
}

/**
 * The selected range, looking into open shadow roots: browsers report a selection inside a
 * shadow tree as one around its host, so ask for the composed range (or, in older Chromium,
 * the shadow root's own selection).
 */
export function selectedRange(win: Window): Range | null {
  const selection = win.getSelection() as ComposedSelection | null;
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const roots = shadowRootsIn(range);
  if (roots.length === 0) return range;
  if (typeof selection.getComposedRanges === 'function') {
    try {
      const [composed] = selection.getComposedRanges({ shadowRoots: roots });
      if (composed && !composed.collapsed && composed.startContainer.getRootNode() === composed.endContainer.getRootNode()) {
        return liveRange(win.document, composed.startContainer, composed.startOffset, composed.endContainer, composed.endOffset) ?? range;
      }
    } catch {
      // Older signature or a detached root: fall through.
    }
  }
  for (const root of roots) {
    const own = (root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.();
    if (own && own.rangeCount > 0 && !own.getRangeAt(0).collapsed) return own.getRangeAt(0);
  }
  return range;
}

/** The parent across a shadow boundary (a shadow root's parent is its host). */
export function composedParent(node: Node): Node | null {
  if (node.parentNode && node.parentNode.nodeType === 11) return (node.parentNode as ShadowRoot).host ?? null;
  return node.parentNode;
}

