// Request resolution: what a translation is sent with, worked out again for every call from the
// settings as they are now, for page blocks and selections alike. The client (api-client.ts),
// the model type (model-for-plan.ts) and the formality (formality.ts) come from their owners; the
// glossary is used only for the exact pair; and everything that changes a translation, the
// unbilled `context` included, is part of its identity (the cache key and in-flight dedupe).
import type { ApiClient } from '../../api/client';
import type { Glossary, TranslateParams } from '../../shared/api-types';
import type { PageJobOptions } from '../../shared/protocol';
import { LANGUAGE_CODE, baseLanguage } from '../../shared/language-code';
import { connectionItem } from '../../extension/settings-store';
import { connectedClient } from '../api-client';
import { modelForPlan } from '../../shared/model-for-plan';
import { apiFormality } from '../../shared/formality';
import type { CacheKeyParts } from './cache';
import { glossaryRevisionOf } from './term-revisions';
import { createGlossaryResolver, type GlossaryResolver } from './glossary-select';

/** The options a translation is asked with (a tab's job, or the defaults for a selection). */
export type TranslationOptions = Pick<PageJobOptions, 'targetLang' | 'sourceLang' | 'formality' | 'modelType' | 'glossaryId'>;

interface ResolvedRequest {
  client: ApiClient;
  /** Every parameter but the texts. */
  params: Omit<TranslateParams, 'text'>;
  /** Everything but the text, its format and the glossary revision that changes a translation. */
  identity: Omit<CacheKeyParts, 'text' | 'format' | 'glossaryRevision'>;
  /** The glossary revision a text is cached under: fixing one term retires only the texts holding it (term-revisions.ts). */
  revisionOf(text: string): number;
}

interface RequestResolverDeps {
  /** The API client for the current settings; throws when no request may be made. */
  client?: () => Promise<ApiClient>;
  glossaries?: GlossaryResolver;
}

const LANG_RE = LANGUAGE_CODE;

/** Source languages are base languages in the API (EN, PT); variants and junk are dropped. */
function sourceLanguage(code: string | undefined): string | undefined {
  const trimmed = code?.trim();
  return trimmed && LANG_RE.test(trimmed) ? baseLanguage(trimmed).toUpperCase() : undefined;
}

export function createRequestResolver(deps: RequestResolverDeps = {}) {
  const glossaries = deps.glossaries ?? createGlossaryResolver();
  let lastClient: ApiClient | undefined;

  return {
    /** What to send for `options` now; `detectedSourceLang` fills a source left to detection. */
    async resolve(options: TranslationOptions, extra: { detectedSourceLang?: string; context?: string } = {}): Promise<ResolvedRequest> {
      const connection = await connectionItem.getValue();
      const client = await (deps.client ? deps.client() : connectedClient(connection));
      // New key or server: the glossary list belonged to the old one.
      if (client !== lastClient) {
        lastClient = client;
        glossaries.invalidate();
      }
      const targetLang = options.targetLang.toUpperCase();
      const sourceLang = sourceLanguage(options.sourceLang) ?? sourceLanguage(extra.detectedSourceLang);
      const glossaryId = await glossaries.resolve(client, { glossaryId: options.glossaryId, sourceLang, targetLang });
      const formality = apiFormality(options.formality);
      const modelType = modelForPlan(options.modelType, connection.plan);
      const context = extra.context?.trim() || undefined;
      const params: Omit<TranslateParams, 'text'> = {
        target_lang: targetLang,
        ...(sourceLang ? { source_lang: sourceLang } : {}),
        ...(context ? { context } : {}),
        model_type: modelType,
        ...(formality ? { formality } : {}),
        ...(glossaryId ? { glossary_id: glossaryId } : {}),
        show_billed_characters: true,
        // Every text travels as HTML (plain text escaped): one kind of request for all of them.
        tag_handling: 'html',
      };
      return {
        client,
        params,
        identity: {
          sourceLang: sourceLang ?? '',
          targetLang,
          formality: formality ?? 'default',
          glossaryId: glossaryId ?? '',
          modelType,
          baseUrl: client.baseUrl,
          context: context ?? '',
        },
        revisionOf: glossaryId ? await glossaryRevisionOf(glossaryId) : () => 0,
      };
    },

    /** The glossary list is fetched again on next use (a glossary changed). */
    invalidateGlossaries(): void {
      glossaries.invalidate();
    },

    /** The glossaries of the saved connection, from the list the requests check glossaries against. */
    async listGlossaries(): Promise<Glossary[]> {
      const client = await (deps.client ? deps.client() : connectedClient());
      // As in resolve(): a new key or server makes the old list stale.
      if (client !== lastClient) {
        lastClient = client;
        glossaries.invalidate();
      }
      return glossaries.list(client);
    },
  };
}
