// The selection popover: the translation with its links and formatting, the detected source
// language, a target picker that translates again, Copy, Replace (editable fields only) and
// Close. Keyboard: focus starts on the dialog, Tab cycles inside it, Esc closes. It renders
// inside Glossa's own shadow root (utils/content/selection/popover.tsx), so page CSS cannot reach it.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Language } from '../../utils/shared/api-types';
import { t } from '../../utils/shared/i18n';
import { languageName } from '../../utils/shared/languages';
import type { PopoverError, ReplaceOutcome, SafeTranslation } from '../../utils/shared/selection-types';
import { TranslationText } from './TranslationText';
import { focusIfStillHere } from './focus-still-here';
import { TermFormFrame, type TermFormOpener } from './TermFormFrame';
import { DialogFrame } from './DialogFrame';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';

export type PopoverStatus =
  | { state: 'loading' }
  | { state: 'done'; translation: SafeTranslation; detectedSourceLang: string; billedCharacters: number }
  | { state: 'error'; error: PopoverError };

export interface SelectionPopoverProps {
  status: PopoverStatus;
  targetLang: string;
  targets: readonly Language[];
  canReplace: boolean;
  onTargetChange(code: string): void;
  /** Resolves whether the text reached the clipboard. */
  onCopy(text: string): Promise<boolean>;
  onReplace(text: string): ReplaceOutcome;
  onClose(): void;
  onOpenOptions(): void;
  onRetry(): void;
  /** "Add to glossary": the selected original text and how the form frame is opened (TermFormFrame). */
  termFix?: { sourceText: string; opener: TermFormOpener };
}

type Notice = 'copied' | 'copy-failed' | 'changed' | null;

/** API codes (EN-US, ZH-HANS) as BCP 47 for the lang attribute. */
function bcp47(code: string): string {
  const [base, ...rest] = code.split('-');
  return [base.toLowerCase(), ...rest.map((part) => (part.length === 4 ? part[0] + part.slice(1).toLowerCase() : part))].join('-');
}

/** A glossary phrase is one line: selections that span lines are read as the text they show. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function SelectionPopover(props: SelectionPopoverProps) {
  const { status, targetLang, targets, canReplace } = props;
  const dialog = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    dialog.current?.focus();
  }, []);
  useEffect(() => {
    setNotice(null);
    setAdding(false);
  }, [status]);

  // Until the background has answered, the default target is not known to the page.
  const options = !targetLang || targets.some((lang) => lang.language.toUpperCase() === targetLang.toUpperCase())
    ? targets
    : [{ language: targetLang, name: languageName(targetLang) }, ...targets];

  const done = status.state === 'done' ? status : null;

  const copy = async () => {
    if (!done) return;
    setNotice((await props.onCopy(done.translation.text)) ? 'copied' : 'copy-failed');
  };
  const replace = () => {
    if (!done) return;
    if (props.onReplace(done.translation.text) === 'changed') setNotice('changed');
  };

  return (
    <DialogFrame titleId="glossa-popover-title" title={t('popoverTitle')} closeLabel={t('popoverClose')} closeHint={t('popoverCloseHint')}
      onClose={props.onClose} dialogRef={dialog}>
      <div class="languages">
        <span class="source" data-testid="source-language">
          {done?.detectedSourceLang ? t('popoverFrom', languageName(done.detectedSourceLang)) : ''}
        </span>
        <label class="target">
          <span>{t('popoverTargetLabel')}</span>
          <Select value={targetLang} disabled={!targetLang} onChange={(event) => props.onTargetChange((event.currentTarget as HTMLSelectElement).value)}>
            {!targetLang && <option value="">…</option>}
            {options.map((lang) => (
              <option key={lang.language} value={lang.language}>{languageName(lang.language)}</option>
            ))}
          </Select>
        </label>
      </div>
      {adding && done && props.termFix && (
        <TermFormFrame opener={props.termFix.opener} request={{
          kind: 'add', source: oneLine(props.termFix.sourceText), target: oneLine(done.translation.text), sourceLang: done.detectedSourceLang, targetLang,
        }} onClose={() => {
            setAdding(false);
            focusIfStillHere(dialog.current);
          }} />
      )}
      {!adding && <div class="body" aria-live="polite" aria-busy={status.state === 'loading'}>
        {status.state === 'loading' && <p class="status loading">{t('popoverLoading')}</p>}
        {status.state === 'error' && (
          <div class="error">
            <p role="alert">{status.error.message}</p>
            {status.error.remedy === 'options' && (
              <Button onClick={() => props.onOpenOptions()}>{t('popoverOpenOptions')}</Button>
            )}
            {status.error.remedy === 'retry' && (
              <Button onClick={() => props.onRetry()}>{t('popoverRetry')}</Button>
            )}
          </div>
        )}
        {done && <TranslationText nodes={done.translation.nodes} lang={bcp47(targetLang)} />}
        {done && done.translation.removed > 0 && <p class="status sanitized">{t('popoverSanitized')}</p>}
      </div>}
      {done && !adding && (
        <div class="footer">
          <Button kind="primary" onClick={copy}>{t('popoverCopy')}</Button>
          {canReplace && <Button onClick={replace}>{t('popoverReplace')}</Button>}
          {props.termFix && done.detectedSourceLang && <Button onClick={() => setAdding(true)}>{t('termFixOpen')}</Button>}
          <span class="notice" role="status">
            {notice === 'copied' && t('popoverCopied')}
            {notice === 'copy-failed' && t('popoverCopyFailed')}
            {notice === 'changed' && t('popoverReplaceChanged')}
          </span>
          <span class="billed">{done.billedCharacters > 0 ? t('popoverBilled', String(done.billedCharacters)) : t('popoverBilledNone')}</span>
        </div>
      )}
    </DialogFrame>
  );
}
