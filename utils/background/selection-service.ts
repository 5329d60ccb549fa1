// The background's door for selection translation. A content script sends the selection of its
// own tab (HTML with Glossa's id-only inline tags, or plain text from a form field) and the
// surrounding paragraph; the background checks the message and hands it to the one translation
// pipeline (translation/service.ts) with the current options, the paragraph as unbilled
// `context`: the same client, model, formality, glossary, cache, dispatcher, quota stop and
// usage counting as page blocks. The answer is still untrusted: the popover sanitises it.
// Errors cross messaging as plain errors with `code` (and `detail` for settings problems).
import { browser } from 'wxt/browser';
import { ApiError } from '../shared/api-errors';
import { t } from '../shared/i18n';
import { onMessage } from '../shared/messages-to-background';
import { type MessageSender, type SelectionRequest, type SelectionTranslation } from '../shared/protocol';
import { defaultGlossariesItem } from '../extension/settings-store';
import { translationService, type TranslationService } from './translation/service';
import { currentJobOptions, defaultGlossaryFor } from './job-options';
import { isContentScript } from '../shared/sender';
import { hostnameOf } from './site-rules';

const LANG_RE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/**
 * Bounds on what one selection message may carry: at least what the content script sends
 * (utils/content/selection/capture.ts; a test holds the two together), untrusted beyond that.
 */
export const SELECTION_LIMITS = { maxTextChars: 20_000, maxHtmlChars: 60_000, maxContextChars: 4_000 };

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
  if (source.length > (hasHtml ? SELECTION_LIMITS.maxHtmlChars : SELECTION_LIMITS.maxTextChars)) {
    throw new ApiError('too-large', t('popoverServiceTooLarge'));
  }
  if (o.context !== undefined && typeof o.context !== 'string') throw badInput();
  if (o.targetLang !== undefined && (typeof o.targetLang !== 'string' || !LANG_RE.test(o.targetLang))) throw badInput();
  // The context is only a hint: an oversized one is cut, not a reason to fail.
  const context = typeof o.context === 'string' ? o.context.replace(/\s+/g, ' ').trim().slice(0, SELECTION_LIMITS.maxContextChars) : '';
  return {
    format: hasHtml ? 'html' : 'text',
    source,
    ...(context ? { context } : {}),
    ...(typeof o.targetLang === 'string' ? { targetLang: o.targetLang.toUpperCase() } : {}),
  };
}

export interface SelectionServiceDeps {
  service?: TranslationService;
}

/** Where the selection comes from: its tab, site and whether that tab is in a private window. */
export interface SelectionOrigin {
  tabId: number;
  site: string;
  privateTab?: boolean;
}

/** Translates one validated selection for a tab, through the one pipeline. */
export async function translateSelectionFor(request: ValidSelectionRequest, origin: SelectionOrigin, deps: SelectionServiceDeps = {}): Promise<SelectionTranslation> {
  const [job, defaultGlossaries] = await Promise.all([currentJobOptions(), defaultGlossariesItem.getValue()]);
  const targetLang = request.targetLang ?? job.targetLang.toUpperCase();
  // The job's glossary was chosen for its own target; another target gets that pair's default.
  const glossaryId = targetLang === job.targetLang.toUpperCase() ? job.glossaryId : defaultGlossaryFor(job.sourceLang, targetLang, defaultGlossaries) ?? '';
  const service = deps.service ?? translationService();
  const { results, billedCharacters } = await service.translateBlocks({
    tabId: origin.tabId,
    site: origin.site,
    privateTab: origin.privateTab,
    job: { ...job, targetLang, glossaryId },
    blocks: [{ text: request.source, format: request.format }],
    context: request.context,
    // The user is waiting for this one.
    priority: true,
    selection: true,
  });
  const [result] = results;
  if (!result.ok) throw new ApiError(result.code === 'hostile' ? 'bad-response' : result.code, result.message);
  return {
    translation: result.text,
    format: request.format,
    detectedSourceLang: (result.detectedSourceLang ?? '').toUpperCase(),
    targetLang,
    billedCharacters,
  };
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
  return translateSelectionFor(request, { tabId, site: hostnameOf(sender.tab?.url ?? sender.url), privateTab: sender.tab?.incognito === true }, deps);
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
