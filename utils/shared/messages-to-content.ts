// Every message a content script receives. Each comes from the extension itself: a content
// script's runtime.onMessage hears only its own extension, and the gate refuses anything sent
// from a tab (listenToExtension). Their data is built by the background from data it validated
// on arrival (messages-to-background.ts), so no schema runs here: the content script, loaded into
// every translated page, carries no validation library (about 7 KB minified for schemas like these).
import { listenToExtension, type Handler } from './protocol';

export type ContentMessage = 'startTranslation' | 'showOriginal' | 'retryFailed' | 'showSelectionTranslation' | 'refreshTermInPage' | 'showTermFix'
  | 'showWritingPanel' | 'pointAt' | 'applySiteScope' | 'pickExclusion'
  | 'stopWritingButton';

/** Registers the content script's handler for one message; the sender is checked first. */
export function onContentMessage<K extends ContentMessage>(type: K, handler: Handler<K>): () => void {
  return listenToExtension(type, handler);
}
