// The glossary manager against the local server, in both browsers, as a user drives it: key
// and server set on the options page, a glossary created from a pasted list and one from a CSV
// file, the glossaries listed with their pairs and entry counts, entries edited (merge), an
// entry deleted (replace, confirmed), a draft surviving a closed page, rename, a language pair
// added and deleted, the glossary deleted; and the same under failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Glossary } from '../../utils/shared/api-types';
import { TEST_KEY } from '../e2e-lib/harness';
import { firefoxTitleSuffix } from '../e2e-lib/launch-live';
import { launchUiHarness, type UiElement, type UiHarness, type UiPage } from '../e2e-lib/ui-page';
import { waitUntil } from '../e2e-lib/wait';

// One browser for the whole file: every launch is slow, and a shared machine makes it fragile.
let glossa: UiHarness;
beforeAll(async () => {
  glossa = await launchUiHarness({ unconfigured: true });
});
afterAll(async () => {
  await glossa?.close();
});


/** Whether a glossary draft in the manager's IndexedDB holds `text` (never creates the database). */
async function draftHolds(text: string): Promise<boolean> {
  if (!(await indexedDB.databases()).some((db) => db.name === 'glossa-glossary-drafts')) return false;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('glossa-glossary-drafts');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('drafts')) return false;
    const all = db.transaction('drafts').objectStore('drafts').getAll();
    const values = await new Promise<unknown[]>((resolve, reject) => {
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    return values.some((value) => JSON.stringify(value).includes(text));
  } finally {
    db.close();
  }
}

