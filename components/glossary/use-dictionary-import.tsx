// Import into an open dictionary (the action bar's Import button and its preview): the file is read and checked here, and a preview says what it
// would add and change and lists every problem with its line. Only "Add to the table" takes the
// valid entries into the grid; nothing is sent before the user saves.
import { useRef, useState } from 'preact/hooks';
import { t, tCount } from '../../utils/shared/i18n';
import { formatFromFilename, validateText, type ValidationResult } from '../../utils/glossary/validate';
import type { Phrase } from '../../utils/glossary/diff';
import { ValidationReport } from './ValidationReport';
import { Button } from '../ui/Button';
import { FieldError } from '../ui/FieldError';

interface Preview {
  fileName: string;
  notUtf8: boolean;
  result: ValidationResult;
  added: number;
  changed: number;
}

interface Props {
  sourceLang: string;
  targetLang: string;
  current: readonly Phrase[];
  disabled: boolean;
  onAccept: (entries: Phrase[]) => void;
}

/** How an import would change the current rows. */
function importEffect(current: readonly Phrase[], incoming: readonly Phrase[]): { added: number; changed: number } {
  const targets = new Map(current.map((row) => [row.source, row.target]));
  let added = 0;
  let changed = 0;
  for (const entry of incoming) {
    const before = targets.get(entry.source);
    if (before === undefined) added++;
    else if (before !== entry.target) changed++;
    targets.set(entry.source, entry.target);
  }
  return { added, changed };
}

/** The Import button (for the action bar) and its preview (shown below the bar), from one state. */
export function useDictionaryImport({ sourceLang, targetLang, current, disabled, onAccept }: Props) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const result = validateText(text, formatFromFilename(file.name), { source: sourceLang, target: targetLang });
    setPreview({ fileName: file.name, notUtf8: text.includes('\uFFFD'), result, ...importEffect(current, result.entries) });
    if (fileRef.current) fileRef.current.value = '';
  };

  const trigger = (
    <label class={disabled ? 'g-btn glossa-gl-file is-disabled' : 'g-btn glossa-gl-file'}>
      {t('glossaryImport')}
      <input
        ref={fileRef}
        type="file"
        accept=".tsv,.csv,.txt,text/tab-separated-values,text/csv"
        class="g-visually-hidden"
        aria-label={t('glossaryImportIntoDictionary')}
        disabled={disabled}
        onChange={(e) => void read(e.currentTarget.files?.[0])}
      />
    </label>
  );
  const shown = preview && (
    <section class="glossa-gl-import" aria-label={t('glossaryImportPreview')}>
      <h4>{t('glossaryImportPreviewOf', preview.fileName)}</h4>
      <FieldError message={preview.notUtf8 ? t('glossaryImportNotUtf8') : ''} />
      <p>{tCount('glossaryImportEffect', preview.added, [String(preview.changed)])}</p>
      <ValidationReport result={preview.result} unit="line" />
      <div class="g-actions">
        <Button onClick={() => setPreview(null)}>{t('glossaryCancel')}</Button>
        <Button
          kind="primary"
          disabled={preview.result.entries.length === 0}
          onClick={() => {
            onAccept(preview.result.entries);
            setPreview(null);
          }}
        >
          {tCount('glossaryImportAccept', preview.result.entries.length)}
        </Button>
      </div>
    </section>
  );
  return { trigger, preview: shown || null };
}
