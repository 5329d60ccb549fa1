// Storage only the background and extension pages can read: the API key, site rules, default
// glossaries and usage by site. Chromium restricts storage.local to trusted contexts
// (protectLocalStorage, called first thing in the background). Firefox offers setAccessLevel
// for storage.session only, so there these items live in the extension origin's IndexedDB,
// which content scripts (running in the page's origin) cannot open.
import { createStore, del, get, getMany, set, setMany, type UseStore } from 'idb-keyval';
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

let usable: Promise<boolean> | undefined;

/**
 * Whether this context can use the extension origin's IndexedDB. Firefox set to never remember
 * history may refuse it; then private items stay in storage.local (privateStorageStatus says so).
 */
function indexedDbUsable(): Promise<boolean> {
  usable ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined') return false;
      await get('~probe', privateDb());
      return true;
    } catch {
      return false;
    }
  })();
  return usable;
}

/** Tests only: probe again (e.g. after making IndexedDB fail). */
export function resetIndexedDbProbe(): void {
  usable = undefined;
  idbStore = undefined;
}

const CHANGES = 'glossa-private-changes';

function announce(key: string): void {
  const channel = new BroadcastChannel(CHANGES);
  channel.postMessage(key);
  channel.close();
}

function indexedDbItem<T>(key: string, fallback: T): PrivateItem<T> {
  // Where IndexedDB is refused, the item lives in storage.local, as before the move.
  const local = storageLocalItem(key, fallback);
  const item: PrivateItem<T> = {
    key,
    fallback,
    async getValue() {
      if (!(await indexedDbUsable())) return local.getValue();
      return ((await get<T>(key, privateDb())) ?? fallback);
    },
    async setValue(value) {
      if (!(await indexedDbUsable())) return local.setValue(value);
      await set(key, value, privateDb());
      announce(key);
    },
    async removeValue() {
      if (!(await indexedDbUsable())) return local.removeValue();
      await del(key, privateDb());
      announce(key);
    },
    watch(callback) {
      const stopLocal = local.watch(callback);
      const channel = new BroadcastChannel(CHANGES);
      channel.onmessage = (event: MessageEvent) => {
        if (event.data === key) void item.getValue().then(callback);
      };
      return () => {
        channel.close();
        stopLocal();
      };
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

type PrivateStorageStatus = 'private' | 'unavailable';

/** Where private items are now: out of content scripts' reach, or (Firefox without IndexedDB) not. */
export async function privateStorageStatus(backend: PrivateBackend = PRIVATE_BACKEND): Promise<PrivateStorageStatus> {
  return backend === 'storage-local' || (await indexedDbUsable()) ? 'private' : 'unavailable';
}

/**
 * Moves private items an earlier version kept in storage.local into IndexedDB, once. Atomic: the
 * values IndexedDB does not hold yet are written in one transaction, and only then is the old
 * copy removed (an interrupted move leaves the old copy, and the next start finishes it; a value
 * already in IndexedDB is never overwritten). The background awaits it before any handler runs.
 * Without IndexedDB nothing moves: the items stay readable where they are.
 */
export async function movePrivateItems(items: readonly PrivateItem<unknown>[], backend: PrivateBackend = PRIVATE_BACKEND): Promise<PrivateStorageStatus> {
  if (backend !== 'indexeddb') return 'private';
  if (!(await indexedDbUsable())) return 'unavailable';
  const keys = items.map((item) => item.key);
  const old = await browser.storage.local.get(keys);
  const present = keys.filter((key) => key in old);
  if (present.length === 0) return 'private';
  const held = await getMany(present, privateDb());
  const missing = present.filter((_key, i) => held[i] === undefined);
  // Cloned first: a value IndexedDB cannot hold fails here, before anything is written.
  const values = missing.map((key): [string, unknown] => [key, structuredClone(old[key])]);
  if (values.length > 0) await setMany(values, privateDb());
  await browser.storage.local.remove(present);
  for (const key of missing) announce(key);
  return 'private';
}
