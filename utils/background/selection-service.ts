// The background's door for selection translation. A content script sends the selection of its
// own tab (HTML with Glossa's id-only inline tags, or plain text from a form field) and the
// surrounding paragraph; the message's rule (messages-to-background.ts) checks sender and data,
// then this hands it to the one translation pipeline (translation/service.ts) with the current
// options, the paragraph as unbilled `context`: the same client, model, formality, glossary,
// cache, dispatcher, quota stop and usage counting as page blocks. The answer is still
// untrusted: the popover sanitises it. Errors cross messaging as plain errors with `code` (and
// `detail` for settings problems).
import { browser } from 'wxt/browser';
import { onBackgroundMessage } from '../shared/messages-to-background';
import { type MessageSender, type SelectionRequest, type SelectionTranslation } from '../shared/protocol';
import { defaultGlossariesItem } from '../extension/settings-store';
import { translationService, type TranslationService } from './translation/service';
import { currentJobOptions } from './job-options';
import { defaultGlossaryFor } from '../shared/default-glossary';
import { hostnameOf } from './site-rules';
import { translateWaitedText } from './waited-text';

export interface SelectionServiceDeps {
  service?: TranslationService;
}

/** Where the selection comes from: its tab, site and whether that tab is in a private window. */
interface SelectionOrigin {
  tabId: number;
  site: string;
  privateTab?: boolean;
}

/** Translates one selection for a tab through the one pipeline; its schema admits exactly one of html and text. */
export async function translateSelectionFor(request: SelectionRequest, origin: SelectionOrigin, deps: SelectionServiceDeps = {}): Promise<SelectionTranslation> {
  const format = request.html !== undefined ? 'html' : 'text';
  const source = request.html ?? request.text ?? '';
  const [job, defaultGlossaries] = await Promise.all([currentJobOptions(), defaultGlossariesItem.getValue()]);
  const targetLang = request.targetLang ?? job.targetLang.toUpperCase();
  // The job's glossary was chosen for its own target; another target gets that pair's default.
  const glossaryId = targetLang === job.targetLang.toUpperCase() ? job.glossaryId : defaultGlossaryFor(job.sourceLang, targetLang, defaultGlossaries) ?? '';
  const service = deps.service ?? translationService();
  const { text, detectedSourceLang, billedCharacters } = await translateWaitedText(service, {
    tabId: origin.tabId,
    site: origin.site,
    privateTab: origin.privateTab,
    job: { ...job, targetLang, glossaryId },
    context: request.context,
  }, { text: source, format });
  return {
    translation: text,
    format,
    detectedSourceLang: (detectedSourceLang ?? '').toUpperCase(),
    targetLang,
    billedCharacters,
  };
}

/** Handles one translateSelection message its rule let through: a tab's content script, data fitting the schema. */
function handleTranslateSelection(data: SelectionRequest, sender: MessageSender, deps: SelectionServiceDeps = {}): Promise<SelectionTranslation> {
  return translateSelectionFor(data, { tabId: sender.tab!.id!, site: hostnameOf(sender.tab?.url ?? sender.url), privateTab: sender.tab?.incognito === true }, deps);
}

/** Registers the selection messages; call once, synchronously, when the worker starts. */
export function registerSelectionService(deps: SelectionServiceDeps = {}): () => void {
  const offTranslate = onBackgroundMessage('translateSelection', ({ data, sender }) => handleTranslateSelection(data, sender, deps));
  const offOptions = onBackgroundMessage('openOptionsFromSelection', async () => {
    await browser.runtime.openOptionsPage();
  });
  return () => {
    offTranslate();
    offOptions();
  };
}
