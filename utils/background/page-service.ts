// The page engine's door into the background: content scripts send blocks of their own tab;
// the background translates them with the options it stored for that tab (never options from
// the message: a page cannot pick the glossary, model or server) and answers in order.
// Page blocks are sent without `context`. A context is part of a translation's identity, so a
// per-page one (the title) would make a site's navigation, buttons and footer miss the cache on
// every page of the site; a block carries its own context far better than a title does, and the
// title is one thing less the translation server learns. Selections, where a paragraph of
// context helps a short text most, send theirs (selection-service.ts).
import { ApiError } from '../shared/api-errors';
import { t } from '../shared/i18n';
import { onMessage } from '../shared/messages-to-background';
import { type BlockRequest, type MessageSender, type ProtocolMap } from '../shared/protocol';
import { translationService, type TranslationService } from './translation/service';
import { isContentScript } from '../shared/sender';
import { getTabState } from './tab-state';
import { hostnameOf } from './site-rules';

/** Bounds on what one message may carry: a page's blocks are untrusted input. */
export const PAGE_LIMITS = {
  maxBlocks: 2_000,
  /** Characters of one block; larger blocks are split by packing, beyond this they are refused. */
  maxBlockChars: 512 * 1024,
  maxTotalChars: 4 * 1024 * 1024,
  /** The context (page title) is sent with every request: keep it short. */
  maxContextChars: 1_000,
};

const LANG_RE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

export interface TranslateBlocksRequest {
  blocks: BlockRequest[];
  context?: string;
  sourceLang?: string;
  priority: boolean;
}

function badInput(): ApiError {
  return new ApiError('bad-request', t('translationErrorBadBlocks'));
}

/** Checks a translateBlocks message; throws `bad-request` when it is not well-formed. */
export function validateTranslateBlocks(data: unknown): TranslateBlocksRequest {
  if (typeof data !== 'object' || data === null) throw badInput();
  const o = data as Record<string, unknown>;
  if (!Array.isArray(o.blocks) || o.blocks.length > PAGE_LIMITS.maxBlocks) throw badInput();
  let total = 0;
  const blocks = o.blocks.map((item: unknown): BlockRequest => {
    const b = item as Record<string, unknown> | null;
    if (typeof b !== 'object' || b === null || typeof b.text !== 'string' || (b.format !== 'html' && b.format !== 'text')) throw badInput();
    if (b.text.length > PAGE_LIMITS.maxBlockChars) throw badInput();
    total += b.text.length;
    return { text: b.text, format: b.format };
  });
  if (total > PAGE_LIMITS.maxTotalChars) throw badInput();
  // The title is only context: an odd one is shortened or dropped, not a reason to fail.
  const context = typeof o.context === 'string' ? o.context.replace(/\s+/g, ' ').trim().slice(0, PAGE_LIMITS.maxContextChars) : undefined;
  const sourceLang = typeof o.sourceLang === 'string' && LANG_RE.test(o.sourceLang) ? o.sourceLang : undefined;
  return {
    blocks,
    ...(context ? { context } : {}),
    ...(sourceLang ? { sourceLang } : {}),
    priority: o.priority === true,
  };
}

export async function handleTranslateBlocks(
  data: unknown,
  sender: MessageSender,
  service: TranslationService = translationService(),
): Promise<ReturnType<ProtocolMap['translateBlocks']>> {
  // Content scripts translate for their own tab only; extension pages and other extensions never.
  const tabId = sender.tab?.id;
  if (tabId === undefined || !isContentScript(sender)) throw new ApiError('bad-request', t('translationErrorNotFromTab'));
  const request = validateTranslateBlocks(data);
  const { job } = await getTabState(tabId);
  if (!job) throw new ApiError('bad-request', t('translationErrorNoJob'));
  return service.translateBlocks({
    tabId,
    site: hostnameOf(sender.tab?.url ?? sender.url),
    privateTab: sender.tab?.incognito === true,
    job,
    blocks: request.blocks,
    detectedSourceLang: request.sourceLang,
    priority: request.priority,
  });
}

/** Registers the translateBlocks handler (called once, synchronously, at worker start). */
export function registerPageService(service?: TranslationService): () => void {
  return onMessage('translateBlocks', ({ data, sender }) => handleTranslateBlocks(data, sender, service ?? translationService()));
}
