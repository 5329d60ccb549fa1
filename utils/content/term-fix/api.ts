// How a content script opens the term form: it asks the background for a one-time frame URL
// (utils/background/term-form.ts). Glossary messages themselves come from the frame only.
import { browser } from 'wxt/browser';
import type { TermFormOpener } from '../../../components/popover/TermFormFrame';
import { sendMessage } from '../../shared/protocol';

export const termFormOpener: TermFormOpener = {
  open: (request) => sendMessage('termFormOpen', request),
  get origin() {
    return new URL(browser.runtime.getURL('/')).origin;
  },
};
