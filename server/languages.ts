// The languages the local server knows: the spec's target list (with its formality flags) and a
// source list of the matching base languages (the spec leaves the source list open). Source
// items carry no supports_formality: it describes a language as a target (see README.md).

interface LanguageInfo {
  language: string;
  name: string;
  /** Target items only. */
  supports_formality?: boolean;
}

const NAMES: Record<string, string> = {
  AR: 'Arabic', BG: 'Bulgarian', CS: 'Czech', DA: 'Danish', DE: 'German', EL: 'Greek',
  EN: 'English', 'EN-GB': 'English (British)', 'EN-US': 'English (American)', ES: 'Spanish',
  ET: 'Estonian', FI: 'Finnish', FR: 'French', HU: 'Hungarian', ID: 'Indonesian', IT: 'Italian',
  JA: 'Japanese', KO: 'Korean', LT: 'Lithuanian', LV: 'Latvian', NB: 'Norwegian Bokmål',
  NL: 'Dutch', PL: 'Polish', PT: 'Portuguese', 'PT-BR': 'Portuguese (Brazilian)',
  'PT-PT': 'Portuguese (European)', RO: 'Romanian', RU: 'Russian', SK: 'Slovak', SL: 'Slovenian',
  SV: 'Swedish', TR: 'Turkish', UK: 'Ukrainian', ZH: 'Chinese (simplified)',
  'ZH-HANS': 'Chinese (simplified)', 'ZH-HANT': 'Chinese (traditional)',
};

/** Target codes exactly as the spec lists them. */
export const TARGET_CODES = [
  'AR', 'BG', 'CS', 'DA', 'DE', 'EL', 'EN-GB', 'EN-US', 'ES', 'ET', 'FI', 'FR', 'HU', 'ID', 'IT',
  'JA', 'KO', 'LT', 'LV', 'NB', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RO', 'RU', 'SK', 'SL', 'SV', 'TR',
  'UK', 'ZH', 'ZH-HANS', 'ZH-HANT',
] as const;

/** Targets whose supports_formality is true in the spec. */
export const FORMALITY_TARGETS = new Set(['DE', 'ES', 'FR', 'IT', 'JA', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RU']);

/** Source languages: the base languages of the targets. */
export const SOURCE_CODES = [...new Set(TARGET_CODES.map((code) => code.split('-')[0]))].sort();

const TARGETS = new Set<string>(TARGET_CODES);
const SOURCES = new Set<string>(SOURCE_CODES);

export function targetLanguages(): LanguageInfo[] {
  return TARGET_CODES.map((language) => ({ language, name: NAMES[language], supports_formality: FORMALITY_TARGETS.has(language) }));
}

export function sourceLanguages(): LanguageInfo[] {
  return SOURCE_CODES.map((language) => ({ language, name: NAMES[language] }));
}

export function languageName(code: string): string {
  return NAMES[code.toUpperCase()] ?? code;
}

type LanguageCheck = { code: string } | { error: string };

/** Normalises a target code (case-insensitive) to the spec's spelling, e.g. en-gb → EN-GB. */
export function checkTarget(raw: string): LanguageCheck {
  const code = raw.trim().toUpperCase();
  if (TARGETS.has(code)) return { code };
  if (code === 'EN') return { error: "target_lang 'EN' is ambiguous: use 'EN-GB' or 'EN-US'" };
  if (code === 'PT') return { error: "target_lang 'PT' is ambiguous: use 'PT-BR' or 'PT-PT'" };
  return { error: `target_lang '${raw}' is not a supported target language` };
}

/**
 * Normalises a source code to its base language, e.g. en-GB → EN. Sources are languages, not
 * variants; a variant of a known base is accepted and read as that base.
 */
export function checkSource(raw: string): LanguageCheck {
  const code = raw.trim().toUpperCase();
  const base = code.split('-')[0];
  if (SOURCES.has(code)) return { code };
  if (SOURCES.has(base) && /^[A-Z]{2}-[A-Z0-9]{2,8}$/.test(code)) return { code: base };
  return { error: `source_lang '${raw}' is not a supported source language` };
}

/** Glossary dictionaries use lower-case base codes and reject variants (glossaries apply to languages). */
export function checkGlossaryLanguage(raw: unknown, field: string): LanguageCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { error: `${field} is required` };
  const code = raw.trim().toUpperCase();
  if (code.includes('-')) {
    const base = code.split('-')[0].toLowerCase();
    return { error: `${field} '${raw}' is a language variant; glossaries apply to languages, use '${base}'` };
  }
  if (!SOURCES.has(code)) return { error: `${field} '${raw}' is not a supported glossary language` };
  return { code: code.toLowerCase() };
}
