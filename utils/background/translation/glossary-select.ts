// Which glossary a translation uses. The API accepts glossary_id only together with
// source_lang and only when the glossary has a dictionary for exactly that pair (variants map
// to base languages), otherwise the whole request fails; so the glossary's dictionaries are
// checked first, from a briefly cached list, and an unusable glossary is left out.
import type { ApiClient } from '../../api/client';
import type { Glossary } from '../../shared/api-types';
import { baseLanguage } from '../../shared/language-code';
import { defaultGlossaryFor } from '../../shared/default-glossary';
import { defaultGlossariesItem } from '../../extension/settings-store';

interface GlossaryChoice {
  /** The job's glossary: undefined = the default glossary of the pair, '' = none. */
  glossaryId?: string;
  /** '' or undefined when the source language is detected by the API. */
  sourceLang?: string;
  targetLang: string;
}

interface GlossaryResolverOptions {
  /** How long the glossary list is trusted (ms). */
  ttlMs?: number;
  now?: () => number;
}

export function createGlossaryResolver({ ttlMs = 60_000, now = Date.now }: GlossaryResolverOptions = {}) {
  let cached: { baseUrl: string; at: number; list: Promise<Glossary[]> } | undefined;

  function list(client: ApiClient): Promise<Glossary[]> {
    if (!cached || cached.baseUrl !== client.baseUrl || now() - cached.at > ttlMs) {
      const entry = { baseUrl: client.baseUrl, at: now(), list: client.listGlossaries() };
      // A failed listing must not be remembered.
      entry.list.catch(() => {
        if (cached === entry) cached = undefined;
      });
      cached = entry;
    }
    return cached.list;
  }

  return {
    /** The glossary id to send, or undefined when none applies to this pair. */
    async resolve(client: ApiClient, choice: GlossaryChoice): Promise<string | undefined> {
      if (!choice.sourceLang || choice.glossaryId === '') return undefined;
      const id = choice.glossaryId ?? defaultGlossaryFor(choice.sourceLang, choice.targetLang, await defaultGlossariesItem.getValue());
      if (!id) return undefined;
      const source = baseLanguage(choice.sourceLang);
      const target = baseLanguage(choice.targetLang);
      const glossary = (await list(client)).find((g) => g.glossary_id === id);
      const usable = glossary?.dictionaries.some((d) => baseLanguage(d.source_lang) === source && baseLanguage(d.target_lang) === target);
      return usable ? id : undefined;
    },

    /** The connection's glossaries, from the same briefly cached list (writing help shows them). */
    list,

    /** Forgets the list (a glossary changed). */
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type GlossaryResolver = ReturnType<typeof createGlossaryResolver>;
