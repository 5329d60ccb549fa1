// Translation defaults: what the popup and the page engine use unless the user picks otherwise.
import type { Formality, Language, ModelType } from '../../utils/shared/api-types';
import { t } from '../../utils/shared/i18n';
import { modelAllowed } from '../../utils/shared/model-for-plan';
import { languageName, languageOptions, supportsFormality } from '../../utils/shared/languages';
import type { Plan, TranslationDefaults } from '../../utils/shared/settings';
import { Select } from '../ui/Select';
import { Switch } from '../ui/Switch';

interface Props {
  defaults: TranslationDefaults;
  targetLanguages: readonly Language[];
  plan: Plan;
  /** Shown under the model select when the choice cannot be saved. */
  modelError: string | null;
  onChange(defaults: TranslationDefaults): void;
}

const FORMALITY_OPTIONS: { value: Formality; key: string }[] = [
  { value: 'default', key: 'optionsFormalityDefault' },
  { value: 'prefer_more', key: 'optionsFormalityPreferMore' },
  { value: 'prefer_less', key: 'optionsFormalityPreferLess' },
  { value: 'more', key: 'optionsFormalityMore' },
  { value: 'less', key: 'optionsFormalityLess' },
];

export function DefaultsSection({ defaults, targetLanguages, plan, modelError, onChange }: Props) {
  const update = (change: Partial<TranslationDefaults>) => onChange({ ...defaults, ...change });
  const formalityWorks = supportsFormality(defaults.targetLang, targetLanguages);
  const strictFormality = defaults.formality === 'more' || defaults.formality === 'less';
  return (
    <section id="defaults" class="options-section" aria-labelledby="defaults-title">
      <h2 id="defaults-title">{t('optionsDefaultsTitle')}</h2>
      <p class="section-intro">{t('optionsDefaultsIntro')}</p>

      <div class="grid-2">
        <div class="field">
          <label for="target-language">{t('optionsTargetLanguageLabel')}</label>
          <Select id="target-language" value={defaults.targetLang.toUpperCase()} onChange={(event) => update({ targetLang: event.currentTarget.value })}>
            {languageOptions(targetLanguages, defaults.targetLang).map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </Select>
        </div>

        <div class="field">
          <label for="formality">{t('optionsFormalityLabel')}</label>
          <Select id="formality" value={defaults.formality} onChange={(event) => update({ formality: event.currentTarget.value as Formality })} aria-describedby="formality-hint">
            {FORMALITY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.key)}
              </option>
            ))}
          </Select>
          <p id="formality-hint" class={strictFormality && !formalityWorks ? 'g-field-error' : 'field-hint'}>
            {formalityWorks
              ? t('optionsFormalityHint')
              : strictFormality
                ? t('optionsFormalityUnsupportedStrict', languageName(defaults.targetLang))
                : t('optionsFormalityUnsupported', languageName(defaults.targetLang))}
          </p>
        </div>

        <div class="field">
          <label for="model-type">{t('optionsModelLabel')}</label>
          <Select
            id="model-type"
            value={defaults.modelType}
            onChange={(event) => update({ modelType: event.currentTarget.value as ModelType })}
            aria-invalid={modelError ? 'true' : undefined}
            aria-describedby="model-type-hint"
          >
            <option value="latency_optimized">{t('optionsModelFast')}</option>
            <option value="quality_optimized" disabled={!modelAllowed('quality_optimized', plan) && defaults.modelType !== 'quality_optimized'}>
              {t('optionsModelQuality')}
            </option>
            <option value="prefer_quality_optimized">{t('optionsModelPreferQuality')}</option>
          </Select>
          <p id="model-type-hint" class={modelError ? 'g-field-error' : 'field-hint'}>
            {modelError ?? (plan === 'free' ? t('optionsModelFreeHint') : t('optionsModelHint'))}
          </p>
        </div>
      </div>

      <div class="checkbox">
        <Switch id="bilingual" checked={defaults.bilingual} onChange={(event) => update({ bilingual: event.currentTarget.checked })} aria-describedby="bilingual-hint" />
        <div>
          <label for="bilingual">{t('optionsBilingualLabel')}</label>
          <p id="bilingual-hint" class="field-hint">
            {t('optionsBilingualHint')}
          </p>
        </div>
      </div>
    </section>
  );
}
