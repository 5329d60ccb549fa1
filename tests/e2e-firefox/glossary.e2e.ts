// The glossary manager in Firefox against the local server: glossaries listed with their
// language pairs and entry counts, a dictionary opened, entries edited and added (merged with
// PATCH), and an entry deleted (replaced with PUT) only after the user confirms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { Glossary } from '../../utils/shared/api-types';
import { byRole, fill, waitForText, waitInPage } from '../e2e-lib/firefox-dom';
import { launchGlossaInFirefox, TEST_KEY, type FirefoxGlossa } from '../e2e-lib/firefox-harness';

describe('glossary manager in Firefox', () => {
  let glossa: FirefoxGlossa;
  let page: Page;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${glossa.api.url}${path}`, {
      method,
      headers: { Authorization: `Service-Auth-Key ${TEST_KEY}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    return (await response.json()) as T;
  };
  const entries = async (id: string) => {
    const body = await call<{ dictionaries: { entries: string }[] }>('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=de`);
    return body.dictionaries[0].entries.split('\n').filter(Boolean).sort();
  };
  const calls = (method: string) => glossa.api.log.filter((r) => r.method === method && r.path.startsWith('/v3/glossaries'));
  const shows = (text: string) => waitForText(page, text);
  /** The aria-label of the table's input holding `value` (values are properties: ask the page). */
  const cellWith = (side: 'Source' | 'Target', value: string) => page.evaluate(({ side, value }) =>
    [...document.querySelectorAll<HTMLInputElement>(`input[aria-label^="${side} phrase, row"]`)].find((el) => el.value === value)?.getAttribute('aria-label') ?? '', { side, value });

  let shipId: string;
  beforeAll(async () => {
    glossa = await launchGlossaInFirefox();
    ({ glossary_id: shipId } = await call<Glossary>('POST', '/v3/glossaries', {
      name: 'Ship terms',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'hull\tRumpf\ndeck\tDeck\nsail\tSegel', entries_format: 'tsv' }],
    }));
    await call('POST', '/v3/glossaries', {
      name: 'Kitchen words',
      dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: 'knife\tcouteau\nspoon\tcuillère', entries_format: 'tsv' }],
    });
    page = await glossa.openOptions();
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('lists the glossaries with their language pairs and entry counts', async () => {
    const manager = await byRole(page, 'region', 'Glossaries');
    await byRole(page, 'rowheader', 'Ship terms');
    await byRole(page, 'rowheader', 'Kitchen words');
    const listed = await manager.evaluate((el) => (el as HTMLElement).innerText);
    expect(listed).toContain('English → German: 3 entries');
    expect(listed).toContain('English → French: 2 entries');
    expect(glossa.api.log.some((r) => r.method === 'GET' && r.path === '/v3/glossaries' && r.status === 200)).toBe(true);
  });

  it('merges an edited and an added entry with PATCH', async () => {
    await (await byRole(page, 'button', 'Open English → German of Ship terms')).click();
    await byRole(page, 'table', 'Entries English → German');
    const hull = await cellWith('Target', 'Rumpf');
    expect(hull).not.toBe('');
    await fill(page, hull, 'Schiffsrumpf');
    await (await byRole(page, 'button', 'Add entry')).click();
    await fill(page, 'Source phrase, row 1', 'boat');
    await fill(page, 'Target phrase, row 1', 'Boot');
    const patchesBefore = calls('PATCH').length;
    await (await byRole(page, 'button', 'Save changes')).click();
    await shows('Saved: 1 entries added and 1 changed (merged).');
    expect(calls('PATCH')).toHaveLength(patchesBefore + 1);
    expect(calls('PUT')).toHaveLength(0);
    expect(await entries(shipId)).toEqual(['boat\tBoot', 'deck\tDeck', 'hull\tSchiffsrumpf', 'sail\tSegel']);
  });

  it('deletes an entry with PUT only after the user confirms how many entries go', async () => {
    const sail = await cellWith('Source', 'sail');
    await (await byRole(page, 'button', `Delete row ${/\d+/.exec(sail)![0]}`)).click();
    await (await byRole(page, 'button', 'Save changes')).click();
    const dialogSays = (text: string) => waitInPage(page, (t) => document.querySelector('dialog[open]')?.textContent?.includes(t), text);
    await dialogSays('1 entries will be removed from the dictionary; it will then hold 3 entries.');
    // Focus starts on Cancel; Escape dismisses without sending.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await waitInPage(page, () => !document.querySelector('dialog[open]'), null);
    expect(calls('PUT')).toHaveLength(0);

    await (await byRole(page, 'button', 'Save changes')).click();
    await (await byRole(page, 'button', 'Replace and remove 1 entries')).click();
    await shows('Saved: the dictionary now holds 3 entries; 1 were removed.');
    expect(calls('PUT')).toHaveLength(1);
    expect(await entries(shipId)).toEqual(['boat\tBoot', 'deck\tDeck', 'hull\tSchiffsrumpf']);
  });
});
