// One row of the entry grid. Scrolling re-renders the grid on every frame, but a row that is
// still in view has the same props: skipping it keeps each frame's work to the new rows.
import { Component } from 'preact';
import { t } from '../../utils/shared/i18n';
import { checkPhrase } from '../../utils/glossary/entries';
import type { EditorRow } from '../../utils/glossary/diff';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextInput } from '../ui/TextInput';

export type PhraseField = 'source' | 'target';

/** The id of the line under the grid that explains the focused cell's problem. */
export const CELL_PROBLEM_ID = 'glossa-gl-cell-problem';

export interface RowActions {
  change(rowIndex: number, field: PhraseField, value: string): void;
  remove(rowIndex: number): void;
  select(rowId: number, selected: boolean): void;
  key(event: KeyboardEvent, position: number, rowIndex: number, field: PhraseField): void;
  focus(event: FocusEvent, position: number, rowIndex: number, field: PhraseField): void;
  pointer(position: number, field: PhraseField): void;
}

interface Props {
  row: EditorRow;
  /** Index in the whole dictionary (the row number shown is this + 1). */
  rowIndex: number;
  /** Index among the rows shown (a search shows fewer, a sort reorders them). */
  position: number;
  start: number;
  height: number;
  readOnly: boolean;
  selectable: boolean;
  selected: boolean;
  /** The same object on every render, so it never makes a row re-render. */
  actions: RowActions;
}

/** The two editable cells of a row, in column order. */
const PHRASE_FIELDS = [
  { field: 'source', label: 'glossarySourceOfRow' },
  { field: 'target', label: 'glossaryTargetOfRow' },
] as const;

export class EntryRow extends Component<Props> {
  override shouldComponentUpdate(next: Props): boolean {
    const p = this.props;
    return next.row !== p.row || next.rowIndex !== p.rowIndex || next.position !== p.position
      || next.start !== p.start || next.readOnly !== p.readOnly || next.height !== p.height || next.selected !== p.selected || next.selectable !== p.selectable;
  }

  override render({ row, rowIndex, position, start, height, readOnly, selectable, selected, actions }: Props) {
    const n = String(rowIndex + 1);
    const bad = {
      source: row.source !== '' && checkPhrase(row.source, 'source', 0) !== undefined,
      target: row.target !== '' && checkPhrase(row.target, 'target', 0) !== undefined,
    };
    return (
      <div
        role="row"
        aria-rowindex={position + 2}
        class={selected ? 'glossa-gl-row glossa-gl-selected' : 'glossa-gl-row'}
        style={{ transform: `translateY(${start}px)`, height: `${height}px` }}
      >
        {selectable && (
          <span role="cell" class="glossa-gl-select">
            <Checkbox
              checked={selected}
              disabled={readOnly}
              aria-label={t('glossarySelectRow', n)}
              onChange={(e) => actions.select(row.id, e.currentTarget.checked)}
            />
          </span>
        )}
        <span role="cell" class="glossa-gl-num">{n}</span>
        {PHRASE_FIELDS.map(({ field, label }) => (
          <span role="cell" key={field} class="glossa-gl-cell">
            <TextInput
              value={row[field]}
              readOnly={readOnly}
              data-position={position}
              data-field={field}
              aria-label={t(label, n)}
              aria-invalid={bad[field] ? 'true' : undefined}
              aria-describedby={bad[field] ? CELL_PROBLEM_ID : undefined}
              onFocus={(e) => actions.focus(e, position, rowIndex, field)}
              onPointerDown={() => actions.pointer(position, field)}
              onKeyDown={(e) => actions.key(e, position, rowIndex, field)}
              onInput={(e) => actions.change(rowIndex, field, e.currentTarget.value)}
            />
          </span>
        ))}
        <span role="cell" class="glossa-gl-row-action">
          <Button
            kind="quiet"
            class="glossa-gl-icon"
            title={t('glossaryDeleteRowN', n)}
            aria-label={t('glossaryDeleteRowN', n)}
            disabled={readOnly}
            onClick={() => actions.remove(rowIndex)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
            </svg>
          </Button>
        </span>
      </div>
    );
  }
}
