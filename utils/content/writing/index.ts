// Content-script side of writing help, loaded with the popover's script when the user asks
// (command or context menu `translate-field`): answers the background's `showWritingPanel` by
// reading the focused field's draft and opening the panel. Nothing is sent before that.
import { onContentMessage } from '../../shared/messages-to-content';
import { captureDraft } from './field';
import { defaultWritingDeps, openWritingPanel, type WritingDeps } from './panel';

/** Registers the message handler; returns a function that removes it. */
export function startWritingHelp(doc: Document = document, deps: WritingDeps = defaultWritingDeps): () => void {
  return onContentMessage('showWritingPanel', () => {
    openWritingPanel(captureDraft(doc), doc, deps);
    return { shown: true };
  });
}
