// The optional field button of writing help: a content script registered only for the sites
// the user turned it on for (the popup's switch or the options page asked the browser for that
// site's host access in the same click), so no site runs it unasked and the manifest declares
// no content script. Turning a site off drops the registration, takes the button out of its
// open tabs and gives the host access back unless something else of Glossa still needs it
// (always-translate, hover translation on that site, the API address).
import { browser, type Browser } from 'wxt/browser';
import { resolveConnection } from '../shared/connection';
import { onBackgroundMessage } from '../shared/messages-to-background';
import { startupDone } from '../shared/startup-gate';
import { sendMessage, type MessageSender, type WritingButtonChange } from '../shared/protocol';
import { releaseSitePermission } from '../extension/host-permissions';
import { hoverItem } from '../extension/pointing-store';
import { connectionItem, siteRulesItem } from '../extension/settings-store';
import { writingButtonSitesItem } from '../extension/writing-prefs';
import { contentScriptFiles, isRestrictedUrl } from './injection';
import { openWritingPanel } from './writing-menu';

/** The id of the registered content script, and the file it runs. */
export const WRITING_BUTTON_SCRIPT_ID = 'glossa-writing-button';
const WRITING_BUTTON_SCRIPT_FILE = 'writing-button.js';

type Tab = Browser.tabs.Tab;

/** The host-permission patterns the button needs on `sites` (http and https, any port). */
function writingButtonOrigins(sites: readonly string[]): string[] {
  return sites.map((host) => `*://${host}/*`);
}

/** Registers (or drops) the button's script for the sites in the setting; open tabs of those sites get it now. */
export async function syncWritingButtonScript(sites?: readonly string[]): Promise<boolean> {
  const list = sites ?? (await writingButtonSitesItem.getValue());
  const scripting = browser.scripting;
  const registered = await scripting.getRegisteredContentScripts({ ids: [WRITING_BUTTON_SCRIPT_ID] }).catch(() => []);
  if (registered.length) await scripting.unregisterContentScripts({ ids: [WRITING_BUTTON_SCRIPT_ID] }).catch(() => undefined);
  const origins = writingButtonOrigins(list);
  if (origins.length === 0) return false;
  // Registering needs no permission: the browser injects only where the user granted access.
  const script = { id: WRITING_BUTTON_SCRIPT_ID, js: contentScriptFiles(WRITING_BUTTON_SCRIPT_FILE), matches: origins, runAt: 'document_idle' as const, allFrames: true };
  await scripting.registerContentScripts([{ ...script, persistAcrossSessions: true }]).catch(() => scripting.registerContentScripts([script]));
  const open = await browser.tabs.query({ url: origins }).catch(() => [] as Tab[]);
  // The script starts once per frame, so injecting into a tab that already has it changes nothing.
  await Promise.all(open.map((tab) => (tab.id === undefined || isRestrictedUrl(tab.url) ? undefined
    : scripting.executeScript({ target: { tabId: tab.id, allFrames: true }, files: contentScriptFiles(WRITING_BUTTON_SCRIPT_FILE) as never[] }).catch(() => undefined))));
  return true;
}

/** Whether another feature still needs the host access of `site`. */
async function accessStillNeeded(site: string): Promise<{ needed: boolean; apiBaseUrl?: string }> {
  const [rules, hover, connection] = await Promise.all([siteRulesItem.getValue(), hoverItem.getValue(), connectionItem.getValue()]);
  const api = resolveConnection({ ...connection, apiKey: 'x' });
  const hoverHere = hover.enabled && hover.sites !== 'all' && hover.sites.includes(site);
  return { needed: rules.always.includes(site) || hoverHere, apiBaseUrl: api.ok ? api.baseUrl : undefined };
}

/** Takes the button out of the site's open tabs at once (their script stays idle until reload). */
async function stopInOpenTabs(site: string): Promise<void> {
  const tabs = await browser.tabs.query({ url: writingButtonOrigins([site]) }).catch(() => [] as Tab[]);
  await Promise.all(tabs.map((tab) => (tab.id === undefined ? undefined : sendMessage('stopWritingButton', {}, tab.id).catch(() => undefined))));
}

let pending: Promise<unknown> = Promise.resolve();

/** Turns the button on or off for one site; changes run one after another so quick toggles all land. */
export function setWritingButtonSite(site: string, on: boolean): Promise<WritingButtonChange> {
  const next = pending.catch(() => undefined).then(async (): Promise<WritingButtonChange> => {
    const current = await writingButtonSitesItem.getValue();
    const sites = on ? [...new Set([...current, site])].sort() : current.filter((host) => host !== site);
    await writingButtonSitesItem.setValue(sites);
    await syncWritingButtonScript(sites);
    if (on) return { sites, released: false };
    await stopInOpenTabs(site);
    const { needed, apiBaseUrl } = await accessStillNeeded(site);
    const released = needed ? false : await releaseSitePermission(site, apiBaseUrl ? [apiBaseUrl] : []);
    return { sites, released };
  });
  pending = next;
  return next;
}

/** A press on the field button: the panel opens in the frame the press came from. */
async function handleOpenFieldPanel(sender: MessageSender): Promise<{ opened: boolean }> {
  if (!sender.tab?.id) return { opened: false };
  await openWritingPanel(sender.tab, sender.frameId ?? 0);
  return { opened: true };
}

/** Registers the field button's messages and keeps its script registered; call once when the worker starts. */
export function registerWritingButton(): void {
  onBackgroundMessage('openFieldPanel', ({ sender }) => handleOpenFieldPanel(sender));
  onBackgroundMessage('writingButtonSites', () => writingButtonSitesItem.getValue());
  onBackgroundMessage('setWritingButtonSite', ({ data }) => setWritingButtonSite(data.site, data.on));
  // An update drops registered scripts; a browser without persistent ones forgets them at exit.
  const resync = () => void startupDone().then(() => syncWritingButtonScript()).catch(() => undefined);
  browser.runtime.onInstalled.addListener(resync);
  browser.runtime.onStartup.addListener(resync);
}
