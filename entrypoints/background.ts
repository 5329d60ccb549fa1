import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { afterStartup } from '@/utils/background/lifecycle';
import { movePrivateItems, type PrivateItem } from '@/utils/extension/private-storage';
import { protectAndRecord } from '@/utils/extension/storage-protection';
import { showStorageUnprotected } from '@/utils/background/badge';
import { PRIVATE_SETTINGS } from '@/utils/extension/settings-store';
import { usageItem } from '@/utils/background/translation/usage';
import { createMenus, handleCommand, handleMenuClick } from '@/utils/background/commands';
import { handleTabActivated, handleTabRemoved, handleTabUpdated, registerTabControl, restoreBadges } from '@/utils/background/tab-control';
import { languageCacheItem, registerSettingsService } from '@/utils/background/settings-service';
import { registerGlossaryService } from '@/utils/background/glossary-service';
import { registerPageService } from '@/utils/background/page-service';
import { registerSelectionService } from '@/utils/background/selection-service';
import { registerTermService } from '@/utils/background/term-service';
import { registerWritingService } from '@/utils/background/writing-service';
import { registerWritingButton } from '@/utils/background/writing-button';
import { registerPointingService } from '@/utils/background/pointing-service';
import { registerSiteScopeService } from '@/utils/background/site-scope-service';
import { registerTermForms } from '@/utils/background/term-form';
import { holdHandlersUntil } from '@/utils/shared/startup-gate';
import { entryChangesItem } from '@/utils/background/translation/term-revisions';
import { glossaryRevisionsItem } from '@/utils/background/translation/cache';
import { showPrivateStorageNotice } from '@/utils/background/private-storage-notice';
import { registerPdfService } from '@/utils/background/pdf-service';
import { registerPdfRedirect } from '@/utils/background/pdf-redirect';

export default defineBackground(() => {
  // Private data first: content scripts lose storage.local (Chromium); Firefox moves it to IndexedDB
  // once. No listener runs before the move is done and the badges are restored (one start-up
  // gate, utils/shared/startup-gate.ts). A failed restriction is reported (badge, options page), not swallowed.
  const protection = protectAndRecord().then((outcome) => (outcome === 'failed' ? showStorageUnprotected() : undefined));
  const privateData = Promise.all([
    protection,
    movePrivateItems([...PRIVATE_SETTINGS, usageItem, languageCacheItem, entryChangesItem, glossaryRevisionsItem] as PrivateItem<unknown>[])
      .then((status) => (status === 'unavailable' ? showPrivateStorageNotice() : undefined)),
  ]).catch(() => undefined);
  // The worker may have been stopped mid-translation: redraw badges from storage.session first.
  holdHandlersUntil(Promise.all([privateData, restoreBadges().catch(() => undefined)]));

  registerPageService();
  registerSelectionService();
  registerSettingsService();
  registerGlossaryService();
  registerTermService();
  registerWritingService();
  registerWritingButton();
  registerTermForms();
  registerTabControl();
  registerPointingService();
  registerSiteScopeService();
  registerPdfService();
  registerPdfRedirect();

  browser.runtime.onInstalled.addListener(afterStartup(createMenus));
  browser.runtime.onStartup.addListener(afterStartup(createMenus));
  browser.commands.onCommand.addListener(afterStartup(handleCommand));
  browser.contextMenus.onClicked.addListener(afterStartup(handleMenuClick));
  browser.tabs.onUpdated.addListener(afterStartup(handleTabUpdated));
  browser.tabs.onActivated.addListener(afterStartup(handleTabActivated));
  browser.tabs.onRemoved.addListener(afterStartup(handleTabRemoved));
});
