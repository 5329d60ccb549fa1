// The entries of a dictionary as a data grid that stays smooth at 200,000 rows: only the rows in
// view (plus a few) exist in the DOM (@tanstack/virtual-core), every row has the same height so
// nothing is measured while scrolling. Keyboard: a focused cell is selected; arrows move between
// cells, Enter (or typing) edits, Enter keeps the edit, Escape puts the value back.
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';
import { t } from '../../utils/shared/i18n';
import type { EditorRow } from '../../utils/glossary/diff';
import { checkPhrase } from '../../utils/glossary/entries';
import { describeProblem } from '../../utils/glossary/problem-text';
import { CELL_PROBLEM_ID, EntryRow, type PhraseField, type RowActions } from './EntryRow';
import type { RowSort } from './use-row-editor';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';

const ROW_HEIGHT = 40;
const NONE: ReadonlySet<number> = new Set();

interface Props {
  rows: readonly EditorRow[];
  /** Changes whenever `rows` changed in place, so the table re-renders. */
  version: number;
  /** Row numbers to show, in order (a search, a sort); all rows when null. */
  indices: readonly number[] | null;
  label: string;
  onChange: (rowIndex: number, field: PhraseField, value: string) => void;
  onDelete: (rowIndex: number) => void;
  sort?: RowSort | null;
  onSort?: (sort: RowSort | null) => void;
  /** Ids of the selected rows; rows can be selected only when `onSelect` is given. */
  selected?: ReadonlySet<number>;
  onSelect?: (ids: readonly number[], selected: boolean) => void;
  /** Scrolls to this position in the shown rows when `nonce` changes (and focuses a cell). */
  scrollTo?: { position: number; nonce: number; focus?: PhraseField };
  heightPx?: number;
  /** Shown but not editable (while a draft waits for "continue or discard"). */
  readOnly?: boolean;
}

type Rect = { width: number; height: number };

/** The cell that has focus: whether it is being edited, and its value before the edit. */
interface ActiveCell {
  position: number;
  rowIndex: number;
  field: PhraseField;
  editing: boolean;
  original: string;
}

// Without layout (a hidden tab, a test DOM) the element reports 0×0: keep the initial size so
// the first rows still render instead of none.
function observeRectOrInitial(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : instance.options.initialRect ?? rect));
}

/** The problem of one cell in words, or '' (an empty new cell is not a problem yet). */
function cellProblem(rows: readonly EditorRow[], rowIndex: number, field: PhraseField): string {
  const value = rows[rowIndex]?.[field] ?? '';
  if (value === '') return '';
  const problem = checkPhrase(value, field, rowIndex + 1);
  if (problem) return describeProblem(problem, 'row');
  if (field === 'source' && rows.some((row, i) => i !== rowIndex && row.source === value)) {
    return describeProblem({ line: rowIndex + 1, code: 'duplicate-source', side: 'source', message: '' }, 'row');
  }
  return '';
}

