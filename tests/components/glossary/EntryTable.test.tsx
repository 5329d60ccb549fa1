// The entry grid on its own: keyboard use (arrows, Enter, Escape), validation at the cell,
// sorting, multi-select, with the row editor the dictionary editor uses.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { EntryTable } from '../../../components/glossary/EntryTable';
import { useRowEditor } from '../../../components/glossary/use-row-editor';
import type { Phrase } from '../../../utils/glossary/diff';

afterEach(() => cleanup());

let latestRows: Phrase[] = [];

function Harness({ initial }: { initial: Phrase[] }) {
  const editor = useRowEditor(initial);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  latestRows = editor.rows;
  return (
    <>
      <button type="button" onClick={() => { editor.removeIds(selected); setSelected(new Set()); }}>Delete selected</button>
      <EntryTable
        rows={editor.rows}
        version={editor.version}
        indices={editor.indices}
        label="Entries"
        onChange={editor.edit}
        onDelete={editor.remove}
        sort={editor.sort}
        onSort={editor.setSort}
        selected={selected}
        onSelect={(ids, on) => {
          const next = new Set(selected);
          for (const id of ids) if (on) next.add(id); else next.delete(id);
          setSelected(next);
        }}
      />
    </>
  );
}

const seed: Phrase[] = [
  { source: 'car', target: 'Auto' },
  { source: 'house', target: 'Haus' },
  { source: 'apple', target: 'Apfel' },
];
const cell = (side: 'Source' | 'Target', row: number) => screen.getByLabelText(`${side} phrase, row ${row}`) as HTMLInputElement;
const key = (element: Element, name: string) => fireEvent.keyDown(element, { key: name });
const focused = () => document.activeElement?.getAttribute('aria-label');
const type = (element: HTMLInputElement, value: string) => fireEvent.input(element, { target: { value } });

describe('entry grid keyboard', () => {
  it('moves between cells with the arrow keys when a cell is selected, not while it is edited', async () => {
    render(<Harness initial={seed} />);
    cell('Source', 1).focus();
    expect(cell('Source', 1).dataset.editing).toBe('false');
    key(cell('Source', 1), 'ArrowRight');
    await waitFor(() => expect(focused()).toBe('Target phrase, row 1'));
    key(cell('Target', 1), 'ArrowDown');
    await waitFor(() => expect(focused()).toBe('Target phrase, row 2'));
    key(cell('Target', 2), 'ArrowLeft');
    await waitFor(() => expect(focused()).toBe('Source phrase, row 2'));
    // At the edge nothing moves.
    key(cell('Source', 2), 'ArrowLeft');
    expect(focused()).toBe('Source phrase, row 2');

    // Enter edits: left and right now belong to the caret.
    key(cell('Source', 2), 'Enter');
    expect(cell('Source', 2).dataset.editing).toBe('true');
    key(cell('Source', 2), 'ArrowRight');
    expect(focused()).toBe('Source phrase, row 2');
  });

  it('keeps an edit on Enter and puts the old value back on Escape', () => {
    render(<Harness initial={seed} />);
    const target = cell('Target', 2);
    target.focus();
    key(target, 'Enter');
    type(target, 'Gebäude');
    key(target, 'Enter');
    expect(target.dataset.editing).toBe('false');
    expect(latestRows[1].target).toBe('Gebäude');

    // Typing into a selected cell edits it; Escape restores what the cell held before.
    type(target, 'Hütte');
    expect(target.dataset.editing).toBe('true');
    expect(latestRows[1].target).toBe('Hütte');
    key(target, 'Escape');
    expect(target.value).toBe('Gebäude');
    expect(latestRows[1].target).toBe('Gebäude');
    expect(target.dataset.editing).toBe('false');
  });
});

describe('entry grid validation', () => {
  it('marks a bad cell and says what is wrong with it, where the user is typing', () => {
    render(<Harness initial={seed} />);
    const source = cell('Source', 3);
    source.focus();
    type(source, 'car');
    expect(screen.getByText('Row 3: this source phrase already appears earlier.')).toBeTruthy();
    type(source, 'apple ');
    expect(source.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(source.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Row 3: the source phrase starts or ends with whitespace.');
    key(source, 'Escape');
    expect(source.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/Row 3:/)).toBeNull();
  });
});

describe('entry grid sorting and selection', () => {
  const sources = () => screen.getAllByRole('textbox').filter((el) => el.getAttribute('aria-label')?.startsWith('Source')).map((el) => (el as HTMLInputElement).value);

  it('sorts by source or target, ascending then descending, then back to the dictionary order', async () => {
    render(<Harness initial={seed} />);
    const header = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
    fireEvent.click(header('Source'));
    await waitFor(() => expect(sources()).toEqual(['apple', 'car', 'house']));
    expect(screen.getAllByRole('columnheader').find((h) => h.textContent?.startsWith('Source'))?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header('Source'));
    await waitFor(() => expect(sources()).toEqual(['house', 'car', 'apple']));
    fireEvent.click(header('Target'));
    await waitFor(() => expect(sources()).toEqual(['apple', 'car', 'house']));
    fireEvent.click(header('Target'));
    fireEvent.click(header('Target'));
    await waitFor(() => expect(sources()).toEqual(['car', 'house', 'apple']));
  });

  it('selects rows one by one or all shown, and deletes exactly those', async () => {
    render(<Harness initial={seed} />);
    fireEvent.click(screen.getByLabelText('Select row 1'));
    fireEvent.click(screen.getByLabelText('Select row 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await waitFor(() => expect(sources()).toEqual(['house']));
    fireEvent.click(screen.getByLabelText('Select all shown rows'));
    expect((screen.getByLabelText('Select row 1') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryAllByRole('textbox')).toHaveLength(0));
  });
});
