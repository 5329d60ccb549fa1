// The page engine's door into the background: content scripts send blocks of their own tab;
// the background translates them with the options it stored for that tab and answers in order.
// This message carries no options (no glossary, model or server): the tab's job is set by
// tab-control.ts when the user starts a translation (popup, command, menu, always-translate),
// and its glossary may change when an entry is saved from the term-fix form (term-service.ts).
// Page blocks are sent without `context`. A context is part of a translation's identity, so a
// per-page one (the title) would make a site's navigation, buttons and footer miss the cache on
// every page of the site; a block carries its own context far better than a title does, and the
// title is one thing less the translation server learns. Selections, where a paragraph of
// context helps a short text most, send theirs (selection-service.ts).
import { ApiError } from '../shared/api-errors';
import { t } from '../shared/i18n';
import { onBackgroundMessage } from '../shared/messages-to-background';
import type { MessageSender, ProtocolMap } from '../shared/protocol';
import { translationService, type TranslationService } from './translation/service';
import { getTabState } from './tab-state';
import { hostnameOf } from './site-rules';
import { CONTENT_SCRIPT_FILE, injectContentScript, PAGE_EXTRAS_FILE } from './injection';

/** A translateBlocks message as its schema (messages-to-background.ts) let it through. */
type TranslateBlocksData = Parameters<ProtocolMap['translateBlocks']>[0];

async function handleTranslateBlocks(
  data: TranslateBlocksData,
  sender: MessageSender,
  service: TranslationService = translationService(),
): Promise<ReturnType<ProtocolMap['translateBlocks']>> {
  // Content scripts translate for their own tab only (the message rule admits content scripts).
  const tabId = sender.tab?.id;
  if (tabId === undefined) throw new ApiError('bad-request', t('translationErrorNotFromTab'));
  const { job } = await getTabState(tabId);
  if (!job) throw new ApiError('bad-request', t('translationErrorNoJob'));
  return service.translateBlocks({
    tabId,
    site: hostnameOf(sender.tab?.url ?? sender.url),
    privateTab: sender.tab?.incognito === true,
    job,
    blocks: data.blocks,
    detectedSourceLang: data.sourceLang,
    priority: data.priority === true,
  });
}

/** Injects `file` into the frame that asked (only there): code its page script needs now. */
async function injectIntoSender(sender: MessageSender, file: string | readonly string[]): Promise<void> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) throw new ApiError('bad-request', t('translationErrorNotFromTab'));
  await injectContentScript(tabId, sender.frameId ?? 0, file);
}

/** Registers the translateBlocks, loadPageExtras and loadPageScript handlers (called once, synchronously, at worker start). */
export function registerPageService(service?: TranslationService): () => void {
  const offs = [
    onBackgroundMessage('translateBlocks', ({ data, sender }) => handleTranslateBlocks(data, sender, service ?? translationService())),
    onBackgroundMessage('loadPageExtras', ({ sender }) => injectIntoSender(sender, PAGE_EXTRAS_FILE)),
    // The hover script's first point: the page script (it wires itself once per page) and the
    // extras that act on a point, in one injection rather than two round trips.
    onBackgroundMessage('loadPageScript', ({ sender }) => injectIntoSender(sender, [CONTENT_SCRIPT_FILE, PAGE_EXTRAS_FILE])),
  ];
  return () => {
    for (const off of offs) off();
  };
}
