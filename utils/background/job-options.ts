// The options a translation runs with when the user did not pick them right now (shortcut,
// context menu, always-translate sites) and the popup's starting choices: the popup's last
// choices while the defaults they were made over still hold, else the defaults from the
// options page with the default glossary of the pair.
import type { Formality, ModelType } from '../shared/api-types';
import type { PageJobOptions } from '../shared/protocol';
import {
  defaultGlossariesItem,
  defaultsItem,
  pairKey,
  popupChoicesItem,
  type DefaultGlossaries,
  type Plan,
  type PopupChoices,
  type TranslationDefaults,
} from '../settings';

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

export async function currentJobOptions(): Promise<PageJobOptions> {
  const [defaults, choices, glossaries] = await Promise.all([
    defaultsItem.getValue(),
    popupChoicesItem.getValue(),
    defaultGlossariesItem.getValue(),
  ]);
  return resolveJobOptions(defaults, choices, glossaries);
}

const FORMALITIES: readonly Formality[] = ['default', 'more', 'less', 'prefer_more', 'prefer_less'];
const MODELS: readonly ModelType[] = ['latency_optimized', 'quality_optimized', 'prefer_quality_optimized'];
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/;
const GLOSSARY_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Checks job options that arrive in a message; undefined when they are not well-formed. */
export function validJobOptions(input: unknown): PageJobOptions | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const o = input as Record<string, unknown>;
  if (typeof o.targetLang !== 'string' || !LANGUAGE_CODE.test(o.targetLang)) return undefined;
  if (typeof o.sourceLang !== 'string' || (o.sourceLang !== '' && !LANGUAGE_CODE.test(o.sourceLang))) return undefined;
  if (!FORMALITIES.includes(o.formality as Formality)) return undefined;
  if (!MODELS.includes(o.modelType as ModelType)) return undefined;
  if (typeof o.bilingual !== 'boolean') return undefined;
  if (o.glossaryId !== undefined && (typeof o.glossaryId !== 'string' || !GLOSSARY_ID.test(o.glossaryId))) return undefined;
  // A glossary needs a fixed source language (the API rejects it otherwise).
  if (o.glossaryId && !o.sourceLang) return undefined;
  const job: PageJobOptions = {
    targetLang: o.targetLang.toUpperCase(),
    sourceLang: o.sourceLang.toUpperCase(),
    formality: o.formality as Formality,
    modelType: o.modelType as ModelType,
    bilingual: o.bilingual,
  };
  return o.glossaryId ? { ...job, glossaryId: o.glossaryId as string } : job;
}

export function sameJob(a: PageJobOptions | undefined, b: PageJobOptions): boolean {
  return !!a && a.targetLang === b.targetLang && a.sourceLang === b.sourceLang && a.formality === b.formality
    && a.modelType === b.modelType && a.bilingual === b.bilingual && (a.glossaryId ?? '') === (b.glossaryId ?? '');
}
