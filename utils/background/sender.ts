// Who is asking: the background answers privileged messages (settings, glossaries, API calls
// made on the user's behalf) only for the extension's own pages, and page-engine messages only
// for content scripts running in a tab. Messages from anywhere else are refused.
import { browser } from 'wxt/browser';
import type { MessageSender } from '../shared/protocol';

function extensionOrigin(): string {
  return browser.runtime.getURL('/');
}

/** A page of this extension (options, popup): its URL is under the extension's origin. */
export function isExtensionPage(sender: MessageSender | undefined): boolean {
  if (!sender || typeof sender.url !== 'string') return false;
  if (sender.id !== undefined && sender.id !== browser.runtime.id) return false;
  if (!sender.url.startsWith(extensionOrigin())) return false;
  // An extension page opened in a tab has sender.tab too, but its tab URL is then also ours;
  // a content script's sender.tab is the web page it runs in.
  const tabUrl = sender.tab?.url;
  return tabUrl === undefined || tabUrl.startsWith(extensionOrigin());
}

/** A content script of this extension, running in a web page's tab (never an extension page). */
export function isContentScript(sender: MessageSender | undefined): boolean {
  if (!sender || sender.tab?.id === undefined) return false;
  if (sender.id !== undefined && sender.id !== browser.runtime.id) return false;
  const url = sender.url ?? sender.tab.url ?? '';
  return !url.startsWith(extensionOrigin());
}
