// Editable rows kept in one mutable array (200,000 rows are not copied on every key press);
// `version` tells components to re-render, `structure` changes only when rows are added or
// removed, so a search result does not lose the row being typed into.
import { useMemo, useRef, useState } from 'preact/hooks';
import type { EditorRow, Phrase } from '../../utils/glossary/diff';

export interface RowEditor {
  rows: EditorRow[];
  version: number;
  query: string;
  setQuery(query: string): void;
  /** Row numbers matching the search, or null when not searching. */
  indices: number[] | null;
  replaceAll(phrases: readonly Phrase[]): void;
  edit(rowIndex: number, field: 'source' | 'target', value: string): void;
  remove(rowIndex: number): void;
  /** Adds an empty row at the top (where the user is looking) and returns its index. */
  add(): number;
}

export function matchingRows(rows: readonly Phrase[], query: string): number[] {
  const needle = query.toLocaleLowerCase();
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.source.toLocaleLowerCase().includes(needle) || row.target.toLocaleLowerCase().includes(needle)) out.push(i);
  }
  return out;
}

export function useRowEditor(initial: readonly Phrase[] = [], onChange?: () => void): RowEditor {
  const nextId = useRef(0);
  const toRow = (p: Phrase): EditorRow => ({ id: nextId.current++, source: p.source, target: p.target });
  const rowsRef = useRef<EditorRow[] | null>(null);
  rowsRef.current ??= initial.map(toRow);
  const [version, setVersion] = useState(0);
  const [structure, setStructure] = useState(0);
  const [query, setQuery] = useState('');

  const indices = useMemo(() => (query.trim() ? matchingRows(rowsRef.current!, query.trim()) : null), [query, structure]);

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
    add() {
      rowsRef.current!.unshift({ id: nextId.current++, source: '', target: '' });
      // A search would hide the new empty row: clear it so the user sees what they added.
      setQuery('');
      changed(true);
      return 0;
    },
  };
}
