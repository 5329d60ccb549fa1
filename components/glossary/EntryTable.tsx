// The entries of a dictionary as an editable table that stays smooth at 200,000 rows: only the
// rows in view (plus a few) exist in the DOM (@tanstack/virtual-core), every row has the same
// height so nothing is measured while scrolling.
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'preact/hooks';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';
import { t } from '../../utils/shared/i18n';
import type { EditorRow } from '../../utils/glossary/diff';
import { EntryRow, type RowActions } from './EntryRow';

export const ROW_HEIGHT = 40;

interface Props {
  rows: readonly EditorRow[];
  /** Changes whenever `rows` changed in place, so the table re-renders. */
  version: number;
  /** Row numbers to show (a search); all rows when null. */
  indices: readonly number[] | null;
  label: string;
  onChange: (rowIndex: number, field: 'source' | 'target', value: string) => void;
  onDelete: (rowIndex: number) => void;
  /** Scrolls to this position in the shown rows when `nonce` changes (and focuses a cell). */
  scrollTo?: { position: number; nonce: number; focus?: 'source' | 'target' };
  heightPx?: number;
  /** Shown but not editable (while a draft waits for "continue or discard"). */
  readOnly?: boolean;
}

type Rect = { width: number; height: number };

// Without layout (a hidden tab, a test DOM) the element reports 0×0: keep the initial size so
// the first rows still render instead of none.
function observeRectOrInitial(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : instance.options.initialRect ?? rect));
}

export function EntryTable({ rows, version, indices, label, onChange, onDelete, scrollTo, heightPx = 480, readOnly = false }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const count = indices ? indices.length : rows.length;
  const options = {
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    scrollToFn: elementScroll,
    observeElementRect: observeRectOrInitial,
    observeElementOffset,
    initialRect: { width: 800, height: heightPx },
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
    if (field) focusWhenRendered(scrollTo.position, field, 10);
  }, [scrollTo?.nonce]);

  // Arrow up/down move between rows in the same column, scrolling rows into existence first:
  // Tab alone cannot reach rows the virtualiser has not rendered.
  // A key held down or pressed quickly fires before the previous row has rendered: moves
  // start from the row focus is heading to, not from the row that still has it.
  const pendingFocus = useRef<number | null>(null);
  function focusWhenRendered(position: number, field: 'source' | 'target', tries: number) {
    pendingFocus.current = position;
    const attempt = (left: number) => {
      if (pendingFocus.current !== position) return;
      const target = scrollRef.current?.querySelector<HTMLInputElement>(`input[data-position="${position}"][data-field="${field}"]`);
      if (target) {
        pendingFocus.current = null;
        target.focus();
      } else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
      else pendingFocus.current = null;
    };
    attempt(tries);
  }
  const moveFocus = (event: KeyboardEvent, position: number, field: 'source' | 'target') => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const from = pendingFocus.current ?? position;
    const next = from + (event.key === 'ArrowDown' ? 1 : -1);
    event.preventDefault();
    if (next < 0 || next >= count) return;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusWhenRendered(next, field, 10);
  };

  // Rows get one unchanging actions object that calls the current handlers.
  const latest = useRef({ onChange, onDelete, moveFocus });
  latest.current = { onChange, onDelete, moveFocus };
  const actions = useMemo<RowActions>(() => ({
    change: (rowIndex, field, value) => latest.current.onChange(rowIndex, field, value),
    remove: (rowIndex) => latest.current.onDelete(rowIndex),
    key: (event, position, field) => latest.current.moveFocus(event, position, field),
  }), []);

  const items = virtualizer.getVirtualItems();
  return (
    <div class="glossa-gl-table" role="table" aria-label={label} aria-rowcount={count + 1} data-version={version}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} class="glossa-gl-row glossa-gl-head">
          <span role="columnheader">{t('glossaryColumnNumber')}</span>
          <span role="columnheader">{t('glossaryColumnSource')}</span>
          <span role="columnheader">{t('glossaryColumnTarget')}</span>
          <span role="columnheader"><span class="glossa-gl-visually-hidden">{t('glossaryColumnActions')}</span></span>
        </div>
      </div>
      <div ref={scrollRef} class="glossa-gl-scroll" style={{ height: `${heightPx}px` }}>
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
                actions={actions}
              />
            ) : null;
          })}
        </div>
      </div>
    </div>
  );
}
