// The dictionary editor's actions on the saved dictionary: create the reverse pair and delete
// the dictionary, each after a confirmation that says what will happen.
import { t } from '../../utils/shared/i18n';
import { sendMessage } from '../../utils/shared/protocol';
import type { Glossary } from '../../utils/shared/api-types';
import { entriesToTsv } from '../../utils/glossary/entries';
import type { Phrase } from '../../utils/glossary/diff';
import { reverseEntries } from '../../utils/glossary/reverse';
import { pairName } from '../../utils/shared/languages';
import { confirmAction, useManager } from './manager-context';
import { errorText } from '../ui/error-text';

interface Options {
  glossary: Glossary;
  sourceLang: string;
  targetLang: string;
  pairLabel: string;
  dirty: boolean;
  setBusy: (busy: boolean) => void;
  onClose: () => void;
  /** The entries as last loaded or saved (never the unsaved edits). */
  savedEntries: () => readonly Phrase[];
  forgetDraft: () => Promise<void>;
}

export function useDictionaryActions({ glossary, sourceLang, targetLang, pairLabel, dirty, setBusy, onClose, savedEntries, forgetDraft }: Options) {
  const { ask, notify, refresh } = useManager();

const createReverse = async () => {
  const { entries, conflicts, skipped } = reverseEntries(savedEntries());
  const existing = glossary.dictionaries.find((d) => d.source_lang === targetLang && d.target_lang === sourceLang);
  const body = [t('glossaryReverseBody', [String(entries.length), pairName(`${targetLang}>${sourceLang}`)])];
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
    [t('glossaryDeleteDictionaryBody', [pairLabel, glossary.name, String(savedEntries().length)])],
    t('glossaryDeleteDictionary'),
  );
  if (!ok) return;
  setBusy(true);
  try {
    await sendMessage('glossaryDeleteDictionary', { id: glossary.glossary_id, sourceLang, targetLang });
    await forgetDraft();
    notify({ kind: 'info', text: t('glossaryDictionaryDeleted', pairLabel) });
    await refresh();
    onClose();
  } catch (err) {
    notify({ kind: 'error', text: t('glossaryActionFailed', errorText(err)) });
  } finally {
    setBusy(false);
  }
};

  return { createReverse, deleteDictionary };
}
