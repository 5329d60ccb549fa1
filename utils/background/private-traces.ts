// What Glossa keeps about the tabs a user had open, and how it goes again. Per-tab items in
// storage.session (state, billed characters, the last term fix, form handles, undo records) go
// when their tab closes; "Clear cache" on the options page also empties the translations kept
// in memory for private windows, the fixed phrases (term-revisions.ts), and whatever closed tabs
// left in storage.session. Nothing of a private window is on disk to begin with.
import { browser } from 'wxt/browser';
import { forgetUndo } from './term-service';
import { entryChangesItem } from './translation/term-revisions';
import { clearSessionCaches } from './translation/session-cache';

/** storage.session keys that belong to one tab: `<kind>:<tabId>`. */
const TAB_KEY = /^[A-Za-z]+:(\d+)$/;

async function removeTabKeys(keep: (tabId: number) => boolean): Promise<void> {
  const all = await browser.storage.session.get(null);
  const gone = Object.keys(all).filter((key) => {
    const id = TAB_KEY.exec(key)?.[1];
    return id !== undefined && !keep(Number(id));
  });
  if (gone.length > 0) await browser.storage.session.remove(gone);
}

/** A tab closed: every storage.session item of it goes. */
export async function forgetTab(tabId: number): Promise<void> {
  await removeTabKeys((id) => id !== tabId);
  await forgetUndo(tabId);
}

/** "Clear cache": besides the persistent cache, every trace a past tab or private window left. */
export async function clearTraces(): Promise<void> {
  clearSessionCaches();
  await entryChangesItem.removeValue();
  const open = new Set((await browser.tabs.query({})).map((tab) => tab.id));
  await removeTabKeys((id) => open.has(id));
  await forgetUndo();
}