describe(`glossary manager${firefoxTitleSuffix()}`, () => {
  let page: UiPage;

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${glossa.api.url}${path}`, { headers: { Authorization: `Service-Auth-Key ${TEST_KEY}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const glossaries = async () => (await api<{ glossaries: Glossary[] }>('/v3/glossaries')).glossaries;
  const entries = async (id: string, source = 'en', target = 'de') => {
    const body = await api<{ dictionaries: { entries: string }[] }>(`/v3/glossaries/${id}/entries?source_lang=${source}&target_lang=${target}`);
    return body.dictionaries[0].entries.split('\n').filter(Boolean).sort();
  };
  const calls = (method: string) => glossa.api.log.filter((r) => r.method === method && r.path.startsWith('/v3/glossaries'));
  const manager = (): UiElement => page.byRole('region', 'Glossaries');
  const dialog = (): UiElement => page.byRole('dialog');
  /** The table's input holding `value` (values are properties, not attributes: ask the page). */
  const cellWith = async (side: 'Source' | 'Target', value: string): Promise<UiElement> => {
    const label = await page.evaluate(({ side, value }) => {
      const inputs = [...document.querySelectorAll<HTMLInputElement>(`input[aria-label^="${side} phrase, row"]`)];
      return inputs.find((el) => el.value === value)?.getAttribute('aria-label') ?? '';
    }, { side, value });
    expect(label, `${side} phrase "${value}" in the table`).not.toBe('');
    return manager().byLabel(label);
  };
  const rowNumber = async (cell: UiElement) => (await cell.attribute('aria-label'))!.match(/\d+/)![0];

  async function openManager(): Promise<void> {
    page = await glossa.openOptions();
    await manager().waitFor();
  }

  async function openDictionary(glossaryName: string, pair = 'English → German'): Promise<void> {
    await manager().byRole('button', `Open ${pair} of ${glossaryName}`).click();
    await manager().byRole('table', `Entries ${pair}`).waitFor();
  }

  afterAll(async () => {
    await page?.close().catch(() => undefined);
  });

  it('uses the key and server set on the options page', async () => {
    await openManager();
    await page.byLabel('API key').fill(TEST_KEY);
    await page.byLabel('Plan').choose('custom');
    await page.byLabel('Server address').fill(glossa.api.url);
    await page.byRole('button', 'Save').click();
    await page.byText('Settings saved.').waitFor();
    await page.reload();
    await manager().byText(/No glossaries yet/).waitFor();
    expect(glossa.api.log.some((r) => r.method === 'GET' && r.path === '/v3/glossaries' && r.status === 200)).toBe(true);
  });

  it('creates a glossary from a pasted list, after showing what is wrong with it', async () => {
    const m = manager();
    await m.byRole('button', 'New glossary').click();
    await m.byLabel('Glossary name').fill('Team terms');
    await m.byLabel('Source language').choose('en');
    await m.byLabel('Target language').choose('de');
    await m.byLabel('Entries').fill('car\tAuto\nhouse\tHaus \ntree\tBaum\n');
    await m.byText('Line 2: the target phrase starts or ends with whitespace.').waitFor();
    await m.byRole('button', 'Trim leading and trailing spaces').click();
    await m.byText('3 entries ready.').waitFor();
    await m.byRole('button', 'Create glossary').click();
    await m.byText('Created “Team terms”.').waitFor();
    await m.byRole('rowheader', 'Team terms').waitFor();
    await m.byText('English → German: 3 entries').waitFor();
    const [created] = await glossaries();
    expect(await entries(created.glossary_id)).toEqual(['car\tAuto', 'house\tHaus', 'tree\tBaum']);
  });

  it('creates a glossary from a CSV file, ignoring lines for another pair', async () => {
    const m = manager();
    await m.byRole('button', 'New glossary').click();
    await m.byLabel('Glossary name').fill('From a file');
    await m.byLabel('Source language').choose('en');
    await m.byLabel('Target language').choose('fr');
    const csv = 'car,voiture,en,fr\n"red, wine","vin ""rouge""",en,fr\nhouse,Haus,en,de\n';
    await m.byLabel('Import from a .tsv or .csv file').setFile({ name: 'terms.csv', mimeType: 'text/csv', text: csv });
    await m.byText('2 entries ready. 1 lines for another language pair were ignored.').waitFor();
    await m.byRole('button', 'Create glossary').click();
    await m.byText('Created “From a file”.').waitFor();
    const created = (await glossaries()).find((g) => g.name === 'From a file')!;
    expect(created.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'fr', entry_count: 2 }]);
    expect(await entries(created.glossary_id, 'en', 'fr')).toEqual(['car\tvoiture', 'red, wine\tvin "rouge"']);
  });

  it('lists the glossaries with their language pairs and entry counts', async () => {
    await page.reload();
    await manager().byRole('rowheader', 'Team terms').waitFor();
    await manager().byRole('rowheader', 'From a file').waitFor();
    const listed = await manager().text();
    expect(listed).toContain('English → German: 3 entries');
    expect(listed).toContain('English → French: 2 entries');
    expect(glossa.api.log.some((r) => r.method === 'GET' && r.path === '/v3/glossaries' && r.status === 200)).toBe(true);
  });

  it('merges edited and added entries with PATCH', async () => {
    const m = manager();
    await openDictionary('Team terms');
    await (await cellWith('Target', 'Haus')).fill('Gebäude');
    await m.byRole('button', 'Add entry').click();
    await m.byLabel('Source phrase, row 1').fill('boat');
    await m.byLabel('Target phrase, row 1').fill('Boot');
    const patchesBefore = calls('PATCH').length;
    await m.byRole('button', 'Save changes').click();
    await m.byText('Saved: 1 entries added and 1 changed (merged).').waitFor();
    expect(calls('PATCH').length).toBe(patchesBefore + 1);
    expect(calls('PUT')).toHaveLength(0);
    const id = (await glossaries()).find((g) => g.name === 'Team terms')!.glossary_id;
    expect(await entries(id)).toEqual(['boat\tBoot', 'car\tAuto', 'house\tGebäude', 'tree\tBaum']);
  });

  it('deletes an entry with PUT only after confirming how many entries go', async () => {
    const m = manager();
    await m.byRole('button', `Delete row ${await rowNumber(await cellWith('Source', 'tree'))}`).click();
    await m.byRole('button', 'Save changes').click();
    await dialog().byText('1 entries will be removed from the dictionary; it will then hold 3 entries.').waitFor();
    // Focus starts on Cancel; Escape dismisses without sending.
    expect(await page.evaluate(() => document.activeElement?.textContent, null)).toBe('Cancel');
    await page.press('Escape');
    await dialog().waitGone();
    expect(calls('PUT')).toHaveLength(0);
    await m.byRole('button', 'Save changes').click();
    await dialog().byRole('button', 'Replace and remove 1 entries').click();
    await m.byText('Saved: the dictionary now holds 3 entries; 1 were removed.').waitFor();
    expect(calls('PUT')).toHaveLength(1);
    const id = (await glossaries()).find((g) => g.name === 'Team terms')!.glossary_id;
    expect(await entries(id)).toEqual(['boat\tBoot', 'car\tAuto', 'house\tGebäude']);
  });

  it('keeps an unsaved edit when the page is closed and offers it again', async () => {
    const m = manager();
    await (await cellWith('Target', 'Auto')).fill('Wagen');
    await m.byText('Unsaved changes.').waitFor();
    // The draft is written after a short pause in typing: wait until it is stored.
    await waitUntil(() => page.evaluate(draftHolds, 'Wagen'), 'the draft holding the edit', 10_000);
    await page.close();
    await openManager();
    await manager().byText('unsaved edits').waitFor();
    await openDictionary('Team terms');
    await manager().byText(/You have unsaved changes from .*: 0 added, 1 changed, 0 removed\./).waitFor();
    await manager().byRole('button', 'Continue editing').click();
    expect(await (await cellWith('Target', 'Wagen')).value()).toBe('Wagen');
    await manager().byRole('button', 'Save changes').click();
    await manager().byText('Saved: 0 entries added and 1 changed (merged).').waitFor();
    await manager().byRole('button', 'Back to the list').click();
  });

  it('renames the glossary, adds and deletes a language pair, deletes the glossary', async () => {
    const m = manager();
    await m.byRole('button', 'Rename Team terms').click();
    await m.byLabel('New name').fill('Company terms');
    await m.byRole('button', 'Save name').click();
    await m.byRole('rowheader', 'Company terms').waitFor();
    const id = (await glossaries()).find((g) => g.name === 'Company terms')!.glossary_id;

    await m.byRole('button', 'Add language pair to Company terms').click();
    await m.byLabel('Source language').choose('en');
    await m.byLabel('Target language').choose('it');
    await m.byLabel('Entries').fill('car\tmacchina');
    await m.byText('1 entry ready.').waitFor();
    await m.byRole('button', 'Add language pair').click();
    await m.byText('English → Italian: 1 entry').waitFor();
    expect(await entries(id, 'en', 'it')).toEqual(['car\tmacchina']);

    await openDictionary('Company terms', 'English → Italian');
    await m.byRole('button', 'Delete dictionary').click();
    await dialog().byRole('button', 'Delete dictionary').click();
    await m.byText('Deleted the dictionary English → Italian.').waitFor();
    expect((await api<Glossary>(`/v3/glossaries/${id}`)).dictionaries.map((d) => d.target_lang)).toEqual(['de']);

    await m.byRole('button', 'Delete glossary Company terms').click();
    await dialog().byText(/“Company terms” and its 1 dictionaries \(3 entries\) will be deleted/).waitFor();
    await dialog().byRole('button', 'Delete glossary').click();
    await m.byText('Deleted “Company terms”.').waitFor();
    expect((await glossaries()).map((g) => g.name)).toEqual(['From a file']);
    // The list is fetched again after the deletion message: the row leaves with that answer.
    await m.byRole('rowheader', 'Company terms').waitGone();
  });
});

