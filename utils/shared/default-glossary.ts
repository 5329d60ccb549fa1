// A language pair's default glossary, decided here only: the one the options page set for the
// pair (base languages), used when a job names no glossary; none while the source is detected.
import { pairKey } from './language-code';
import type { DefaultGlossaries } from './settings';

/** The default glossary for a fixed source and a target, if the options page set one. */
export function defaultGlossaryFor(sourceLang: string | undefined, targetLang: string, glossaries: DefaultGlossaries): string | undefined {
  if (!sourceLang || !targetLang) return undefined;
  return glossaries[pairKey(sourceLang, targetLang)] || undefined;
}
