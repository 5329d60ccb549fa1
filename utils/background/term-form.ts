// The one-time handles behind the term form frame (entrypoints/term-form). A content script
// asks to open a form the user clicked for (Add to glossary, Fix translation…) and hands over
// only what its page shows; the background keeps that under a random handle in storage.session,
// bound to the sender's tab, and answers with the frame's URL. The frame, an extension page out
// of the page's process, reads it once and then talks to the term service itself: glossary
// names, entries and defaults never pass through the content script.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../shared/api-errors';
import { t } from '../shared/i18n';
import { onBackgroundMessage } from '../shared/messages-to-background';
import type { MessageSender, TermFormRequest } from '../shared/protocol';
import { isContentScript, TERM_FORM_PATH } from '../shared/sender';
import { PDF_VIEWER_PATH } from '../shared/pdf-url';

/** A handle not read within this time is dropped (the frame reads it as soon as it loads). */
export const TERM_FORM_TTL_MS = 60_000;

interface PendingForm {
  handle: string;
  request: TermFormRequest;
  at: number;
}

/** Per tab, so closing the tab removes them (tab-control.ts). */
export function termFormsItem(tabId: number) {
  return storage.defineItem<PendingForm[]>(`session:termForms:${tabId}`, { fallback: [] });
}

interface TermFormDeps {
  now?: () => number;
  newId?: () => string;
}

function tabOf(sender: MessageSender): number {
  // The protocol admits only senders inside a tab (content scripts, the form frame).
  return sender.tab!.id!;
}

/** Of the extension's own pages, only the PDF viewer in a tab opens forms (for its selections). */
function openerTab(sender: MessageSender): number {
  if (isContentScript(sender)) return tabOf(sender);
  if (sender.tab?.id === undefined || !sender.url?.startsWith(browser.runtime.getURL(PDF_VIEWER_PATH))) {
    throw Object.assign(new Error('Glossa does not take this request from here.'), { code: 'forbidden' });
  }
  return sender.tab.id;
}

function createTermForms(deps: TermFormDeps = {}) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());

  async function open(tabId: number, request: TermFormRequest): Promise<{ url: string }> {
    const item = termFormsItem(tabId);
    const handle = newId();
    // One form at a time per tab: a new one makes every earlier handle worthless.
    await item.setValue([{ handle, request, at: now() }]);
    return { url: `${browser.runtime.getURL(TERM_FORM_PATH)}#${handle}` };
  }

  async function read(tabId: number, handle: string): Promise<TermFormRequest> {
    const item = termFormsItem(tabId);
    const pending = await item.getValue();
    const found = pending.find((form) => form.handle === handle);
    const rest = pending.filter((form) => form !== found);
    if (rest.length > 0) await item.setValue(rest);
    else await item.removeValue();
    if (!found || now() - found.at > TERM_FORM_TTL_MS) throw new ApiError('not-found', t('termFormExpired'));
    return found.request;
  }

  return { open, read };
}

/** Registers termFormOpen (content scripts) and termFormData (the form frame); call once at worker start. */
export function registerTermForms(deps: TermFormDeps = {}): () => void {
  const forms = createTermForms(deps);
  const offs = [
    onBackgroundMessage('termFormOpen', ({ data, sender }) => forms.open(openerTab(sender), data)),
    onBackgroundMessage('termFormData', ({ data, sender }) => forms.read(tabOf(sender), data.handle)),
  ];
  return () => offs.forEach((off) => off());
}
