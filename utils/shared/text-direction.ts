// Which way a language's script runs, for `dir` on text Glossa shows in that language.
/** Base languages written right to left (the API's codes and common others). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

/** `AR`, `he-IL`, `fa` → 'rtl'; everything else 'ltr'. */
export function textDirection(language: string | undefined): 'ltr' | 'rtl' {
  const base = (language ?? '').trim().split(/[-_]/)[0].toLowerCase();
  return RTL_LANGUAGES.has(base) ? 'rtl' : 'ltr';
}
