// Content-script side of the field button, registered by the background only for the sites
// where the user turned writing help on (utils/background/writing-button.ts): shows the button
// on the focused field, and a press on it asks the background to open the writing panel in this
// frame, as the command would. The background says when the site was turned off again.
import { t } from '../../shared/i18n';
import { onContentMessage } from '../../shared/messages-to-content';
import { sendMessage } from '../../shared/protocol';
import { exposeShadowRoot } from '../test-hooks';
import { startFieldButton } from './field-button';

const CLAIM = Symbol.for('glossa.writing-button');

type Scope = Record<symbol, unknown>;

/** Starts the button once per frame (the script is registered and may also be injected into open tabs). */
export function startWritingButton(doc: Document = document, scope: Scope = globalThis as unknown as Scope): boolean {
  if (scope[CLAIM]) return false;
  scope[CLAIM] = true;
  const button = startFieldButton(doc, {
    label: t('writingButtonLabel'),
    open: () => void sendMessage('openFieldPanel', {}).catch(() => undefined),
  });
  exposeShadowRoot('field-button', () => button.root);
  const stopListening = onContentMessage('stopWritingButton', () => {
    button.stop();
    stopListening();
    delete scope[CLAIM];
    return { stopped: true };
  });
  return true;
}
