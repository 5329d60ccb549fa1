// Glossa's popover and dialogs move focus inside themselves after asynchronous steps (a form frame
// that loaded, a form that closed). By then the reader may have moved on to a field of the page,
// and taking focus back would send their typing, or the next shortcut, to the wrong place.

/** Focuses `el` only while focus is still with it: inside its shadow root's host (a frame in it included), inside it, or nowhere. */
export function focusIfStillHere(el: HTMLElement | null | undefined): void {
  if (!el?.isConnected) return;
  const doc = el.ownerDocument;
  const root = el.getRootNode();
  const host = root.nodeType === 11 ? (root as ShadowRoot).host : undefined;
  const active = doc.activeElement;
  const nowhere = !active || active === doc.body || active === doc.documentElement;
  if (nowhere || (host ? active === host : el.contains(active))) el.focus();
}
