// Per-tab translation state, kept in storage.session so it survives the service worker being
// stopped. Read-modify-write updates are serialised per tab so concurrent reports don't race.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { EMPTY_TAB_STATE, tabStateKey, type TabState } from '../shared/tab-state';

export { EMPTY_TAB_STATE, type TabPhase, type TabState } from '../shared/tab-state';

function itemFor(tabId: number) {
  return storage.defineItem<TabState>(tabStateKey(tabId), { fallback: EMPTY_TAB_STATE });
}

export async function getTabState(tabId: number): Promise<TabState> {
  return itemFor(tabId).getValue();
}

const queues = new Map<number, Promise<unknown>>();

/** Applies `change` to the tab's state; updates to one tab run one after another. */
export function updateTabState(tabId: number, change: (state: TabState) => TabState): Promise<TabState> {
  const previous = queues.get(tabId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(async () => {
    const item = itemFor(tabId);
    const updated = { ...change(await item.getValue()), updatedAt: Date.now() };
    await item.setValue(updated);
    return updated;
  });
  queues.set(tabId, next);
  // The last update of a tab leaves no entry behind (the worker would keep one per tab ever translated).
  void next.catch(() => undefined).then(() => {
    if (queues.get(tabId) === next) queues.delete(tabId);
  });
  return next;
}

/** Tabs with an update queued or running (none once they have all settled). */
export function queuedTabCount(): number {
  return queues.size;
}

/** Removes the tab's state, after any update already queued (a late update must not bring it back). */
export async function clearTabState(tabId: number): Promise<void> {
  const previous = queues.get(tabId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => itemFor(tabId).removeValue());
  queues.set(tabId, next);
  await next;
  if (queues.get(tabId) === next) queues.delete(tabId);
}

/** Ids of the tabs that have a stored state. */
export async function storedTabIds(): Promise<number[]> {
  const all = await browser.storage.session.get(null);
  return Object.keys(all)
    .map((key) => /^tab:(\d+)$/.exec(key)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
}

export { watchTabState } from '../shared/tab-state';
