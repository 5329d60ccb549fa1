import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { GlossaryManager } from '../../../components/glossary/GlossaryManager';
import { CREATE_DRAFT_KEY, loadDraft } from '../../../utils/glossary/drafts';
import { parseEntries } from '../../../utils/glossary/entries';
import { connectService, startBackend, type Backend } from './with-server';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  cleanup();
  await backend.close();
});
beforeEach(async () => {
  cleanup();
  await backend.server.reset();
  connectService(backend);
});

const input = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });
const choose = (label: string, value: string, scope: HTMLElement = document.body) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const apiCalls = (method: string, path = '/v3/glossaries') => backend.server.log.filter((r) => r.method === method && r.path.startsWith(path));
async function entriesOf(id: string, source = 'en', target = 'de'): Promise<Map<string, string>> {
  const dict = await backend.api.getEntries(id, source, target);
  return new Map(parseEntries(dict.entries, 'tsv').entries.map((e) => [e.source, e.target]));
}
async function seed(name = 'Team terms', entries = 'car\tAuto\nhouse\tHaus\ntree\tBaum') {
  return backend.api.createGlossary({ name, dictionaries: [{ source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' }] });
}

describe('glossary list', () => {
  it('shows every glossary with its pairs, entry counts and creation time; searches and sorts', async () => {
    await seed('Zebra terms');
    await seed('Alpha terms', 'a\tb');
    render(<GlossaryManager />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Zebra terms')).toBeTruthy();
    expect(within(table).getByText(/English → German: 3 entries/)).toBeTruthy();
    expect(within(table).getByText(/English → German: 1 entries/)).toBeTruthy();
    expect(table.querySelectorAll('time')).toHaveLength(2);

    fireEvent.click(within(table).getByRole('button', { name: /Name/ }));
    let names = within(table).getAllByRole('rowheader').map((c) => c.textContent);
    expect(names).toEqual(['Alpha terms', 'Zebra terms']);
    fireEvent.click(within(table).getByRole('button', { name: /Name/ }));
    names = within(table).getAllByRole('rowheader').map((c) => c.textContent);
    expect(names).toEqual(['Zebra terms', 'Alpha terms']);
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');

    input(screen.getByLabelText('Search glossaries'), 'alpha');
    expect(within(screen.getByRole('table')).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Alpha terms']);
  });
});

describe('creating a glossary', () => {
  it('validates pasted entries before sending, offers to trim, then creates and lists it', async () => {
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'New glossary' }));
    input(screen.getByLabelText('Glossary name'), 'Product names');
    choose('Source language', 'en');
    choose('Target language', 'de');
    input(screen.getByLabelText('Entries'), 'car\tAuto\n house\tHaus\ncar\tWagen\n');
    expect(await screen.findByText('Line 2: the source phrase starts or ends with whitespace.')).toBeTruthy();
    expect(screen.getByText('Line 3: this source phrase already appears earlier.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));
    expect(await screen.findByText(/Dictionary 1 has 2 problems/)).toBeTruthy();
    expect(apiCalls('POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Trim leading and trailing spaces' }));
    expect((screen.getByLabelText('Entries') as HTMLTextAreaElement).value).toBe('car\tAuto\nhouse\tHaus\ncar\tWagen\n');
    input(screen.getByLabelText('Entries'), 'car\tAuto\nhouse\tHaus\n');
    await screen.findByText('2 entries ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));

    expect(await screen.findByText('Created “Product names”.')).toBeTruthy();
    const [created] = await backend.api.listGlossaries();
    expect(created.name).toBe('Product names');
    expect(await entriesOf(created.glossary_id)).toEqual(new Map([['car', 'Auto'], ['house', 'Haus']]));
    expect(await screen.findByRole('rowheader', { name: 'Product names' })).toBeTruthy();
    expect(await loadDraft(CREATE_DRAFT_KEY)).toBeUndefined();
  });

  it('imports a CSV file, ignoring and counting lines for another pair', async () => {
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'New glossary' }));
    input(screen.getByLabelText('Glossary name'), 'From CSV');
    choose('Source language', 'en');
    choose('Target language', 'fr');
    const csv = 'car,voiture,en,fr\n"red, wine","vin ""rouge""",EN,FR\nhouse,Haus,en,de\n';
    const file = new File([csv], 'terms.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Import from a .tsv or .csv file'), { target: { files: [file] } });
    expect(await screen.findByText(/2 entries ready\. 1 lines for another language pair were ignored\./)).toBeTruthy();
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('csv');
    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));
    await screen.findByText('Created “From CSV”.');
    const [created] = await backend.api.listGlossaries();
    expect(created.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'fr', entry_count: 2 }]);
    expect(await entriesOf(created.glossary_id, 'en', 'fr')).toEqual(new Map([['car', 'voiture'], ['red, wine', 'vin "rouge"']]));
  });

  it('keeps the form as a draft when the server fails, shows its message, and offers it again', async () => {
    backend.server.faults.add({ fault: 'status', status: 503, path: '/v3/glossaries', method: 'POST' });
    const view = render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'New glossary' }));
    input(screen.getByLabelText('Glossary name'), 'Unlucky');
    choose('Source language', 'en');
    choose('Target language', 'de');
    input(screen.getByLabelText('Entries'), 'car\tAuto');
    await screen.findByText('1 entries ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));
    expect(await screen.findByText(/Not saved: .*HTTP 503/)).toBeTruthy();
    await waitFor(async () => expect(await loadDraft(CREATE_DRAFT_KEY)).toMatchObject({ kind: 'create', name: 'Unlucky', lastError: expect.stringContaining('503') }));

    // The page is closed and opened again: the draft is offered.
    view.unmount();
    backend.server.faults.clear();
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    expect((screen.getByLabelText('Glossary name') as HTMLInputElement).value).toBe('Unlucky');
    expect((screen.getByLabelText('Entries') as HTMLTextAreaElement).value).toBe('car\tAuto');
    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));
    await screen.findByText('Created “Unlucky”.');
    expect(await loadDraft(CREATE_DRAFT_KEY)).toBeUndefined();
  });
});
