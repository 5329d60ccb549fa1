// Editable rows kept in one mutable array (200,000 rows are not copied on every key press);
// `version` tells components to re-render, `structure` changes only when rows are added or
// removed, so a search or a sort does not move the row being typed into.
import { useMemo, useRef, useState } from 'preact/hooks';
import type { EditorRow, Phrase } from '../../utils/glossary/diff';

type SortField = 'source' | 'target';
export interface RowSort {
  field: SortField;
  ascending: boolean;
}

interface RowEditor {
  rows: EditorRow[];
  version: number;
  query: string;
  setQuery(query: string): void;
  sort: RowSort | null;
  setSort(sort: RowSort | null): void;
  /** Row numbers shown, in order (a search, a sort); null when every row shows in its own order. */
  indices: number[] | null;
  replaceAll(phrases: readonly Phrase[]): void;
  edit(rowIndex: number, field: 'source' | 'target', value: string): void;
  remove(rowIndex: number): void;
  /** Removes every row whose id is in `ids`; returns how many went. */
  removeIds(ids: ReadonlySet<number>): number;
  /** Puts removed rows back where they were (Undo); `index` is each row's place before removal. */
  restore(removed: readonly { index: number; row: EditorRow }[]): void;
  /** Adds an empty row at the top (where the user is looking) and returns its index. */
  add(): number;
  /** Imported entries: a known source takes the new target, others are added at the top. */
  merge(phrases: readonly Phrase[]): { added: number; changed: number };
}

function matchingRows(rows: readonly Phrase[], query: string): number[] {
  const needle = query.toLocaleLowerCase();
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.source.toLocaleLowerCase().includes(needle) || row.target.toLocaleLowerCase().includes(needle)) out.push(i);
  }
  return out;
}

/** Row numbers in the order of `field`, by the UI language's collation; ties keep their order. */
function sortRows(rows: readonly Phrase[], among: readonly number[] | null, sort: RowSort, locale?: string): number[] {
  const order = among ? [...among] : Array.from({ length: rows.length }, (_, i) => i);
  const compare = new Intl.Collator(locale, { sensitivity: 'base', numeric: true }).compare;
  const direction = sort.ascending ? 1 : -1;
  order.sort((a, b) => direction * compare(rows[a][sort.field], rows[b][sort.field]) || a - b);
  return order;
}

export function useRowEditor(initial: readonly Phrase[] = [], onChange?: () => void): RowEditor {
  const nextId = useRef(0);
  const toRow = (p: Phrase): EditorRow => ({ id: nextId.current++, source: p.source, target: p.target });
  const rowsRef = useRef<EditorRow[] | null>(null);
  rowsRef.current ??= initial.map(toRow);
  const [version, setVersion] = useState(0);
  const [structure, setStructure] = useState(0);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<RowSort | null>(null);

  const indices = useMemo(() => {
    const matching = query.trim() ? matchingRows(rowsRef.current!, query.trim()) : null;
    return sort ? sortRows(rowsRef.current!, matching, sort) : matching;
  }, [query, sort, structure]);

  const changed = (structural: boolean) => {
    setVersion((v) => v + 1);
    if (structural) setStructure((s) => s + 1);
    onChange?.();
  };

  return {
    // A getter: callbacks made in an earlier render still see the rows after replaceAll.
    get rows() {
      return rowsRef.current!;
    },
    version,
    query,
    setQuery,
    sort,
    setSort,
    indices,
    replaceAll(phrases) {
      rowsRef.current = phrases.map(toRow);
      setVersion((v) => v + 1);
      setStructure((s) => s + 1);
    },
    edit(rowIndex, field, value) {
      const rows = rowsRef.current!;
      const row = rows[rowIndex];
      if (!row || row[field] === value) return;
      rows[rowIndex] = { ...row, [field]: value };
      changed(false);
    },
    remove(rowIndex) {
      const rows = rowsRef.current!;
      if (rowIndex < 0 || rowIndex >= rows.length) return;
      rows.splice(rowIndex, 1);
      changed(true);
    },
    removeIds(ids) {
      const rows = rowsRef.current!;
      const kept = rows.filter((row) => !ids.has(row.id));
      const removed = rows.length - kept.length;
      if (removed === 0) return 0;
      rowsRef.current = kept;
      changed(true);
      return removed;
    },
    restore(removed) {
      if (removed.length === 0) return;
      const rows = [...rowsRef.current!];
      for (const { index, row } of [...removed].sort((a, b) => a.index - b.index)) rows.splice(Math.min(index, rows.length), 0, row);
      rowsRef.current = rows;
      changed(true);
    },
    merge(phrases) {
      const rows = rowsRef.current!;
      const at = new Map(rows.map((row, i) => [row.source, i]));
      const fresh: EditorRow[] = [];
      let changedCount = 0;
      for (const phrase of phrases) {
        const i = at.get(phrase.source);
        if (i === undefined) {
          at.set(phrase.source, -1);
          fresh.push(toRow(phrase));
        } else if (i >= 0 && rows[i].target !== phrase.target) {
          rows[i] = { ...rows[i], target: phrase.target };
          changedCount++;
        }
      }
      if (fresh.length === 0 && changedCount === 0) return { added: 0, changed: 0 };
      rowsRef.current = [...fresh, ...rows];
      changed(true);
      return { added: fresh.length, changed: changedCount };
    },
    add() {
      rowsRef.current!.unshift({ id: nextId.current++, source: '', target: '' });
      // A search or a sort would hide or move the new empty row: clear them so it shows on top.
      setQuery('');
      setSort(null);
      changed(true);
      return 0;
    },
  };
}
