// Tab control: every way a user starts, stops or retries a page translation (popup, keyboard
// command, context menu, always-translate sites) ends here. The content script does the work
// and reports progress; this module keeps the tab's state in storage.session (it outlives the
// worker) and draws the badge from it.
import { forgetTab } from './private-traces';
import { browser } from 'wxt/browser';
import { errorCode } from '../shared/api-errors';
import { onBackgroundMessage } from '../shared/messages-to-background';
import { type MessageSender, type PageJobOptions, type ProtocolMap, type TabInfo } from '../shared/protocol';
import { connectionItem, siteRulesItem } from '../extension/settings-store';
import { translationService } from './translation/service';
import { allowMore, saveSpendingLimits, spendingOverview } from './translation/spending';
import { applyBadge, showsTranslation, syncPageMenu } from './badge';
import { connectionProblem } from './connection-check';
import { currentJobOptions } from './job-options';
import { preferFormality } from '../shared/formality';
import { sameJob } from '../shared/job-options';
import { contentScriptPresent, injectContentScript, isRestrictedUrl, sendIfPresent, sendToContent } from './injection';
import { hostnameOf, ruleFor, setSiteRule } from './site-rules';
import { sitePermissionPattern } from '../shared/hosts';
import { scopeFor } from './site-scope-service';
import { hasScope } from '../shared/site-scope';
import { isPdfViewerUrl } from './pdf-service';
import { fileOfViewerUrl } from '../shared/pdf-url';
import { EMPTY_TAB_STATE, clearTabState, getTabState, storedTabIds, updateTabState, type TabState } from './tab-state';

/** What started a translation; never-translate sites refuse all of them. */
type Trigger = 'popup' | 'command' | 'menu' | 'auto';

type ProgressReport = Parameters<ProtocolMap['reportProgress']>[0];

/** How long the popup waits for the content script to take a job before answering. */
const DELIVERY_WAIT_MS = 2_000;

async function tabUrl(tabId: number): Promise<string | undefined> {
  return (await tabOf(tabId))?.url;
}

async function tabOf(tabId: number): Promise<{ url?: string; incognito?: boolean } | undefined> {
  try {
    return await browser.tabs.get(tabId);
  } catch {
    return undefined;
  }
}

async function setState(tabId: number, change: (state: TabState) => TabState): Promise<TabState> {
  const state = await updateTabState(tabId, change);
  await applyBadge(tabId, state);
  return state;
}

/** A page Glossa will not translate (browser page, never-translate site): a notice, not a failure. */
function markNotice(tabId: number, code: 'restricted-page' | 'never-site', url: string | undefined, message?: string): Promise<TabState> {
  return setState(tabId, (s) => ({ ...s, phase: s.phase === 'translating' ? 'original' : s.phase, errorCode: code, errorMessage: message, url: url ?? s.url }));
}

function markFailed(tabId: number, err: unknown): Promise<TabState> {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'restricted-page') return markNotice(tabId, 'restricted-page', undefined, err instanceof Error ? err.message : undefined);
  return setState(tabId, (s) => ({
    ...s,
    phase: 'error',
    errorCode: errorCode(err),
    errorMessage: err instanceof Error ? err.message : String(err),
  }));
}

/** Runs `delivery` but answers after a short wait at most: the state carries the outcome. */
async function settle(tabId: number, delivery: Promise<unknown>): Promise<TabState> {
  const outcome = delivery.then(() => undefined, (err: unknown) => markFailed(tabId, err));
  await Promise.race([outcome, new Promise((resolve) => setTimeout(resolve, DELIVERY_WAIT_MS))]);
  return getTabState(tabId);
}

/**
 * The user asked again (not a page load): after a quota stop the plan may have been raised, so
 * requests may go out again. Always-translate page loads never lift the stop.
 */
function userAskedAgain(trigger: Trigger): void {
  if (trigger !== 'auto') translationService().resumeAfterQuota();
}

