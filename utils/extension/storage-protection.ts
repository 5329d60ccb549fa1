// Whether storage.local, which holds the API key, is closed to content scripts. Chromium lets
// the background restrict it (private-storage.ts, protectLocalStorage); when that call fails, the
// key would be readable by any content script of Glossa, so the failure is recorded here for the
// options page and the toolbar badge to report, never swallowed. Firefox keeps these items in
// IndexedDB instead and has nothing to report.
import { storage } from 'wxt/utils/storage';
import { PRIVATE_BACKEND, protectLocalStorage, type PrivateBackend } from './private-storage';

export type StorageProtection = 'protected' | 'failed' | 'not-needed';

/** storage.session: trusted contexts only, and redone at every start of the worker. */
export const storageProtectionItem = storage.defineItem<StorageProtection>('session:storageProtection', { fallback: 'protected' });

/** Restricts storage.local (Chromium) and records how that went. */
export async function protectAndRecord(protect: () => Promise<boolean> = protectLocalStorage, backend: PrivateBackend = PRIVATE_BACKEND): Promise<StorageProtection> {
  const outcome: StorageProtection = backend !== 'storage-local' ? 'not-needed' : (await protect().catch(() => false)) ? 'protected' : 'failed';
  await storageProtectionItem.setValue(outcome).catch(() => undefined);
  return outcome;
}
