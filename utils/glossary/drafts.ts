// Edits in progress, kept in the extension's own IndexedDB (idb-keyval, a store of its own) so
// they survive closing the options page or a crash. IndexedDB rather than storage.local:
// a create draft can hold a pasted 10 MB dictionary, over storage.local's quota.
// Dictionary drafts hold only the difference from the dictionary as opened, plus its
// fingerprint, so a 200,000-entry dictionary with three edits stores three rows.
import { createStore, del, entries as storeEntries, get, set, type UseStore } from 'idb-keyval';
import type { EntriesFormat } from './entries';
import type { Phrase } from './diff';

export interface DictionaryDraft {
  kind: 'dictionary';
  glossaryId: string;
  glossaryName: string;
  sourceLang: string;
  targetLang: string;
  /** fingerprintEntries() of the dictionary the edit started from. */
  baseFingerprint: string;
  added: Phrase[];
  changed: Phrase[];
  removed: Phrase[];
  savedAt: number;
  /** The server's message when a save failed (shown when the draft is offered). */
  lastError?: string;
}

export interface CreateDraftDictionary {
  sourceLang: string;
  targetLang: string;
  format: EntriesFormat;
  text: string;
}

export interface CreateDraft {
  kind: 'create';
  name: string;
  dictionaries: CreateDraftDictionary[];
  savedAt: number;
  lastError?: string;
}

export type Draft = DictionaryDraft | CreateDraft;

let defaultStore: UseStore | undefined;
function draftStore(): UseStore {
  defaultStore ??= createStore('glossa-glossary-drafts', 'drafts');
  return defaultStore;
}

export const CREATE_DRAFT_KEY = 'create';

export function dictionaryDraftKey(glossaryId: string, sourceLang: string, targetLang: string): string {
  return `dictionary:${glossaryId}:${sourceLang.toLowerCase()}>${targetLang.toLowerCase()}`;
}

function isPhraseList(value: unknown): value is Phrase[] {
  return Array.isArray(value) && value.every((p) => typeof p === 'object' && p !== null && typeof p.source === 'string' && typeof p.target === 'string');
}

/** Storage can hold anything an older version wrote: accept only well-formed drafts. */
export function parseDraft(value: unknown): Draft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const d = value as Record<string, unknown>;
  if (typeof d.savedAt !== 'number') return undefined;
  if (d.lastError !== undefined && typeof d.lastError !== 'string') return undefined;
  if (d.kind === 'dictionary') {
    const ok = typeof d.glossaryId === 'string' && typeof d.glossaryName === 'string' && typeof d.sourceLang === 'string'
      && typeof d.targetLang === 'string' && typeof d.baseFingerprint === 'string'
      && isPhraseList(d.added) && isPhraseList(d.changed) && isPhraseList(d.removed);
    return ok ? (d as unknown as DictionaryDraft) : undefined;
  }
  if (d.kind === 'create') {
    const ok = typeof d.name === 'string' && Array.isArray(d.dictionaries) && d.dictionaries.every((x: unknown) => {
      const dict = x as Record<string, unknown> | null;
      return typeof dict === 'object' && dict !== null && typeof dict.sourceLang === 'string' && typeof dict.targetLang === 'string'
        && (dict.format === 'tsv' || dict.format === 'csv') && typeof dict.text === 'string';
    });
    return ok ? (d as unknown as CreateDraft) : undefined;
  }
  return undefined;
}

export async function loadDraft(key: string, store: UseStore = draftStore()): Promise<Draft | undefined> {
  return parseDraft(await get(key, store));
}

export async function saveDraft(key: string, draft: Draft, store: UseStore = draftStore()): Promise<void> {
  await set(key, draft, store);
}

export async function deleteDraft(key: string, store: UseStore = draftStore()): Promise<void> {
  await del(key, store);
}

/** Every stored draft with its key (the list marks glossaries with unsaved edits). */
export async function listDrafts(store: UseStore = draftStore()): Promise<{ key: string; draft: Draft }[]> {
  const all = await storeEntries(store);
  const out: { key: string; draft: Draft }[] = [];
  for (const [key, value] of all) {
    const draft = parseDraft(value);
    if (typeof key === 'string' && draft) out.push({ key, draft });
  }
  return out;
}

interface DraftSaver {
  /** Saves `build()` after `delayMs` of quiet; build returning undefined deletes the draft. */
  schedule(build: () => Draft | undefined): void;
  /** Writes a pending save now (before leaving, before sending). */
  flush(): Promise<void>;
  /** Forgets a pending save (after a successful send). */
  cancel(): void;
}

/** Debounced draft writes: building a draft diffs the whole dictionary, so not on every key. */
export function createDraftSaver(key: string, options: { delayMs?: number; store?: UseStore; onError?: (err: unknown) => void } = {}): DraftSaver {
  const delayMs = options.delayMs ?? 600;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: (() => Draft | undefined) | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    const build = pending;
    pending = undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!build) return writing;
    // Writes are chained so an older draft never lands after a newer one.
    writing = writing.then(async () => {
      const draft = build();
      if (draft) await saveDraft(key, draft, options.store);
      else await deleteDraft(key, options.store);
    }).catch((err) => options.onError?.(err));
    return writing;
  };

  return {
    schedule(build) {
      pending = build;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void write(), delayMs);
    },
    flush: write,
    cancel() {
      pending = undefined;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
