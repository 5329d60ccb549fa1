// Every user-visible string goes through the browser's i18n with keys from locales/<lang>/*.json.
// Counts use a small ICU-style plural form inside a message, chosen with Intl.PluralRules in
// the UI language: `{count, plural, one {# entry} other {# entries}}` (`#` is the number).
import { browser } from 'wxt/browser';

export function t(key: string, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key as never, substitutions) || key;
}

/** The locale Glossa's strings come from (each locale names itself in `uiLocale`), as BCP 47. */
export function uiLocale(): string {
  let own = '';
  try {
    own = browser.i18n.getMessage('uiLocale' as never);
  } catch {
    // Test doubles may lack i18n: English.
  }
  return (own || 'en').replace('_', '-');
}

/** The UI language's direction, from the locale Glossa's strings come from. */
export function uiDirection(): 'ltr' | 'rtl' {
  try {
    return browser.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let value = map.get(locale);
  if (!value) map.set(locale, (value = make()));
  return value;
}

export function formatNumber(value: number, locale: string = uiLocale()): string {
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}

export function formatDateTime(value: number | Date, locale: string = uiLocale()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(value);
}

const PLURAL_BLOCK = /\{count,\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

/** Resolves the plural blocks of a message for `count`; text outside them is kept as is. */
export function selectPlural(message: string, count: number, locale: string): string {
  return message.replace(PLURAL_BLOCK, (_whole, body: string) => {
    const branches = new Map<string, string>();
    for (const [, name, text] of body.matchAll(PLURAL_BRANCH)) branches.set(name, text);
    const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
    const chosen = branches.get(`=${count}`) ?? branches.get(category) ?? branches.get('other') ?? '';
    return chosen.replaceAll('#', formatNumber(count, locale));
  });
}

/** A message with a count: plural form and number formatting in the UI language; `$1`… as in t(). */
export function tCount(key: string, count: number, substitutions: string[] = []): string {
  return selectPlural(t(key, substitutions.length > 0 ? substitutions : undefined), count, uiLocale());
}
