// What Glossa's popover shows, read by the tour. The tour runs the store build, whose shadow
// roots are closed and whose test hooks are gone, so it reads the popover the way DevTools
// shows it: the DOM tree over the DevTools protocol, closed roots included.
import type { CDPSession, Page } from 'playwright-core';

interface DomNode {
  nodeType: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

const textOf = (node: DomNode): string =>
  node.nodeType === 3 ? (node.nodeValue ?? '') : (node.children ?? []).map(textOf).join('');

function* descendants(node: DomNode): Generator<DomNode> {
  yield node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) yield* descendants(child);
}

/** Whether an element's attribute list (name, value, name, value …) has `name` with a value that includes `word`. */
function hasAttribute(node: DomNode, name: string, word: string): boolean {
  const list = node.attributes ?? [];
  for (let i = 0; i < list.length; i += 2) if (list[i] === name && list[i + 1].split(/\s+/).includes(word)) return true;
  return false;
}

/** The popover's text in the element with class `shown`, or its alert as a problem; undefined while neither shows. */
async function readPopover(cdp: CDPSession, shown: string): Promise<{ shown?: string; problem?: string } | undefined> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const host = [...descendants(root)].find((n) => n.nodeName === 'GLOSSA-SELECTION-POPOVER');
  const inside = host?.shadowRoots?.[0];
  if (!inside) return undefined;
  for (const node of descendants(inside)) {
    if (hasAttribute(node, 'class', shown) && textOf(node).trim()) return { shown: textOf(node) };
    if (hasAttribute(node, 'role', 'alert')) return { problem: textOf(node) || 'an error without a message' };
  }
  return undefined;
}

/**
 * Waits (15 s at most) until the popover shows its element of class `shown` (its translation or
 * preview) and returns nothing, or returns what it shows instead: its error, or that nothing came.
 */
export async function popoverOutcome(page: Page, shown: string, timeoutMs = 15_000): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  // One DevTools session for every look.
  const cdp = await page.context().newCDPSession(page);
  try {
    while (Date.now() < deadline) {
      const seen = await readPopover(cdp, shown);
      if (seen?.shown !== undefined) return undefined;
      if (seen?.problem !== undefined) return seen.problem;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return `nothing within ${timeoutMs / 1000} s`;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
