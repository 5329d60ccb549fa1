// Keyboard commands and context-menu items: `translate-page` (translate, or show the original
// when the page is already translated) and `translate-selection` (the popover, which the
// selection code in the content script draws).
import { browser, type Browser } from 'wxt/browser';
import { t } from '../shared/i18n';
import { injectContentScript, selectionFrame, isRestrictedUrl, sendToContent, SELECTION_SCRIPT_FILE } from './injection';
import { toggleTab } from './tab-control';
import { updateTabState } from './tab-state';
import { applyBadge } from './badge';
import { createTermFixMenu, MENU_FIX_TRANSLATION, showTermFixInTab } from './term-menu';
import { COMMAND_TRANSLATE_FIELD, createWritingMenu, MENU_TRANSLATE_FIELD, openWritingPanel } from './writing-menu';
import { COMMAND_TRANSLATE_PARAGRAPH, createPointingMenus, MENU_EXCLUDE_ELEMENT, MENU_TRANSLATE_PARAGRAPH, pickExclusion, translateParagraph } from './pointing-service';
import { createPdfLinkMenu, isPdfViewerUrl, MENU_TRANSLATE_PDF_LINK, openPdfLink } from './pdf-service';
import { sendMessage } from '../shared/protocol';
import { PDF_LINK_PATTERNS } from '../shared/pdf-url';

const MENU_TRANSLATE_SELECTION = 'translate-selection';
const MENU_TRANSLATE_PAGE = 'translate-page';

type Tab = Browser.tabs.Tab;
type MenuInfo = Browser.contextMenus.OnClickData;

/** Creates Glossa's context-menu items; run on install and update (menus persist across restarts). */
export async function createMenus(): Promise<void> {
  const menus = browser.contextMenus;
  // An update keeps the old items: start from none so ids never clash.
  await menus.removeAll();
  menus.create({ id: MENU_TRANSLATE_SELECTION, title: t('backgroundMenuTranslateSelection'), contexts: ['selection'] });
  menus.create({ id: MENU_TRANSLATE_PAGE, title: t('backgroundMenuTranslatePage'), contexts: ['page'] });
  createTermFixMenu();
  createWritingMenu();
  createPointingMenus();
  createPdfLinkMenu(PDF_LINK_PATTERNS);
}

/** The tab a command or menu click refers to: the one it names, else the focused window's active tab. */
async function targetTab(tab: Tab | undefined): Promise<Tab | undefined> {
  if (tab?.id !== undefined && tab.id >= 0) return tab;
  const [active] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return active;
}

/** Asks the frame that holds the selection to open its popover (message showSelectionTranslation). */
async function showSelectionTranslationInTab(tab: Tab, frameId?: number): Promise<void> {
  const tabId = tab.id;
  if (tabId === undefined) return;
  // Glossa's PDF viewer is an extension page: it draws the popover itself.
  if (isPdfViewerUrl(tab.url)) {
    await sendMessage('showSelectionTranslation', {}, tabId, 0);
    return;
  }
  if (isRestrictedUrl(tab.url)) {
    const state = await updateTabState(tabId, (s) => ({ ...s, errorCode: 'restricted-page', url: tab.url }));
    await applyBadge(tabId, state);
    return;
  }
  const frame = frameId ?? (await selectionFrame(tabId));
  try {
    // The popover's script loads only now; it answers showSelectionTranslation itself.
    await injectContentScript(tabId, frame, SELECTION_SCRIPT_FILE);
    await sendToContent(tabId, 'showSelectionTranslation', {}, frame);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== 'restricted-page') throw err;
    const state = await updateTabState(tabId, (s) => ({ ...s, errorCode: 'restricted-page', url: tab.url }));
    await applyBadge(tabId, state);
  }
}

export async function handleCommand(command: string, tab?: Tab): Promise<void> {
  const target = await targetTab(tab);
  if (target?.id === undefined) return;
  if (command === 'translate-page') await toggleTab(target.id, 'command');
  else if (command === 'translate-selection') await showSelectionTranslationInTab(target);
  else if (command === COMMAND_TRANSLATE_FIELD) await openWritingPanel(target);
  else if (command === COMMAND_TRANSLATE_PARAGRAPH) await translateParagraph(target, 'focus');
}

export async function handleMenuClick(info: MenuInfo, tab?: Tab): Promise<void> {
  // A link's PDF opens in a new tab: the tab the click came from needs no access.
  if (info.menuItemId === MENU_TRANSLATE_PDF_LINK) return openPdfLink(info, tab);
  const target = await targetTab(tab);
  if (target?.id === undefined) return;
  if (info.menuItemId === MENU_TRANSLATE_PAGE) await toggleTab(target.id, 'menu');
  else if (info.menuItemId === MENU_TRANSLATE_SELECTION) await showSelectionTranslationInTab(target, typeof info.frameId === 'number' ? info.frameId : undefined);
  else if (info.menuItemId === MENU_FIX_TRANSLATION) await showTermFixInTab(target, typeof info.frameId === 'number' ? info.frameId : 0);
  else if (info.menuItemId === MENU_TRANSLATE_FIELD) await openWritingPanel(target, typeof info.frameId === 'number' ? info.frameId : undefined);
  else if (info.menuItemId === MENU_TRANSLATE_PARAGRAPH || info.menuItemId === MENU_EXCLUDE_ELEMENT) {
    const frameId = typeof info.frameId === 'number' ? info.frameId : 0;
    // Firefox names the element under the right-click; Chromium does not (the page script finds it).
    const elementId = (info as { targetElementId?: unknown }).targetElementId;
    const targetElementId = typeof elementId === 'number' ? elementId : undefined;
    if (info.menuItemId === MENU_TRANSLATE_PARAGRAPH) await translateParagraph(target, 'menu', frameId, targetElementId);
    else await pickExclusion(target, frameId, targetElementId);
  }
}
