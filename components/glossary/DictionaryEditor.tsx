// One dictionary opened for editing: its entries (GET entries) in a virtualised grid with
// filter, sort, add, import, edit and (multi-)delete; saved by merge (PATCH) when only additions
// and changes were made, by replace (PUT) after a confirmation naming how many entries go when
// rows were deleted or the user asks for it. Edits are kept as a draft until they are saved.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatDateTime, t, tCount } from '../../utils/shared/i18n';
import { sendMessage } from '../../utils/shared/protocol';
import type { Glossary } from '../../utils/shared/api-types';
import { entriesToTsv, parseEntries } from '../../utils/glossary/entries';
import { applyDiff, diffRows, entryMap, hasChanges, planSave, type Phrase } from '../../utils/glossary/diff';
import { compareDictionaries, fingerprintEntries, isConflict } from '../../utils/glossary/conflict';
import { createDraftSaver, deleteDraft, dictionaryDraftKey, loadDraft, type DictionaryDraft } from '../../utils/glossary/drafts';
import { downloadFile, exportDictionary } from '../../utils/glossary/export';
import { validateRows, type ValidationResult } from '../../utils/glossary/validate';
import { trimEntries } from '../../utils/glossary/entries';
import { pairName } from '../../utils/shared/languages';
import { confirmAction, useManager } from './manager-context';
import { EntryTable } from './EntryTable';
import { useDictionaryImport } from './use-dictionary-import';
import { ValidationReport } from './ValidationReport';
import { useRowEditor } from './use-row-editor';
import { useGlossaryChanged } from './use-glossary-changed';
import { useDictionaryActions } from './use-dictionary-actions';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Switch } from '../ui/Switch';
import { TextInput } from '../ui/TextInput';
import { errorText } from '../ui/error-text';
import { LoadFailure } from './LoadFailure';
import { SaveFailure } from './SaveFailure';

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

