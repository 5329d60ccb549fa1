// Glossa's PDF viewer (an extension page in a tab) translates through the one pipeline, like
// the page engine: the tab keeps a job (the user's target, formality, model and default
// glossary), billed characters land in the tab's state for the popup, and what it bills counts
// toward the PDF's site's spending ceiling like a page (translation/spending.ts). Also here: opening
// a PDF in the viewer from the popup and from the `translate-pdf-link` menu item on links.
import { browser, type Browser } from 'wxt/browser';
import { ApiError } from '../shared/api-errors';
import { t } from '../shared/i18n';
import { onBackgroundMessage } from '../shared/messages-to-background';
import { PDF_VIEWER_PATH, looksLikePdfUrl, pdfViewerUrl } from '../shared/pdf-url';
import type { BlockResult, MessageSender, PageJobOptions } from '../shared/protocol';
import { currentJobOptions } from './job-options';
import { preferFormality } from '../shared/formality';
import { getTabState, updateTabState, type TabState } from './tab-state';
import { hostnameOf } from './site-rules';
import { applyBadge } from './badge';
import { translationService, type TranslationService } from './translation/service';
import { translateSelectionFor } from './selection-service';

export const MENU_TRANSLATE_PDF_LINK = 'translate-pdf-link';

/** Whether `url` is this extension's PDF viewer. */
export function isPdfViewerUrl(url: string | undefined): boolean {
  return !!url && url.startsWith(browser.runtime.getURL(PDF_VIEWER_PATH));
}

/** The viewer's tab, or a refusal: only the viewer page in a tab translates PDFs. */
function viewerTab(sender: MessageSender): number {
  const tabId = sender.tab?.id;
  if (tabId === undefined || !isPdfViewerUrl(sender.url)) throw new ApiError('bad-request', t('translationErrorNotFromTab'));
  return tabId;
}

async function setState(tabId: number, change: (state: TabState) => TabState): Promise<TabState> {
  const state = await updateTabState(tabId, change);
  await applyBadge(tabId, state).catch(() => undefined);
  return state;
}

/** The viewer tab's job: the one it has, else the current settings' (kept so the popup and later calls agree). */
async function startPdfJob(tabId: number, viewerUrl: string | undefined): Promise<{ job: PageJobOptions; state: TabState }> {
  const before = await getTabState(tabId);
  if (before.job) return { job: before.job, state: before };
  const options = await currentJobOptions();
  const job: PageJobOptions = { ...options, formality: preferFormality(options.formality) };
  const state = await setState(tabId, (s) => ({ ...s, job: s.job ?? job, phase: s.phase === 'original' ? 'translating' : s.phase, url: viewerUrl ?? s.url }));
  return { job: state.job!, state };
}

async function translatePdfTexts(
  tabId: number,
  data: { texts: string[]; file: string; priority?: boolean },
  privateTab: boolean,
  viewerUrl: string | undefined,
  service: TranslationService = translationService(),
): Promise<{ results: BlockResult[]; billedCharacters: number }> {
  const { job } = await startPdfJob(tabId, viewerUrl);
  const output = await service.translateBlocks({
    tabId,
    site: hostnameOf(data.file),
    privateTab,
    job,
    blocks: data.texts.map((text) => ({ text, format: 'text' as const })),
    priority: data.priority === true,
  });
  const failed = output.results.filter((result) => !result.ok);
  const firstError = failed.find((result) => !result.ok && result.code !== 'hostile') as Extract<BlockResult, { ok: false }> | undefined;
  // The popup's figures follow; the viewer does not wait for them.
  void setState(tabId, (s) => {
    const done = s.done + output.results.length - failed.length;
    const failures = s.failed + failed.length;
    return {
      ...s,
      total: done + failures,
      done,
      failed: failures,
      billedCharacters: s.billedCharacters + output.billedCharacters,
      phase: firstError ? 'error' : 'translated',
      errorCode: firstError && firstError.code !== 'hostile' ? firstError.code : undefined,
      errorMessage: firstError?.message,
    };
  }).catch(() => undefined);
  return output;
}

/** Opens the PDF that `tabId` shows in the viewer, in the same tab (the browser's back button returns). */
async function openPdfInViewer(tabId: number): Promise<{ opened: boolean }> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  if (!tab?.url || !looksLikePdfUrl(tab.url)) return { opened: false };
  await browser.tabs.update(tabId, { url: pdfViewerUrl(browser.runtime.getURL('/'), tab.url) });
  return { opened: true };
}

/** The `translate-pdf-link` menu item: the linked PDF opens in the viewer in a new tab next to this one. */
export async function openPdfLink(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): Promise<void> {
  const link = info.linkUrl;
  if (!link || !/^https?:/i.test(link)) return;
  await browser.tabs.create({
    url: pdfViewerUrl(browser.runtime.getURL('/'), link),
    ...(tab?.index !== undefined ? { index: tab.index + 1 } : {}),
    ...(tab?.id !== undefined && tab.id >= 0 ? { openerTabId: tab.id } : {}),
  });
}

/** The menu item on links to PDFs (created with the other items, in commands.ts). */
export function createPdfLinkMenu(patterns: string[]): void {
  browser.contextMenus.create({ id: MENU_TRANSLATE_PDF_LINK, title: t('pdfMenuTranslateLink'), contexts: ['link'], targetUrlPatterns: patterns });
}

export function registerPdfService(service?: TranslationService): void {
  onBackgroundMessage('pdfViewerStart', ({ sender }) => startPdfJob(viewerTab(sender), sender.url));
  onBackgroundMessage('translatePdfBlocks', ({ data, sender }) => translatePdfTexts(viewerTab(sender), data, sender.tab?.incognito === true, sender.url, service ?? translationService()));
  onBackgroundMessage('openPdfViewer', ({ data }) => openPdfInViewer(data.tabId));
  // The viewer's selection popover: the same translation as a page's, billed to the PDF's site.
  onBackgroundMessage('translatePdfSelection', ({ data, sender }) => translateSelectionFor(
    { text: data.text, context: data.context, targetLang: data.targetLang },
    { tabId: viewerTab(sender), site: hostnameOf(data.file), privateTab: sender.tab?.incognito === true },
    { service },
  ));
}
