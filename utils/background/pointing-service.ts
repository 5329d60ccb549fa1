// Translating what the user points at: hover translation (a modifier key over a paragraph, in
// pages where the user allowed it), the context menu item `translate-paragraph` (the block under
// the right-click, through activeTab: no host permission) and the command `translate-paragraph`
// (the block holding the focus or the caret). Each sends exactly one block through the one
// pipeline, with the options a page translation of the tab would use, so the cache serves that
// block when the whole page is translated later. Also `exclude-element` (the picker).
import { browser, type Browser } from 'wxt/browser';
import { ApiError } from '../shared/api-errors';
import { t } from '../shared/i18n';
import { afterStartup } from './lifecycle';
import { onBackgroundMessage } from '../shared/messages-to-background';
import type { MessageSender, PointedTranslation, PointingSetup } from '../shared/protocol';
import { hoverOrigins, type HoverSettings } from '../shared/pointing';
import { showsTranslation } from '../shared/tab-state';
import { hoverItem } from '../extension/pointing-store';
import { siteRulesItem } from '../extension/settings-store';
import { applyBadge } from './badge';
import { HOVER_SCRIPT_FILE, contentScriptFiles, isRestrictedUrl, sendToContent } from './injection';
import { currentJobOptions } from './job-options';
import { scopeFor } from './site-scope-service';
import { hostnameOf, ruleFor } from './site-rules';
import { getTabState, updateTabState } from './tab-state';
import { translationService, type TranslationService } from './translation/service';

export const MENU_TRANSLATE_PARAGRAPH = 'translate-paragraph';
export const MENU_EXCLUDE_ELEMENT = 'exclude-element';
export const COMMAND_TRANSLATE_PARAGRAPH = 'translate-paragraph';
/** The id of the content script registered for hover translation. */
const HOVER_SCRIPT_ID = 'glossa-hover';

type Tab = Browser.tabs.Tab;

/** The options the tab's page translation uses now, or would use if it started now. */
async function jobForTab(tabId: number) {
  const state = await getTabState(tabId);
  return state.job && showsTranslation(state) ? state.job : currentJobOptions();
}

/** Whether hover translation is on for this page's host. */
export function hoverAllowed(hover: HoverSettings, hostname: string): boolean {
  return hover.enabled && !!hostname && (hover.sites === 'all' || hover.sites.includes(hostname));
}

export async function handlePointingSetup(sender: MessageSender): Promise<PointingSetup> {
  const tabId = sender.tab?.id;
  const hostname = hostnameOf(sender.url ?? sender.tab?.url);
  const [hover, job, scope] = await Promise.all([hoverItem.getValue(), tabId === undefined ? currentJobOptions() : jobForTab(tabId), scopeFor(hostname)]);
  return { modifier: hoverAllowed(hover, hostname) ? hover.modifier : null, targetLang: job.targetLang, sourceLang: job.sourceLang, scope };
}

export async function handleTranslatePointed(
  data: { block: { text: string; format: 'html' | 'text' }; sourceLang?: string },
  sender: MessageSender,
  service: TranslationService = translationService(),
): Promise<PointedTranslation> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) throw new ApiError('bad-request', t('translationErrorNotFromTab'));
  const site = hostnameOf(sender.tab?.url ?? sender.url);
  if (site && ruleFor(site, await siteRulesItem.getValue()) === 'never') throw Object.assign(new Error(t('pointingNeverSite')), { code: 'never-site' });
  const job = await jobForTab(tabId);
  const reply = await service.translateBlocks({
    tabId, site, privateTab: sender.tab?.incognito === true, job, blocks: [data.block], detectedSourceLang: data.sourceLang, priority: true,
  });
  return { result: reply.results[0], targetLang: job.targetLang, billedCharacters: reply.billedCharacters };
}

/** Called from createMenus (commands.ts), after its removeAll. */
export function createPointingMenus(): void {
  browser.contextMenus.create({ id: MENU_TRANSLATE_PARAGRAPH, title: t('pointingMenuTranslateParagraph'), contexts: ['page', 'link'] });
  browser.contextMenus.create({ id: MENU_EXCLUDE_ELEMENT, title: t('pointingMenuExclude'), contexts: ['page', 'link', 'image'] });
}

async function markRestricted(tab: Tab): Promise<void> {
  const state = await updateTabState(tab.id!, (s) => ({ ...s, errorCode: 'restricted-page', url: tab.url }));
  await applyBadge(tab.id!, state);
}

/** Runs a pointing order in the page's script (injected now through activeTab when it is not there). */
async function order(tab: Tab, send: () => Promise<unknown>): Promise<void> {
  if (tab.id === undefined) return;
  if (isRestrictedUrl(tab.url)) return markRestricted(tab);
  try {
    await send();
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== 'restricted-page') throw err;
    await markRestricted(tab);
  }
}

export function translateParagraph(tab: Tab, via: 'menu' | 'focus', frameId = 0, targetElementId?: number): Promise<void> {
  return order(tab, () => sendToContent(tab.id!, 'pointAt', { via, ...(targetElementId !== undefined ? { targetElementId } : {}) }, frameId));
}

export function pickExclusion(tab: Tab, frameId = 0, targetElementId?: number): Promise<void> {
  return order(tab, () => sendToContent(tab.id!, 'pickExclusion', targetElementId !== undefined ? { targetElementId } : {}, frameId));
}

/** Registers (or drops) the hover script on the sites hover translation may run on, as the setting and the granted permissions say. */
async function syncHoverScript(hover?: HoverSettings): Promise<boolean> {
  const settings = hover ?? (await hoverItem.getValue());
  const scripting = browser.scripting;
  const registered = await scripting.getRegisteredContentScripts({ ids: [HOVER_SCRIPT_ID] }).catch(() => []);
  if (registered.length) await scripting.unregisterContentScripts({ ids: [HOVER_SCRIPT_ID] }).catch(() => undefined);
  if (!settings.enabled) return false;
  const origins = hoverOrigins(settings.sites);
  // Registering needs no permission: the browser injects only where the user granted access.
  if (origins.length === 0) return false;
  const script = { id: HOVER_SCRIPT_ID, js: contentScriptFiles(HOVER_SCRIPT_FILE), matches: origins, runAt: 'document_idle' as const, allFrames: false };
  // Browsers without persistAcrossSessions register it again at every start (onStartup below).
  await scripting.registerContentScripts([{ ...script, persistAcrossSessions: true }]).catch(() => scripting.registerContentScripts([script]));
  // Pages open already react too, from now on (the script wires itself once per page).
  const open = await browser.tabs.query({ url: origins }).catch(() => []);
  await Promise.all(open.map((tab) => (tab.id === undefined || isRestrictedUrl(tab.url) ? undefined
    : browser.scripting.executeScript({ target: { tabId: tab.id }, files: contentScriptFiles(HOVER_SCRIPT_FILE) as never[] }).catch(() => undefined))));
  return true;
}

export function registerPointingService(): void {
  onBackgroundMessage('pointingSetup', ({ sender }) => handlePointingSetup(sender));
  onBackgroundMessage('translatePointed', ({ data, sender }) => handleTranslatePointed(data, sender));
  hoverItem.watch(afterStartup((value) => syncHoverScript(value ?? undefined)));
  browser.permissions.onRemoved?.addListener(afterStartup(() => syncHoverScript()));
  // An update drops registered scripts; a browser without persistent ones forgets them at exit.
  const resync = afterStartup(() => syncHoverScript());
  browser.runtime.onInstalled.addListener(resync);
  browser.runtime.onStartup.addListener(resync);
}
