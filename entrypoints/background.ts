import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { afterReady } from '@/utils/background/lifecycle';
import { movePrivateItems, protectLocalStorage, type PrivateItem } from '@/utils/extension/private-storage';
import { PRIVATE_SETTINGS } from '@/utils/extension/settings-store';
import { usageItem } from '@/utils/background/translation/usage';
import { createMenus, handleCommand, handleMenuClick } from '@/utils/background/commands';
import { handleTabActivated, handleTabRemoved, handleTabUpdated, registerTabControl, restoreBadges } from '@/utils/background/tab-control';
import { registerSettingsService } from '@/utils/background/settings-service';
import { registerGlossaryService } from '@/utils/background/glossary-service';
import { registerPageService } from '@/utils/background/page-service';
import { registerSelectionService } from '@/utils/background/selection-service';
import { registerTermService } from '@/utils/background/term-service';
import { registerPdfService } from '@/utils/background/pdf-service';
import { registerPdfRedirect } from '@/utils/background/pdf-redirect';

export default defineBackground(() => {
  // Private data first: content scripts lose storage.local (Chromium); Firefox moves it to IndexedDB once.
  const privateData = Promise.all([protectLocalStorage(), movePrivateItems([...PRIVATE_SETTINGS, usageItem as PrivateItem<unknown>])]).catch(() => undefined);
  // The worker may have been stopped mid-translation: redraw badges from storage.session first.
  const ready = Promise.all([privateData, restoreBadges().catch(() => undefined)]);

  registerPageService();
  registerSelectionService();
  registerSettingsService();
  registerGlossaryService();
  registerTermService();
  registerTabControl(ready);
  registerPdfService(ready);
  registerPdfRedirect();

  browser.runtime.onInstalled.addListener(afterReady(ready, createMenus));
  browser.runtime.onStartup.addListener(afterReady(ready, createMenus));
  browser.commands.onCommand.addListener(afterReady(ready, handleCommand));
  browser.contextMenus.onClicked.addListener(afterReady(ready, handleMenuClick));
  browser.tabs.onUpdated.addListener(afterReady(ready, handleTabUpdated));
  browser.tabs.onActivated.addListener(afterReady(ready, handleTabActivated));
  browser.tabs.onRemoved.addListener(afterReady(ready, handleTabRemoved));
});
