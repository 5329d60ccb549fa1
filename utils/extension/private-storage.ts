// Storage only the background and extension pages can read: the API key, site rules, default
// glossaries and usage by site. Chromium restricts storage.local to trusted contexts
// (protectLocalStorage, called first thing in the background). Firefox offers setAccessLevel
// for storage.session only, so there these items live in the extension origin's IndexedDB,
// which content scripts (running in the page's origin) cannot open.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';

export interface PrivateItem<T> {
  readonly key: string;
  readonly fallback: T;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Calls back with the new value after every change from any extension context. */
  watch(callback: (value: T) => void): () => void;
}

export type PrivateBackend = 'storage-local' | 'indexeddb';

/** Where private items live in this build. */
// The build replaces import.meta.env; plain Node (the benchmarks under tsx) has none.
export const PRIVATE_BACKEND: PrivateBackend = typeof import.meta.env === 'object' && import.meta.env.FIREFOX ? 'indexeddb' : 'storage-local';

let idbStore: UseStore | undefined;
function privateDb(): UseStore {
  idbStore ??= createStore('glossa-private', 'items');
  return idbStore;
}

const CHANGES = 'glossa-private-changes';

function indexedDbItem<T>(key: string, fallback: T): PrivateItem<T> {
  const announce = () => {
    const channel = new BroadcastChannel(CHANGES);
    channel.postMessage(key);
    channel.close();
  };
  const item: PrivateItem<T> = {
    key,
    fallback,
    async getValue() {
      return ((await get<T>(key, privateDb())) ?? fallback);
    },
    async setValue(value) {
      await set(key, value, privateDb());
      announce();
    },
    async removeValue() {
      await del(key, privateDb());
      announce();
    },
    watch(callback) {
      const channel = new BroadcastChannel(CHANGES);
      channel.onmessage = (event: MessageEvent) => {
        if (event.data === key) void item.getValue().then(callback);
      };
      return () => channel.close();
    },
  };
  return item;
}

function storageLocalItem<T>(key: string, fallback: T): PrivateItem<T> {
  const item = storage.defineItem<T>(`local:${key}`, { fallback });
  return {
    key,
    fallback,
    getValue: () => item.getValue(),
    setValue: (value) => item.setValue(value),
    removeValue: () => item.removeValue(),
    watch: (callback) => item.watch((value) => callback(value ?? fallback)),
  };
}

export function definePrivateItem<T>(key: string, fallback: T, backend: PrivateBackend = PRIVATE_BACKEND): PrivateItem<T> {
  return backend === 'indexeddb' ? indexedDbItem(key, fallback) : storageLocalItem(key, fallback);
}

/** Chromium: content scripts lose direct access to storage.local. Call first in the background. */
export async function protectLocalStorage(): Promise<boolean> {
  const local = browser.storage.local as unknown as { setAccessLevel?: (options: { accessLevel: string }) => Promise<void> };
  if (typeof local.setAccessLevel !== 'function') return false;
  try {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves private items an earlier version kept in storage.local into IndexedDB, once: the value
 * is copied when IndexedDB has none yet, then the old copy is removed either way.
 */
export async function movePrivateItems(items: readonly PrivateItem<unknown>[], backend: PrivateBackend = PRIVATE_BACKEND): Promise<void> {
  if (backend !== 'indexeddb') return;
  const keys = items.map((item) => item.key);
  const old = await browser.storage.local.get(keys);
  for (const item of items) {
    if (!(item.key in old)) continue;
    if ((await get(item.key, privateDb())) === undefined) await item.setValue(old[item.key]);
  }
  const present = keys.filter((key) => key in old);
  if (present.length > 0) await browser.storage.local.remove(present);
}
