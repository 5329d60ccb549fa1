// Hover translation's listeners: the modifier key over a paragraph shows (or hides) its
// translation, and moving the mouse with the key held shows each paragraph reached. They run in
// the hover script (entrypoints/page-hover.ts), which the background registers on the sites
// where the user turned hover on, so those pages carry these few listeners and not the page
// engine until the first point.
import type { HoverModifier } from '../../shared/pointing';
import { hoveredElement } from './hovered';

const modifierHeld = (modifier: HoverModifier, e: MouseEvent | KeyboardEvent) =>
  (modifier === 'Alt' && e.altKey) || (modifier === 'Control' && e.ctrlKey) || (modifier === 'Shift' && e.shiftKey);

/** Typing in a field or an editable region: the modifier belongs to the text (Shift for capitals). */
function typing(e: Event): boolean {
  const el = e.composedPath()[0];
  if (!(el instanceof Element)) return false;
  return el.matches('input,textarea,select') || (el as HTMLElement).isContentEditable === true;
}

/** Listens for the modifier over the page; `point` shows the block holding a node (or, with `hide`, toggles it). */
export function listenForHover(doc: Document, modifier: HoverModifier, point: (node: Node, hide: boolean) => void): void {
  // A mouse that rested on the page since before these listeners (the page loading, hover
  // just turned on) has sent no move: the key then acts on what the browser shows hovered.
  let mouseLast = true;
  let target: Node | undefined;
  let lastShown: Node | undefined;
  doc.addEventListener('pointermove', (e) => {
    // Touch and pen are left alone: a long press keeps doing what the browser does.
    mouseLast = e.pointerType === 'mouse';
    if (!mouseLast) {
      target = undefined;
      return;
    }
    const moved = e.composedPath()[0];
    target = moved instanceof Node ? moved : undefined;
    // Held while moving: each paragraph reached is shown (never hidden) once.
    if (target && modifierHeld(modifier, e) && target !== lastShown) {
      lastShown = target;
      point(target, false);
    }
  }, { capture: true, passive: true });
  let left = false;
  doc.documentElement.addEventListener('pointerleave', () => {
    target = undefined;
    left = true;
  }, { passive: true });
  doc.documentElement.addEventListener('pointerenter', () => {
    left = false;
  }, { passive: true });
  let acted = false;
  doc.addEventListener('keydown', (e) => {
    acted = false;
    if (e.key !== modifier || e.repeat || typing(e)) return;
    const under = target ?? (mouseLast && !left ? hoveredElement(doc) : undefined);
    if (!under) return;
    acted = true;
    lastShown = under;
    point(under, true);
  }, { capture: true });
  // Alt alone would also open the browser's menu bar (Firefox on Linux and Windows) when it is released.
  doc.addEventListener('keyup', (e) => {
    if (acted && e.key === modifier) e.preventDefault();
    acted = false;
  }, { capture: true });
}
