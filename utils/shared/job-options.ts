// The options a translation runs with when the user did not pick them right now (shortcut,
// context menu, always-translate sites) and the popup's starting choices: the popup's last
// choices while the defaults they were made over still hold, else the defaults from the
// options page with the default glossary of the pair.
import { defaultGlossaryFor } from './default-glossary';
import { preferFormality } from './formality';
import type { DefaultGlossaries, PageJobOptions, PopupChoices, TranslationDefaults } from './settings';

function sameDefaults(a: TranslationDefaults, b: TranslationDefaults): boolean {
  return a.targetLang === b.targetLang && a.sourceLang === b.sourceLang && a.formality === b.formality
    && a.modelType === b.modelType && a.bilingual === b.bilingual;
}

export function resolveJobOptions(
  defaults: TranslationDefaults,
  choices: PopupChoices | null,
  glossaries: DefaultGlossaries,
): PageJobOptions {
  if (choices && sameDefaults(choices.basedOn, defaults)) {
    return { ...choices.job, formality: preferFormality(choices.job.formality) };
  }
  const job: PageJobOptions = {
    targetLang: defaults.targetLang,
    sourceLang: defaults.sourceLang,
    formality: preferFormality(defaults.formality),
    modelType: defaults.modelType,
    bilingual: defaults.bilingual,
  };
  const glossaryId = defaultGlossaryFor(defaults.sourceLang, defaults.targetLang, glossaries);
  return glossaryId ? { ...job, glossaryId } : job;
}

export function sameJob(a: PageJobOptions | undefined, b: PageJobOptions): boolean {
  return !!a && a.targetLang === b.targetLang && a.sourceLang === b.sourceLang && a.formality === b.formality
    && a.modelType === b.modelType && a.bilingual === b.bilingual && (a.glossaryId ?? '') === (b.glossaryId ?? '');
}
