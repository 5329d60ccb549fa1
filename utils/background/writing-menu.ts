// Writing help's triggers: the command `translate-field` and the editable-context menu item
// `translate-field` open the writing panel in the frame that holds the field. The panel's
// script (the popover's, injected only now) finds the focused field itself.
import { browser, type Browser } from 'wxt/browser';
import { t } from '../shared/i18n';
import { sendMessage } from '../shared/protocol';
import { injectContentScript, isRestrictedUrl, SELECTION_SCRIPT_FILE } from './injection';
import { updateTabState } from './tab-state';
import { applyBadge } from './badge';

export const MENU_TRANSLATE_FIELD = 'translate-field';
export const COMMAND_TRANSLATE_FIELD = 'translate-field';

type Tab = Browser.tabs.Tab;

export function createWritingMenu(): void {
  browser.contextMenus.create({ id: MENU_TRANSLATE_FIELD, title: t('writingMenuTranslateField'), contexts: ['editable'] });
}

/**
 * The frame whose focused element is editable (the command does not say where the user
 * typed): the innermost one, since a parent frame's focus is the iframe element itself.
 * Frames Glossa cannot access are skipped; the top frame is the default.
 */
async function fieldFrame(tabId: number): Promise<number> {
  try {
    const results = await browser.scripting.executeScript({
      target: { tabId, allFrames: true },
      func: () => {
        const doc = globalThis.document;
        let active: Element | null = doc?.activeElement ?? null;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        const editable = !!active && (active.localName === 'textarea' || active.localName === 'input' || (active as HTMLElement).isContentEditable === true);
        return { focused: doc?.hasFocus() ?? false, editable };
      },
    });
    const hit = results.find((r) => r.result?.focused && r.result.editable) ?? results.find((r) => r.result?.editable);
    return typeof hit?.frameId === 'number' ? hit.frameId : 0;
  } catch {
    return 0;
  }
}

/** Opens the writing panel for the focused field of the tab (in `frameId` when the menu names it). */
export async function openWritingPanel(tab: Tab, frameId?: number): Promise<void> {
  const tabId = tab.id;
  if (tabId === undefined) return;
  const restricted = async () => {
    const state = await updateTabState(tabId, (s) => ({ ...s, errorCode: 'restricted-page', url: tab.url }));
    await applyBadge(tabId, state);
  };
  if (isRestrictedUrl(tab.url)) return restricted();
  const frame = frameId ?? (await fieldFrame(tabId));
  try {
    await injectContentScript(tabId, frame, SELECTION_SCRIPT_FILE);
    await sendMessage('showWritingPanel', {}, tabId, frame);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== 'restricted-page') throw err;
    await restricted();
  }
}
