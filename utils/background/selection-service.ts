// The background half of selection translation. A content script sends the selection of its
// own tab (HTML with Glossa's id-only inline tags, or plain text from a form field) and the
// surrounding paragraph; the background checks the message, builds the request from the saved
// settings (formality as prefer_*, model type, the default glossary of the pair when the source
// is fixed), sends the paragraph as unbilled `context`, and answers with the translation (still
// untrusted: the popover sanitises it), the detected source language and the billed characters.
// A selection translated before with the same settings and context comes from the cache and
// bills nothing. Errors cross messaging as plain errors with `code` (and `detail` for settings).
import { browser } from 'wxt/browser';
import { createApiClient, type ApiClient } from '../api/client';
import { ApiError } from '../shared/api-errors';
import { API_LIMITS, translateBody, utf8Length } from '../api/packing';
import type { TranslateParams } from '../shared/api-types';
import { hasHostPermission } from '../extension/host-permissions';
import { resolveConnection } from '../shared/connection';
import { t } from '../shared/i18n';
import { onMessage } from '../shared/messages-to-background';
import { type MessageSender, type SelectionRequest, type SelectionTranslation } from '../shared/protocol';
import { MAX_CONTEXT_CHARS, MAX_SELECTION_CHARS, MAX_SELECTION_HTML_CHARS } from '../shared/limits';
import { DETAIL_BAD_ADDRESS, DETAIL_NO_KEY, DETAIL_PERMISSION } from '../content/selection/error-text';
import { connectionItem, defaultGlossariesItem } from '../extension/settings-store';
import { type Connection } from '../shared/settings';
import { cacheKey, defaultCache, glossaryRevision, type TranslationCache } from './translation/cache';
import { createGlossaryResolver, type GlossaryResolver } from './translation/glossary-select';
import { recordUsage } from './translation/usage';
import { sameMarkup } from './translation/markup-check';
import { currentJobOptions, defaultGlossaryFor, modelForPlan } from './job-options';
import { isContentScript } from '../shared/sender';

const LANG_RE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

export interface ValidSelectionRequest {
  format: 'html' | 'text';
  source: string;
  context?: string;
  targetLang?: string;
}

function badInput(): ApiError {
  return new ApiError('bad-request', t('popoverServiceBadRequest'));
}

/** Checks a translateSelection message from a content script (untrusted input). */
export function validateSelectionRequest(data: unknown): ValidSelectionRequest {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw badInput();
  const o = data as Record<string, unknown>;
  const hasHtml = typeof o.html === 'string';
  const hasText = typeof o.text === 'string';
  if (hasHtml === hasText) throw badInput(); // exactly one of them
  const source = (hasHtml ? o.html : o.text) as string;
  if (!source.trim()) throw badInput();
  if (source.length > (hasHtml ? MAX_SELECTION_HTML_CHARS : MAX_SELECTION_CHARS)) {
    throw new ApiError('too-large', t('popoverServiceTooLarge'));
  }
  if (o.context !== undefined && typeof o.context !== 'string') throw badInput();
  if (o.targetLang !== undefined && (typeof o.targetLang !== 'string' || !LANG_RE.test(o.targetLang))) throw badInput();
  // The context is only a hint: an oversized one is cut, not a reason to fail.
  const context = typeof o.context === 'string' ? o.context.replace(/\s+/g, ' ').trim().slice(0, MAX_CONTEXT_CHARS) : '';
  return {
    format: hasHtml ? 'html' : 'text',
    source,
    ...(context ? { context } : {}),
    ...(typeof o.targetLang === 'string' ? { targetLang: o.targetLang.toUpperCase() } : {}),
  };
}

export interface SelectionServiceDeps {
  /** The client for a resolved connection (tests inject a fetch). */
  createClient?: (baseUrl: string, authKey: string) => ApiClient;
  cache?: TranslationCache;
  glossaries?: GlossaryResolver;
  recordUsage?: (site: string, tabId: number | undefined, characters: number) => Promise<void>;
  hasHostPermission?: (baseUrl: string) => Promise<boolean>;
}

