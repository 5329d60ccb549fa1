// The element the user right-clicked, for the menu items that act on it (Chromium's menus do
// not say). Both page scripts that may be in a page (the hover listener and the page engine)
// note it into one record of the content scripts' world, so the one that answers the menu
// finds it whichever of them heard the click.
import { worldSlot } from '../../shared/world-slot';

/** How long a right-click names the element a menu item acts on. */
const CONTEXT_TARGET_MS = 60_000;

interface ContextTarget {
  node: Node;
  at: number;
}
const slot = worldSlot<ContextTarget>('glossa.context-target');

/** Starts noting right-clicks in `doc` (each script calls it once). */
export function noteContextTargets(doc: Document, scope: object = globalThis): void {
  doc.addEventListener('contextmenu', (e) => {
    const target = e.composedPath()[0];
    if (target instanceof Node) slot.set({ node: target, at: Date.now() }, scope);
  }, { capture: true, passive: true });
}

/** The element right-clicked in the last minute, if any. */
export function recentContextTarget(scope: object = globalThis): Node | undefined {
  const noted = slot.get(scope);
  return noted && Date.now() - noted.at < CONTEXT_TARGET_MS ? noted.node : undefined;
}
