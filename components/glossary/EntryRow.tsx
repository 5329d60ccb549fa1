// One row of the entry table. Scrolling re-renders the table on every frame, but a row that
// is still in view has the same props: skipping it keeps each frame's work to the new rows.
import { Component } from 'preact';
import { t } from '../../utils/shared/i18n';
import { checkPhrase } from '../../utils/glossary/entries';
import type { EditorRow } from '../../utils/glossary/diff';

export interface RowActions {
  change(rowIndex: number, field: 'source' | 'target', value: string): void;
  remove(rowIndex: number): void;
  key(event: KeyboardEvent, position: number, field: 'source' | 'target'): void;
}

interface Props {
  row: EditorRow;
  /** Index in the whole dictionary (the row number shown is this + 1). */
  rowIndex: number;
  /** Index among the rows shown (a search shows fewer). */
  position: number;
  start: number;
  height: number;
  readOnly: boolean;
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
      || next.start !== p.start || next.readOnly !== p.readOnly || next.height !== p.height;
  }

  override render({ row, rowIndex, position, start, height, readOnly, actions }: Props) {
    const n = String(rowIndex + 1);
    const bad = {
      source: row.source !== '' && checkPhrase(row.source, 'source', 0) !== undefined,
      target: row.target !== '' && checkPhrase(row.target, 'target', 0) !== undefined,
    };
    return (
      <div role="row" aria-rowindex={position + 2} class="glossa-gl-row" style={{ transform: `translateY(${start}px)`, height: `${height}px` }}>
        <span role="cell" class="glossa-gl-num">{n}</span>
        {PHRASE_FIELDS.map(({ field, label }) => (
          <span role="cell" key={field}>
            <input
              type="text"
              value={row[field]}
              readOnly={readOnly}
              data-position={position}
              data-field={field}
              aria-label={t(label, n)}
              aria-invalid={bad[field] ? 'true' : undefined}
              onKeyDown={(e) => actions.key(e, position, field)}
              onInput={(e) => actions.change(rowIndex, field, e.currentTarget.value)}
            />
          </span>
        ))}
        <span role="cell">
          <button type="button" aria-label={t('glossaryDeleteRowN', n)} disabled={readOnly} onClick={() => actions.remove(rowIndex)}>
            {t('glossaryDeleteRow')}
          </button>
        </span>
      </div>
    );
  }
}