async function connectionClient(connection: Connection, deps: SelectionServiceDeps): Promise<{ client: ApiClient; baseUrl: string }> {
  const resolved = resolveConnection(connection);
  if (!resolved.ok) {
    if (resolved.problem === 'empty-key') throw new ApiError('auth', t('popoverServiceNoKey'), { detail: DETAIL_NO_KEY });
    throw new ApiError('bad-request', t('popoverServiceBadAddress'), { detail: DETAIL_BAD_ADDRESS });
  }
  // A custom server needs its host permission, asked for on the options page.
  if (connection.plan === 'custom' && !(await (deps.hasHostPermission ?? hasHostPermission)(resolved.baseUrl))) {
    throw new ApiError('network', t('popoverServicePermission'), { detail: DETAIL_PERMISSION });
  }
  const make = deps.createClient ?? ((baseUrl: string, authKey: string) => createApiClient({ baseUrl, authKey }));
  return { client: make(resolved.baseUrl, resolved.apiKey), baseUrl: resolved.baseUrl };
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

/** Translates one validated selection for a tab. */
export async function translateSelectionFor(request: ValidSelectionRequest, tabId: number, site: string, deps: SelectionServiceDeps = {}): Promise<SelectionTranslation> {
  const [connection, job, defaultGlossaries] = await Promise.all([
    connectionItem.getValue(),
    currentJobOptions(),
    defaultGlossariesItem.getValue(),
  ]);
  const { client, baseUrl } = await connectionClient(connection, deps);
  const targetLang = request.targetLang ?? job.targetLang.toUpperCase();
  const sourceLang = job.sourceLang ? job.sourceLang.split('-')[0].toUpperCase() : '';
  // The job's glossary was chosen for its own target; another target gets that pair's default.
  const wanted = targetLang === job.targetLang.toUpperCase() ? job.glossaryId : defaultGlossaryFor(sourceLang, targetLang, defaultGlossaries);
  const glossaries = deps.glossaries ?? sharedGlossaries();
  const glossaryId = sourceLang && wanted ? await glossaries.resolve(client, { glossaryId: wanted, sourceLang, targetLang }) : undefined;
  const formality = job.formality === 'more' ? 'prefer_more' : job.formality === 'less' ? 'prefer_less' : job.formality;
  const modelType = modelForPlan(job.modelType, connection.plan);

  const params: TranslateParams = {
    text: [request.source],
    target_lang: targetLang,
    ...(sourceLang ? { source_lang: sourceLang } : {}),
    ...(request.context ? { context: request.context } : {}),
    ...(modelType !== 'latency_optimized' ? { model_type: modelType } : {}),
    ...(formality !== 'default' ? { formality } : {}),
    ...(glossaryId ? { glossary_id: glossaryId } : {}),
    show_billed_characters: true,
    ...(request.format === 'html' ? { tag_handling: 'html' as const } : {}),
  };
  if (utf8Length(translateBody(params)) > API_LIMITS.maxBytes) {
    // Context is the only part that can go: the selection itself must be sent whole.
    delete params.context;
    if (utf8Length(translateBody(params)) > API_LIMITS.maxBytes) throw new ApiError('too-large', t('popoverServiceTooLarge'));
  }

  const cache = deps.cache ?? defaultCache();
  const key = await cacheKey({
    // The context changes the translation, so it is part of what is cached.
    text: JSON.stringify([request.source, params.context ?? '']),
    format: request.format,
    sourceLang,
    targetLang,
    formality: formality ?? 'default',
    glossaryId: glossaryId ?? '',
    glossaryRevision: glossaryId ? await glossaryRevision(glossaryId) : 0,
    modelType,
    baseUrl,
  });
  const [hit] = await cache.getMany([key]).catch(() => [undefined]);
  if (hit) {
    return { translation: hit.text, format: request.format, detectedSourceLang: hit.detectedSourceLang, targetLang, billedCharacters: 0 };
  }

  const result = await client.translate(params);
  const first = result.translations[0];
  if (!first || result.translations.length !== 1) throw new ApiError('bad-response', t('popoverServiceBadResponse'));
  const billed = result.billed_characters ?? 0;
  await (deps.recordUsage ?? recordUsage)(site, tabId, billed).catch(() => undefined);
  // An answer with other markup than was sent is not kept: asking again goes to the server.
  if (request.format !== 'html' || sameMarkup(request.source, first.text)) {
    await cache.setMany([[key, { text: first.text, detectedSourceLang: first.detected_source_language }]]).catch(() => undefined);
  }
  return {
    translation: first.text,
    format: request.format,
    detectedSourceLang: first.detected_source_language.toUpperCase(),
    targetLang,
    billedCharacters: billed,
  };
}

let glossaryResolver: GlossaryResolver | undefined;
function sharedGlossaries(): GlossaryResolver {
  glossaryResolver ??= createGlossaryResolver();
  return glossaryResolver;
}

function requireContentScript(sender: MessageSender): number {
  const tabId = sender.tab?.id;
  if (tabId === undefined || !isContentScript(sender)) throw new ApiError('bad-request', t('popoverServiceNotFromTab'));
  return tabId;
}

/** Handles one translateSelection message: who asks first, then what they sent. */
export async function handleTranslateSelection(data: unknown, sender: MessageSender, deps: SelectionServiceDeps = {}): Promise<SelectionTranslation> {
  const tabId = requireContentScript(sender);
  const request = validateSelectionRequest(data);
  return translateSelectionFor(request, tabId, hostOf(sender.tab?.url ?? sender.url), deps);
}

/** Registers the selection messages; call once, synchronously, when the worker starts. */
export function registerSelectionService(deps: SelectionServiceDeps = {}): () => void {
  const offTranslate = onMessage('translateSelection', ({ data, sender }) => handleTranslateSelection(data as SelectionRequest, sender, deps));
  const offOptions = onMessage('openOptionsFromSelection', async ({ sender }) => {
    requireContentScript(sender);
    await browser.runtime.openOptionsPage();
  });
  return () => {
    offTranslate();
    offOptions();
  };
}
