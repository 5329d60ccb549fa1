// Which glossaries the popup offers: only dictionaries for the chosen pair (the API rejects a
// glossary without a dictionary for exactly that pair). With source detection on, every
// dictionary into the target is offered, and picking one fixes the source to its source.
import type { Glossary } from '@/utils/shared/api-types';
import { baseLanguage } from '@/utils/shared/language-code';

export interface GlossaryMenuOption {
  /** `<glossary id>|<source code>`: one option per dictionary, as a glossary may hold several sources. */
  value: string;
  glossaryId: string;
  name: string;
  /** Upper-case source code (the translate API's form). */
  sourceLang: string;
}

export function glossaryChoices(glossaries: readonly Glossary[], sourceLang: string, targetLang: string): GlossaryMenuOption[] {
  const target = baseLanguage(targetLang);
  const source = sourceLang ? baseLanguage(sourceLang) : '';
  const choices: GlossaryMenuOption[] = [];
  for (const glossary of glossaries) {
    for (const dictionary of glossary.dictionaries) {
      if (baseLanguage(dictionary.target_lang) !== target) continue;
      if (source && baseLanguage(dictionary.source_lang) !== source) continue;
      if (dictionary.entry_count === 0) continue;
      const dictSource = dictionary.source_lang.toUpperCase();
      choices.push({ value: `${glossary.glossary_id}|${dictSource}`, glossaryId: glossary.glossary_id, name: glossary.name, sourceLang: dictSource });
    }
  }
  return choices.sort((a, b) => a.name.localeCompare(b.name) || a.sourceLang.localeCompare(b.sourceLang));
}

/** The option value for the current choice, or '' (none). */
export function glossaryValue(glossaryId: string | undefined, sourceLang: string): string {
  return glossaryId && sourceLang ? `${glossaryId}|${baseLanguage(sourceLang).toUpperCase()}` : '';
}
