// Private items in Firefox's build live in the extension origin's IndexedDB; an earlier
// version's copy in storage.local (readable by content scripts) moves there once and is removed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  definePrivateItem, movePrivateItems, privateStorageStatus, resetIndexedDbProbe, type PrivateItem,
} from '../../utils/extension/private-storage';
import { onBackgroundMessage } from '../../utils/shared/messages-to-background';
import { holdHandlersUntil } from '../../utils/shared/startup-gate';
import { removeAllListeners } from '../../utils/shared/protocol';

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

describe('the one-time move (Firefox) and its start-up gate', () => {
  const keyItem = () => definePrivateItem('connection', { apiKey: '', plan: 'paid', customUrl: '' }, 'indexeddb');
  const usage = () => definePrivateItem<Record<string, { total: number }>>('usage', {}, 'indexeddb');
  const oldProfile = { connection: { apiKey: 'old-profile-key', plan: 'paid', customUrl: '' }, usage: { '2026-11': { total: 4321 } } };

  beforeEach(async () => {
    resetIndexedDbProbe();
    fakeBrowser.reset();
    await keyItem().removeValue();
    await usage().removeValue();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetIndexedDbProbe();
  });

  it('an interrupted move loses nothing: the old copy stays until IndexedDB holds every value, and the next start finishes it', async () => {
    await fakeBrowser.storage.local.set(oldProfile);
    // The old copy cannot be removed this time (the browser was closed in the middle).
    const remove = vi.spyOn(fakeBrowser.storage.local, 'remove').mockRejectedValueOnce(new Error('interrupted'));
    await expect(movePrivateItems([keyItem(), usage()] as PrivateItem<unknown>[], 'indexeddb')).rejects.toThrow('interrupted');
    expect((await keyItem().getValue()).apiKey).toBe('old-profile-key');
    expect(await fakeBrowser.storage.local.get('connection')).toEqual({ connection: oldProfile.connection });
    remove.mockRestore();
    // Meanwhile usage grew in IndexedDB: the next start removes the stale copy and never overwrites it.
    await usage().setValue({ '2026-11': { total: 5000 } });
    expect(await movePrivateItems([keyItem(), usage()] as PrivateItem<unknown>[], 'indexeddb')).toBe('private');
    expect(await usage().getValue()).toEqual({ '2026-11': { total: 5000 } });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    // A second run has nothing to do.
    expect(await movePrivateItems([keyItem(), usage()] as PrivateItem<unknown>[], 'indexeddb')).toBe('private');
    expect((await keyItem().getValue()).apiKey).toBe('old-profile-key');
  });

  it('writes all values in one transaction: a value IndexedDB refuses leaves none moved and the old copy in place', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'get').mockResolvedValueOnce({ ...oldProfile, usage: { broken: () => 1 } } as never);
    await fakeBrowser.storage.local.set(oldProfile);
    await expect(movePrivateItems([keyItem(), usage()] as PrivateItem<unknown>[], 'indexeddb')).rejects.toThrow();
    expect((await keyItem().getValue()).apiKey).toBe('');
    expect(await fakeBrowser.storage.local.get(null)).toEqual(oldProfile);
  });

  it('when IndexedDB is refused (Firefox never remembering history) nothing moves, nothing is lost, and the status says so', async () => {
    await fakeBrowser.storage.local.set(oldProfile);
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    });
    resetIndexedDbProbe();
    expect(await movePrivateItems([keyItem(), usage()] as PrivateItem<unknown>[], 'indexeddb')).toBe('unavailable');
    expect(await privateStorageStatus('indexeddb')).toBe('unavailable');
    expect((await keyItem().getValue()).apiKey).toBe('old-profile-key');
    expect(await usage().getValue()).toEqual(oldProfile.usage);
    await usage().setValue({ '2026-11': { total: 4400 } });
    expect(await fakeBrowser.storage.local.get('usage')).toEqual({ usage: { '2026-11': { total: 4400 } } });
  });

  it('no message handler runs before the move is done, so a first run neither misses the key nor undercounts usage', async () => {
    removeAllListeners();
    await fakeBrowser.storage.local.set(oldProfile);
    let release!: () => void;
    const moved = new Promise<void>((resolve) => {
      release = resolve;
    });
    holdHandlersUntil(moved.then(() => movePrivateItems([keyItem(), usage()] as PrivateItem<unknown>[], 'indexeddb')));
    const seen: string[] = [];
    onBackgroundMessage('usage', async () => {
      seen.push((await keyItem().getValue()).apiKey);
      const current = await usage().getValue();
      await usage().setValue({ '2026-11': { total: (current['2026-11']?.total ?? 0) + 100 } });
      return { month: '2026-11', total: 0, sites: [] };
    });
    const optionsPage = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
    const reply = fakeBrowser.runtime.onMessage.trigger({ glossa: 'usage', data: {} }, optionsPage as never);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    release();
    await reply;
    expect(seen).toEqual(['old-profile-key']);
    expect(await usage().getValue()).toEqual({ '2026-11': { total: 4421 } });
    holdHandlersUntil(Promise.resolve());
  });
});