async function translateTab(tabId: number, options: PageJobOptions, trigger: Trigger): Promise<TabState> {
  // Whether the page's script is there is asked while the settings are read: each is a round
  // trip to the browser, and the user waits for all of them before the first block leaves.
  const present = contentScriptPresent(tabId);
  translationService().prepare();
  const [url, rules, unusable, before] = await Promise.all([tabUrl(tabId), siteRulesItem.getValue(), connectionProblem(), getTabState(tabId)]);
  if (isRestrictedUrl(url)) return markNotice(tabId, 'restricted-page', url);
  const hostname = hostnameOf(url);
  if (hostname && ruleFor(hostname, rules) === 'never') return markNotice(tabId, 'never-site', url);
  // No key, an address that cannot work or a server Glossa may not contact: say so, send nothing.
  if (unusable) return markFailed(tabId, unusable);
  userAskedAgain(trigger);
  // The model is fitted to the plan per request (a plan switch mid-page applies at once).
  const job: PageJobOptions = { ...options, formality: preferFormality(options.formality) };

  const busy = showsTranslation(before);
  // Other options than the page shows now: put the original back before translating again.
  if (busy && !sameJob(before.job, job)) await sendIfPresent(tabId, 'showOriginal', {}).catch(() => false);

  // The script is injected (where it is missing) while the tab's job is stored; the job is
  // stored before the script is told to start, since its first blocks are translated with it.
  // A page not translated since it loaded (no state) is not asked first: it has no script
  // unless pointing brought one, and then the injection does nothing (claimContentScript).
  const injected = (before.updatedAt === 0 ? Promise.resolve(false) : present).then((there) => (there ? undefined : injectContentScript(tabId)));
  injected.catch(() => undefined);
  const [state, scope] = await Promise.all([
    updateTabState(tabId, (s) => ({ ...EMPTY_TAB_STATE, phase: 'translating', job, url: url ?? s.url })),
    // The site's Only/Never translate rules apply from the first block on.
    scopeFor(hostname),
  ]);
  const delivery = injected.then(() => sendToContent(tabId, 'startTranslation', hasScope(scope) ? { ...job, scope } : job));
  await applyBadge(tabId, state);
  // Auto-translation has nobody waiting; the others answer once the script took the job.
  if (trigger === 'auto') {
    await delivery.catch((err: unknown) => markFailed(tabId, err));
    return getTabState(tabId);
  }
  return settle(tabId, delivery);
}

async function showOriginalTab(tabId: number): Promise<TabState> {
  await sendIfPresent(tabId, 'showOriginal', {}).catch(() => false);
  return setState(tabId, (s) => ({ ...EMPTY_TAB_STATE, job: s.job, url: s.url }));
}

async function retryTab(tabId: number): Promise<TabState> {
  userAskedAgain('popup');
  const sent = sendIfPresent(tabId, 'retryFailed', {}).then((present) => {
    if (!present) throw Object.assign(new Error('The page was reloaded; translate it again'), { code: 'not-found' });
  });
  await setState(tabId, (s) => ({ ...s, phase: 'translating', errorCode: undefined, errorMessage: undefined }));
  return settle(tabId, sent);
}

/** The keyboard command and the page menu item: translate, or show the original when already translated. */
export async function toggleTab(tabId: number, trigger: Trigger): Promise<TabState> {
  const [state, options] = await Promise.all([getTabState(tabId), currentJobOptions()]);
  if (showsTranslation(state) && (await stillShown(tabId, state))) return showOriginalTab(tabId);
  return translateTab(tabId, options, trigger);
}

/**
 * Whether the page still shows the translation its state says. A reload that starts while the
 * old page's script still answers keeps the old state until the new page completes (see
 * handleTabUpdated); until then the new page has no Glossa script, nothing on it is translated,
 * and the user's command must translate it rather than show an original it already shows.
 */
