import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { GlossaryManager } from '../../../components/glossary/GlossaryManager';
import { CREATE_DRAFT_KEY, deleteDraft, dictionaryDraftKey, listDrafts, loadDraft } from '../../../utils/glossary/drafts';
import { parseEntries } from '../../../utils/glossary/entries';
import { connectService, startBackend, type Backend } from './with-server';
import { recordEntryChange } from '../../../utils/background/translation/term-revisions';

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
  for (const { key } of await listDrafts()) await deleteDraft(key);
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
    expect(within(table).getByText(/English → German: 1 entry$/)).toBeTruthy();
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
    expect(screen.getByText('Imported “terms.csv”.')).toBeTruthy();
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
    await screen.findByText('1 entry ready.');
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

async function openDictionary(name: string) {
  render(<GlossaryManager />);
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^Open English → German of ${name}`) }));
  await screen.findByRole('table', { name: /Entries English → German/ });
}
const cell = (side: 'Source' | 'Target', row: number) => screen.getByLabelText(`${side} phrase, row ${row}`) as HTMLInputElement;
const rowOf = (source: string) => Number(screen.getAllByRole('textbox').find((el) => (el as HTMLInputElement).value === source)!.getAttribute('aria-label')!.match(/row (\d+)/)![1]);
const dialog = () => screen.getByRole('dialog');

describe('editing a dictionary', () => {
  it('merges additions and changes with PATCH carrying only those entries', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    expect(screen.getByText('3 entries.')).toBeTruthy();
    input(cell('Target', rowOf('house')), 'Gebäude');
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    // The new row is at the top and gets the focus, ready for typing.
    await waitFor(() => expect(document.activeElement).toBe(cell('Source', 1)));
    expect(cell('Source', 1).value).toBe('');
    input(cell('Source', 1), 'boat');
    input(cell('Target', 1), 'Boot');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: 1 entries added and 1 changed (merged).')).toBeTruthy();
    const patches = apiCalls('PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0].params).toMatchObject({ dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'house\tGebäude\nboat\tBoot', entries_format: 'tsv' }] });
    expect(apiCalls('PUT')).toHaveLength(0);
    expect(await entriesOf(g.glossary_id)).toEqual(new Map([['car', 'Auto'], ['house', 'Gebäude'], ['tree', 'Baum'], ['boat', 'Boot']]));
  });

  it('replaces with PUT after a confirmation that says how many entries go', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    fireEvent.click(screen.getByRole('button', { name: `Delete row ${rowOf('tree')}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('dialog');
    expect(dialog().textContent).toContain('1 entries will be removed from the dictionary; it will then hold 2 entries.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls('PUT')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace and remove 1 entries' }));
    expect(await screen.findByText('Saved: the dictionary now holds 2 entries; 1 were removed.')).toBeTruthy();
    expect(apiCalls('PUT')).toHaveLength(1);
    expect(await entriesOf(g.glossary_id)).toEqual(new Map([['car', 'Auto'], ['house', 'Haus']]));
  });

  it('does not silently overwrite a dictionary changed elsewhere since it was opened', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    fireEvent.click(screen.getByRole('button', { name: `Delete row ${rowOf('car')}` }));
    // Another device adds an entry meanwhile.
    await backend.api.patchGlossary(g.glossary_id, { dictionary: { source_lang: 'en', target_lang: 'de', entries: 'sun\tSonne', entries_format: 'tsv' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('dialog');
    expect(dialog().textContent).toContain('Changed elsewhere');
    expect(dialog().textContent).toContain('1 entries added, 0 removed, 0 changed');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls('PUT')).toHaveLength(0);
    expect((await entriesOf(g.glossary_id)).get('sun')).toBe('Sonne');

    // Reload: the other change is shown, the user's deletion is offered as a draft on top.
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reload' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    await waitFor(() => expect(screen.getByText(/^3 entries\./)).toBeTruthy());
    expect(screen.getAllByRole('textbox').map((el) => (el as HTMLInputElement).value)).toContain('sun');
    expect(screen.getAllByRole('textbox').map((el) => (el as HTMLInputElement).value)).not.toContain('car');
  });

  it('shows an entry added from a page while the dictionary is open, and keeps open edits when one arrives', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    // A term fixed from a page: one PATCH, and the glossary's revision moves.
    await backend.api.patchGlossary(g.glossary_id, { dictionary: { source_lang: 'en', target_lang: 'de', entries: 'sun\tSonne', entries_format: 'tsv' } });
    await recordEntryChange(g.glossary_id, 'sun');
    await waitFor(() => expect(screen.getAllByRole('textbox').map((el) => (el as HTMLInputElement).value)).toContain('sun'));

    input(cell('Target', rowOf('house')), 'Gebäude');
    await backend.api.patchGlossary(g.glossary_id, { dictionary: { source_lang: 'en', target_lang: 'de', entries: 'moon\tMond', entries_format: 'tsv' } });
    await recordEntryChange(g.glossary_id, 'moon');
    expect(await screen.findByText(/This dictionary was changed elsewhere while you edit it/)).toBeTruthy();
    expect(cell('Target', rowOf('house')).value).toBe('Gebäude');
    // Saving merges: the entry added elsewhere survives.
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: 0 entries added and 1 changed (merged).')).toBeTruthy();
    expect((await entriesOf(g.glossary_id)).get('moon')).toBe('Mond');
  });

  it('compares again when the replace is confirmed: a change made while the confirmation was open is not overwritten (hardening)', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    fireEvent.click(screen.getByRole('button', { name: `Delete row ${rowOf('tree')}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace and remove 1 entries' });
    // Another device adds an entry after Glossa compared, before the user confirms.
    await backend.api.patchGlossary(g.glossary_id, { dictionary: { source_lang: 'en', target_lang: 'de', entries: 'sun\tSonne', entries_format: 'tsv' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(dialog().textContent).toContain('1 entries added, 0 removed, 0 changed'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls('PUT')).toHaveLength(0);
    expect((await entriesOf(g.glossary_id)).get('sun')).toBe('Sonne');
  });

  it('keeps the edit when the save fails, shows the server message, and restores it after closing', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    backend.server.faults.add({ fault: 'status', status: 500, path: `/v3/glossaries/${g.glossary_id}`, method: 'PATCH' });
    input(cell('Target', rowOf('car')), 'Wagen');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Not saved: .*HTTP 500/)).toBeTruthy();
    expect(screen.getByText(/kept as a draft/)).toBeTruthy();
    const key = dictionaryDraftKey(g.glossary_id, 'en', 'de');
    await waitFor(async () => expect(await loadDraft(key)).toMatchObject({ changed: [{ source: 'car', target: 'Wagen' }], lastError: expect.stringContaining('500') }));

    cleanup();
    backend.server.faults.clear();
    await openDictionary('Team terms');
    expect(screen.getByText(/You have unsaved changes from .*: 0 added, 1 changed, 0 removed\./)).toBeTruthy();
    expect(screen.getByText(/The last save failed: .*500/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue editing' }));
    expect(cell('Target', rowOf('car')).value).toBe('Wagen');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved: 0 entries added and 1 changed (merged).');
    expect((await entriesOf(g.glossary_id)).get('car')).toBe('Wagen');
    expect(await loadDraft(key)).toBeUndefined();
  });

  it('shows problems with their row before saving and sends nothing', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    input(cell('Source', 1), 'car');
    input(cell('Target', 1), 'Kfz ');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Row 1: the target phrase starts or ends with whitespace.')).toBeTruthy();
    expect(cell('Target', 1).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Trim leading and trailing spaces' }));
    // The draft follows the fix.
    await waitFor(async () => expect(await loadDraft(dictionaryDraftKey(g.glossary_id, 'en', 'de'))).toMatchObject({ changed: [{ source: 'car', target: 'Kfz' }] }), { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Row 2: this source phrase already appears earlier\./)).toBeTruthy();
    expect(apiCalls('PATCH').length + apiCalls('PUT').length).toBe(0);
  });

  it('searches entries', async () => {
    await seed();
    await openDictionary('Team terms');
    input(screen.getByLabelText('Search entries'), 'hau');
    await waitFor(() => expect(screen.getAllByRole('textbox').filter((el) => el.getAttribute('aria-label')?.startsWith('Source')).map((el) => (el as HTMLInputElement).value)).toEqual(['house']));
    expect(screen.getByText('1 matching entry')).toBeTruthy();
  });
});

describe('table entry and explicit replace', () => {
  it('creates a glossary from entries typed in the table editor', async () => {
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'New glossary' }));
    input(screen.getByLabelText('Glossary name'), 'Typed');
    choose('Source language', 'de');
    choose('Target language', 'en');
    fireEvent.click(screen.getByLabelText('Type in a table'));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    input(cell('Source', 1), 'Haus');
    input(cell('Target', 1), 'house');
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    input(cell('Source', 1), 'Baum');
    input(cell('Target', 1), 'tree');
    await screen.findByText('2 entries ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));
    await screen.findByText('Created “Typed”.');
    const [created] = await backend.api.listGlossaries();
    expect(await entriesOf(created.glossary_id, 'de', 'en')).toEqual(new Map([['Baum', 'tree'], ['Haus', 'house']]));
  });

  it('replaces the whole dictionary when the user asks, even without deletions', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    input(cell('Target', rowOf('car')), 'Wagen');
    fireEvent.click(screen.getByLabelText('Replace the whole dictionary when saving'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('dialog');
    expect(dialog().textContent).toContain('0 entries will be removed from the dictionary; it will then hold 3 entries.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Replace and remove 0 entries' }));
    await screen.findByText('Saved: the dictionary now holds 3 entries; 0 were removed.');
    expect(apiCalls('PUT')).toHaveLength(1);
    expect(apiCalls('PATCH')).toHaveLength(0);
    expect((await entriesOf(g.glossary_id)).get('car')).toBe('Wagen');
  });

  it('says so when an imported file is not UTF-8', async () => {
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'New glossary' }));
    const latin1 = new Uint8Array([0x53, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x09, 0x73, 0x74, 0x72, 0x65, 0x65, 0x74]); // "Stra\xdfe<TAB>street"
    fireEvent.change(screen.getByLabelText('Import from a .tsv or .csv file'), { target: { files: [new File([latin1], 'legacy.tsv')] } });
    expect(await screen.findByText(/save the file as UTF-8/)).toBeTruthy();
  });

  it('refuses a name over 1024 bytes before sending', async () => {
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'New glossary' }));
    input(screen.getByLabelText('Glossary name'), 'ä'.repeat(513));
    choose('Source language', 'en');
    choose('Target language', 'de');
    input(screen.getByLabelText('Entries'), 'a\tb');
    await screen.findByText('1 entry ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));
    expect(await screen.findByText('The glossary name is longer than 1024 bytes (UTF-8).')).toBeTruthy();
    expect(apiCalls('POST')).toHaveLength(0);
  });
});

describe('glossary and dictionary actions', () => {
  it('renames, adds a language pair, creates the reverse, deletes a dictionary and the glossary', async () => {
    const g = await seed('Team terms', 'car\tAuto\nautomobile\tAuto\nhouse\tHaus');
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Team terms' }));
    input(screen.getByLabelText('New name'), 'Company terms');
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('rowheader', { name: 'Company terms' })).toBeTruthy();
    expect((await backend.api.getGlossary(g.glossary_id)).name).toBe('Company terms');

    fireEvent.click(screen.getByRole('button', { name: 'Add language pair to Company terms' }));
    choose('Source language', 'en');
    choose('Target language', 'fr');
    input(screen.getByLabelText('Entries'), 'car\tvoiture');
    await screen.findByText('1 entry ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Add language pair' }));
    expect(await screen.findByText(/English → French: 1 entry$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open English → German of Company terms' }));
    await screen.findByRole('table', { name: /Entries English → German/ });
    fireEvent.click(screen.getByRole('button', { name: 'Create reverse dictionary' }));
    await screen.findByRole('dialog');
    expect(dialog().textContent).toContain('1 entries will be reversed');
    expect(dialog().textContent).toContain('2 entries cannot be reversed');
    expect(dialog().textContent).toContain('“Auto” ← “car”, “automobile”');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create reverse dictionary' }));
    await screen.findByText('Reverse dictionary created with 1 entries; 2 could not be reversed.');
    expect(await entriesOf(g.glossary_id, 'de', 'en')).toEqual(new Map([['Haus', 'house']]));

    fireEvent.click(screen.getByRole('button', { name: 'Delete dictionary' }));
    await screen.findByRole('dialog');
    expect(dialog().textContent).toContain('its 3 entries will be deleted');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete dictionary' }));
    expect(await screen.findByText('Deleted the dictionary English → German.')).toBeTruthy();
    expect((await backend.api.getGlossary(g.glossary_id)).dictionaries.map((d) => `${d.source_lang}>${d.target_lang}`).sort()).toEqual(['de>en', 'en>fr']);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete glossary Company terms' }));
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete glossary' }));
    expect(await screen.findByText('Deleted “Company terms”.')).toBeTruthy();
    expect(await backend.api.listGlossaries()).toEqual([]);
    expect(await screen.findByText(/No glossaries yet/)).toBeTruthy();
  });
});

describe('accessibility', () => {
  async function violations(): Promise<string[]> {
    const axe = (await import('axe-core')).default;
    // Layout-dependent rules need a real browser (the e2e a11y suite covers contrast).
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('has no axe violations in the list, the create form, the editor and a dialog', async () => {
    await seed();
    render(<GlossaryManager />);
    await screen.findByRole('table');
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'New glossary' }));
    input(screen.getByLabelText('Entries'), 'a\tb\n c\td');
    await screen.findByText(/1 problems must be fixed/);
    expect(await violations()).toEqual([]);
    cleanup();
    await openDictionary('Team terms');
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete dictionary' }));
    await screen.findByRole('dialog');
    expect(await violations()).toEqual([]);
  });
});

describe('keyboard', () => {
  // Rows beyond the first screen need layout to render: the e2e test covers those.
  it('moves between rows with the arrow keys', async () => {
    await seed('Long', Array.from({ length: 500 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n'));
    await openDictionary('Long');
    const first = cell('Target', 1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Target phrase, row 2'));
    let current = document.activeElement as HTMLElement;
    for (let i = 0; i < 8; i++) {
      fireEvent.keyDown(current, { key: 'ArrowDown' });
      await waitFor(() => expect(document.activeElement).not.toBe(current));
      current = document.activeElement as HTMLElement;
    }
    expect(current.getAttribute('aria-label')).toBe('Target phrase, row 10');
    fireEvent.keyDown(current, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Target phrase, row 9'));
  });
});

describe('large imports', () => {
  it('shows a big file as a summary, not in a textarea, and still creates the glossary', async () => {
    render(<GlossaryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'New glossary' }));
    input(screen.getByLabelText('Glossary name'), 'Big');
    choose('Source language', 'en');
    choose('Target language', 'de');
    const tsv = Array.from({ length: 20_000 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n');
    fireEvent.change(screen.getByLabelText('Import from a .tsv or .csv file'), { target: { files: [new File([tsv], 'big.tsv')] } });
    expect(await screen.findByText(/^0\.\d\d MB, 20000 lines: too large to show as text here/)).toBeTruthy();
    expect(screen.queryByLabelText('Entries')).toBeNull();
    expect(await screen.findByText('20,000 entries ready.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create glossary' }));
    await screen.findByText('Created “Big”.');
    const [created] = await backend.api.listGlossaries();
    expect(created.dictionaries[0].entry_count).toBe(20_000);
  });
});

describe('the dictionary action bar', () => {
  it('previews an import with its problems per line, sends nothing until saved, then merges', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    const file = new File(['car\tWagen\nsun\tSonne\n moon\tMond\n'], 'more.tsv');
    fireEvent.change(screen.getByLabelText('Import entries from a .tsv or .csv file'), { target: { files: [file] } });
    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(within(preview).getByText(/^1 new entry; 1 existing entries would get a new target\./)).toBeTruthy();
    expect(within(preview).getByText('Line 3: the source phrase starts or ends with whitespace.')).toBeTruthy();
    expect(apiCalls('PATCH').length + apiCalls('PUT').length).toBe(0);

    fireEvent.click(within(preview).getByRole('button', { name: 'Add 2 entries to the table' }));
    expect(await screen.findByText('1 entry added, 1 changed. Save to send them.')).toBeTruthy();
    expect(screen.getByText('Unsaved changes.')).toBeTruthy();
    expect(apiCalls('PATCH')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved: 1 entries added and 1 changed (merged).');
    expect(await entriesOf(g.glossary_id)).toEqual(new Map([['car', 'Wagen'], ['house', 'Haus'], ['tree', 'Baum'], ['sun', 'Sonne']]));
  });

  it('tells in a toast how many selected rows went, and Undo puts them back in their places', async () => {
    await seed();
    await openDictionary('Team terms');
    const sources = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[data-field="source"]'), (i) => i.value);
    const before = sources();
    fireEvent.click(screen.getByLabelText(`Select row ${rowOf('car')}`));
    fireEvent.click(screen.getByLabelText(`Select row ${rowOf('tree')}`));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 selected rows' }));
    const toast = await screen.findByText('2 entries deleted.');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(sources()).toEqual(['house']));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(sources()).toEqual(before));
    expect(screen.queryByText('2 entries deleted.')).toBeNull();
    expect(apiCalls('PUT')).toHaveLength(0);
  });

  it('deletes the selected rows together, and asks before leaving with unsaved changes', async () => {
    const g = await seed();
    await openDictionary('Team terms');
    fireEvent.click(screen.getByLabelText(`Select row ${rowOf('car')}`));
    fireEvent.click(screen.getByLabelText(`Select row ${rowOf('tree')}`));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 selected rows' }));
    await waitFor(() => expect(screen.getByText(/^1 entry\./)).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: /Back to the list/ }));
    await screen.findByRole('dialog');
    expect(dialog().textContent).toContain('Leave with unsaved changes?');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('table', { name: /Entries English → German/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Back to the list/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep as draft' }));
    await screen.findByRole('button', { name: /^Open English → German of Team terms/ });
    expect(await loadDraft(dictionaryDraftKey(g.glossary_id, 'en', 'de'))).toMatchObject({ removed: [{ source: 'car', target: 'Auto' }, { source: 'tree', target: 'Baum' }] });
    expect(apiCalls('PUT')).toHaveLength(0);
  });
});
