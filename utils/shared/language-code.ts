// Every language-code pattern of Glossa lives here (tests/source-claims.test.ts keeps
// it so): LANGUAGE_CODE for codes Glossa sends, stores or takes in messages, so a code the options
// page accepts is one the pipeline accepts; LANGUAGE_TAG for the codes a glossary file may carry.
export const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** A glossary file's language columns may hold longer tags (zh-Hant-TW); only their base is compared. */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Glossary pairs use base languages: EN-GB → en (the spec maps variants to their base). */
export function baseLanguage(code: string): string {
  return code.trim().split('-')[0].toLowerCase();
}

/** The key of a language pair in the default-glossary settings: `en>de`. */
export function pairKey(source: string, target: string): string {
  return `${baseLanguage(source)}>${baseLanguage(target)}`;
}

export const PAIR_KEY = /^[a-z]{2,3}>[a-z]{2,3}$/;
