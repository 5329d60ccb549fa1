// Puts back what write-back.ts changed in a block and the attributes page-marks.ts set. Needed
// only when a translated block is undone (Show original, or the page changing a translated block), so it comes with the
// engine's extras (extras.ts), not with the script every translated page loads.
import { fingerprint } from './fingerprint';
import { eachOf, holdsItem, withoutItem } from './one-or-list';
import type { Mark, MarkRecords } from './page-marks';
import { forEachWritten, placeInOrder, type ChildEdit, type WriteRecord } from './write-back';

/**
 * Puts back what `applyTranslation` changed. Text the page has rewritten since keeps the page's
 * value, and nodes the page has moved elsewhere are left where the page put them. Nodes the
 * page added or moved inside a reordered container (`edits`) go where the page meant them in
 * the source order: in the place of the node they replaced (a framework swapping a placeholder
 * comment for an element), else before the sibling the page put them before, else after the one
 * it put them after.
 */
export function undoWrite(record: WriteRecord, edits: readonly ChildEdit[] = []): void {
  for (const node of record.created ?? []) node.parentNode?.removeChild(node);
  // Text the page has rewritten since keeps the page's value.
  forEachWritten(record, (node, source, written) => {
    if (node.data !== source && fingerprint(node.data) === written) node.data = source;
  });
  const placedByPage = new Set<Node>();
  for (const edit of edits) for (const node of edit.added) placedByPage.add(node);
  for (const { parent, nodes } of record.orders ?? []) {
    const present = nodes.filter((n) => n.parentNode === parent && !placedByPage.has(n));
    if (present.length) placeInOrder(parent, present, present[0]);
  }
  edits.forEach((edit, index) => {
    const group = record.orders?.find((o) => o.parent === edit.parent);
    if (!group) return; // not reordered: the page's own placement is right as it is
    for (const node of edit.added) {
      if (node.parentNode !== edit.parent) continue;
      const replaced = replacedBy(edits, index, edit, group.nodes);
      const before = replaced ? sourceSuccessor(group.nodes, replaced, edit.parent, node)
        : edit.next && edit.next.parentNode === edit.parent ? edit.next
          : edit.previous && edit.previous.parentNode === edit.parent ? edit.previous.nextSibling
            : undefined;
      if (before !== undefined && before !== node) edit.parent.insertBefore(node, before);
    }
  });
}

/** A node of the source order that the page removed just before adding at the same place. */
function replacedBy(edits: readonly ChildEdit[], index: number, edit: ChildEdit, source: readonly Node[]): Node | undefined {
  for (let i = index; i >= 0; i--) {
    const earlier = edits[i];
    if (earlier.parent !== edit.parent || earlier.next !== edit.next) continue;
    const gone = earlier.removed.find((n) => n.parentNode !== edit.parent && source.includes(n));
    if (gone) return gone;
  }
  return undefined;
}

/** The first node after `gone` in the source order that is still in `parent` (null: the end of the run). */
function sourceSuccessor(source: readonly Node[], gone: Node, parent: Node, moving: Node): Node | null {
  for (let i = source.indexOf(gone) + 1; i < source.length; i++) {
    if (source[i] !== moving && source[i].parentNode === parent) return source[i];
  }
  for (let i = source.indexOf(gone) - 1; i >= 0; i--) {
    if (source[i] !== moving && source[i].parentNode === parent) return source[i].nextSibling;
  }
  return null;
}

/** Puts a mark's original back (page-marks.ts), unless the page has set a value of its own since. */
function unset(records: MarkRecords, mark: Mark): void {
  const { el, name } = mark;
  const held = records.byElement.get(el);
  if (!holdsItem(held, mark)) return;
  const rest = withoutItem(held, mark);
  if (rest) records.byElement.set(el, rest);
  else records.byElement.delete(el);
  if (el.getAttribute(name) !== mark.written || mark.original === mark.written) return;
  if (mark.original === null) el.removeAttribute(name);
  else el.setAttribute(name, mark.original);
}

/** Takes out the marks only `owner` held (a unit the page changed). */
export function releaseMarks(records: MarkRecords, owner: object): void {
  const held = records.owned.get(owner);
  if (!held) return;
  records.owned.delete(owner);
  eachOf(held, (mark) => {
    mark.owners = withoutItem(mark.owners, owner);
    if (!mark.owners) unset(records, mark);
  });
}

/** Puts back every attribute Glossa set. */
export function restoreMarks(records: MarkRecords): void {
  // Gathered first: unset changes the map it would be walking.
  const all: Mark[] = [];
  for (const held of records.byElement.values()) eachOf(held, (mark) => all.push(mark));
  for (const mark of all) unset(records, mark);
  records.owned.clear();
}
