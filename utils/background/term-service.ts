// Fixing a term where the reader sees it: the term form frame (term-form.ts) asks, the background
// checks the entry with the glossary manager's rules, saves exactly one entry with PATCH (which
// merges, and creates the pair's dictionary when the glossary lacks it) or creates a glossary
// named after the pair, and bumps the glossary's revision for that phrase only
// (term-revisions.ts). Undo removes the entry again (GET the dictionary, drop it, PUT: the API
// has no call that deletes one entry) or restores the previous target. The page then follows:
// termFixRefresh makes the frame's tab translate again the blocks that hold the phrase.
// Senders and data are checked by the protocol (utils/shared/messages-to-background.ts).
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../api/client';
import { ApiError } from '../shared/api-errors';
import type { Glossary } from '../shared/api-types';
import { t } from '../shared/i18n';
import { baseLanguage, pairKey } from '../shared/language-code';
import { languageName } from '../shared/languages';
import { defaultGlossaryFor } from '../shared/default-glossary';
import { onBackgroundMessage } from '../shared/messages-to-background';
import {
  sendMessage, type DataOf, type MessageSender, type TermFixOptions, type TermFixRefreshReport, type TermFixSaveRequest, type TermFixSaveResult,
} from '../shared/protocol';
import { termFixReportItem } from '../shared/term-fix-report';
import { checkPhrase, entriesToTsv, parseEntries, validateName } from '../glossary/entries';
import { defaultGlossariesItem } from '../extension/settings-store';
import { getTabState, updateTabState } from './tab-state';
import { connectedClient } from './api-client';
import { recordEntryChange } from './translation/term-revisions';

/** How long a saved change can be taken back (the popover offers it for a few seconds). */
const UNDO_WINDOW_MS = 2 * 60_000;

interface UndoRecord {
  tabId: number;
  glossaryId: string;
  sourceLang: string;
  targetLang: string;
  source: string;
  /** The target the entry had before; absent when the entry was new. */
  previousTarget?: string;
  /** The glossary was created by this change (undo deletes it). */
  createdGlossary: boolean;
  /** This change made it the pair's default glossary (undo clears that). */
  madeDefault: boolean;
  at: number;
}

const undoItem = storage.defineItem<Record<string, UndoRecord>>('session:termFixUndo', { fallback: {} });

/** Drops the undo records of one tab (it closed), or of every tab. */
export async function forgetUndo(tabId?: number): Promise<void> {
  const records = await undoItem.getValue();
  const kept = Object.fromEntries(Object.entries(records).filter(([, r]) => tabId !== undefined && r.tabId !== tabId));
  if (Object.keys(kept).length > 0) await undoItem.setValue(kept);
  else await undoItem.removeValue();
}

interface TermServiceDeps {
  client?: () => Promise<ApiClient>;
  /** `source` is undefined for a change made in a private window: the phrase is not written down. */
  recordChange?: (glossaryId: string, source: string | undefined) => Promise<void>;
  now?: () => number;
  newId?: () => string;
}

/** The tab the form frame's message acts for (the protocol admits the frame inside a tab only). */
function tabOf(sender: MessageSender): TermTab {
  return { id: sender.tab!.id!, private: sender.tab!.incognito === true };
}

/** A tab, and whether it is in a private window (a phrase fixed there is not written to disk). */
interface TermTab {
  id: number;
  private: boolean;
}

function hasPair(glossary: Glossary, source: string, target: string): boolean {
  return glossary.dictionaries.some((d) => baseLanguage(d.source_lang) === source && baseLanguage(d.target_lang) === target);
}

function pairName(source: string, target: string): string {
  return `${languageName(source)} → ${languageName(target)}`;
}

/** The glossary the tab's page translation uses for this pair: undefined when none is chosen, '' = none. */
async function tabGlossary(tabId: number, source: string, target: string): Promise<string | undefined> {
  const { job } = await getTabState(tabId);
  if (!job || baseLanguage(job.targetLang) !== target || (job.sourceLang && baseLanguage(job.sourceLang) !== source)) return undefined;
  return job.glossaryId;
}

