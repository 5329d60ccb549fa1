/** The innermost element the browser shows as hovered (it follows a resting mouse through loads and scrolls). */
export function hoveredElement(doc: Document): Element | undefined {
  return [...doc.querySelectorAll(':hover')].at(-1);
}
