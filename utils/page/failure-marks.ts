// Failed blocks keep their text and get a wavy underline through the CSS Custom Highlight API,
// which marks text without touching the page's DOM.
import type { Unit } from './units';

const FAILED_HIGHLIGHT = 'glossa-failed';
const STYLE_ID = 'glossa-style';

export function createFailureMarks(doc: Document, own: WeakSet<Node>, ownWrite: (write: () => void) => void) {
  const win = doc.defaultView as unknown as { CSS?: { highlights?: Map<string, unknown> }; Highlight?: new () => Set<Range> } | null;
  const highlights = win?.CSS?.highlights;
  const HighlightCtor = win?.Highlight;
  const ranges = new Map<Unit, Range>();
  let highlight: Set<Range> | undefined;

  function installStyle(): void {
    if (doc.getElementById(STYLE_ID)) return;
    const style = doc.createElement('style');
    style.id = STYLE_ID;
    own.add(style);
    style.textContent = `::highlight(${FAILED_HIGHLIGHT}){text-decoration:underline wavy rgba(200,60,40,.8);text-decoration-skip-ink:none;}`;
    ownWrite(() => (doc.head ?? doc.documentElement).appendChild(style));
  }

  return {
    mark(unit: Unit): void {
      if (unit.kind !== 'html' || !highlights || !HighlightCtor) return;
      installStyle();
      if (!highlight) {
        highlight = new HighlightCtor();
        highlights.set(FAILED_HIGHLIGHT, highlight);
      }
      const { nodes } = unit.block;
      const range = doc.createRange();
      try {
        range.setStartBefore(nodes[0]);
        range.setEndAfter(nodes[nodes.length - 1]);
        highlight.add(range);
        ranges.set(unit, range);
      } catch {
        // Nodes already gone: nothing to mark.
      }
    },

    clear(unit: Unit): void {
      const range = ranges.get(unit);
      if (!range) return;
      highlight?.delete(range);
      ranges.delete(unit);
    },

    removeAll(): void {
      if (highlight) highlights?.delete(FAILED_HIGHLIGHT);
      ranges.clear();
      doc.getElementById(STYLE_ID)?.remove();
    },
  };
}
