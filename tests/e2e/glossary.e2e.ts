// The glossary manager in Chromium against the local server, as a user drives it: key and
// server set on the options page, a glossary created from a pasted list and one from a CSV
// file, entries edited (merge), an entry deleted (replace, confirmed), a draft surviving a
// closed page, rename, a language pair added and deleted, the glossary deleted.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import type { Glossary } from '../../utils/shared/api-types';
import { waitUntil } from '../e2e-lib/wait';

// One browser for the whole file: every launch is slow, and a shared machine makes it fragile.
let glossa: ChromiumGlossa;
beforeAll(async () => {
  glossa = await launchGlossaInChromium({ unconfigured: true });
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

describe('glossary manager', () => {
  let page: Page;

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
  const manager = (): Locator => page.getByRole('region', { name: 'Glossaries', exact: true });
  const dialog = (): Locator => page.getByRole('dialog');
  /** The table's input holding `value` (values are properties, not attributes: ask the page). */
  const cellWith = async (side: 'Source' | 'Target', value: string): Promise<Locator> => {
    const label = await page.evaluate(({ side, value }) => {
      const inputs = [...document.querySelectorAll<HTMLInputElement>(`input[aria-label^="${side} phrase, row"]`)];
      return inputs.find((el) => el.value === value)?.getAttribute('aria-label') ?? '';
    }, { side, value });
    expect(label, `${side} phrase "${value}" in the table`).not.toBe('');
    return manager().getByLabel(label, { exact: true });
  };
  const rowNumber = async (locator: Locator) => (await locator.getAttribute('aria-label'))!.match(/\d+/)![0];

  async function openManager(): Promise<void> {
    page = await glossa.openOptions();
    await manager().waitFor();
  }

  async function openDictionary(glossaryName: string, pair = 'English → German'): Promise<void> {
    await manager().getByRole('button', { name: `Open ${pair} of ${glossaryName}` }).click();
    await manager().getByRole('table', { name: `Entries ${pair}` }).waitFor();
  }

  afterAll(async () => {
    await page?.close().catch(() => undefined);
  });

  it('uses the key and server set on the options page', async () => {
    await openManager();
    await page.getByLabel('API key').fill(TEST_KEY);
    await page.getByLabel('Plan').selectOption('custom');
    await page.getByLabel('Server address').fill(glossa.api.url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.reload();
    await manager().getByText(/No glossaries yet/).waitFor();
    expect(glossa.api.log.some((r) => r.method === 'GET' && r.path === '/v3/glossaries' && r.status === 200)).toBe(true);
  });

  it('creates a glossary from a pasted list, after showing what is wrong with it', async () => {
    const m = manager();
    await m.getByRole('button', { name: 'New glossary' }).click();
    await m.getByLabel('Glossary name').fill('Team terms');
    await m.getByLabel('Source language').selectOption('en');
    await m.getByLabel('Target language').selectOption('de');
    await m.getByLabel('Entries', { exact: true }).fill('car\tAuto\nhouse\tHaus \ntree\tBaum\n');
    await m.getByText('Line 2: the target phrase starts or ends with whitespace.').waitFor();
    await m.getByRole('button', { name: 'Trim leading and trailing spaces' }).click();
    await m.getByText('3 entries ready.').waitFor();
    await m.getByRole('button', { name: 'Create glossary' }).click();
    await m.getByText('Created “Team terms”.').waitFor();
    await m.getByRole('rowheader', { name: 'Team terms' }).waitFor();
    await m.getByText('English → German: 3 entries').waitFor();
    const [created] = await glossaries();
    expect(await entries(created.glossary_id)).toEqual(['car\tAuto', 'house\tHaus', 'tree\tBaum']);
  });

  it('creates a glossary from a CSV file, ignoring lines for another pair', async () => {
    const m = manager();
    await m.getByRole('button', { name: 'New glossary' }).click();
    await m.getByLabel('Glossary name').fill('From a file');
    await m.getByLabel('Source language').selectOption('en');
    await m.getByLabel('Target language').selectOption('fr');
    const csv = 'car,voiture,en,fr\n"red, wine","vin ""rouge""",en,fr\nhouse,Haus,en,de\n';
    await m.getByLabel('Import from a .tsv or .csv file').setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await m.getByText('2 entries ready. 1 lines for another language pair were ignored.').waitFor();
    await m.getByRole('button', { name: 'Create glossary' }).click();
    await m.getByText('Created “From a file”.').waitFor();
    const created = (await glossaries()).find((g) => g.name === 'From a file')!;
    expect(created.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'fr', entry_count: 2 }]);
    expect(await entries(created.glossary_id, 'en', 'fr')).toEqual(['car\tvoiture', 'red, wine\tvin "rouge"']);
  });

  it('merges edited and added entries with PATCH', async () => {
    const m = manager();
    await openDictionary('Team terms');
    await (await cellWith('Target', 'Haus')).fill('Gebäude');
    await m.getByRole('button', { name: 'Add entry' }).click();
    await m.getByLabel('Source phrase, row 1', { exact: true }).fill('boat');
    await m.getByLabel('Target phrase, row 1', { exact: true }).fill('Boot');
    const patchesBefore = calls('PATCH').length;
    await m.getByRole('button', { name: 'Save changes' }).click();
    await m.getByText('Saved: 1 entries added and 1 changed (merged).').waitFor();
    expect(calls('PATCH').length).toBe(patchesBefore + 1);
    expect(calls('PUT')).toHaveLength(0);
    const id = (await glossaries()).find((g) => g.name === 'Team terms')!.glossary_id;
    expect(await entries(id)).toEqual(['boat\tBoot', 'car\tAuto', 'house\tGebäude', 'tree\tBaum']);
  });

  it('deletes an entry with PUT only after confirming how many entries go', async () => {
    const m = manager();
    await m.getByRole('button', { name: `Delete row ${await rowNumber(await cellWith('Source', 'tree'))}`, exact: true }).click();
    await m.getByRole('button', { name: 'Save changes' }).click();
    await dialog().getByText('1 entries will be removed from the dictionary; it will then hold 3 entries.').waitFor();
    // Focus starts on Cancel; Escape dismisses without sending.
    expect(await dialog().evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(calls('PUT')).toHaveLength(0);
    await m.getByRole('button', { name: 'Save changes' }).click();
    await dialog().getByRole('button', { name: 'Replace and remove 1 entries' }).click();
    await m.getByText('Saved: the dictionary now holds 3 entries; 1 were removed.').waitFor();
    expect(calls('PUT')).toHaveLength(1);
    const id = (await glossaries()).find((g) => g.name === 'Team terms')!.glossary_id;
    expect(await entries(id)).toEqual(['boat\tBoot', 'car\tAuto', 'house\tGebäude']);
  });

  it('keeps an unsaved edit when the page is closed and offers it again', async () => {
    const m = manager();
    await (await cellWith('Target', 'Auto')).fill('Wagen');
    await m.getByText('Unsaved changes.', { exact: false }).waitFor();
    // The draft is written after a short pause in typing: wait until it is stored.
    await waitUntil(() => page.evaluate(draftHolds, 'Wagen'), 'the draft holding the edit', 10_000);
    await page.close();
    await openManager();
    await manager().getByText('unsaved edits').waitFor();
    await openDictionary('Team terms');
    await manager().getByText(/You have unsaved changes from .*: 0 added, 1 changed, 0 removed\./).waitFor();
    await manager().getByRole('button', { name: 'Continue editing' }).click();
    expect(await (await cellWith('Target', 'Wagen')).inputValue()).toBe('Wagen');
    await manager().getByRole('button', { name: 'Save changes' }).click();
    await manager().getByText('Saved: 0 entries added and 1 changed (merged).').waitFor();
    await manager().getByRole('button', { name: 'Back to the list' }).click();
  });

  it('renames the glossary, adds and deletes a language pair, deletes the glossary', async () => {
    const m = manager();
    await m.getByRole('button', { name: 'Rename Team terms' }).click();
    await m.getByLabel('New name').fill('Company terms');
    await m.getByRole('button', { name: 'Save name' }).click();
    await m.getByRole('rowheader', { name: 'Company terms', exact: true }).waitFor();
    const id = (await glossaries()).find((g) => g.name === 'Company terms')!.glossary_id;

    await m.getByRole('button', { name: 'Add language pair to Company terms' }).click();
    await m.getByLabel('Source language').selectOption('en');
    await m.getByLabel('Target language').selectOption('it');
    await m.getByLabel('Entries', { exact: true }).fill('car\tmacchina');
    await m.getByText('1 entry ready.').waitFor();
    await m.getByRole('button', { name: 'Add language pair' }).click();
    await m.getByText('English → Italian: 1 entry').waitFor();
    expect(await entries(id, 'en', 'it')).toEqual(['car\tmacchina']);

    await openDictionary('Company terms', 'English → Italian');
    await m.getByRole('button', { name: 'Delete dictionary' }).click();
    await dialog().getByRole('button', { name: 'Delete dictionary' }).click();
    await m.getByText('Deleted the dictionary English → Italian.').waitFor();
    expect((await api<Glossary>(`/v3/glossaries/${id}`)).dictionaries.map((d) => d.target_lang)).toEqual(['de']);

    await m.getByRole('button', { name: 'Delete glossary Company terms' }).click();
    await dialog().getByText(/“Company terms” and its 1 dictionaries \(3 entries\) will be deleted/).waitFor();
    await dialog().getByRole('button', { name: 'Delete glossary' }).click();
    await m.getByText('Deleted “Company terms”.').waitFor();
    expect((await glossaries()).map((g) => g.name)).toEqual(['From a file']);
    expect(await m.getByRole('rowheader', { name: 'Company terms' }).count()).toBe(0);
  });
});

describe('glossaries under failure', () => {
  let page: Page;
  let id: string;
  const manager = (): Locator => page.getByRole('region', { name: 'Glossaries', exact: true });
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
  const cellWith = async (side: 'Source' | 'Target', value: string): Promise<Locator> => {
    const label = await page.evaluate(({ side, value }) =>
      [...document.querySelectorAll<HTMLInputElement>(`input[aria-label^="${side} phrase, row"]`)].find((el) => el.value === value)?.getAttribute('aria-label') ?? '', { side, value });
    expect(label).not.toBe('');
    return manager().getByLabel(label, { exact: true });
  };
  async function openDictionary(): Promise<void> {
    page = await glossa.openOptions();
    await manager().getByRole('button', { name: 'Open English → German of Terms' }).click();
    await manager().getByRole('table', { name: 'Entries English → German' }).waitFor();
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
    await manager().getByRole('button', { name: 'Save changes' }).click();
    await manager().getByText(/Not saved: .*HTTP 500/).waitFor({ timeout: 60_000 });
    await manager().getByText(/kept as a draft/).waitFor();
    expect(await tsvOf()).toEqual(['car\tAuto', 'house\tHaus']);

    // Closing and reopening the page offers the edit again; the server is back.
    await page.close();
    glossa.api.faults.clear();
    await openDictionary();
    await manager().getByText(/The last save failed: .*HTTP 500/).waitFor();
    await manager().getByRole('button', { name: 'Continue editing' }).click();
    await manager().getByRole('button', { name: 'Save changes' }).click();
    await manager().getByText('Saved: 0 entries added and 1 changed (merged).').waitFor();
    expect(await tsvOf()).toEqual(['car\tWagen', 'house\tHaus']);
  });

  it('asks instead of replacing a dictionary that changed elsewhere since it was opened', async () => {
    await openDictionary();
    await manager().getByRole('button', { name: /^Delete row / }).first().click();
    await call('PATCH', `/v3/glossaries/${id}`, { dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'sun\tSonne', entries_format: 'tsv' }] });
    await manager().getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/changed elsewhere: 1 entries added, 0 removed, 0 changed/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(calls('PUT')).toHaveLength(0);
    expect(await tsvOf()).toEqual(['car\tAuto', 'house\tHaus', 'sun\tSonne']);

    // Choosing to replace anyway is the user's decision, confirmed with the real count.
    await manager().getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('button', { name: 'Replace anyway' }).click();
    await dialog.getByText('2 entries will be removed from the dictionary; it will then hold 1 entries.').waitFor();
    await dialog.getByRole('button', { name: 'Replace and remove 2 entries' }).click();
    await manager().getByText('Saved: the dictionary now holds 1 entries; 2 were removed.').waitFor();
    expect(calls('PUT')).toHaveLength(1);
    expect((await tsvOf()).length).toBe(1);
  });

  it('reaches rows far below the first screen with the arrow keys', async () => {
    const entries = Array.from({ length: 3000 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n');
    await call('PUT', `/v3/glossaries/${id}/dictionaries`, { source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' });
    await openDictionary();
    await manager().getByLabel('Target phrase, row 1', { exact: true }).focus();
    for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Target phrase, row 61');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('Begriff 60');
    // Focus is visible: the focused input draws an outline.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
  });
});
