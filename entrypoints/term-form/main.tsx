// The term form frame: an unlisted extension page, listed in web_accessible_resources so a
// content script can show it in an iframe on the page (like a password manager's inline menu).
// It talks to the background itself; the handle in the URL's fragment names what to show.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { TermFormPage } from '@/components/popover/TermFormPage';
import type { TermFixApi } from '@/components/popover/AddToGlossaryForm';
import { sendMessage } from '@/utils/shared/protocol';
import TOKENS_CSS from '@/components/ui/tokens.css?inline';
import BUTTON_KINDS_CSS from '@/components/ui/button-kinds.css?inline';
import { POPOVER_CSS } from '@/utils/content/selection/popover-styles';
import { TERM_FIX_CSS } from '@/utils/content/term-fix/styles';
import { TERM_PAGE_CSS } from '@/components/popover/term-page-styles';

const api: TermFixApi = {
  options: (data) => sendMessage('termFixOptions', data),
  save: (data) => sendMessage('termFixSave', data),
  undo: (undoId) => sendMessage('termFixUndo', { undoId }),
  refresh: (data) => sendMessage('termFixRefresh', data),
};

document.documentElement.lang = browser.i18n.getUILanguage();
const style = document.createElement('style');
// The design tokens first: the popover's styles are written in them; then the button kinds.
style.textContent = TOKENS_CSS + BUTTON_KINDS_CSS + POPOVER_CSS + TERM_FIX_CSS + TERM_PAGE_CSS;
document.head.append(style);
// A fresh handle each time the form opens, so the fragment names this form only.
const handle = location.hash.slice(1);
render(
  <TermFormPage handle={handle} load={(h) => sendMessage('termFormData', { handle: h })} api={api}
    post={(message) => window.parent.postMessage(message, '*')} />,
  document.getElementById('app')!,
);
