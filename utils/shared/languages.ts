// Language lists Glossa can show before the API has answered (no key yet, offline), and
// display names for language codes. The live list comes from GET /v2/languages through the
// background's `languages` message; these are only the fallback.
import { browser } from 'wxt/browser';
import type { Language } from './api-types';

/** Targets with formality support, as the spec lists them. */
const FORMALITY_TARGETS = new Set(['DE', 'ES', 'FR', 'IT', 'JA', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RU']);

const TARGET_NAMES: Record<string, string> = {
  AR: 'Arabic',
  BG: 'Bulgarian',
  CS: 'Czech',
  DA: 'Danish',
  DE: 'German',
  EL: 'Greek',
  'EN-GB': 'English (British)',
  'EN-US': 'English (American)',
  ES: 'Spanish',
  ET: 'Estonian',
  FI: 'Finnish',
  FR: 'French',
  HU: 'Hungarian',
  ID: 'Indonesian',
  IT: 'Italian',
  JA: 'Japanese',
  KO: 'Korean',
  LT: 'Lithuanian',
  LV: 'Latvian',
  NB: 'Norwegian (Bokmål)',
  NL: 'Dutch',
  PL: 'Polish',
  'PT-BR': 'Portuguese (Brazilian)',
  'PT-PT': 'Portuguese (European)',
  RO: 'Romanian',
  RU: 'Russian',
  SK: 'Slovak',
  SL: 'Slovenian',
  SV: 'Swedish',
  TR: 'Turkish',
  UK: 'Ukrainian',
  ZH: 'Chinese',
  'ZH-HANS': 'Chinese (simplified)',
  'ZH-HANT': 'Chinese (traditional)',
};

/** Base-language names for codes that appear only as sources (variants are targets only). */
const BASE_NAMES: Record<string, string> = { EN: 'English', PT: 'Portuguese' };

/** The spec's 34 target languages, with supports_formality as the spec states it. */
export const FALLBACK_TARGET_LANGUAGES: readonly Language[] = Object.freeze(
  Object.entries(TARGET_NAMES).map(([language, name]) => ({ language, name, supports_formality: FORMALITY_TARGETS.has(language) })),
);

/**
 * The spec does not list sources; these are the base languages of the targets (sources never
 * carry variants), which is what the API accepts as source_lang.
 */
export const FALLBACK_SOURCE_LANGUAGES: readonly Language[] = Object.freeze(
  [...new Set(Object.keys(TARGET_NAMES).map((code) => code.split('-')[0]))]
    .sort()
    .map((language) => ({ language, name: BASE_NAMES[language] ?? TARGET_NAMES[language] ?? language })),
);

/** API codes are upper case with variant suffixes (ZH-HANS); Intl wants BCP 47 (zh-Hans). */
function toBcp47(code: string): string {
  const [base, ...rest] = code.split('-');
  const parts = rest.map((part) => (part.length === 4 ? part[0].toUpperCase() + part.slice(1).toLowerCase() : part.toUpperCase()));
  return [base.toLowerCase(), ...parts].join('-');
}

function uiLocale(): string {
  try {
    // The locale Glossa's own strings come from (see i18n.ts), so names match the UI around them.
    const own = browser.i18n.getMessage('uiLocale' as never);
    if (own) return own.replace('_', '-');
    const fromBrowser = browser.i18n.getUILanguage();
    if (fromBrowser) return fromBrowser;
  } catch {
    // Test doubles and some contexts lack i18n; the navigator's language is close enough.
  }
  return globalThis.navigator?.language || 'en';
}

/** The arrow between a pair's languages, pointing the way the UI language reads. */
function pairArrow(): string {
  try {
    return browser.i18n.getMessage('@@bidi_dir' as never) === 'rtl' ? '←' : '→';
  } catch {
    return '→';
  }
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    try {
      displayNames.set(locale, new Intl.DisplayNames([locale, 'en'], { type: 'language', fallback: 'none' }));
    } catch {
      displayNames.set(locale, null);
    }
  }
  return displayNames.get(locale) ?? null;
}

/**
 * A readable name for a language code (`DE`, `en-gb`, `ZH-HANS`) in the interface language;
 * falls back to Glossa's English names, then to the code itself.
 */
export function languageName(code: string, locale: string = uiLocale()): string {
  const upper = code.trim().toUpperCase();
  if (!upper) return '';
  try {
    const name = namesFor(locale)?.of(toBcp47(upper));
    if (name) return name;
  } catch {
    // Invalid tags throw a RangeError: use the table below.
  }
  return TARGET_NAMES[upper] ?? BASE_NAMES[upper] ?? upper;
}

/** Whether `code` (a target) supports formality, from a list when given, else the spec's table. */
export function supportsFormality(code: string, languages: readonly Language[] = FALLBACK_TARGET_LANGUAGES): boolean {
  const upper = code.toUpperCase();
  const entry = languages.find((lang) => lang.language.toUpperCase() === upper);
  if (entry?.supports_formality !== undefined) return entry.supports_formality;
  return FORMALITY_TARGETS.has(upper);
}

/** A display name for an API language: the interface language's name when known, else the API's. */
function displayLanguage(lang: Language): string {
  const name = languageName(lang.language);
  return name && name !== lang.language.toUpperCase() ? name : lang.name || lang.language;
}

/** Languages sorted by their displayed name; the current choice is kept even if the list lacks it. */
export function languageOptions(languages: readonly Language[], current: string): { code: string; name: string }[] {
  const options = languages.map((lang) => ({ code: lang.language.toUpperCase(), name: displayLanguage(lang) }));
  if (current && !options.some((option) => option.code === current.toUpperCase())) {
    options.push({ code: current.toUpperCase(), name: languageName(current) });
  }
  const collator = new Intl.Collator(uiLocale());
  return options.sort((a, b) => collator.compare(a.name, b.name));
}

/** "English → German" for a glossary pair key such as `en>de` (see utils/settings.ts pairKey). */
export function pairName(key: string, locale?: string): string {
  const [source = '', target = ''] = key.split('>');
  return `${languageName(source, locale)} ${pairArrow()} ${languageName(target, locale)}`;
}