export function DictionaryEditor({ glossary, sourceLang, targetLang, onClose }: Props) {
  const { ask, notify, refresh } = useManager();
  const pairLabel = pairName(`${sourceLang}>${targetLang}`);
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
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
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

  // Back to the list with unsaved edits: they stay as a draft, but the user decides.
  const leave = async () => {
    if (dirty) {
      const choice = await ask({
        title: t('glossaryLeaveTitle'),
        body: [t('glossaryLeaveBody')],
        actions: [{ id: 'keep', label: t('glossaryLeaveKeepDraft') }, { id: 'discard', label: t('glossaryLeaveDiscard'), destructive: true }],
        cancelLabel: t('glossaryLeaveStay'),
      });
      if (choice === 'cancel') return;
      if (choice === 'discard') {
        saver.cancel();
        await deleteDraft(draftKey);
        onClose();
        return;
      }
    }
    await saver.flush();
    onClose();
  };

  const select = (ids: readonly number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };

  const deleteSelected = () => {
    const gone = editor.rows.flatMap((row, index) => (selected.has(row.id) ? [{ index, row }] : []));
    editor.removeIds(selected);
    setSelected(new Set());
    notify({ kind: 'info', text: tCount('glossaryEntriesDeletedToast', gone.length), action: { label: t('uiUndo'), run: () => editor.restore(gone) } });
  };

  const importEntries = (entries: Phrase[]) => {
    const { added, changed } = editor.merge(entries);
    notify({ kind: 'info', text: tCount('glossaryImportMerged', added, [String(changed)]) });
  };

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

  const { createReverse, deleteDictionary } = useDictionaryActions({
    glossary, sourceLang, targetLang, pairLabel, dirty, setBusy, onClose,
    savedEntries: () => base.current.entries,
    forgetDraft: async () => {
      saver.cancel();
      await deleteDraft(draftKey);
      setDirty(false);
    },
  });

  const trimAll = () => {
    editor.replaceAll(trimEntries(editor.rows));
    setDirty(true);
    setReport(null);
    saver.schedule(() => buildDraft());
  };

  const headingId = `glossa-gl-editor-${glossary.glossary_id}`;
  const locked = busy || Boolean(offer);
  const importer = useDictionaryImport({ sourceLang, targetLang, current: editor.rows, disabled: locked, onAccept: importEntries });
  return (
    <section class="glossa-gl-editor" aria-labelledby={headingId}>
      <div class="glossa-gl-editor-head">
        <Button kind="quiet" class="glossa-gl-back" onClick={() => void leave()}>
          <span aria-hidden="true" class="glossa-gl-flip">←</span> {t('glossaryBackToList')}
        </Button>
        <h3 id={headingId}>{t('glossaryEditorHeading', [glossary.name, pairLabel])}</h3>
        {state === 'ready' && (
          <p class="glossa-gl-editor-state">
            <span>{tCount('glossaryEntryCount', editor.rows.length)}</span>
            {dirty && <span class="glossa-gl-unsaved">{t('glossaryUnsaved')}</span>}
          </p>
        )}
      </div>
      {state === 'loading' && <p role="status">{t('glossaryLoadingEntries')}</p>}
      {state === 'failed' && <LoadFailure message={t('glossaryLoadFailed', loadError)} onRetry={() => void load()} />}
      {state === 'ready' && (
        <>
          {offer && (
            <div class="glossa-gl-offer" role="alert">
              <p>{t('glossaryDraftOffer', [formatDateTime(offer.draft.savedAt), String(offer.draft.added.length), String(offer.draft.changed.length), String(offer.draft.removed.length)])}</p>
              {offer.stale && <p>{t('glossaryDraftStale')}</p>}
              {offer.draft.lastError && <p>{t('glossaryDraftLastError', offer.draft.lastError)}</p>}
              <div class="g-actions">
                <Button onClick={() => void discardDraft()}>{t('glossaryDraftDiscard')}</Button>
                <Button kind="primary" onClick={continueDraft}>{t('glossaryDraftContinue')}</Button>
              </div>
            </div>
          )}
          <div class="glossa-gl-actionbar" role="toolbar" aria-label={t('glossaryDictionaryActions')}>
            <Button kind="primary" onClick={() => setScrollTo({ position: editor.add(), nonce: Date.now(), focus: 'source' })} disabled={Boolean(offer)}>
              {t('glossaryAddRow')}
            </Button>
            {importer.trigger}
            <Button onClick={() => exportAs('tsv')}>{t('glossaryExportTsv')}</Button>
            <Button onClick={() => exportAs('csv')}>{t('glossaryExportCsv')}</Button>
            <Button disabled={busy} onClick={() => void createReverse()}>{t('glossaryCreateReverse')}</Button>
            <span class="glossa-gl-spacer" />
            {selected.size > 0 && (
              <Button kind="danger" disabled={locked} onClick={deleteSelected}>
                {tCount('glossaryDeleteSelected', selected.size)}
              </Button>
            )}
            <Button kind="danger" disabled={busy} onClick={() => void deleteDictionary()}>{t('glossaryDeleteDictionary')}</Button>
          </div>
          {importer.preview}
          <div class="glossa-gl-filter">
            <label for="glossa-gl-search-entries">{t('glossarySearchEntries')}</label>
            <TextInput id="glossa-gl-search-entries" type="search" value={editor.query} onInput={(e) => editor.setQuery(e.currentTarget.value)} />
            {editor.query.trim() !== '' && editor.indices && <span role="status">{tCount('glossarySearchMatches', editor.indices.length)}</span>}
          </div>
          {editor.rows.length === 0 && !offer ? (
            <EmptyState title={t('glossaryEmptyDictionary')}>{t('glossaryEmptyDictionaryHint')}</EmptyState>
          ) : (
            <EntryTable
              rows={editor.rows}
              version={editor.version}
              indices={editor.indices}
              label={t('glossaryEntriesOf', pairLabel)}
              onChange={editor.edit}
              onDelete={editor.remove}
              sort={editor.sort}
              onSort={editor.setSort}
              selected={selected}
              onSelect={select}
              scrollTo={scrollTo}
              readOnly={Boolean(offer)}
            />
          )}
          {report && <ValidationReport result={report} unit="row" onTrim={trimAll} onJump={jumpToRow} />}
          {saveError && <SaveFailure reason={saveError} />}
          <div class="glossa-gl-savebar">
            <label class="glossa-gl-check">
              <Switch checked={replaceMode} onChange={(e) => setReplaceMode(e.currentTarget.checked)} />
              {t('glossaryReplaceMode')}
            </label>
            <Button kind="primary" disabled={locked} onClick={() => void save()}>{t('glossarySave')}</Button>
          </div>
        </>
      )}
    </section>
  );
}
