/// <reference types="chrome" />
// A private (incognito) window in Chromium: Glossa is allowed there (developer mode on, then
// "Allow in Incognito" through chrome://extensions' own API, as a user would tick it), and the
// manifest's `incognito: 'spanning'` lets the one worker serve both windows. A page translated
// in the private window leaves no entry in the persistent cache and no hostname in the usage;
// the popup offers no site rules for it. The same page in an ordinary window does both, which
// shows the checks can see them. Playwright cannot drive incognito pages of a persistent
// context, so the private tab is driven through the extension's worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { waitUntil } from '../e2e-lib/wait';

/** Entries of the persistent translation cache (IndexedDB `glossa-cache`), counted in the worker. */
async function cacheEntries(glossa: ChromiumGlossa): Promise<number> {
  return glossa.inWorker(() => new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('glossa-cache');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('translations')) {
        db.close();
        resolve(0);
        return;
      }
      const keys = db.transaction('translations').objectStore('translations').getAllKeys();
      keys.onsuccess = () => {
        db.close();
        resolve(keys.result.filter((key) => key !== '~meta').length);
      };
      keys.onerror = () => reject(keys.error);
    };
  }));
}

async function usage(glossa: ChromiumGlossa): Promise<Record<string, { total: number; sites: Record<string, number> }>> {
  return glossa.inWorker(async () => ((await chrome.storage.local.get('usage')).usage ?? {}) as Record<string, { total: number; sites: Record<string, number> }>);
}

