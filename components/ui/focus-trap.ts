// The Tab cycle of Glossa's modal dialogs, on extension pages and inside the page's closed shadow
// roots: focus is read from the dialog's own root, since a shadow root hides it from the document.

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The controls inside `container` that Tab reaches, in document order. */
export function focusableIn(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * On Tab or Shift+Tab, moves focus to the next or previous control inside `container`, wrapping
 * at either end, so keyboard users do not fall out into what lies behind. `root` is where the
 * focused element is read (the container's document or shadow root by default).
 */
export function keepTabInside(event: KeyboardEvent, container: HTMLElement, root: Document | ShadowRoot = container.getRootNode() as Document | ShadowRoot): void {
  if (event.key !== 'Tab') return;
  const controls = focusableIn(container);
  if (controls.length === 0) return;
  const index = controls.indexOf(root.activeElement as HTMLElement);
  const next = event.shiftKey
    ? (index <= 0 ? controls[controls.length - 1] : controls[index - 1])
    : (index === -1 || index === controls.length - 1 ? controls[0] : controls[index + 1]);
  event.preventDefault();
  next.focus();
}