async function stillShown(tabId: number, state: TabState): Promise<boolean> {
  return isPdfViewerUrl(state.url) || contentScriptPresent(tabId);
}

/** A progress report its rule let through: from a tab's top-frame content script, counts that add up. */
async function handleProgress(report: ProgressReport, sender: MessageSender): Promise<void> {
  // The rule admits content scripts of a tab only.
  const tabId = sender.tab!.id!;
  await setState(tabId, (s) => ({
    ...s,
    phase: report.state,
    total: report.total,
    done: report.done,
    failed: report.failed,
    billedCharacters: report.billedCharacters,
    // A report without an error clears the last one (e.g. rate limiting that resolved).
    errorCode: report.errorCode,
    errorMessage: undefined,
    url: s.url ?? sender.tab?.url,
  }));
}

/**
 * A navigation starts a new page: its state starts over. Same-document navigations
 * (history.pushState, #fragments) report "loading" too but keep the page and its translation,
 * so the state stays while the page's content script still answers, and is settled once the
 * load completes. Then always-translate sites run.
 */
export async function handleTabUpdated(tabId: number, change: { status?: string; url?: string }, tab: { url?: string } | undefined): Promise<void> {
  if (change.status === 'loading') {
    if (await contentScriptPresent(tabId)) return;
    await resetTab(tabId);
    return;
  }
  if (change.status !== 'complete') return;
  // The PDF viewer is Glossa's own page: its state is its own, from its first message on.
  if (isPdfViewerUrl(tab?.url ?? change.url)) return;
  const state = await getTabState(tabId);
  if (state.updatedAt > 0) {
    if (await contentScriptPresent(tabId)) {
      // The same document (or one the user already started translating while it loaded).
      const url = tab?.url ?? change.url;
      if (url && url !== state.url) await updateTabState(tabId, (s) => ({ ...s, url }));
      return;
    }
    await resetTab(tabId);
  }
  await autoTranslate(tabId, tab?.url);
}

async function resetTab(tabId: number): Promise<void> {
  await clearTabState(tabId);
  await applyBadge(tabId, EMPTY_TAB_STATE);
}

async function hasSitePermission(url: string | undefined): Promise<boolean> {
  const pattern = url ? sitePermissionPattern(url) : undefined;
  if (!pattern) return false;
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

/** Translates a freshly loaded page of an always-translate site, once per page load. */
export async function autoTranslate(tabId: number, url: string | undefined): Promise<void> {
  const hostname = hostnameOf(url);
  if (!hostname || isRestrictedUrl(url)) return;
  if (ruleFor(hostname, await siteRulesItem.getValue()) !== 'always') return;
  // "complete" can fire more than once for a page (frames, history changes).
  if ((await getTabState(tabId)).phase !== 'original') return;
  if (!(await hasSitePermission(url))) return;
  await translateTab(tabId, await currentJobOptions(), 'auto');
}

/** Another tab came to the front: the page menu item follows its state. */
export async function handleTabActivated(info: { tabId: number }): Promise<void> {
  await syncPageMenu(info.tabId, await getTabState(info.tabId));
}

export async function handleTabRemoved(tabId: number): Promise<void> {
  await clearTabState(tabId);
  // Its other storage.session items (billed characters, term fix, form handles, undo) go too.
  await forgetTab(tabId);
}

/** Redraws every tab's badge from storage.session (after the worker was stopped and restarted). */
export async function restoreBadges(): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(tabs.map(async (tab) => {
    if (tab.id === undefined) return;
    const state = await getTabState(tab.id);
    if (state.updatedAt > 0) await applyBadge(tab.id, state);
  }));
}

/** The tab as the spending ceiling counts it: its site, or the one name of private windows. */
async function spendingOwner(tabId: number): Promise<{ site: string; private: boolean }> {
  const tab = await tabOf(tabId);
  const url = tab?.url ?? (await getTabState(tabId)).url;
  // The PDF viewer bills for the PDF's site (pdf-service.ts), not for the extension's page.
  return { site: hostnameOf(isPdfViewerUrl(url) ? fileOfViewerUrl(url) : url), private: tab?.incognito === true };
}

