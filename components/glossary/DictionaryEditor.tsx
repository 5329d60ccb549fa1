// One dictionary opened for editing: its entries (GET entries) in a virtualised table with
// search, add, edit and delete; saved by merge (PATCH) when only additions and changes were
// made, by replace (PUT) after a confirmation naming how many entries go when rows were
// deleted or the user asks for it. Edits are kept as a draft until they are saved.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { sendMessage } from '../../utils/shared/protocol';
import type { Glossary } from '../../utils/shared/api-types';
import { entriesToTsv, parseEntries } from '../../utils/glossary/entries';
import { applyDiff, diffRows, entryMap, hasChanges, planSave, type Phrase } from '../../utils/glossary/diff';
import { compareDictionaries, fingerprintEntries, isConflict } from '../../utils/glossary/conflict';
import { createDraftSaver, deleteDraft, dictionaryDraftKey, loadDraft, type DictionaryDraft } from '../../utils/glossary/drafts';
import { downloadFile, exportDictionary } from '../../utils/glossary/export';
import { reverseEntries } from '../../utils/glossary/reverse';
import { validateRows, type ValidationResult } from '../../utils/glossary/validate';
import { trimEntries } from '../../utils/glossary/entries';
import { languageName } from '../../utils/shared/languages';
import { confirmAction, useManager } from './manager-context';
import { EntryTable } from './EntryTable';
import { ValidationReport } from './ValidationReport';
import { useRowEditor } from './use-row-editor';
import { useGlossaryChanged } from './use-glossary-changed';

interface Props {
  glossary: Glossary;
  sourceLang: string;
  targetLang: string;
  onClose: () => void;
}

interface Opened {
  entries: Phrase[];
  map: Map<string, string>;
  /** Computed when first needed (a draft): it reads all 10 MB of a big dictionary. */
  readonly fingerprint: string;
}

function opened(entries: Phrase[]): Opened {
  let fingerprint: string | undefined;
  return {
    entries,
    map: entryMap(entries),
    get fingerprint() {
      fingerprint ??= fingerprintEntries(entries);
      return fingerprint;
    },
  };
}

async function fetchEntries(id: string, sourceLang: string, targetLang: string): Promise<Phrase[]> {
  const dict = await sendMessage('glossaryEntries', { id, sourceLang, targetLang });
  return parseEntries(dict.entries, 'tsv').entries.map(({ source, target }) => ({ source, target }));
}

function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}