describe(`glossaries under failure${firefoxTitleSuffix()}`, () => {
  let page: UiPage;
  let id: string;
  const manager = (): UiElement => page.byRole('region', 'Glossaries');
  const calls = (method: string) => glossa.api.log.filter((r) => r.method === method && r.path.startsWith('/v3/glossaries'));
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${glossa.api.url}${path}`, {
      method, headers: { Authorization: `Service-Auth-Key ${TEST_KEY}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json() as Promise<Record<string, unknown>>;
  };
  const tsvOf = async () => {
    const body = await call('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=de`) as { dictionaries: { entries: string }[] };
    return body.dictionaries[0].entries.split('\n').sort();
  };
  const cellWith = async (side: 'Source' | 'Target', value: string): Promise<UiElement> => {
    const label = await page.evaluate(({ side, value }) =>
      [...document.querySelectorAll<HTMLInputElement>(`input[aria-label^="${side} phrase, row"]`)].find((el) => el.value === value)?.getAttribute('aria-label') ?? '', { side, value });
    expect(label).not.toBe('');
    return manager().byLabel(label);
  };
  async function openDictionary(): Promise<void> {
    page = await glossa.openOptions();
    await manager().byRole('button', 'Open English → German of Terms').click();
    await manager().byRole('table', 'Entries English → German').waitFor();
  }

  beforeAll(async () => {
    await glossa.setStorage({ connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url } });
  });
  beforeEach(async () => {
    await glossa.api.reset();
    await page?.close().catch(() => undefined);
    const created = await call('POST', '/v3/glossaries', { name: 'Terms', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'car\tAuto\nhouse\tHaus', entries_format: 'tsv' }] });
    id = String(created.glossary_id);
  });

  it('keeps the draft and shows the server’s message when the save fails, and saves it later', async () => {
    await openDictionary();
    glossa.api.faults.add({ fault: 'status', status: 500, path: `/v3/glossaries/${id}`, method: 'PATCH' });
    await (await cellWith('Target', 'Auto')).fill('Wagen');
    await manager().byRole('button', 'Save changes').click();
    await manager().byText(/Not saved: .*HTTP 500/).waitFor(60_000);
    await manager().byText(/kept as a draft/).waitFor();
    expect(await tsvOf()).toEqual(['car\tAuto', 'house\tHaus']);

    // Closing and reopening the page offers the edit again; the server is back.
    await page.close();
    glossa.api.faults.clear();
    await openDictionary();
    await manager().byText(/The last save failed: .*HTTP 500/).waitFor();
    await manager().byRole('button', 'Continue editing').click();
    await manager().byRole('button', 'Save changes').click();
    await manager().byText('Saved: 0 entries added and 1 changed (merged).').waitFor();
    expect(await tsvOf()).toEqual(['car\tWagen', 'house\tHaus']);
  });

  it('asks instead of replacing a dictionary that changed elsewhere since it was opened', async () => {
    await openDictionary();
    await manager().byRole('button', /^Delete row /).click();
    await call('PATCH', `/v3/glossaries/${id}`, { dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'sun\tSonne', entries_format: 'tsv' }] });
    await manager().byRole('button', 'Save changes').click();
    const dialog = page.byRole('dialog');
    await dialog.byText(/changed elsewhere: 1 entries added, 0 removed, 0 changed/).waitFor();
    await dialog.byRole('button', 'Cancel').click();
    expect(calls('PUT')).toHaveLength(0);
    expect(await tsvOf()).toEqual(['car\tAuto', 'house\tHaus', 'sun\tSonne']);

    // Choosing to replace anyway is the user's decision, confirmed with the real count.
    await manager().byRole('button', 'Save changes').click();
    await dialog.byRole('button', 'Replace anyway').click();
    await dialog.byText('2 entries will be removed from the dictionary; it will then hold 1 entries.').waitFor();
    await dialog.byRole('button', 'Replace and remove 2 entries').click();
    await manager().byText('Saved: the dictionary now holds 1 entries; 2 were removed.').waitFor();
    expect(calls('PUT')).toHaveLength(1);
    expect((await tsvOf()).length).toBe(1);
  });

  it('reaches rows far below the first screen with the arrow keys', async () => {
    const entries = Array.from({ length: 3000 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n');
    await call('PUT', `/v3/glossaries/${id}/dictionaries`, { source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' });
    await openDictionary();
    await manager().byLabel('Target phrase, row 1').focus();
    for (let i = 0; i < 60; i++) await page.press('ArrowDown');
    await page.waitInPage(() => document.activeElement?.getAttribute('aria-label') === 'Target phrase, row 61', null, 'row 61 focused');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value, null)).toBe('Begriff 60');
    // Focus is visible: the focused input draws an outline.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle, null)).not.toBe('none');
  });
});