async function tabPhase(glossa: ChromiumGlossa, tabId: number): Promise<string> {
  return glossa.inWorker(async (id: number) => ((await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as { phase?: string } | undefined)?.phase ?? 'original', tabId);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  let last: T | undefined;
  await waitUntil(async () => done((last = await read())), what, timeoutMs).catch(() => {
    throw new Error(`${what} did not happen within ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`);
  });
  return last as T;
}

describe('private windows', () => {
  let glossa: ChromiumGlossa;

  beforeAll(async () => {
    glossa = await launchGlossaInChromium();
    const extensions = await glossa.context.newPage();
    await extensions.goto('chrome://extensions/');
    const reloaded = glossa.context.waitForEvent('serviceworker', { timeout: 30_000 });
    // Unpacked extensions stay enabled across the reload this causes only in developer mode.
    await extensions.evaluate(async (id: string) => {
      const dev = (globalThis as unknown as { chrome: { developerPrivate: {
        updateProfileConfiguration(c: { inDeveloperMode: boolean }): Promise<void>;
        updateExtensionConfiguration(c: { extensionId: string; incognitoAccess: boolean }): Promise<void>;
      } } }).chrome.developerPrivate;
      await dev.updateProfileConfiguration({ inDeveloperMode: true });
      await dev.updateExtensionConfiguration({ extensionId: id, incognitoAccess: true });
    }, glossa.extensionId);
    // The reloaded worker starts on the next extension event: opening one of its pages is one.
    await waitFor(() => extensions.goto(`${glossa.extensionUrl}/popup.html`).then(() => true, () => false), Boolean, 'The extension coming back after the reload');
    await reloaded;
    await extensions.close();
    await glossa.setStorage({
      connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url },
      defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    });
  });

  afterAll(async () => {
    await glossa?.close();
  });

  it('translates a page in a private window without leaving it in the cache or the per-site usage, and offers no site rules', async () => {
    expect(await glossa.inWorker(() => chrome.extension.isAllowedIncognitoAccess())).toBe(true);
    const url = glossa.pageUrl('/article.html');
    const tabId = await glossa.inWorker(async (u: string) => {
      const win = await chrome.windows.create({ incognito: true, url: u, focused: true });
      const tab = win!.tabs![0];
      await new Promise<void>((resolve) => {
        const check = (id: number, change: { status?: string }) => {
          if (id === tab.id && change.status === 'complete') {
            chrome.tabs.onUpdated.removeListener(check);
            resolve();
          }
        };
        chrome.tabs.onUpdated.addListener(check);
      });
      return tab.id!;
    }, url);
    expect(await glossa.inWorker(async (id: number) => (await chrome.tabs.get(id)).incognito, tabId)).toBe(true);

    await glossa.inWorker(async (id: number) => {
      const tab = await chrome.tabs.get(id);
      (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch('translate-page', tab);
    }, tabId);
    await waitFor(() => tabPhase(glossa, tabId), (phase) => phase === 'translated', 'The private tab being translated');
    const text = await glossa.inWorker(async (id: number) => {
      const [result] = await chrome.scripting.executeScript({ target: { tabId: id }, func: () => document.getElementById('first')?.textContent ?? '' });
      return result.result as string;
    }, tabId);
    expect(text).not.toBe('The river was quiet this morning, and the birds were singing.');
    expect(glossa.api.log.filter((r) => r.path === '/v2/translate').length).toBeGreaterThan(0);

    // Nothing on disk: no cached translation, no hostname in the usage (the month's total counts).
    expect(await cacheEntries(glossa)).toBe(0);
    const privateUsage = await waitFor(() => usage(glossa), (u) => Object.values(u).some((month) => month.total > 0), 'The month total counting the private page');
    expect(JSON.stringify(privateUsage)).not.toContain('127.0.0.1');

    // The popup for the private tab names what it keeps and offers no rule that records the site.
    const popup = await glossa.context.newPage();
    await popup.goto(`${glossa.extensionUrl}/popup.html?tabId=${tabId}`);
    await popup.getByText(/Private window: Glossa keeps no translations/).waitFor();
    expect(await popup.getByLabel('Always translate this site').count()).toBe(0);
    await popup.close();

    // The same page in an ordinary window is cached and counted for its site.
    const page = await glossa.openPage('/article.html');
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    await waitFor(() => cacheEntries(glossa), (n) => n > 0, 'The ordinary tab filling the cache');
    await waitFor(() => usage(glossa), (u) => JSON.stringify(u).includes('127.0.0.1'), 'The ordinary tab counted for its site');
  });

  it('leaves nothing behind: after the private window closes, no storage holds its page, its host or its tab', async () => {
    const url = glossa.pageUrl('/private-notes.html').replace('127.0.0.1', 'localhost');
    glossa.pages.set('/private-notes.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title></head><body>'
      + '<p id="secret">Quixotic zeppelins hover over Zanzibar at dusk.</p><p>The lighthouse keeper waves from Zanzibar.</p></body></html>');
    const { windowId, tabId } = await glossa.inWorker(async (u: string) => {
      const win = await chrome.windows.create({ incognito: true, url: u, focused: true });
      const tab = win!.tabs![0];
      await new Promise<void>((resolve) => {
        const check = (id: number, change: { status?: string }) => {
          if (id === tab.id && change.status === 'complete') {
            chrome.tabs.onUpdated.removeListener(check);
            resolve();
          }
        };
        chrome.tabs.onUpdated.addListener(check);
      });
      return { windowId: win!.id!, tabId: tab.id! };
    }, url);
    await glossa.inWorker(async (id: number) => {
      const tab = await chrome.tabs.get(id);
      (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch('translate-page', tab);
    }, tabId);
    await waitFor(() => tabPhase(glossa, tabId), (phase) => phase === 'translated', 'The private tab being translated');
    // The reader opens a term form there (the content script hands the page's text to the background).
    const opened = await glossa.inWorker(async (id: number) => {
      const [result] = await chrome.scripting.executeScript({
        target: { tabId: id },
        func: async () => JSON.stringify(await chrome.runtime.sendMessage({ glossa: 'termFormOpen', data: { kind: 'add', source: 'lighthouse keeper', target: 'Leuchtturmwärter', sourceLang: 'EN', targetLang: 'DE' } })),
      });
      return result.result as string;
    }, tabId);
    expect(opened).toContain('term-form.html#');
    const sessionKeys = await glossa.inWorker(async () => Object.keys(await chrome.storage.session.get(null)));
    expect(sessionKeys.filter((key) => key.endsWith(`:${tabId}`)).length).toBeGreaterThan(0);

    await glossa.inWorker(async (id: number) => chrome.windows.remove(id), windowId);
    const everything = async () => glossa.inWorker(async () => {
      const dump: Record<string, unknown> = {
        local: await chrome.storage.local.get(null),
        session: await chrome.storage.session.get(null),
      };
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(info.name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const store of db.objectStoreNames) {
          dump[`${info.name}/${store}`] = await new Promise((resolve, reject) => {
            const tx = db.transaction(store);
            const all = { keys: tx.objectStore(store).getAllKeys(), values: tx.objectStore(store).getAll() };
            tx.oncomplete = () => resolve({ keys: all.keys.result, values: all.values.result });
            tx.onerror = () => reject(tx.error);
          });
        }
        db.close();
      }
      return JSON.stringify(dump);
    });
    const sessionKeysOf = async () => glossa.inWorker(async () => Object.keys(await chrome.storage.session.get(null)));
    await waitFor(sessionKeysOf, (keys) => !keys.some((key) => key.endsWith(`:${tabId}`)), 'The closed private tab\'s session items going');
    const stored = await everything();
    for (const trace of ['Zanzibar', 'zeppelins', 'lighthouse keeper', 'localhost']) expect(stored).not.toContain(trace);
    expect(stored).not.toContain(`tab:${tabId}`);

    // The options page offers to clear what private use left in memory.
    const options = await glossa.openOptions();
    await options.getByRole('button', { name: "Clear Glossa's data for private use" }).click();
    await options.getByText("Glossa's data for private use is cleared.").waitFor();
    await options.close();
  });
});
