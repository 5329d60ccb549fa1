// Language codes as the API writes them (DE, EN-GB, ZH-HANT): one pattern for every check in
// Glossa, so a code the options page accepts is one the pipeline and the glossary rules accept.
export const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** Glossary pairs use base languages: EN-GB → en (the spec maps variants to their base). */
export function baseLanguage(code: string): string {
  return code.trim().split('-')[0].toLowerCase();
}

/** The key of a language pair in the default-glossary settings: `en>de`. */
export function pairKey(source: string, target: string): string {
  return `${baseLanguage(source)}>${baseLanguage(target)}`;
}

export const PAIR_KEY = /^[a-z]{2,3}>[a-z]{2,3}$/;
