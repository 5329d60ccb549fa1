// One dictionary being written: its language pair and its entries, pasted, imported from a
// .tsv/.csv file, or typed in a table. The text is the single source of truth; the table
// edits it as TSV. Validation runs as the user goes and is shown with lines and reasons.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { dictionaryBytes, entriesToTsv, type EntriesFormat } from '../../utils/glossary/entries';
import { formatFromFilename, textToRows, trimText, validateText, type ValidationResult } from '../../utils/glossary/validate';
import type { CreateDraftDictionary } from '../../utils/glossary/drafts';
import { LanguagePairPicker } from './LanguagePairPicker';
import { ValidationReport } from './ValidationReport';
import { EntryTable } from './EntryTable';
import { useRowEditor } from './use-row-editor';
import { Button } from '../ui/Button';
import { Radio } from '../ui/Radio';
import { Select } from '../ui/Select';

/** Above this many characters the text is not put in a textarea (see below). */
const TEXTAREA_LIMIT = 256 * 1024;

function lineCount(text: string): number {
  let lines = text.endsWith('\n') ? 0 : 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

interface Props {
  idPrefix: string;
  value: CreateDraftDictionary;
  onChange: (value: CreateDraftDictionary) => void;
  /** Pairs that already exist (a glossary has one dictionary per pair). */
  takenPairs?: readonly string[];
  onRemove?: () => void;
}

export function DictionaryInput({ idPrefix, value, onChange, takenPairs = [], onRemove }: Props) {
  const [mode, setMode] = useState<'text' | 'table'>('text');
  const [result, setResult] = useState<ValidationResult | null>(null);
  const [fileNote, setFileNote] = useState('');
  const [scrollTo, setScrollTo] = useState<{ position: number; nonce: number; focus?: 'source' | 'target' }>();
  const valueRef = useRef(value);
  valueRef.current = value;
  const pair = value.sourceLang && value.targetLang ? { source: value.sourceLang, target: value.targetLang } : undefined;

  const syncTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editor = useRowEditor([], () => {
    // Table edits become TSV text, a moment after typing stops (a big table is a big string).
    clearTimeout(syncTimer.current);
    syncTimer.current = setTimeout(() => onChange({ ...valueRef.current, format: 'tsv', text: entriesToTsv(editor.rows) }), 250);
  });

  // What the shown report was computed for, so an import validated at once is not redone.
  const validatedFor = useRef<{ text: string; format: EntriesFormat; pair: string } | null>(null);
  const validate = (text: string, format: EntriesFormat) => {
    validatedFor.current = { text, format, pair: `${value.sourceLang}>${value.targetLang}` };
    setResult(text === '' ? null : validateText(text, format, pair));
  };

  useEffect(() => {
    const done = validatedFor.current;
    if (done && done.text === value.text && done.format === value.format && done.pair === `${value.sourceLang}>${value.targetLang}`) return;
    if (value.text === '') {
      validate('', value.format);
      return;
    }
    // Typing: wait for a pause before checking the whole text again.
    const timer = setTimeout(() => validate(value.text, value.format), 200);
    return () => clearTimeout(timer);
  }, [value.text, value.format, value.sourceLang, value.targetLang]);

  useEffect(() => () => clearTimeout(syncTimer.current), []);

  const switchMode = (next: 'text' | 'table') => {
    if (next === mode) return;
    if (next === 'table') {
      const rows = textToRows(value.text, value.format, pair);
      editor.replaceAll(rows);
      onChange({ ...value, format: 'tsv', text: entriesToTsv(rows) });
    } else {
      clearTimeout(syncTimer.current);
      onChange({ ...value, format: 'tsv', text: entriesToTsv(editor.rows) });
    }
    setMode(next);
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const format = formatFromFilename(file.name);
    setMode('text');
    // U+FFFD means bytes that are not UTF-8 (a spreadsheet's legacy export, say): say so.
    setFileNote(text.includes('\uFFFD') ? `${t('glossaryImportedFile', file.name)} ${t('glossaryImportNotUtf8')}` : t('glossaryImportedFile', file.name));
    onChange({ ...valueRef.current, format, text });
  };

  const pairKey = pair ? `${pair.source}>${pair.target}` : '';
  const pairTaken = pairKey !== '' && takenPairs.includes(pairKey);

  return (
    <fieldset class="glossa-gl-dictionary-input">
      <legend>{t('glossaryDictionaryLegend')}</legend>
      <LanguagePairPicker
        idPrefix={idPrefix}
        source={value.sourceLang}
        target={value.targetLang}
        onChange={(sourceLang, targetLang) => onChange({ ...value, sourceLang, targetLang })}
      />
      {pairTaken && <p role="alert" class="glossa-gl-error-text">{t('glossaryPairTaken')}</p>}
      {pair && pair.source === pair.target && <p role="alert" class="glossa-gl-error-text">{t('glossaryPairSame')}</p>}

      <div class="glossa-gl-modes" role="radiogroup" aria-label={t('glossaryEntryMode')}>
        <label>
          <Radio name={`${idPrefix}-mode`} checked={mode === 'text'} onChange={() => switchMode('text')} />
          {t('glossaryModeText')}
        </label>
        <label>
          <Radio name={`${idPrefix}-mode`} checked={mode === 'table'} onChange={() => switchMode('table')} />
          {t('glossaryModeTable')}
        </label>
      </div>

      {mode === 'text' ? (
        <>
          <div class="glossa-gl-row-inline">
            <label for={`${idPrefix}-format`}>{t('glossaryFormat')}</label>
            <Select id={`${idPrefix}-format`} value={value.format} onChange={(e) => onChange({ ...value, format: e.currentTarget.value as EntriesFormat })}>
              <option value="tsv">{t('glossaryFormatTsv')}</option>
              <option value="csv">{t('glossaryFormatCsv')}</option>
            </Select>
            <label for={`${idPrefix}-file`}>{t('glossaryImportFile')}</label>
            <input
              id={`${idPrefix}-file`}
              type="file"
              accept=".tsv,.csv,.txt,text/csv,text/tab-separated-values,text/plain"
              onChange={(e) => void importFile(e.currentTarget.files?.[0])}
            />
          </div>
          {fileNote && <p class="glossa-gl-hint" role="status">{fileNote}</p>}
          <p id={`${idPrefix}-entries-hint`} class="glossa-gl-hint">{t(value.format === 'csv' ? 'glossaryEntriesHintCsv' : 'glossaryEntriesHintTsv')}</p>
          {value.text.length > TEXTAREA_LIMIT ? (
            // Megabytes in a textarea make every keystroke and render slow (Chromium lays out
            // the whole text): a big list is shown as a summary and edited in the table.
            <div class="glossa-gl-offer">
              <p role="status">
                {t('glossaryBigText', [(dictionaryBytes(value.text) / 1_000_000).toFixed(2), String(lineCount(value.text))])}
              </p>
              <Button onClick={() => switchMode('table')}>{t('glossaryEditInTable')}</Button>
              <Button onClick={() => { setFileNote(''); onChange({ ...value, text: '' }); }}>{t('glossaryClearEntries')}</Button>
            </div>
          ) : (
            <>
              <label for={`${idPrefix}-entries`}>{t('glossaryEntries')}</label>
              <textarea
                id={`${idPrefix}-entries`}
                aria-describedby={`${idPrefix}-entries-hint`}
                rows={8}
                spellcheck={false}
                value={value.text}
                onInput={(e) => onChange({ ...value, text: e.currentTarget.value })}
              />
            </>
          )}
        </>
      ) : (
        <>
          <Button onClick={() => setScrollTo({ position: editor.add(), nonce: Date.now(), focus: 'source' })}>{t('glossaryAddRow')}</Button>
          <EntryTable
            scrollTo={scrollTo}
            rows={editor.rows}
            version={editor.version}
            indices={editor.indices}
            sort={editor.sort}
            onSort={editor.setSort}
            label={t('glossaryEntries')}
            onChange={editor.edit}
            onDelete={editor.remove}
            heightPx={240}
          />
        </>
      )}

      {result && (
        <ValidationReport
          result={result}
          unit={mode === 'table' ? 'row' : 'line'}
          onTrim={() => {
            const text = trimText(value.text, value.format);
            if (mode === 'table') editor.replaceAll(textToRows(text, value.format, pair));
            onChange({ ...value, text });
          }}
        />
      )}
      {onRemove && <Button onClick={onRemove}>{t('glossaryRemoveDictionary')}</Button>}
    </fieldset>
  );
}
