// The shape of Glossa's settings and their built-in values. Where they are stored, and who may
// read them, is utils/extension/settings-store.ts (background and extension pages only).
import type { Formality, ModelType } from './api-types';

export type Plan = 'free' | 'paid' | 'custom';

export interface Connection {
  apiKey: string;
  plan: Plan;
  /** Used when plan is 'custom'; its host permission is requested at run time. */
  customUrl: string;
}

export interface TranslationDefaults {
  targetLang: string;
  /** '' means: let Glossa/the API detect the source language. */
  sourceLang: string;
  formality: Formality;
  modelType: ModelType;
  bilingual: boolean;
}

export interface SiteRules {
  /** Hostnames translated as soon as they load. */
  always: string[];
  /** Hostnames never translated, even on request. */
  never: string[];
}

/** Default glossary per language pair, keyed by `pairKey(source, target)`. */
export type DefaultGlossaries = Record<string, string>;

/** Options of one page translation, as the content script receives them (never the key). */
export interface PageJobOptions {
  targetLang: string;
  /** '' = detect. */
  sourceLang: string;
  formality: Formality;
  modelType: ModelType;
  glossaryId?: string;
  bilingual: boolean;
}

/**
 * The options of the last translation started from the popup, with the defaults they were
 * chosen over: when the defaults change on the options page later, the new defaults win.
 */
export interface PopupChoices {
  job: PageJobOptions;
  basedOn: TranslationDefaults;
}

export const PLANS: readonly Plan[] = ['free', 'paid', 'custom'];
export const FORMALITIES: readonly Formality[] = ['default', 'more', 'less', 'prefer_more', 'prefer_less'];
export const MODEL_TYPES: readonly ModelType[] = ['latency_optimized', 'quality_optimized', 'prefer_quality_optimized'];

export const DEFAULT_CONNECTION: Connection = { apiKey: '', plan: 'paid', customUrl: '' };
export const DEFAULT_TRANSLATION: TranslationDefaults = { targetLang: 'EN-US', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false };
export const DEFAULT_SITE_RULES: SiteRules = { always: [], never: [] };
