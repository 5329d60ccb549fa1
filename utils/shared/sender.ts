// Who is asking. Every message names the senders it accepts (utils/shared/messages-to-*.ts);
// the protocol checks them here, in one place, before any handler runs: privileged messages
// (settings, glossaries, tab control) only from the extension's own pages, page-engine messages
// only from content scripts running in a tab, and background orders only from the extension.
import { browser, type Browser } from 'wxt/browser';

export type MessageSender = Browser.runtime.MessageSender;

export type SenderKind =
  /** options, popup: a page under the extension's own origin */
  | 'extension-page'
  /** Glossa's content script in any frame of a web page's tab */
  | 'content-script'
  /** Glossa's content script in the top frame of a tab (progress of the page as a whole) */
  | 'top-frame-content-script'
  /** the background or an extension page, as seen by a content script (never another tab) */
  | 'extension'
  /** Glossa's term form (term-form.html), an extension-origin frame a content script placed in a web page's tab */
  | 'term-form-frame';

/** The page of the term form frame (entrypoints/term-form): the only sender of glossary messages from a tab. */
export const TERM_FORM_PATH = '/term-form.html';

function extensionOrigin(): string {
  return browser.runtime.getURL('/');
}

function fromThisExtension(sender: MessageSender): boolean {
  return sender.id === undefined || sender.id === browser.runtime.id;
}

/** A page of this extension (options, popup): its URL is under the extension's origin. */
export function isExtensionPage(sender: MessageSender | undefined): boolean {
  if (!sender || typeof sender.url !== 'string' || !fromThisExtension(sender)) return false;
  if (!sender.url.startsWith(extensionOrigin())) return false;
  // An extension page opened in a tab has sender.tab too, but its tab URL is then also ours;
  // a content script's sender.tab is the web page it runs in.
  const tabUrl = sender.tab?.url;
  return tabUrl === undefined || tabUrl.startsWith(extensionOrigin());
}

/** A content script of this extension, running in a web page's tab (never an extension page). */
export function isContentScript(sender: MessageSender | undefined): boolean {
  if (!sender || sender.tab?.id === undefined || !fromThisExtension(sender)) return false;
  const url = sender.url ?? sender.tab.url ?? '';
  return !url.startsWith(extensionOrigin());
}

/** The term form frame: an extension page at TERM_FORM_PATH, inside a tab (its tab id is the tab it acts for). */
function isTermFormFrame(sender: MessageSender | undefined): boolean {
  if (!sender || sender.tab?.id === undefined || typeof sender.url !== 'string' || !fromThisExtension(sender)) return false;
  const page = browser.runtime.getURL(TERM_FORM_PATH);
  return sender.url === page || sender.url.startsWith(`${page}#`) || sender.url.startsWith(`${page}?`);
}

/**
 * The background or an extension page, as a content script hears it: a content script's
 * runtime.onMessage hears only its own extension, and never another tab.
 */
export function isFromExtension(sender: MessageSender | undefined): boolean {
  return !!sender && sender.tab === undefined && fromThisExtension(sender);
}

export function senderIs(kind: SenderKind, sender: MessageSender | undefined): boolean {
  switch (kind) {
    case 'extension-page': return isExtensionPage(sender);
    case 'content-script': return isContentScript(sender);
    case 'top-frame-content-script': return isContentScript(sender) && (sender?.frameId ?? 0) === 0;
    case 'extension': return isFromExtension(sender);
    case 'term-form-frame': return isTermFormFrame(sender);
  }
}
