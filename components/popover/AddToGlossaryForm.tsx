// The term form inside the popover: Source phrase, Target phrase and Glossary (those with the
// pair, or a new one named after it), submitted with "Add to glossary". The background checks
// the entry with the glossary manager's rules; a problem is shown at its field and nothing the
// user typed is lost. A source that exists already shows its current target and asks first.
// After saving, the page follows (the blocks holding the phrase are translated again) and
// Undo is offered for a few seconds.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type {
  TermFixOptions, TermFixProblemCode, TermFixRefreshReport, TermFixRefreshRequest, TermFixSaveRequest, TermFixSaveResult,
} from '../../utils/shared/protocol';
import { t } from '../../utils/shared/i18n';
import { languageName } from '../../utils/shared/languages';
import { OriginalWords } from './OriginalWords';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { TextInput } from '../ui/TextInput';

/** How the form reaches the background (messages in the content script, fakes in tests). */
export interface TermFixApi {
  options(data: { sourceLang: string; targetLang: string }): Promise<TermFixOptions>;
  save(data: TermFixSaveRequest): Promise<TermFixSaveResult>;
  undo(undoId: string): Promise<unknown>;
  refresh(data: TermFixRefreshRequest): Promise<TermFixRefreshReport>;
}

interface AddToGlossaryFormProps {
  source: string;
  target: string;
  sourceLang: string;
  targetLang: string;
  api: TermFixApi;
  /** The block's original sentence (from a translated page): its words pick the source phrase. */
  original?: string;
  onClose(): void;
  /** How long Undo is offered after saving. */
  undoMs?: number;
}

type Field = 'source' | 'target' | 'name';
type Phase =
  | { kind: 'editing' }
  | { kind: 'busy' }
  | { kind: 'exists'; currentTarget: string }
  | { kind: 'saved'; result: Extract<TermFixSaveResult, { status: 'saved' }>; report?: TermFixRefreshReport | 'failed'; undoable: boolean }
  | { kind: 'undone'; report?: TermFixRefreshReport | 'failed' };

function problemText(code: TermFixProblemCode): string {
  if (code === 'empty') return t('termFixProblemEmpty');
  if (code === 'control-char') return t('termFixProblemControl');
  if (code === 'whitespace') return t('termFixProblemWhitespace');
  return t('termFixProblemTooLong');
}

function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  return message || t('termFixErrorFailed');
}

function reportText(report: TermFixRefreshReport | 'failed' | undefined): string {
  if (!report) return t('termFixPageUpdating');
  if (report === 'failed') return t('termFixPageFailed');
  if (!report.followed) return t('termFixPageNotShown');
  if (report.blocks === 0) return t('termFixPageNoBlocks');
  return t('termFixPageUpdated', [String(report.blocks), String(report.billedCharacters)]);
}

