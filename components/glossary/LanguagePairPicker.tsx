// Source and target language of a dictionary, chosen from the API's language lists.
import { t } from '../../utils/shared/i18n';
import { useLanguages } from './use-languages';
import { Select } from '../ui/Select';

interface Props {
  idPrefix: string;
  source: string;
  target: string;
  onChange: (source: string, target: string) => void;
  disabled?: boolean;
}

export function LanguagePairPicker({ idPrefix, source, target, onChange, disabled }: Props) {
  const { sources, targets } = useLanguages();
  return (
    <div class="glossa-gl-pair">
      <label for={`${idPrefix}-source`}>{t('glossarySourceLanguage')}</label>
      <Select id={`${idPrefix}-source`} value={source} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value, target)}>
        <option value="">{t('glossaryChooseLanguage')}</option>
        {sources.map((l) => <option key={l.code} value={l.code}>{`${l.name} (${l.code})`}</option>)}
      </Select>
      <label for={`${idPrefix}-target`}>{t('glossaryTargetLanguage')}</label>
      <Select id={`${idPrefix}-target`} value={target} disabled={disabled} onChange={(e) => onChange(source, e.currentTarget.value)}>
        <option value="">{t('glossaryChooseLanguage')}</option>
        {targets.map((l) => <option key={l.code} value={l.code}>{`${l.name} (${l.code})`}</option>)}
      </Select>
    </div>
  );
}
