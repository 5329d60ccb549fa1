// The writing panel: the translation of a draft from a field, before anything in the field
// changes. Target language, formality (where the target has it) and glossary translate again;
// Replace writes the translation into the field, Copy copies it, Cancel (or Esc) closes.
// After Replace, Undo stays offered for a few seconds. It renders in Glossa's closed shadow
// root (utils/content/writing/panel.tsx), with the selection popover's frame and look.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Formality, Language } from '../../utils/shared/api-types';
import { t } from '../../utils/shared/i18n';
import { formalityDirection } from '../../utils/shared/formality';
import { languageName, supportsFormality } from '../../utils/shared/languages';
import type { PopoverError } from '../../utils/shared/selection-types';
import { DialogFrame } from './DialogFrame';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';

export type WritingStatus =
  | { state: 'loading' }
  /** `unwritten`: Replace was pressed but the editor did not take the text; the draft is as it was. */
  | { state: 'done'; preview: string; detectedSourceLang: string; billedCharacters: number; unwritten?: boolean }
  | { state: 'error'; error: PopoverError }
  /** The field cannot be helped: no field, a secret one, or nothing written yet. */
  | { state: 'unavailable'; message: string }
  /** The user typed while the translation was on its way: the field was left alone. */
  | { state: 'changed' }
  | { state: 'replaced'; preview: string; billedCharacters: number };

export interface WritingChoices {
  targetLang: string;
  formality: Formality;
  glossaryId: string;
  glossaries: readonly { id: string; name: string }[];
}

export interface WritingPanelProps {
  status: WritingStatus;
  choices: WritingChoices;
  targets: readonly Language[];
  onTargetChange(code: string): void;
  onFormalityChange(formality: Formality): void;
  onGlossaryChange(id: string): void;
  onReplace(): void;
  onUndo(): void;
  /** Resolves whether the text reached the clipboard. */
  onCopy(text: string): Promise<boolean>;
  onClose(): void;
  onOpenOptions(): void;
  onRetry(): void;
}

export function WritingPanel(props: WritingPanelProps) {
  const { status, choices, targets } = props;
  const dialog = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<'copied' | 'copy-failed' | null>(null);
  useEffect(() => {
    dialog.current?.focus();
  }, []);
  useEffect(() => setNotice(null), [status]);

  const unavailable = status.state === 'unavailable';
  const done = status.state === 'done' ? status : null;
  const busy = status.state === 'loading' || status.state === 'replaced';
  const formalityOn = supportsFormality(choices.targetLang, targets);
  const options = !choices.targetLang || targets.some((lang) => lang.language.toUpperCase() === choices.targetLang.toUpperCase())
    ? targets
    : [{ language: choices.targetLang, name: languageName(choices.targetLang) }, ...targets];

  const copy = async () => {
    if (!done) return;
    setNotice((await props.onCopy(done.preview)) ? 'copied' : 'copy-failed');
  };

  return (
    <DialogFrame titleId="glossa-writing-title" title={t('writingTitle')} closeLabel={t('popoverClose')} closeHint={t('popoverCloseHint')}
      onClose={props.onClose} dialogRef={dialog}>
      {!unavailable && (
        <div class="writing-controls">
          <label>
            <span>{t('writingTargetLabel')}</span>
            <Select value={choices.targetLang} disabled={busy || !choices.targetLang}
              onChange={(event) => props.onTargetChange((event.currentTarget as HTMLSelectElement).value)}>
              {!choices.targetLang && <option value="">…</option>}
              {options.map((lang) => <option key={lang.language} value={lang.language}>{languageName(lang.language)}</option>)}
            </Select>
          </label>
          <label>
            <span>{t('writingFormalityLabel')}</span>
            <Select value={formalityOn ? formalityDirection(choices.formality) : 'default'} disabled={busy || !formalityOn}
              title={formalityOn ? undefined : t('writingFormalityUnsupported')}
              onChange={(event) => props.onFormalityChange((event.currentTarget as HTMLSelectElement).value as Formality)}>
              <option value="default">{t('writingFormalityDefault')}</option>
              <option value="more">{t('writingFormalityMore')}</option>
              <option value="less">{t('writingFormalityLess')}</option>
            </Select>
          </label>
          <label>
            <span>{t('writingGlossaryLabel')}</span>
            <Select value={choices.glossaryId} disabled={busy || choices.glossaries.length === 0}
              onChange={(event) => props.onGlossaryChange((event.currentTarget as HTMLSelectElement).value)}>
              <option value="">{t('writingGlossaryNone')}</option>
              {choices.glossaries.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
            </Select>
          </label>
        </div>
      )}
      <div class="body" aria-live="polite" aria-busy={status.state === 'loading'}>
        {status.state === 'loading' && <p class="status loading">{t('popoverLoading')}</p>}
        {status.state === 'unavailable' && <p role="alert" class="writing-problem">{status.message}</p>}
        {status.state === 'changed' && <p role="alert" class="writing-problem">{t('writingChanged')}</p>}
        {status.state === 'done' && status.unwritten && <p role="alert" class="writing-problem over-preview">{t('writingUnwritten')}</p>}
        {status.state === 'error' && (
          <div class="error">
            <p role="alert">{status.error.message}</p>
            {status.error.remedy === 'options' && <Button type="button" onClick={() => props.onOpenOptions()}>{t('popoverOpenOptions')}</Button>}
            {status.error.remedy === 'retry' && <Button type="button" onClick={() => props.onRetry()}>{t('popoverRetry')}</Button>}
          </div>
        )}
        {(status.state === 'done' || status.state === 'replaced') && (
          <p class="writing-preview" lang={choices.targetLang.toLowerCase()}>{status.preview}</p>
        )}
        {done?.detectedSourceLang && <p class="status">{t('popoverFrom', languageName(done.detectedSourceLang))}</p>}
      </div>
      <div class="footer">
        {status.state === 'replaced'
          ? <Button type="button" onClick={() => props.onUndo()}>{t('writingUndo')}</Button>
          : !unavailable && <Button kind="primary" disabled={!done} onClick={() => props.onReplace()}>{t('popoverReplace')}</Button>}
        {!unavailable && status.state !== 'replaced' && <Button type="button" class="plain" disabled={!done} onClick={copy}>{t('popoverCopy')}</Button>}
        <Button type="button" class="plain" onClick={() => props.onClose()}>{t('writingCancel')}</Button>
        <span class="notice" role="status">
          {notice === 'copied' && t('popoverCopied')}
          {notice === 'copy-failed' && t('popoverCopyFailed')}
          {status.state === 'replaced' && t('writingReplaced')}
        </span>
        {(status.state === 'done' || status.state === 'replaced') && (
          <span class="billed">{status.billedCharacters > 0 ? t('popoverBilled', String(status.billedCharacters)) : t('popoverBilledNone')}</span>
        )}
      </div>
    </DialogFrame>
  );
}