export function AddToGlossaryForm(props: AddToGlossaryFormProps) {
  const { api, sourceLang, targetLang } = props;
  const [source, setSource] = useState(props.source);
  const [target, setTarget] = useState(props.target);
  const [options, setOptions] = useState<TermFixOptions | null>(null);
  const [optionsError, setOptionsError] = useState('');
  const [glossaryId, setGlossaryId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, TermFixProblemCode>>>({});
  const [error, setError] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const first = useRef<HTMLInputElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);

  // Focus goes to the first field as the form appears, before anyone can click or type: an
  // effect runs after paint, and would take the focus from a field the user already chose.
  useLayoutEffect(() => {
    const field = first.current;
    if (field && !field.form?.contains(field.ownerDocument.activeElement)) field.focus();
  }, []);

  useEffect(() => {
    mounted.current = true;
    api.options({ sourceLang, targetLang }).then((loaded) => {
      if (!mounted.current) return;
      setOptions(loaded);
      setGlossaryId(loaded.selected);
      setNewName(loaded.newName);
    }, (err: unknown) => {
      if (!mounted.current) return;
      setOptionsError(errorText(err));
      setGlossaryId('');
    });
    return () => {
      mounted.current = false;
    };
  }, []);

  const saved = phase.kind === 'saved' ? phase : null;
  useEffect(() => {
    if (!saved?.undoable) return undefined;
    undoButton.current?.focus();
    const timer = setTimeout(() => setPhase((p) => (p.kind === 'saved' ? { ...p, undoable: false } : p)), props.undoMs ?? 8000);
    return () => clearTimeout(timer);
  }, [saved?.result.undoId]);

  const refresh = (result: Extract<TermFixSaveResult, { status: 'saved' }>, undone: boolean) => {
    const show = (report: TermFixRefreshReport | 'failed') => {
      if (!mounted.current) return;
      setPhase((p) => (undone ? (p.kind === 'undone' ? { ...p, report } : p) : p.kind === 'saved' ? { ...p, report } : p));
    };
    api.refresh({ glossaryId: result.glossaryId, source, sourceLang, targetLang }).then(show, () => show('failed'));
  };

  const submit = async (replace = false) => {
    if (glossaryId === null || phase.kind === 'busy') return;
    setError('');
    setProblems({});
    setPhase({ kind: 'busy' });
    try {
      const result = await api.save({
        source, target, sourceLang, targetLang, glossaryId, ...(glossaryId === '' ? { newName } : {}), ...(replace ? { replace: true } : {}),
      });
      if (!mounted.current) return;
      if (result.status === 'invalid') {
        setProblems(Object.fromEntries(result.problems.map((p) => [p.field, p.code])));
        setPhase({ kind: 'editing' });
      } else if (result.status === 'exists') {
        setPhase({ kind: 'exists', currentTarget: result.currentTarget });
      } else if (result.status === 'unchanged') {
        setError(t('termFixUnchanged'));
        setPhase({ kind: 'editing' });
      } else {
        setPhase({ kind: 'saved', result, undoable: true });
        refresh(result, false);
      }
    } catch (err) {
      if (!mounted.current) return;
      setError(errorText(err));
      setPhase({ kind: 'editing' });
    }
  };

  const undo = async () => {
    if (!saved) return;
    setPhase({ kind: 'busy' });
    try {
      await api.undo(saved.result.undoId);
      if (!mounted.current) return;
      setPhase({ kind: 'undone' });
      refresh(saved.result, true);
    } catch (err) {
      if (!mounted.current) return;
      setError(errorText(err));
      setPhase({ ...saved, undoable: false });
    }
  };

  const fieldError = (field: Field) => problems[field] && (
    <p class="term-field-error" id={`glossa-term-${field}-error`}>{problemText(problems[field]!)}</p>
  );
  const busy = phase.kind === 'busy';
  const locked = busy || phase.kind === 'saved' || phase.kind === 'undone';

  return (
    <form class="term-form" aria-labelledby="glossa-term-title" onSubmit={(event) => {
      event.preventDefault();
      void submit();
    }}>
      <h3 id="glossa-term-title" class="term-title">{t('termFixTitle')}</h3>
      <p class="term-pair">{t('termFixPair', [languageName(sourceLang), languageName(targetLang)])}</p>
      {props.original && <OriginalWords text={props.original} lang={sourceLang.toLowerCase()} onPick={(phrase) => !locked && setSource(phrase)} />}
      <div class="term-field">
        <label for="glossa-term-source">{t('termFixSourceLabel')}</label>
        <TextInput ref={first} id="glossa-term-source" value={source} readOnly={locked} lang={sourceLang.toLowerCase()}
          aria-invalid={!!problems.source} aria-describedby={problems.source ? 'glossa-term-source-error' : undefined}
          onInput={(event) => setSource((event.currentTarget as HTMLInputElement).value)} />
      </div>
      {fieldError('source')}
      <div class="term-field">
        <label for="glossa-term-target">{t('termFixTargetLabel')}</label>
        <TextInput id="glossa-term-target" value={target} readOnly={locked} lang={targetLang.toLowerCase()}
          aria-invalid={!!problems.target} aria-describedby={problems.target ? 'glossa-term-target-error' : undefined}
          onInput={(event) => setTarget((event.currentTarget as HTMLInputElement).value)} />
      </div>
      {fieldError('target')}
      <div class="term-field">
        <label for="glossa-term-glossary">{t('termFixGlossaryLabel')}</label>
        <Select id="glossa-term-glossary" value={glossaryId ?? ''} disabled={locked || glossaryId === null}
          onChange={(event) => setGlossaryId((event.currentTarget as HTMLSelectElement).value)}>
          {glossaryId === null && <option value="">{t('termFixLoading')}</option>}
          {options?.glossaries.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
          {glossaryId !== null && <option value="">{t('termFixNewGlossary')}</option>}
        </Select>
      </div>
      {optionsError && <p class="term-field-error">{optionsError}</p>}
      {glossaryId === '' && (
        <div class="term-field">
          <label for="glossa-term-name">{t('termFixNewNameLabel')}</label>
          <TextInput id="glossa-term-name" value={newName} readOnly={locked} aria-invalid={!!problems.name}
            aria-describedby={problems.name ? 'glossa-term-name-error' : undefined}
            onInput={(event) => setNewName((event.currentTarget as HTMLInputElement).value)} />
        </div>
      )}
      {fieldError('name')}
      {phase.kind === 'exists' && (
        <div class="term-confirm" role="alert">
          <p>{t('termFixExists', [source, phase.currentTarget])}</p>
          <Button kind="primary" onClick={() => void submit(true)}>{t('termFixReplace')}</Button>
          <Button onClick={() => setPhase({ kind: 'editing' })}>{t('termFixKeep')}</Button>
        </div>
      )}
      {error && <p class="term-field-error" role="alert">{error}</p>}
      {phase.kind === 'saved' && (
        <div class="term-done" role="status">
          <p>{t(phase.result.replaced ? 'termFixReplaced' : 'termFixSaved', phase.result.glossaryName)} {reportText(phase.report)}</p>
          {phase.undoable && <Button ref={undoButton} onClick={() => void undo()}>{t('termFixUndo')}</Button>}
        </div>
      )}
      {phase.kind === 'undone' && <p class="term-done" role="status">{t('termFixUndone')} {reportText(phase.report)}</p>}
      <div class="term-actions">
        {(phase.kind === 'editing' || busy) && <Button type="submit" kind="primary" aria-disabled={busy || glossaryId === null}>{t('termFixSubmit')}</Button>}
        <Button onClick={() => props.onClose()}>{locked ? t('termFixDone') : t('termFixCancel')}</Button>
      </div>
    </form>
  );
}
