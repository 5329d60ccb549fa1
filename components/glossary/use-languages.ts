// Source and target languages for glossary pairs, as base codes (glossaries apply to base
// languages: a dictionary with target en serves EN-GB and EN-US). Falls back to the built-in
// lists when the background cannot answer.
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '../../utils/shared/protocol';
import { FALLBACK_SOURCE_LANGUAGES, FALLBACK_TARGET_LANGUAGES, languageName } from '../../utils/shared/languages';
import type { Language } from '../../utils/shared/api-types';

interface LanguageOption {
  code: string;
  name: string;
}

function baseOptions(languages: readonly Language[]): LanguageOption[] {
  const codes = [...new Set(languages.map((l) => l.language.split('-')[0].toLowerCase()))];
  return codes.map((code) => ({ code, name: languageName(code) })).sort((a, b) => a.name.localeCompare(b.name));
}

export function useLanguages(): { sources: LanguageOption[]; targets: LanguageOption[] } {
  const [lists, setLists] = useState(() => ({ sources: baseOptions(FALLBACK_SOURCE_LANGUAGES), targets: baseOptions(FALLBACK_TARGET_LANGUAGES) }));
  useEffect(() => {
    let live = true;
    const load = (type: 'source' | 'target') => sendMessage('languages', { type }).then((r) => r.languages).catch(() => undefined);
    void Promise.all([load('source'), load('target')]).then(([sources, targets]) => {
      if (!live) return;
      setLists((old) => ({
        sources: sources?.length ? baseOptions(sources) : old.sources,
        targets: targets?.length ? baseOptions(targets) : old.targets,
      }));
    });
    return () => {
      live = false;
    };
  }, []);
  return lists;
}
