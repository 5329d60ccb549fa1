// Private items in Firefox's build live in the extension origin's IndexedDB; an earlier
// version's copy in storage.local (readable by content scripts) moves there once and is removed.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { definePrivateItem, movePrivateItems, type PrivateItem } from '../../utils/extension/private-storage';

describe('private storage in IndexedDB (Firefox)', () => {
  it('moves an existing key out of storage.local once, keeping it', async () => {
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'kept-key', plan: 'paid', customUrl: '' }, defaults: { targetLang: 'DE' } });
    const connection = definePrivateItem('connection', { apiKey: '', plan: 'paid', customUrl: '' }, 'indexeddb');
    await movePrivateItems([connection as PrivateItem<unknown>], 'indexeddb');
    expect(await connection.getValue()).toEqual({ apiKey: 'kept-key', plan: 'paid', customUrl: '' });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ defaults: { targetLang: 'DE' } });

    // A later stale copy never overwrites what IndexedDB holds, and is removed too.
    await connection.setValue({ apiKey: 'new-key', plan: 'free', customUrl: '' });
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'old-key', plan: 'paid', customUrl: '' } });
    await movePrivateItems([connection as PrivateItem<unknown>], 'indexeddb');
    expect((await connection.getValue()).apiKey).toBe('new-key');
    expect(await fakeBrowser.storage.local.get('connection')).toEqual({});
  });

  it('keeps items in storage.local where it can be restricted (Chromium)', async () => {
    const rules = definePrivateItem('siteRules', { always: [] as string[], never: [] as string[] }, 'storage-local');
    await rules.setValue({ always: ['bank.example'], never: [] });
    await movePrivateItems([rules as PrivateItem<unknown>], 'storage-local');
    expect(await fakeBrowser.storage.local.get('siteRules')).toEqual({ siteRules: { always: ['bank.example'], never: [] } });
  });
});