export function EntryTable(props: Props) {
  const { rows, version, indices, label, sort = null, onSort, selected = NONE, onSelect, scrollTo, heightPx = 480, readOnly = false } = props;
  const selectable = Boolean(onSelect);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [problem, setProblem] = useState('');
  const count = indices ? indices.length : rows.length;
  // Few rows get a short grid instead of a tall empty box.
  const height = Math.max(ROW_HEIGHT * 3, Math.min(heightPx, count * ROW_HEIGHT + 2));
  const options = {
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    scrollToFn: elementScroll,
    observeElementRect: observeRectOrInitial,
    observeElementOffset,
    initialRect: { width: 800, height },
    // No getItemKey: a new function each render would make the virtualizer re-measure all
    // 200,000 rows on every frame. Rows are keyed by their id in the markup instead.
    onChange: () => rerender(undefined),
  };
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  virtualizerRef.current ??= new Virtualizer<HTMLDivElement, Element>(options);
  const virtualizer = virtualizerRef.current;
  virtualizer.setOptions(options);

  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => {
    virtualizer._willUpdate();
  });
  useEffect(() => {
    if (!scrollTo || scrollTo.position < 0 || scrollTo.position >= count) return;
    virtualizer.scrollToIndex(scrollTo.position, { align: 'center' });
    const field = scrollTo.focus;
    if (field) focusWhenRendered(scrollTo.position, field, 10, true);
  }, [scrollTo?.nonce]);

  const active = useRef<ActiveCell | null>(null);
  const inputAt = (position: number, field: PhraseField) =>
    scrollRef.current?.querySelector<HTMLInputElement>(`input[data-position="${position}"][data-field="${field}"]`) ?? null;
  const setEditing = (input: HTMLInputElement, cell: ActiveCell, editing: boolean) => {
    cell.editing = editing;
    input.dataset.editing = String(editing);
  };

  // Tab alone cannot reach rows the virtualiser has not rendered, so moves scroll first. A key
  // held down fires before the previous row rendered: moves start from where focus is heading.
  const pendingFocus = useRef<number | null>(null);
  const pendingEdit = useRef(false);
  function focusWhenRendered(position: number, field: PhraseField, tries: number, edit = false) {
    pendingFocus.current = position;
    pendingEdit.current = edit;
    const attempt = (left: number) => {
      if (pendingFocus.current !== position) return;
      const target = inputAt(position, field);
      if (target) {
        pendingFocus.current = null;
        target.focus();
      } else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
      else pendingFocus.current = null;
    };
    attempt(tries);
  }

  const move = (from: number, field: PhraseField, rows: number, columns: number) => {
    const nextField: PhraseField = columns === 0 ? field : field === 'source' ? 'target' : 'source';
    if (columns !== 0 && (field === 'source') !== (columns > 0)) return;
    const next = from + rows;
    if (next < 0 || next >= count) return;
    if (rows !== 0) virtualizer.scrollToIndex(next, { align: 'auto' });
    focusWhenRendered(next, nextField, 10);
  };

  const showProblem = (rowIndex: number, field: PhraseField) => setProblem(cellProblem(props.rows, rowIndex, field));

  const onKey = (event: KeyboardEvent, position: number, rowIndex: number, field: PhraseField) => {
    const input = event.currentTarget as HTMLInputElement;
    const cell = active.current?.position === position && active.current.field === field ? active.current : null;
    if (!cell || readOnly) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        move(pendingFocus.current ?? position, field, event.key === 'ArrowDown' ? 1 : -1, 0);
      }
      return;
    }
    // Left and right follow the reading direction: in Arabic the source column is on the right.
    const rtl = getComputedStyle(input).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === 'Escape' && cell.editing) {
      event.preventDefault();
      event.stopPropagation();
      if (input.value !== cell.original) {
        input.value = cell.original;
        props.onChange(rowIndex, field, cell.original);
      }
      setEditing(input, cell, false);
      input.select();
      showProblem(rowIndex, field);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      if (cell.editing) {
        cell.original = input.value;
        setEditing(input, cell, false);
        input.select();
      } else {
        setEditing(input, cell, true);
        input.setSelectionRange(input.value.length, input.value.length);
      }
      showProblem(rowIndex, field);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(pendingFocus.current ?? position, field, event.key === 'ArrowDown' ? 1 : -1, 0);
    } else if (!cell.editing && (event.key === forward || event.key === backward)) {
      event.preventDefault();
      move(position, field, 0, event.key === forward ? 1 : -1);
    }
  };

  const onFocus = (event: FocusEvent, position: number, rowIndex: number, field: PhraseField) => {
    const input = event.currentTarget as HTMLInputElement;
    const edit = pendingEdit.current || input.dataset.pointer === 'true';
    pendingEdit.current = false;
    delete input.dataset.pointer;
    const cell: ActiveCell = { position, rowIndex, field, editing: edit, original: input.value };
    active.current = cell;
    setEditing(input, cell, edit);
    if (!edit && !readOnly) input.select();
    showProblem(rowIndex, field);
  };

  const onPointer = (position: number, field: PhraseField) => {
    // A click places the caret: that is editing, not selecting the cell.
    const input = inputAt(position, field);
    if (!input) return;
    if (document.activeElement === input && active.current) setEditing(input, active.current, true);
    else input.dataset.pointer = 'true';
  };

  const onChange = (rowIndex: number, field: PhraseField, value: string) => {
    const cell = active.current;
    const input = cell ? inputAt(cell.position, cell.field) : null;
    // Typing into a selected cell starts editing it.
    if (cell && input && !cell.editing) setEditing(input, cell, true);
    props.onChange(rowIndex, field, value);
    if (cell?.rowIndex === rowIndex && cell.field === field) showProblem(rowIndex, field);
  };

  // Rows get one unchanging actions object that calls the current handlers.
  const latest = useRef({ onChange, onDelete: props.onDelete, onSelect, onKey, onFocus, onPointer });
  latest.current = { onChange, onDelete: props.onDelete, onSelect, onKey, onFocus, onPointer };
  const actions = useMemo<RowActions>(() => ({
    change: (rowIndex, field, value) => latest.current.onChange(rowIndex, field, value),
    remove: (rowIndex) => latest.current.onDelete(rowIndex),
    select: (rowId, on) => latest.current.onSelect?.([rowId], on),
    key: (event, position, rowIndex, field) => latest.current.onKey(event, position, rowIndex, field),
    focus: (event, position, rowIndex, field) => latest.current.onFocus(event, position, rowIndex, field),
    pointer: (position, field) => latest.current.onPointer(position, field),
  }), []);

  const shownIds = () => (indices ? indices.map((i) => rows[i].id) : rows.map((row) => row.id));
  const allSelected = count > 0 && selected.size >= count && shownIds().every((id) => selected.has(id));

  const sortHeader = (field: PhraseField, text: string) => {
    if (!onSort) return <span role="columnheader">{text}</span>;
    const current = sort?.field === field ? sort : null;
    const next: RowSort | null = !current ? { field, ascending: true } : current.ascending ? { field, ascending: false } : null;
    return (
      <span role="columnheader" aria-sort={current ? (current.ascending ? 'ascending' : 'descending') : 'none'}>
        <Button kind="quiet" class="glossa-gl-sort" onClick={() => onSort(next)}>
          {text}
          <span aria-hidden="true" class="glossa-gl-sort-mark">{current ? (current.ascending ? '▲' : '▼') : '↕'}</span>
        </Button>
      </span>
    );
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div class="glossa-gl-grid">
      <div class={selectable ? 'glossa-gl-table glossa-gl-selectable' : 'glossa-gl-table'} role="table" aria-label={label} aria-rowcount={count + 1} data-version={version}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} class="glossa-gl-row glossa-gl-head">
            {selectable && (
              <span role="columnheader" class="glossa-gl-select">
                <Checkbox
                  checked={allSelected}
                  disabled={readOnly || count === 0}
                  aria-label={t('glossarySelectAllShown')}
                  onChange={(e) => onSelect?.(shownIds(), e.currentTarget.checked)}
                />
              </span>
            )}
            <span role="columnheader" class="glossa-gl-num">{t('glossaryColumnNumber')}</span>
            {sortHeader('source', t('glossaryColumnSource'))}
            {sortHeader('target', t('glossaryColumnTarget'))}
            <span role="columnheader"><span class="g-visually-hidden">{t('glossaryColumnActions')}</span></span>
          </div>
        </div>
        <div ref={scrollRef} class="glossa-gl-scroll" style={{ height: `${height}px` }}>
          <div role="rowgroup" style={{ height: `${virtualizer.getTotalSize()}px`, position: 'relative' }}>
            {items.map((item) => {
              const rowIndex = indices ? indices[item.index] : item.index;
              const row = rows[rowIndex];
              return row ? (
                <EntryRow
                  key={row.id}
                  row={row}
                  rowIndex={rowIndex}
                  position={item.index}
                  start={item.start}
                  height={ROW_HEIGHT}
                  readOnly={readOnly}
                  selectable={selectable}
                  selected={selected.has(row.id)}
                  actions={actions}
                />
              ) : null;
            })}
          </div>
        </div>
      </div>
      <p id={CELL_PROBLEM_ID} class={problem ? 'g-field-error' : 'glossa-gl-cell-hint'} aria-live="polite">
        {problem || t('glossaryGridKeys')}
      </p>
    </div>
  );
}
