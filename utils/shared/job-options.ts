// The options a translation runs with when the user did not pick them right now (shortcut,
// context menu, always-translate sites) and the popup's starting choices: the popup's last
// choices while the defaults they were made over still hold, else the defaults from the
// options page with the default glossary of the pair.
import type { Formality, ModelType } from './api-types';
import { pairKey } from './language-code';
import type { DefaultGlossaries, PageJobOptions, Plan, PopupChoices, TranslationDefaults } from './settings';

/** Glossa never sends plain more/less: prefer_* cannot fail for targets without formality. */
export function preferFormality(formality: Formality): Formality {
  if (formality === 'more') return 'prefer_more';
  if (formality === 'less') return 'prefer_less';
  return formality;
}

/** quality_optimized fails on the free-plan address; asking for it there means "prefer". */
export function modelForPlan(modelType: ModelType, plan: Plan): ModelType {
  return plan === 'free' && modelType === 'quality_optimized' ? 'prefer_quality_optimized' : modelType;
}

function sameDefaults(a: TranslationDefaults, b: TranslationDefaults): boolean {
  return a.targetLang === b.targetLang && a.sourceLang === b.sourceLang && a.formality === b.formality
    && a.modelType === b.modelType && a.bilingual === b.bilingual;
}

/** The default glossary for a fixed source and a target, if the options page set one. */
export function defaultGlossaryFor(sourceLang: string, targetLang: string, glossaries: DefaultGlossaries): string | undefined {
  if (!sourceLang || !targetLang) return undefined;
  return glossaries[pairKey(sourceLang, targetLang)] || undefined;
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
