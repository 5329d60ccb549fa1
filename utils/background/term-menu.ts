// The context-menu item `fix-translation` ("Fix translation…"): on a page Glossa has
// translated, a selection of the translated text opens the term form with the block's original
// beside it. Menus are not per tab, so the item follows the active tab's state. The form is
// drawn by the popover's script, injected into the clicked frame only now (as for a selection).
import { browser, type Browser } from 'wxt/browser';
import { t } from '../shared/i18n';
import { sendMessage } from '../shared/protocol';
import { injectContentScript, SELECTION_SCRIPT_FILE } from './injection';
import { getTabState, type TabState } from './tab-state';
import { PDF_VIEWER_PATH } from '../shared/pdf-url';

export const MENU_FIX_TRANSLATION = 'fix-translation';

/** Whether the tab shows a translation Glossa wrote (some of it at least). */
function hasTranslation(state: TabState): boolean {
  return state.phase !== 'original' && state.done > 0;
}

/** Called from createMenus (commands.ts), after its removeAll. */
export function createTermFixMenu(): void {
  browser.contextMenus.create({ id: MENU_FIX_TRANSLATION, title: t('termFixMenu'), contexts: ['selection'], visible: false });
}

/** Called with the active tab's state whenever it changes or another tab comes to the front (badge.ts). */
export async function syncTermFixMenu(state: TabState): Promise<void> {
  try {
    await browser.contextMenus.update(MENU_FIX_TRANSLATION, { visible: hasTranslation(state) });
  } catch {
    // Not created yet (it is, hidden, on install).
  }
}

/** The menu click: the popover's script in the clicked frame opens the form. */
export async function showTermFixInTab(tab: Browser.tabs.Tab, frameId = 0): Promise<void> {
  if (tab.id === undefined) return;
  const state = await getTabState(tab.id);
  if (!state.job || !hasTranslation(state)) return;
  // Glossa's PDF viewer is an extension page: it opens the form itself.
  if (tab.url?.startsWith(browser.runtime.getURL(PDF_VIEWER_PATH))) {
    await sendMessage('showTermFix', { sourceLang: state.job.sourceLang, targetLang: state.job.targetLang }, tab.id, 0);
    return;
  }
  await injectContentScript(tab.id, frameId, SELECTION_SCRIPT_FILE);
  await sendMessage('showTermFix', { sourceLang: state.job.sourceLang, targetLang: state.job.targetLang }, tab.id, frameId);
}
