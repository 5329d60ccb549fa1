// Per-tab translation state, kept in storage.session so it survives the service worker being
// stopped. Read-modify-write updates are serialised per tab so concurrent reports don't race.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { ApiErrorCode } from '../shared/api-errors';
import type { PageJobOptions, PageProgress, TabSpend } from '../shared/protocol';

export type TabPhase = 'original' | 'translating' | 'translated' | 'error';

export interface TabState extends PageProgress {
  phase: TabPhase;
  /** Options of the current (or last) translation of this tab. */
  job?: PageJobOptions;
  /** Last error that stopped or degraded the translation. */
  errorCode?: ApiErrorCode | 'never-site' | 'restricted-page';
  errorMessage?: string;
  /** Page URL the state belongs to; a navigation resets it. */
  url?: string;
  /** Spending of this page load, against the user's limits (translation/spending.ts). */
  spend?: TabSpend;
  updatedAt: number;
}

export const EMPTY_TAB_STATE: TabState = { phase: 'original', total: 0, done: 0, failed: 0, billedCharacters: 0, updatedAt: 0 };

function itemFor(tabId: number) {
  return storage.defineItem<TabState>(`session:tab:${tabId}`, { fallback: EMPTY_TAB_STATE });
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
  return next;
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

/** Watches one tab's state (popup uses it for live progress). Returns an unwatch function. */
export function watchTabState(tabId: number, callback: (state: TabState) => void): () => void {
  return itemFor(tabId).watch((value) => callback(value ?? EMPTY_TAB_STATE));
}
