// What the last term fix cost in a tab (blocks translated again, characters billed), kept in
// storage.session: the background writes it, the popup shows it.
import { storage } from 'wxt/utils/storage';

export interface TermFixReport {
  phrase: string;
  /** Whether the page showed the pair and followed the change. */
  followed: boolean;
  blocks: number;
  billedCharacters: number;
  at: number;
  /** The page it happened on: another page of the tab does not show it. */
  url?: string;
}

export function termFixReportItem(tabId: number) {
  return storage.defineItem<TermFixReport | null>(`session:termFix:${tabId}`, { fallback: null });
}
