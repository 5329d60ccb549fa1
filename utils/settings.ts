// Typed settings in extension storage. The API key lives in storage.local only (never sync)
// and is read only by the background; content scripts never import these items.
import { storage } from 'wxt/utils/storage';
import type { Formality, ModelType } from './shared/api-types';
import { planAddresses } from './shared/plan-addresses';
import type { PageJobOptions } from './shared/protocol';

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

export const connectionItem = storage.defineItem<Connection>('local:connection', {
  fallback: { apiKey: '', plan: 'paid', customUrl: '' },
});

export const defaultsItem = storage.defineItem<TranslationDefaults>('local:defaults', {
  fallback: { targetLang: 'EN-US', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
});

export const siteRulesItem = storage.defineItem<SiteRules>('local:siteRules', {
  fallback: { always: [], never: [] },
});

export const defaultGlossariesItem = storage.defineItem<DefaultGlossaries>('local:defaultGlossaries', {
  fallback: {},
});

/** Glossary pairs use base languages: EN-GB → en (the spec maps variants to their base). */
export function baseLanguage(code: string): string {
  return code.split('-')[0].toLowerCase();
}

export function pairKey(source: string, target: string): string {
  return `${baseLanguage(source)}>${baseLanguage(target)}`;
}

/** The API address for a connection, or an error message when it cannot be used. */
export function apiBaseUrl(connection: Connection, addresses = planAddresses(import.meta.env as Record<string, string | undefined>)): string {
  if (connection.plan === 'free') return addresses.free;
  if (connection.plan === 'paid') return addresses.paid;
  return connection.customUrl.replace(/\/+$/, '');
}

// ── popup (tab control): the popup's last choices ─────────────────────────────────────────
/**
 * The options of the last translation started from the popup, with the defaults they were
 * chosen over: when the defaults change on the options page later, the new defaults win.
 */
export interface PopupChoices {
  job: PageJobOptions;
  basedOn: TranslationDefaults;
}

export const popupChoicesItem = storage.defineItem<PopupChoices | null>('local:popupChoices', {
  fallback: null,
});
