// The extension APIs as a test double for the benchmarks that run background code in Node.
// Installed before any suite is imported: `wxt/browser` reads `globalThis.browser` once, when a
// module first imports it, so a suite importing background code early would fix it at undefined.
let installed = false;

export async function installExtensionDouble(): Promise<void> {
  if (installed) return;
  installed = true;
  const idb = await import('fake-indexeddb');
  Object.assign(globalThis, { indexedDB: idb.indexedDB, IDBKeyRange: idb.IDBKeyRange });
  const { fakeBrowser } = await import('wxt/testing/fake-browser');
  (globalThis as { browser?: unknown }).browser = fakeBrowser;
  (fakeBrowser.i18n as { getMessage: (key: string) => string }).getMessage = (key) => key;
}
