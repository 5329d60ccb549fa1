// A new glossary (a name and one or more dictionaries), or a new language pair for an existing
// glossary. Everything is validated before anything is sent; the form is kept as a draft until
// the server accepted it, so a failure or a closed page loses nothing.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { sendMessage } from '../../utils/shared/protocol';
import type { DictionaryEntries, Glossary } from '../../utils/shared/api-types';
import { entriesToTsv, validateName } from '../../utils/glossary/entries';
import { createDraftSaver, deleteDraft, dictionaryDraftKey, type CreateDraft, type CreateDraftDictionary } from '../../utils/glossary/drafts';
import { describeProblem } from '../../utils/glossary/problem-text';
import { validateText } from '../../utils/glossary/validate';
import { CREATE_DRAFT_KEY } from '../../utils/glossary/drafts';
import { confirmAction, useManager } from './manager-context';
import { DictionaryInput } from './DictionaryInput';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/TextInput';
import { errorText } from '../ui/error-text';
import { SaveFailure } from './SaveFailure';

interface Props {
  /** Adding a language pair to this glossary; creating a new glossary when absent. */
  glossary?: Glossary;
  initial?: CreateDraft;
  onDone: () => void;
}

const emptyDictionary = (): CreateDraftDictionary => ({ sourceLang: '', targetLang: '', format: 'tsv', text: '' });

/** Draft key of the form: one for "new glossary", one per glossary for "add a pair". */
export function createFormDraftKey(glossary?: Glossary): string {
  return glossary ? dictionaryDraftKey(glossary.glossary_id, 'new', 'pair') : CREATE_DRAFT_KEY;
}

export function GlossaryCreateForm({ glossary, initial, onDone }: Props) {
  const { ask, notify, refresh } = useManager();
  const [name, setName] = useState(initial?.name ?? '');
  const [dictionaries, setDictionaries] = useState<CreateDraftDictionary[]>(initial?.dictionaries.length ? initial.dictionaries : [emptyDictionary()]);
  const [errors, setErrors] = useState<string[]>([]);
  const [serverError, setServerError] = useState(initial?.lastError ?? '');
  const [busy, setBusy] = useState(false);
  const draftKey = createFormDraftKey(glossary);
  const saver = useMemo(() => createDraftSaver(draftKey), [draftKey]);
  const touched = useRef(Boolean(initial));
  const takenPairs = glossary?.dictionaries.map((d) => `${d.source_lang}>${d.target_lang}`) ?? [];

  const draft = (lastError?: string): CreateDraft | undefined => {
    const empty = name.trim() === '' && dictionaries.every((d) => d.text === '' && !d.sourceLang && !d.targetLang);
    return empty ? undefined : { kind: 'create', name: glossary ? glossary.name : name, dictionaries, savedAt: Date.now(), lastError };
  };

  useEffect(() => {
    if (touched.current) saver.schedule(() => draft());
  }, [name, dictionaries]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!touched.current) return;
      void saver.flush();
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      void saver.flush();
    };
  }, [saver]);

  const update = (index: number, value: CreateDraftDictionary) => {
    touched.current = true;
    setDictionaries((list) => list.map((d, i) => (i === index ? value : d)));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const found: string[] = [];
    if (!glossary) {
      const problem = validateName(name);
      if (problem) found.push(describeProblem(problem));
    }
    const payload: DictionaryEntries[] = [];
    const seen = new Set<string>(takenPairs);
    dictionaries.forEach((d, i) => {
      const n = String(i + 1);
      if (!d.sourceLang || !d.targetLang) {
        found.push(t('glossaryNeedPair', n));
        return;
      }
      if (d.sourceLang === d.targetLang) {
        found.push(t('glossaryPairSameN', n));
        return;
      }
      const key = `${d.sourceLang}>${d.targetLang}`;
      if (seen.has(key)) {
        found.push(t('glossaryPairTakenN', n));
        return;
      }
      seen.add(key);
      const result = validateText(d.text, d.format, { source: d.sourceLang, target: d.targetLang });
      if (result.problemCount > 0) found.push(t('glossaryDictionaryHasProblems', [n, String(result.problemCount)]));
      else if (result.entries.length === 0) found.push(t('glossaryDictionaryEmpty', n));
      else payload.push({ source_lang: d.sourceLang, target_lang: d.targetLang, entries: entriesToTsv(result.entries), entries_format: 'tsv' });
    });
    setErrors(found);
    if (found.length > 0) return;

    setBusy(true);
    setServerError('');
    try {
      if (glossary) {
        for (const dictionary of payload) await sendMessage('glossaryPutDictionary', { id: glossary.glossary_id, dictionary });
        notify({ kind: 'info', text: t('glossaryPairAdded', glossary.name) });
      } else {
        const created = await sendMessage('glossaryCreate', { name, dictionaries: payload });
        notify({ kind: 'info', text: t('glossaryCreated', created.name) });
      }
      touched.current = false;
      saver.cancel();
      await deleteDraft(draftKey);
      await refresh();
      onDone();
    } catch (err) {
      const message = errorText(err);
      setServerError(message);
      saver.cancel();
      saver.schedule(() => draft(message));
      await saver.flush();
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (touched.current && !(await confirmAction(ask, t('glossaryDiscardTitle'), [t('glossaryDiscardBody')], t('glossaryDiscardForm')))) return;
    touched.current = false;
    saver.cancel();
    await deleteDraft(draftKey);
    onDone();
  };

  return (
    <form class="glossa-gl-create" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{glossary ? t('glossaryAddPairHeading', glossary.name) : t('glossaryCreateHeading')}</h3>
      {!glossary && (
        <div class="glossa-gl-field">
          <label for="glossa-gl-name">{t('glossaryName')}</label>
          <TextInput id="glossa-gl-name" value={name} onInput={(e) => { touched.current = true; setName(e.currentTarget.value); }} />
        </div>
      )}
      {dictionaries.map((d, i) => (
        <DictionaryInput
          key={i}
          idPrefix={`glossa-gl-dict-${i}`}
          value={d}
          takenPairs={takenPairs}
          onChange={(value) => update(i, value)}
          onRemove={dictionaries.length > 1 ? () => setDictionaries((list) => list.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      {!glossary && (
        <Button onClick={() => { touched.current = true; setDictionaries((list) => [...list, emptyDictionary()]); }}>
          {t('glossaryAddAnotherPair')}
        </Button>
      )}
      {errors.length > 0 && (
        <ul role="alert" class="glossa-gl-error-text">
          {errors.map((e, i) => <li key={i}>{e}</li>)}
        </ul>
      )}
      {serverError && <SaveFailure reason={serverError} />}
      <div class="glossa-gl-toolbar">
        <Button type="submit" kind="primary" disabled={busy}>{glossary ? t('glossaryAddPairSubmit') : t('glossaryCreate')}</Button>
        <Button onClick={() => void cancel()}>{t('glossaryDiscardForm')}</Button>
      </div>
    </form>
  );
}