/** The user goes on past a spending pause (spending.ts decides how far), and the tab's failed blocks are sent again. */
export async function continueSpending(tabId: number): Promise<TabState> {
  await allowMore(tabId, await spendingOwner(tabId));
  const state = await setState(tabId, (s) => s);
  // The PDF viewer watches its tab's state and sends again what the pause refused.
  if (state.phase === 'original' || isPdfViewerUrl(await tabUrl(tabId))) return state;
  return retryTab(tabId);
}

async function tabInfo(tabId: number): Promise<TabInfo> {
  const [tab, state, rules, connection, spending] = await Promise.all([tabOf(tabId), getTabState(tabId), siteRulesItem.getValue(), connectionItem.getValue(), spendingOwner(tabId).then(spendingOverview)]);
  const url = tab?.url;
  const hostname = hostnameOf(url);
  const scope = await scopeFor(hostname);
  return {
    tabId,
    hostname,
    // The PDF viewer translates in its own page; the popup shows its progress and billing.
    restricted: isRestrictedUrl(url) && !isPdfViewerUrl(url),
    state,
    siteRule: ruleFor(hostname, rules),
    rules,
    hostPermission: await hasSitePermission(url),
    hasKey: connection.apiKey.trim() !== '',
    plan: connection.plan,
    privateWindow: tab?.incognito === true,
    spending,
    ...(hasScope(scope) ? { scopeRules: { only: scope.only.length, never: scope.never.length } } : {}),
  };
}

/** A site no longer set to never translate: its tabs stop saying so (badge "OFF", popup notice). */
async function clearNeverNotices(hostname: string): Promise<void> {
  for (const tabId of await storedTabIds()) {
    const state = await getTabState(tabId);
    if (state.errorCode === 'never-site' && hostnameOf(state.url) === hostname) {
      await setState(tabId, (s) => ({ ...s, errorCode: undefined, errorMessage: undefined }));
    }
  }
}

/**
 * Registers the popup's messages and the content scripts' progress reports. Their rules
 * (messages-to-background.ts) admit only extension pages (top-frame content scripts for
 * progress) and check the data; handlers wait for the start-up gate (utils/shared/startup-gate.ts).
 */
export function registerTabControl(): void {
  const afterStart = <T>(work: () => Promise<T>): Promise<T> => work();

  onBackgroundMessage('reportProgress', ({ data, sender }) => afterStart(() => handleProgress(data, sender)));
  onBackgroundMessage('getTabInfo', ({ data }) => afterStart(() => tabInfo(data.tabId)));
  onBackgroundMessage('translatePage', ({ data }) => afterStart(async () => {
    await translateTab(data.tabId, data.options, 'popup');
    return tabInfo(data.tabId);
  }));
  onBackgroundMessage('showPageOriginal', ({ data }) => afterStart(async () => {
    await showOriginalTab(data.tabId);
    return tabInfo(data.tabId);
  }));
  onBackgroundMessage('retryPageFailed', ({ data }) => afterStart(async () => {
    await retryTab(data.tabId);
    return tabInfo(data.tabId);
  }));
  onBackgroundMessage('continueSpending', ({ data }) => afterStart(async () => {
    await continueSpending(data.tabId);
    return tabInfo(data.tabId);
  }));
  onBackgroundMessage('spendingLimits', () => afterStart(() => spendingOverview()));
  onBackgroundMessage('saveSpendingLimits', ({ data }) => afterStart(async () => {
    await saveSpendingLimits(data);
    return spendingOverview();
  }));
  onBackgroundMessage('setSiteRule', ({ data }) => afterStart(async () => {
    const rules = await setSiteRule(data.hostname, data.rule);
    if (data.rule !== 'never') await clearNeverNotices(data.hostname);
    return rules;
  }));
}
