// Shared steps of the writing-help end-to-end tests in Chromium: the command and the menu item
// `translate-field` fired as the browser would and the panel's closed root (the browser-neutral
// panel steps: tests/e2e-lib/writing-panel.ts).
import type { Page } from 'playwright-core';
import type { ChromiumGlossa } from '../../e2e-lib/chromium-harness';
import { popoverIn, type GlossaRoot } from '../../e2e-lib/closed-roots-chromium';

/** Fires the `translate-field` command on the page (the shortcut Alt+Shift+W). */
export async function commandTranslateField(glossa: ChromiumGlossa, page: Page): Promise<void> {
  const tabId = await glossa.tabIdOf(page);
  await glossa.inWorker(async (id: number) => {
    const tab = await chrome.tabs.get(id);
    (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch('translate-field', tab);
  }, tabId);
}

export function panelIn(glossa: ChromiumGlossa, page: Page): GlossaRoot {
  return popoverIn(page, glossa.extensionId);
}
