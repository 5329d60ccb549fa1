// The choices of one translation: target and source language, formality, glossary, model and
// bilingual display. Every control has a visible label that names it.
import type { Language } from '@/utils/shared/api-types';
import type { PageJobOptions, TabInfo } from '@/utils/shared/protocol';
import { languageName, supportsFormality } from '@/utils/shared/languages';
import { t } from '@/utils/shared/i18n';
import { preferFormality } from '@/utils/shared/formality';
import { modelAllowed } from '@/utils/shared/model-for-plan';
import type { GlossaryMenuOption } from './glossary-choices';
import { glossaryValue } from './glossary-choices';
import { Select } from '../ui/Select';
import { Switch } from '../ui/Switch';

interface Props {
  choices: PageJobOptions;
  targets: readonly Language[];
  sources: readonly Language[];
  glossaries: GlossaryMenuOption[];
  plan: TabInfo['plan'] | undefined;
  disabled: boolean;
  onTarget(code: string): void;
  onSource(code: string): void;
  onGlossary(value: string): void;
  onFormality(value: PageJobOptions['formality']): void;
  onModel(value: PageJobOptions['modelType']): void;
  onBilingual(value: boolean): void;
}

/** Options sorted by their name in the interface language; the API's English name when Intl has none. */
function languageOptions(languages: readonly Language[]): { code: string; name: string }[] {
  return languages
    .map((lang) => {
      const local = languageName(lang.language);
      return { code: lang.language.toUpperCase(), name: local && local !== lang.language.toUpperCase() ? local : lang.name };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** With a selected code missing from the list (list changed, old choice), it is still shown. */
function withCurrent(options: { code: string; name: string }[], code: string): { code: string; name: string }[] {
  return !code || options.some((o) => o.code === code) ? options : [{ code, name: languageName(code) }, ...options];
}

export function TranslationOptions(props: Props) {
  const { choices, disabled } = props;
  const targetOptions = withCurrent(languageOptions(props.targets), choices.targetLang);
  const sourceOptions = withCurrent(languageOptions(props.sources), choices.sourceLang);
  const showFormality = supportsFormality(choices.targetLang, props.targets);
  const selectedGlossary = glossaryValue(choices.glossaryId, choices.sourceLang);
  const glossaryKnown = props.glossaries.some((g) => g.value === selectedGlossary);
  const paidOnly = !modelAllowed('quality_optimized', props.plan);

  return (
    <div class="fields">
      <div class="field">
        <label class="field-label" for="target-language">{t('popupTargetLanguage')}</label>
        <Select id="target-language" value={choices.targetLang} disabled={disabled} onChange={(e) => props.onTarget(e.currentTarget.value)}>
          {targetOptions.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
        </Select>
      </div>

      <div class="field">
        <label class="field-label" for="source-language">{t('popupSourceLanguage')}</label>
        <Select id="source-language" value={choices.sourceLang} disabled={disabled} onChange={(e) => props.onSource(e.currentTarget.value)}>
          <option value="">{t('popupDetectLanguage')}</option>
          {sourceOptions.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
        </Select>
      </div>

      {showFormality && (
        <div class="field">
          <label class="field-label" for="formality">{t('popupFormality')}</label>
          <Select id="formality" value={preferFormality(choices.formality)} disabled={disabled} onChange={(e) => props.onFormality(e.currentTarget.value as PageJobOptions['formality'])}>
            <option value="default">{t('popupFormalityDefault')}</option>
            <option value="prefer_more">{t('popupFormalityMore')}</option>
            <option value="prefer_less">{t('popupFormalityLess')}</option>
          </Select>
        </div>
      )}

      <div class="field">
        <label class="field-label" for="glossary">{t('popupGlossary')}</label>
        <Select
          id="glossary"
          value={selectedGlossary}
          disabled={disabled || (props.glossaries.length === 0 && !selectedGlossary)}
          onChange={(e) => props.onGlossary(e.currentTarget.value)}
        >
          <option value="">{props.glossaries.length === 0 && !selectedGlossary ? t('popupGlossaryNoneForPair') : t('popupGlossaryNone')}</option>
          {selectedGlossary && !glossaryKnown && <option value={selectedGlossary}>{t('popupGlossaryDefault')}</option>}
          {props.glossaries.map((g) => (
            <option key={g.value} value={g.value}>
              {/* With detection on, each option says which source it will fix. */}
              {choices.sourceLang ? g.name : t('popupGlossaryWithSource', [g.name, languageName(g.sourceLang)])}
            </option>
          ))}
        </Select>
      </div>

      <div class="field">
        <label class="field-label" for="model-type">{t('popupModel')}</label>
        <Select id="model-type" value={choices.modelType} disabled={disabled} onChange={(e) => props.onModel(e.currentTarget.value as PageJobOptions['modelType'])}>
          <option value="latency_optimized">{t('popupModelFast')}</option>
          <option value="quality_optimized" disabled={paidOnly}>{paidOnly ? t('popupModelQualityPaidOnly') : t('popupModelQuality')}</option>
          <option value="prefer_quality_optimized">{t('popupModelPreferQuality')}</option>
        </Select>
      </div>

      <label class="check">
        <Switch checked={choices.bilingual} disabled={disabled} onChange={(e) => props.onBilingual(e.currentTarget.checked)} />
        <span>{t('popupBilingual')}</span>
      </label>
    </div>
  );
}