export function DictionaryEditor({ glossary, sourceLang, targetLang, onClose }: Props) {
  const { ask, notify, refresh } = useManager();
  const pairLabel = `${languageName(sourceLang)} → ${languageName(targetLang)}`;
  const draftKey = dictionaryDraftKey(glossary.glossary_id, sourceLang, targetLang);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadError, setLoadError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saveError, setSaveError] = useState('');
  const [report, setReport] = useState<ValidationResult | null>(null);
  const [replaceMode, setReplaceMode] = useState(false);
  const [offer, setOffer] = useState<{ draft: DictionaryDraft; stale: boolean } | null>(null);
  const [scrollTo, setScrollTo] = useState<{ position: number; nonce: number; focus?: 'source' | 'target' }>();
  const base = useRef<Opened>(opened([]));
  const saver = useMemo(() => createDraftSaver(draftKey), [draftKey]);

  const buildDraft = (lastError?: string): DictionaryDraft | undefined => {
    const diff = diffRows(base.current.map, editor.rows);
    if (!hasChanges(diff)) return undefined;
    return {
      kind: 'dictionary', glossaryId: glossary.glossary_id, glossaryName: glossary.name, sourceLang, targetLang,
      baseFingerprint: base.current.fingerprint, added: diff.added, changed: diff.changed, removed: diff.removed,
      savedAt: Date.now(), lastError,
    };
  };

  const editor = useRowEditor([], () => {
    setDirty(true);
    setReport(null);
    saver.schedule(() => buildDraft());
  });

  const load = async () => {
    setState('loading');
    try {
      const [entries, draft] = await Promise.all([fetchEntries(glossary.glossary_id, sourceLang, targetLang), loadDraft(draftKey)]);
      base.current = opened(entries);
      editor.replaceAll(entries);
      setDirty(false);
      setOffer(draft?.kind === 'dictionary' ? { draft, stale: draft.baseFingerprint !== base.current.fingerprint } : null);
      setState('ready');
    } catch (err) {
      setLoadError(errorText(err));
      setState('failed');
    }
  };

  useEffect(() => {
    void load();
    return () => void saver.flush();
  }, [draftKey]);

  // Changed elsewhere (e.g. a term fixed from a page): show it, unless edits are open; those are
  // checked against the server before any replace, so the other change is never overwritten.
  useGlossaryChanged(glossary.glossary_id, () => {
    if (busy) return;
    if (!dirty) void load();
    else notify({ kind: 'info', text: t('termFixEditorChanged') });
  });

  // Leaving the page with unsaved edits: the draft is written now, and the browser asks.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      void saver.flush();
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const continueDraft = () => {
    if (!offer) return;
    editor.replaceAll(applyDiff(base.current.entries, offer.draft));
    setSaveError(offer.draft.lastError ?? '');
    setDirty(true);
    setOffer(null);
  };

  const discardDraft = async () => {
    await deleteDraft(draftKey);
    setOffer(null);
  };

  const jumpToRow = (line: number) => {
    editor.setQuery('');
    setScrollTo({ position: line - 1, nonce: Date.now(), focus: 'source' });
  };

  const afterSaved = async (entries: Phrase[], message: string) => {
    saver.cancel();
    await deleteDraft(draftKey);
    base.current = opened(entries);
    setDirty(false);
    setSaveError('');
    setReplaceMode(false);
    notify({ kind: 'info', text: message });
    await refresh();
  };

  const saveFailed = async (err: unknown) => {
    const message = errorText(err);
    setSaveError(message);
    saver.cancel();
    // The edit must survive the failure: write the draft now, with the server's message.
    saver.schedule(() => buildDraft(message));
    await saver.flush();
  };

  const save = async () => {
    const checked = validateRows(editor.rows);
    if (checked.problemCount > 0) {
      setReport(checked);
      return;
    }
    setReport(null);
    const diff = diffRows(base.current.map, editor.rows);
    const plan = planSave(diff, checked.entries, replaceMode ? 'replace' : 'auto');
    if (plan.kind === 'none') {
      notify({ kind: 'info', text: t('glossaryNothingToSave') });
      return;
    }
    setBusy(true);
    try {
      if (plan.kind === 'merge') {
        await sendMessage('glossaryPatch', {
          id: glossary.glossary_id,
          dictionary: { source_lang: sourceLang, target_lang: targetLang, entries: entriesToTsv(plan.entries), entries_format: 'tsv' },
        });
        await afterSaved(checked.entries, t('glossarySavedMerge', [String(diff.added.length), String(diff.changed.length)]));
        return;
      }
      /** Asks what to do when the dictionary changed elsewhere; true means replace anyway. */
      const goOnDespite = async (changes: ReturnType<typeof compareDictionaries>): Promise<boolean> => {
        if (!isConflict(changes)) return true;
        const choice = await ask({
          title: t('glossaryConflictTitle'),
          body: [t('glossaryConflictBody', [String(changes.added), String(changes.removed), String(changes.changed)]), t('glossaryConflictQuestion')],
          actions: [{ id: 'overwrite', label: t('glossaryConflictOverwrite'), destructive: true }, { id: 'reload', label: t('glossaryConflictReload') }],
        });
        if (choice === 'reload') {
          await saver.flush();
          await load();
        }
        return choice === 'overwrite';
      };
      // Replace drops whatever is not in the table: first make sure nobody changed it meanwhile.
      const current = await fetchEntries(glossary.glossary_id, sourceLang, targetLang);
      const changes = compareDictionaries(base.current.map, current);
      if (!(await goOnDespite(changes))) return;
      const removedNow = compareDictionaries(entryMap(plan.entries), current).added;
      const ok = await confirmAction(
        ask,
        t('glossaryReplaceTitle'),
        [t('glossaryReplaceBody', [String(removedNow), String(plan.entries.length)])],
        t('glossaryReplaceConfirm', String(removedNow)),
      );
      if (!ok) return;
      // The confirmation may have stayed open a while: compare again right before replacing.
      const latest = await fetchEntries(glossary.glossary_id, sourceLang, targetLang);
      const lateChanges = compareDictionaries(entryMap(current), latest);
      if (!(await goOnDespite(lateChanges))) return;
      await sendMessage('glossaryPutDictionary', {
        id: glossary.glossary_id,
        dictionary: { source_lang: sourceLang, target_lang: targetLang, entries: entriesToTsv(plan.entries), entries_format: 'tsv' },
      });
      await afterSaved(checked.entries, t('glossarySavedReplace', [String(plan.entries.length), String(removedNow)]));
    } catch (err) {
      await saveFailed(err);
    } finally {
      setBusy(false);
    }
  };

  const exportAs = (format: 'tsv' | 'csv') => {
    downloadFile(exportDictionary(glossary.name, sourceLang, targetLang, editor.rows, format));
  };

  const createReverse = async () => {
    const { entries, conflicts, skipped } = reverseEntries(base.current.entries);
    const existing = glossary.dictionaries.find((d) => d.source_lang === targetLang && d.target_lang === sourceLang);
    const body = [t('glossaryReverseBody', [String(entries.length), `${languageName(targetLang)} → ${languageName(sourceLang)}`])];
    if (skipped > 0) {
      body.push(t('glossaryReverseSkipped', String(skipped)));
      for (const c of conflicts.slice(0, 10)) body.push(`“${c.target}” ← ${c.sources.map((s) => `“${s}”`).join(', ')}`);
      if (conflicts.length > 10) body.push(t('glossaryReportMore', String(conflicts.length - 10)));
    }
    if (existing) body.push(t('glossaryReverseReplaces', String(existing.entry_count)));
    if (dirty) body.push(t('glossaryReverseUsesSaved'));
    const ok = (await ask({ title: t('glossaryReverseTitle'), body, actions: [{ id: 'confirm', label: t('glossaryReverseConfirm'), destructive: Boolean(existing) }] })) === 'confirm';
    if (!ok) return;
    if (entries.length === 0) {
      notify({ kind: 'error', text: t('glossaryReverseNothing') });
      return;
    }
    setBusy(true);
    try {
      await sendMessage('glossaryPutDictionary', {
        id: glossary.glossary_id,
        dictionary: { source_lang: targetLang, target_lang: sourceLang, entries: entriesToTsv(entries), entries_format: 'tsv' },
      });
      notify({ kind: 'info', text: t('glossaryReverseDone', [String(entries.length), String(skipped)]) });
      await refresh();
    } catch (err) {
      notify({ kind: 'error', text: t('glossaryActionFailed', errorText(err)) });
    } finally {
      setBusy(false);
    }
  };

  const deleteDictionary = async () => {
    const ok = await confirmAction(
      ask,
      t('glossaryDeleteDictionaryTitle'),
      [t('glossaryDeleteDictionaryBody', [pairLabel, glossary.name, String(base.current.entries.length)])],
      t('glossaryDeleteDictionary'),
    );
    if (!ok) return;
    setBusy(true);
    try {
      await sendMessage('glossaryDeleteDictionary', { id: glossary.glossary_id, sourceLang, targetLang });
      saver.cancel();
      await deleteDraft(draftKey);
      setDirty(false);
      notify({ kind: 'info', text: t('glossaryDictionaryDeleted', pairLabel) });
      await refresh();
      onClose();
    } catch (err) {
      notify({ kind: 'error', text: t('glossaryActionFailed', errorText(err)) });
    } finally {
      setBusy(false);
    }
  };

  const trimAll = () => {
    editor.replaceAll(trimEntries(editor.rows));
    setDirty(true);
    setReport(null);
    saver.schedule(() => buildDraft());
  };

  const headingId = `glossa-gl-editor-${glossary.glossary_id}`;
  return (
    <section class="glossa-gl-editor" aria-labelledby={headingId}>
      <div class="glossa-gl-toolbar">
        <button type="button" onClick={() => void saver.flush().then(onClose)}>{t('glossaryBackToList')}</button>
      </div>
      <h3 id={headingId}>{t('glossaryEditorHeading', [glossary.name, pairLabel])}</h3>
      {state === 'loading' && <p role="status">{t('glossaryLoadingEntries')}</p>}
      {state === 'failed' && (
        <div role="alert">
          <p class="glossa-gl-error-text">{t('glossaryLoadFailed', loadError)}</p>
          <button type="button" onClick={() => void load()}>{t('glossaryRetry')}</button>
        </div>
      )}
      {state === 'ready' && (
        <>
          {offer && (
            <div class="glossa-gl-offer" role="alert">
              <p>{t('glossaryDraftOffer', [new Date(offer.draft.savedAt).toLocaleString(), String(offer.draft.added.length), String(offer.draft.changed.length), String(offer.draft.removed.length)])}</p>
              {offer.stale && <p>{t('glossaryDraftStale')}</p>}
              {offer.draft.lastError && <p>{t('glossaryDraftLastError', offer.draft.lastError)}</p>}
              <button type="button" onClick={continueDraft}>{t('glossaryDraftContinue')}</button>
              <button type="button" onClick={() => void discardDraft()}>{t('glossaryDraftDiscard')}</button>
            </div>
          )}
          <p>{t('glossaryEntryCount', String(editor.rows.length))}{dirty ? ` ${t('glossaryUnsaved')}` : ''}</p>
          <div class="glossa-gl-toolbar">
            <label for="glossa-gl-search-entries">{t('glossarySearchEntries')}</label>
            <input id="glossa-gl-search-entries" type="search" value={editor.query} onInput={(e) => editor.setQuery(e.currentTarget.value)} />
            {editor.indices && <span role="status">{t('glossarySearchMatches', String(editor.indices.length))}</span>}
            <button type="button" onClick={() => setScrollTo({ position: editor.add(), nonce: Date.now(), focus: 'source' })} disabled={Boolean(offer)}>{t('glossaryAddRow')}</button>
          </div>
          <EntryTable
            rows={editor.rows}
            version={editor.version}
            indices={editor.indices}
            label={t('glossaryEntriesOf', pairLabel)}
            onChange={editor.edit}
            onDelete={editor.remove}
            scrollTo={scrollTo}
            readOnly={Boolean(offer)}
          />
          {report && <ValidationReport result={report} unit="row" onTrim={trimAll} onJump={jumpToRow} />}
          {saveError && (
            <div role="alert" class="glossa-gl-error-text">
              <p>{t('glossarySaveFailed', saveError)}</p>
              <p>{t('glossaryDraftKept')}</p>
            </div>
          )}
          <div class="glossa-gl-toolbar">
            <label class="glossa-gl-check">
              <input type="checkbox" checked={replaceMode} onChange={(e) => setReplaceMode(e.currentTarget.checked)} />
              {t('glossaryReplaceMode')}
            </label>
            <button type="button" class="glossa-gl-primary" disabled={busy || Boolean(offer)} onClick={() => void save()}>{t('glossarySave')}</button>
            <button type="button" onClick={() => exportAs('tsv')}>{t('glossaryExportTsv')}</button>
            <button type="button" onClick={() => exportAs('csv')}>{t('glossaryExportCsv')}</button>
            <button type="button" disabled={busy} onClick={() => void createReverse()}>{t('glossaryCreateReverse')}</button>
            <button type="button" class="glossa-gl-danger" disabled={busy} onClick={() => void deleteDictionary()}>{t('glossaryDeleteDictionary')}</button>
          </div>
        </>
      )}
    </section>
  );
}
