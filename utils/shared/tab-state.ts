// Per-tab translation state as the background keeps it in storage.session (trusted contexts
// only) and the popup watches it. Writing it is the background's (utils/background/tab-state.ts).
import { storage } from 'wxt/utils/storage';
import type { ApiErrorCode } from './api-errors';
import type { PageJobOptions } from './settings';

export interface PageProgress {
  total: number;
  done: number;
  failed: number;
  billedCharacters: number;
}

/** A spending pause of this page load (the counts themselves are per site: background/translation/spending.ts). */
export interface TabSpend {
  /** The user went on past the month's budget for this page. */
  budgetAllowed?: boolean;
  /** Which limit stopped this tab's last request; the popup asks whether to go on. */
  paused?: 'site-hour' | 'month-budget';
}

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
  /** A spending pause of this page load (background/translation/spending.ts). */
  spend?: TabSpend;
  updatedAt: number;
}

export const EMPTY_TAB_STATE: TabState = { phase: 'original', total: 0, done: 0, failed: 0, billedCharacters: 0, updatedAt: 0 };

/** The storage.session key of one tab's state. */
export function tabStateKey(tabId: number): `session:${string}` {
  return `session:tab:${tabId}`;
}

/** Whether the page shows (some) translated text, so the next click shows the original. */
export function showsTranslation(state: TabState): boolean {
  return state.phase === 'translated' || state.phase === 'translating' || (state.phase === 'error' && state.done > 0);
}

/** Watches one tab's state (popup uses it for live progress). Returns an unwatch function. */
export function watchTabState(tabId: number, callback: (state: TabState) => void): () => void {
  return storage.defineItem<TabState>(tabStateKey(tabId), { fallback: EMPTY_TAB_STATE }).watch((value) => callback(value ?? EMPTY_TAB_STATE));
}
