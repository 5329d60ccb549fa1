// Firefox: an earlier version's profile kept the key, usage, the custom server's address and
// fixed phrases in storage.local, which Glossa's content scripts can read. After an update
// (here: the add-on reloaded) they move once into the extension origin's IndexedDB, before any
// message is answered; the key still translates, the usage still counts, and a content script
// of a translated tab can read none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { defaults, html } from '../e2e-lib/requests';
import { launchGlossaInFirefox, TEST_KEY, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitUntil } from '../e2e-lib/wait';

const PRIVATE_DB = { name: 'glossa-private', store: 'items' };

describe('Firefox private storage: the move from an old profile', () => {
  let glossa: FirefoxGlossa;
  /** An extension page opened after the reload (the harness's own one closes with it). */
  let realm: Page;
  const inRealm = <R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> =>
    realm.evaluate(`(${fn.toString()})(${JSON.stringify(arg)})`) as Promise<R>;

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ unconfigured: true, settings: { defaults: defaults('DE') } });
    glossa.pages.set('/old-profile.html', html('Old profile', '<p id="one">A paragraph translated with the moved key.</p>'));
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('moves the key, usage, custom address and fixed phrases out of storage.local, keeps them working, and no content script reads them', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const oldProfile = {
      connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url },
      usage: { [month]: { total: 4321, sites: { 'bank.example': 4321 } } },
      siteRules: { always: ['bank.example'], never: [] },
      languageCache: { target: { baseUrl: glossa.api.url, fetchedAt: 1, languages: [] } },
      glossaryEntryChanges: { 'g-old': [{ revision: 1, source: 'overdraft fee' }] },
    };
    await glossa.inExtension(async (browser, values) => {
      await browser.storage.local.set(values);
      // The add-on reloads as after an update: its background starts again and finds the old copy.
      setTimeout(() => browser.runtime.reload(), 50);
    }, oldProfile);
    await waitUntil(async () => {
      realm = await glossa.openExtensionPage('/icon/16.png').catch(() => undefined as unknown as Page);
      return !!realm;
    }, 'the add-on back after its reload', 30_000);
    // The page may have opened in the add-on before its reload and gone with it: open it again then.
    await waitUntil(() => inRealm(async () => Object.keys(await (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.get(null)), null)
      .then((keys) => !keys.includes('connection')).catch(async () => {
        realm = await glossa.openExtensionPage('/icon/16.png').catch(() => realm);
        return false;
      }), 'the move');

    const local = await inRealm(async () => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.get(null), null);
    expect(JSON.stringify(local)).not.toContain(TEST_KEY);
    expect(JSON.stringify(local)).not.toContain(glossa.api.url);
    expect(JSON.stringify(local)).not.toContain('overdraft fee');
    const moved = await inRealm(async (db) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(db.name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = database.transaction(db.store).objectStore(db.store).getAll();
      const keys = database.transaction(db.store).objectStore(db.store).getAllKeys();
      const values = await new Promise<unknown[]>((resolve) => { all.onsuccess = () => resolve(all.result); });
      const names = await new Promise<IDBValidKey[]>((resolve) => { keys.onsuccess = () => resolve(keys.result); });
      database.close();
      return Object.fromEntries(names.map((key, i) => [String(key), values[i]]));
    }, PRIVATE_DB);
    expect(moved).toMatchObject(oldProfile);

    // The moved key translates, and the usage goes on from the old total.
    const page = await glossa.openPage('/old-profile.html');
    await glossa.dispatchCommand('translate-page', page);
    const tabId = await glossa.tabIdOf(page);
    await waitUntil(() => inRealm(async (id) => {
      const key = `tab:${id}`;
      return ((await (globalThis as unknown as { browser: typeof chrome }).browser.storage.session.get(key))[key] as { phase?: string } | undefined)?.phase === 'translated';
    }, tabId), 'the page translated with the moved key');

    // Glossa's own content script of that tab reads none of it.
    const seen = await inRealm(async (id) => {
      const api = (globalThis as unknown as { browser: typeof chrome }).browser;
      const [first] = await api.scripting.executeScript({
        target: { tabId: id, frameIds: [0] },
        func: async () => {
          const ext = (globalThis as unknown as { browser: typeof chrome }).browser;
          const read = async (area: 'local' | 'session') => {
            try {
              return JSON.stringify(await ext.storage[area].get(null));
            } catch (err) {
              return `refused: ${String(err)}`;
            }
          };
          // The page origin's IndexedDB is the only one a content script can open.
          const databases = await indexedDB.databases().then((list) => list.map((d) => d.name)).catch(() => []);
          return { local: await read('local'), session: await read('session'), databases };
        },
      });
      return first.result as { local: string; session: string; databases: string[] };
    }, tabId);
    for (const secret of [TEST_KEY, glossa.api.url, 'bank.example', 'overdraft fee', '4321']) expect(JSON.stringify(seen)).not.toContain(secret);
    expect(seen.databases).not.toContain('glossa-private');
    await waitUntil(() => inRealm(async (db) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(db.name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const read = database.transaction(db.store).objectStore(db.store).get('usage');
      const usage = await new Promise<Record<string, { total: number }>>((resolve) => { read.onsuccess = () => resolve(read.result); });
      database.close();
      return Object.values(usage).some((m) => m.total > 4321);
    }, PRIVATE_DB), 'the usage counting on from the old total');
  });
});
