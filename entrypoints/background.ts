import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { afterReady } from '@/utils/background/lifecycle';
import { createMenus, handleCommand, handleMenuClick } from '@/utils/background/commands';
import { handleTabActivated, handleTabRemoved, handleTabUpdated, registerTabControl, restoreBadges } from '@/utils/background/tab-control';
import { registerSettingsService } from '@/utils/background/settings-service';
import { registerGlossaryService } from '@/utils/background/glossary-service';
import { registerPageService } from '@/utils/background/page-service';
import { registerSelectionService } from '@/utils/background/selection-service';

export default defineBackground(() => {
  // The worker may have been stopped mid-translation: redraw badges from storage.session first.
  const ready = restoreBadges().catch(() => undefined);

  registerPageService();
  registerSelectionService();
  registerSettingsService();
  registerGlossaryService();
  registerTabControl(ready);

  browser.runtime.onInstalled.addListener(afterReady(ready, createMenus));
  browser.runtime.onStartup.addListener(afterReady(ready, createMenus));
  browser.commands.onCommand.addListener(afterReady(ready, handleCommand));
  browser.contextMenus.onClicked.addListener(afterReady(ready, handleMenuClick));
  browser.tabs.onUpdated.addListener(afterReady(ready, handleTabUpdated));
  browser.tabs.onActivated.addListener(afterReady(ready, handleTabActivated));
  browser.tabs.onRemoved.addListener(afterReady(ready, handleTabRemoved));
});