function validateEntry(data: TermFixSaveRequest): TermFixSaveResult | undefined {
  const problems: Extract<TermFixSaveResult, { status: 'invalid' }>['problems'] = [];
  for (const field of ['source', 'target'] as const) {
    const problem = checkPhrase(data[field], field, 0);
    if (problem && problem.code !== 'duplicate-source') problems.push({ field, code: problem.code as never });
  }
  if (data.glossaryId === '') {
    const problem = validateName(data.newName);
    if (problem) problems.push({ field: 'name', code: problem.code === 'too-long' ? 'too-long' : 'empty' });
  }
  return problems.length ? { status: 'invalid', problems } : undefined;
}

function createTermService(deps: TermServiceDeps = {}) {
  const client = deps.client ?? connectedClient;
  const recordChange = deps.recordChange ?? recordEntryChange;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());

  async function options({ id: tabId }: TermTab, data: DataOf<'termFixOptions'>): Promise<TermFixOptions> {
    const { sourceLang, targetLang } = data;
    const [list, defaults, fromTab] = await Promise.all([
      (await client()).listGlossaries(), defaultGlossariesItem.getValue(), tabGlossary(tabId, sourceLang, targetLang),
    ]);
    const glossaries = list.filter((g) => hasPair(g, sourceLang, targetLang)).map((g) => ({
      id: g.glossary_id,
      name: g.name,
      entryCount: g.dictionaries.find((d) => baseLanguage(d.source_lang) === sourceLang && baseLanguage(d.target_lang) === targetLang)?.entry_count ?? 0,
    }));
    const known = (id: string | undefined) => (id && glossaries.some((g) => g.id === id) ? id : undefined);
    const selected = known(fromTab) ?? known(defaultGlossaryFor(sourceLang, targetLang, defaults)) ?? glossaries[0]?.id ?? '';
    return { sourceLang, targetLang, glossaries, selected, newName: pairName(sourceLang, targetLang) };
  }

  async function save(tab: TermTab, request: TermFixSaveRequest): Promise<TermFixSaveResult> {
    const tabId = tab.id;
    const phrase = tab.private ? undefined : request.source;
    const invalid = validateEntry(request);
    if (invalid) return invalid;
    const { source, target, sourceLang, targetLang } = request;
    const api = await client();
    const dictionary = { source_lang: sourceLang, target_lang: targetLang, entries: entriesToTsv([{ source, target }]), entries_format: 'tsv' as const };

    let glossary: Glossary;
    let previousTarget: string | undefined;
    let madeDefault = false;
    if (request.glossaryId === '') {
      glossary = await api.createGlossary({ name: request.newName!, dictionaries: [dictionary] });
      const defaults = await defaultGlossariesItem.getValue();
      const key = pairKey(sourceLang, targetLang);
      // The pair had no default: the new glossary becomes it, so every tab of the pair follows.
      if (!defaults[key]) {
        await defaultGlossariesItem.setValue({ ...defaults, [key]: glossary.glossary_id });
        madeDefault = true;
      }
    } else {
      const current = await api.getGlossary(request.glossaryId);
      if (hasPair(current, sourceLang, targetLang)) {
        const { entries } = await api.getEntries(request.glossaryId, sourceLang, targetLang);
        previousTarget = parseEntries(entries, 'tsv').entries.find((e) => e.source === source)?.target;
        if (previousTarget === target) return { status: 'unchanged' };
        if (previousTarget !== undefined && !request.replace) return { status: 'exists', currentTarget: previousTarget };
      }
      try {
        glossary = await api.patchGlossary(request.glossaryId, { dictionary });
      } finally {
        // A PATCH that failed half-way may still have changed the dictionary.
        await recordChange(request.glossaryId, phrase);
      }
    }
    if (request.glossaryId === '') await recordChange(glossary.glossary_id, phrase);

    const undoId = newId();
    const records = await undoItem.getValue();
    const fresh = Object.fromEntries(Object.entries(records).filter(([, r]) => now() - r.at < UNDO_WINDOW_MS));
    fresh[undoId] = {
      tabId, glossaryId: glossary.glossary_id, sourceLang, targetLang, source, previousTarget,
      createdGlossary: request.glossaryId === '', madeDefault, at: now(),
    };
    await undoItem.setValue(fresh);
    return {
      status: 'saved', undoId, glossaryId: glossary.glossary_id, glossaryName: glossary.name, sourceLang, targetLang,
      replaced: previousTarget !== undefined,
    };
  }

  async function undo(tab: TermTab, { undoId }: DataOf<'termFixUndo'>): Promise<{ undone: true }> {
    const tabId = tab.id;
    const records = await undoItem.getValue();
    const record = records[undoId];
    if (!record || record.tabId !== tabId || now() - record.at > UNDO_WINDOW_MS) throw new ApiError('not-found', t('termFixErrorUndoExpired'));
    const { [undoId]: _taken, ...rest } = records;
    await undoItem.setValue(rest);
    const api = await client();
    const { glossaryId, sourceLang, targetLang, source } = record;
    try {
      if (record.previousTarget !== undefined) {
        await api.patchGlossary(glossaryId, {
          dictionary: { source_lang: sourceLang, target_lang: targetLang, entries: entriesToTsv([{ source, target: record.previousTarget }]), entries_format: 'tsv' },
        });
      } else {
        const { entries } = await api.getEntries(glossaryId, sourceLang, targetLang);
        const kept = parseEntries(entries, 'tsv').entries.filter((e) => e.source !== source);
        if (kept.length > 0) {
          await api.putDictionary(glossaryId, { source_lang: sourceLang, target_lang: targetLang, entries: entriesToTsv(kept), entries_format: 'tsv' });
        } else if (record.createdGlossary) {
          await api.deleteGlossary(glossaryId);
          if (record.madeDefault) {
            const defaults = await defaultGlossariesItem.getValue();
            const key = pairKey(sourceLang, targetLang);
            if (defaults[key] === glossaryId) {
              const { [key]: _removed, ...others } = defaults;
              await defaultGlossariesItem.setValue(others);
            }
          }
        } else {
          // The dictionary held only this entry: an empty one cannot be sent, so it goes.
          await api.deleteDictionary(glossaryId, sourceLang, targetLang);
        }
      }
    } finally {
      await recordChange(glossaryId, tab.private ? undefined : source);
    }
    return { undone: true };
  }

  async function refresh({ id: tabId }: TermTab, data: DataOf<'termFixRefresh'>): Promise<TermFixRefreshReport> {
    const { source, sourceLang, targetLang, glossaryId } = data;
    const state = await getTabState(tabId);
    const job = state.job;
    const showsPair = !!job && state.done > 0 && state.phase !== 'original' && baseLanguage(job.targetLang) === targetLang
      && (!job.sourceLang || baseLanguage(job.sourceLang) === sourceLang);
    if (!showsPair) return { followed: false, blocks: 0, billedCharacters: 0 };
    const defaults = await defaultGlossariesItem.getValue();
    const inUse = job.glossaryId ?? defaultGlossaryFor(sourceLang, targetLang, defaults) ?? '';
    // The reader chose this glossary for this page: its next blocks use it too.
    if (inUse !== glossaryId) await updateTabState(tabId, (s) => (s.job ? { ...s, job: { ...s.job, glossaryId } } : s));
    const result = await sendMessage('refreshTermInPage', { phrase: source, sourceLang: sourceLang.toUpperCase() }, tabId, 0);
    const report: TermFixRefreshReport = {
      followed: true,
      blocks: Number.isInteger(result?.blocks) ? result.blocks : 0,
      billedCharacters: Number.isInteger(result?.billedCharacters) ? result.billedCharacters : 0,
    };
    await termFixReportItem(tabId).setValue({ ...report, phrase: source, at: now(), url: state.url });
    return report;
  }

  return { options, save, undo, refresh };
}

/** Registers the term messages (the term form frame only); call once when the worker starts. */
export function registerTermService(deps: TermServiceDeps = {}): () => void {
  const service = createTermService(deps);
  const offs = [
    onBackgroundMessage('termFixOptions', ({ data, sender }) => service.options(tabOf(sender), data)),
    onBackgroundMessage('termFixSave', ({ data, sender }) => service.save(tabOf(sender), data)),
    onBackgroundMessage('termFixUndo', ({ data, sender }) => service.undo(tabOf(sender), data)),
    onBackgroundMessage('termFixRefresh', ({ data, sender }) => service.refresh(tabOf(sender), data)),
  ];
  return () => offs.forEach((off) => off());
}
