// The one messaging protocol shared by every entrypoint. Each message takes one `data` object
// and returns plain data; errors arrive as plain Errors that keep `code` (branch on err.code).
// This file is a leaf: it imports only other shared modules, and feature modules import it.
//
// Each message to the background has its allowed senders and the schema of its data next to
// it, in messages-to-background.ts; messages to content scripts (messages-to-content.ts) are
// taken from the extension alone and carry no schema, so the content script stays small.
// Handlers are registered through those files' `onBackgroundMessage` / `onContentMessage`, which
// check the sender (sender.ts), and for the background validate the data, before the handler
// runs; nothing else is trusted.
//
// Why an own transport and not @webext-core/messaging: its 4.x calls chrome.runtime/tabs with
// lastError callbacks, which WXT's fake browser (what unit tests drive) does not serve, and it
// checks neither senders nor data. This one goes through `browser.runtime`/`browser.tabs`.
import { browser } from 'wxt/browser';
import * as v from 'valibot';
import type { ApiErrorCode } from './api-errors';
import type { CreateGlossaryParams, DictionaryEntries, DictionaryMeta, Glossary, Language } from './api-types';
import type { ConnectionTestResult } from './connection';
import { isFromExtension, senderIs, type MessageSender, type SenderKind } from './sender';
import type { Connection, DefaultGlossaries, PageJobOptions, Plan, SiteRules as StoredSiteRules, TranslationDefaults } from './settings';
import type { PageProgress, TabState } from './tab-state';
import type { SiteScope } from './site-scope';
export type { TabSpend } from './tab-state';
import type {
  BlockRequest, BlockResult, PointingSetup, PointedTranslation, DraftRequest, DraftTranslation, WritingButtonChange, WritingPrefs, TermFormRequest, TermFixOptions, TermFixSaveRequest,
  TermFixSaveResult, TermFixRefreshRequest, TermFixRefreshReport, SelectionRequest, SelectionTranslation,
} from './message-types';
// The data types of these messages live in message-types.ts; importers may take them from here.
export type {
  BlockRequest, BlockResult, PointingSetup, PointedTranslation, DraftRequest, DraftTranslation, WritingButtonChange, WritingPrefs, TermFormRequest, TermFixGlossary, TermFixOptions,
  TermFixSaveRequest, TermFixProblemCode, TermFixSaveResult, TermFixRefreshRequest, TermFixRefreshReport, SelectionRequest,
  SelectionTranslation,
} from './message-types';

export type { MessageSender, SenderKind } from './sender';
export type { PageJobOptions } from './settings';
export type { PageProgress } from './tab-state';

export interface ProtocolMap {
  // ── content script → background: page engine ───────────────────────────────────────
  /** Translate blocks for the sender's own tab; results in the same order. */
  /** `priority`: the blocks are in the viewport and go before queued work of every tab. */
  translateBlocks(data: { blocks: BlockRequest[]; sourceLang?: string; priority?: boolean }): { results: BlockResult[]; billedCharacters: number };
  /** Content script → background: inject page-extras.js into the sender's frame (code the page script loads on first need). */
  loadPageExtras(data: Record<string, never>): void;
  /** Hover script → background: inject page-engine.js and page-extras.js into the sender's frame (the user pointed for the first time). */
  loadPageScript(data: Record<string, never>): void;
  /** Progress of the sender tab's translation (drives badge and popup). */
  reportProgress(data: PageProgress & { state: 'translating' | 'translated' | 'original' | 'error'; errorCode?: ApiErrorCode }): void;

  // ── background → content script ───────────────────────────────────────────────────
  /** `scope`: the site's Only/Never translate rules, applied from the first block on. */
  startTranslation(data: PageJobOptions & { scope?: SiteScope }): void;
  showOriginal(data: Record<string, never>): void;
  retryFailed(data: Record<string, never>): void;

  // ── settings (extension pages → background; utils/background/settings-service.ts) ──────
  // getSettings, saveSettings and testConnection answer extension pages only: they carry the key.
  getSettings(data: Record<string, never>): SettingsSnapshot;
  /** Replaces each part given, after validating it; returns what is stored now. */
  saveSettings(data: SettingsPatch): SettingsSnapshot;
  /** GET /v2/languages?type=target with the given connection (the saved one when absent); never throws. */
  testConnection(data: { connection?: Connection }): ConnectionTestResult;
  /** Supported languages, cached for a day; the built-in list when the API cannot tell. Any Glossa context. */
  languages(data: { type: 'source' | 'target' }): LanguageList;
  /** The translation cache's size. */
  cacheStats(data: Record<string, never>): CacheStats;
  /** Empties the translation cache; returns its (empty) size. */
  clearCache(data: Record<string, never>): CacheStats;
  /** Billed characters counted this month, in total and per site. */
  usage(data: Record<string, never>): UsageReport;
  /** Removes what private windows and closed tabs left: translations kept in memory, fixed phrases, per-tab items (utils/background/private-traces.ts). */
  clearPrivateTraces(data: Record<string, never>): void;

  // ── popup / tab control (extension pages → background; utils/background/tab-control.ts) ──
  // Named apart from the content-script messages above (showOriginal, retryFailed), which
  // carry no tab id: these name the tab the popup controls.
  /** State, site rule and connection summary for one tab (never the key). */
  getTabInfo(data: { tabId: number }): TabInfo;
  /** Saves the job options in the tab's state, injects the content script, starts translating. */
  translatePage(data: { tabId: number; options: PageJobOptions }): TabInfo;
  showPageOriginal(data: { tabId: number }): TabInfo;
  retryPageFailed(data: { tabId: number }): TabInfo;
  /** Sets (or clears, with rule 'none') the rule for one hostname. */
  setSiteRule(data: { hostname: string; rule: SiteRule }): StoredSiteRules;
  /** The user goes on past a spending pause of this tab (utils/background/translation/spending.ts). */
  continueSpending(data: { tabId: number }): TabInfo;
  /** Spending limits and this month's billed total (options page). */
  spendingLimits(data: Record<string, never>): SpendingOverview;
  saveSpendingLimits(data: SpendingLimits): SpendingOverview;

  // ── glossary manager (options page → background; utils/background/glossary-service.ts) ──
  // Extension pages only. Language codes are base codes, lower case (the glossary payloads'
  // form); every change bumps the glossary's translation-cache revision.
  glossaryList(data: Record<string, never>): Glossary[];
  glossaryGet(data: { id: string }): Glossary;
  /** The dictionary's entries as TSV (the only format the API returns). */
  glossaryEntries(data: { id: string; sourceLang: string; targetLang: string }): DictionaryEntries;
  glossaryCreate(data: CreateGlossaryParams): Glossary;
  /** Adds the dictionary, or replaces it outright when the pair exists. */
  glossaryPutDictionary(data: { id: string; dictionary: DictionaryEntries }): DictionaryMeta;
  /** Renames and/or merges entries into one dictionary. */
  glossaryPatch(data: { id: string; name?: string; dictionary?: DictionaryEntries }): Glossary;
  glossaryDeleteGlossary(data: { id: string }): void;
  glossaryDeleteDictionary(data: { id: string; sourceLang: string; targetLang: string }): void;

  // ── selection popover (utils/content/selection, utils/background/selection-service.ts) ────────
  /** Content script → background: translate the sender tab's selection (see SelectionRequest). */
  translateSelection(data: SelectionRequest): SelectionTranslation;
  /** Content script → background: the popover's "Open options" (content scripts cannot open it). */
  openOptionsFromSelection(data: Record<string, never>): void;
  /**
   * Background → content script (context menu `translate-selection`, command `translate-selection`):
   * open the popover for this frame's selection. Send to the menu's frameId, or to every frame
   * (frameId 'all') with `onlyIfFocused: true` for the shortcut: only the focused frame acts.
   */
  showSelectionTranslation(data: { onlyIfFocused?: boolean }): { shown: boolean };

  // ── fixing a term in place (utils/background/term-service.ts, utils/content/term-fix) ─────
  // The first four come from a content script (the popover's form) and act for the sender's tab.
  /** Glossaries that have the pair, and which one the form starts with. */
  termFixOptions(data: { sourceLang: string; targetLang: string }): TermFixOptions;
  /** Adds or changes one entry (PATCH, merging); creates the glossary when asked. */
  termFixSave(data: TermFixSaveRequest): TermFixSaveResult;
  /** Takes a saved change back (the entry removed, or its previous target restored). */
  termFixUndo(data: { undoId: string }): { undone: true };
  /** The sender tab's page translates again the blocks that hold `source` (when it shows the pair). */
  termFixRefresh(data: TermFixRefreshRequest): TermFixRefreshReport;
  /** Background → page content script (top frame): translate again the blocks whose source holds the phrase. */
  refreshTermInPage(data: { phrase: string; sourceLang: string }): { blocks: number; billedCharacters: number };
  /** Background → popover script (context menu `fix-translation`): open the form for this frame's selection. */
  showTermFix(data: { sourceLang: string; targetLang: string }): { shown: boolean };

  // ── writing help (utils/background/writing-service.ts, utils/content/writing) ─────────────
  /** Content script → background: translate the draft of a field the user asked about (never cached to disk). */
  translateDraft(data: DraftRequest): DraftTranslation;
  /** Background → popover script (command / menu `translate-field`): open the writing panel for this frame's focused field. */
  showWritingPanel(data: Record<string, never>): { shown: boolean };
  /** Options page: the writing target and formality remembered per site. */
  writingPrefs(data: Record<string, never>): WritingPrefs;
  /** Options page: forgets one site's writing choices, or every site's when `site` is absent. */
  clearWritingPrefs(data: { site?: string }): WritingPrefs;
  /** Field button (content script) → background: open the writing panel for the sender frame's focused field. */
  openFieldPanel(data: Record<string, never>): { opened: boolean };
  /** Popup, options page: the sites (hostnames) where the field button is on. */
  writingButtonSites(data: Record<string, never>): string[];
  /** Popup, options page: the field button on or off for one site (the page asked for its host access first, in the click). */
  setWritingButtonSite(data: { site: string; on: boolean }): WritingButtonChange;
  /** Background → field button script: the site was turned off, take the button away. */
  stopWritingButton(data: Record<string, never>): { stopped: boolean };
  // ── pointing and site scope (utils/background/pointing-service.ts, utils/content/pointing) ──
  /** Content script → background: hover translation's modifier (null when off here), the job's languages, the site's scope. */
  pointingSetup(data: Record<string, never>): PointingSetup;
  /** Content script → background: translate one block the user pointed at, with the options a page translation of this tab would use. */
  translatePointed(data: { block: BlockRequest; sourceLang?: string }): PointedTranslation;
  /** Content script → background: `Never translate this part` saved (or taken back with `undo`) for the sender's site. */
  excludeElement(data: { selector: string; undo?: boolean }): SiteScope;
  /** Background → content script: translate (or hide) the block under the right-click (`menu`) or holding the focus or caret (`focus`). */
  pointAt(data: { via: 'menu' | 'focus'; targetElementId?: number }): { found: boolean };
  /** Background → content script: the site's scope rules changed; apply them at once. */
  applySiteScope(data: { scope: SiteScope }): void;
  /** Background → content script (context menu `exclude-element`): offer the element under the right-click. */
  pickExclusion(data: { targetElementId?: number }): { shown: boolean };
  /**
   * Content script → background: the user opened a term form. The background keeps what the page
   * shows under a one-time handle (utils/background/term-form.ts) and answers with the form
   * frame's URL; the glossary messages above come from that frame only, never from a content script.
   */
  termFormOpen(data: TermFormRequest): { url: string };
  /** Term form frame → background: what the content script handed over, once, for the frame's own tab. */
  termFormData(data: { handle: string }): TermFormRequest;
  // ── PDF viewer (entrypoints/pdf-viewer → utils/background/pdf-service.ts) ──────────────
  /** The viewer tab starts (or goes on with) translating a PDF: its job from the settings, kept in the tab's state. */
  pdfViewerStart(data: { file: string }): { job: PageJobOptions; state: TabState };
  /** Translate the viewer tab's paragraphs (plain text) through the one pipeline; results in order. */
  translatePdfBlocks(data: { texts: string[]; file: string; priority?: boolean }): { results: BlockResult[]; billedCharacters: number };
  /** Popup: open the PDF the tab shows in Glossa's viewer, in the same tab. */
  openPdfViewer(data: { tabId: number }): { opened: boolean };
  /** Viewer: its tab may show this PDF in the browser's own viewer once (`Open PDFs in Glossa` lets it through). */
  pdfPassThrough(data: { url: string }): { allowed: boolean };
  /** Viewer: translate the reader's selection (plain text) with its paragraph as unbilled context, as a page's popover does. */
  translatePdfSelection(data: { text: string; context?: string; targetLang?: string; file: string }): SelectionTranslation;
}

// ── settings types (utils/background/settings-service.ts) ─────────────────────────────
/** Everything the options page edits. The key is included: only extension pages receive it. */
export interface SettingsSnapshot {
  connection: Connection;
  defaults: TranslationDefaults;
  siteRules: StoredSiteRules;
  defaultGlossaries: DefaultGlossaries;
}

/** Parts to replace; parts left out stay as they are. */
export type SettingsPatch = Partial<SettingsSnapshot>;

export interface LanguageList {
  languages: Language[];
  /** Where the list came from: a fresh API answer, the day-long cache, or the built-in list. */
  source: 'api' | 'cache' | 'fallback';
}

export interface CacheStats {
  entries: number;
  /** Approximate size of the stored translations in bytes. */
  bytes: number;
}

export interface UsageReport {
  /** Calendar month counted, `YYYY-MM` (local time). */
  month: string;
  total: number;
  /** Sites by billed characters, most first. */
  sites: { site: string; characters: number }[];
}

export type SiteRule = 'always' | 'never' | 'none';

/** Spending limits the user sets (utils/background/translation/spending.ts): characters per site per hour, and per month (0 = no budget). */
export interface SpendingLimits {
  siteHourCeiling: number;
  monthlyBudget: number;
}

/** One site's page translation in the last hour, against the ceiling. */
export interface SiteSpend {
  spent: number;
  /** The ceiling plus what the user allowed by going on within the hour. */
  allowed: number;
  /** The ceiling stopped a request and the user has not gone on yet. */
  paused: boolean;
}

export interface SpendingOverview {
  limits: SpendingLimits;
  /** Billed characters this month. */
  monthTotal: number;
  /** The tab's site in the last hour (popup). */
  site?: SiteSpend;
}

/** What the popup needs to know about the tab it controls. */
export interface TabInfo {
  tabId: number;
  /** '' for pages without a host (about:, file:, extension pages). */
  hostname: string;
  /** Browser pages and stores where extensions may not run. */
  restricted: boolean;
  state: TabState;
  siteRule: SiteRule;
  rules: StoredSiteRules;
  /** Whether Glossa may run on this site without a click (needed for "always translate"). */
  hostPermission: boolean;
  hasKey: boolean;
  plan: Plan;
  /** The tab is in a private window: nothing about its site is recorded, no site rules offered. */
  privateWindow: boolean;
  /** Spending limits and this month's total, for the popup's spending line. */
  spending: SpendingOverview;
  /** How many Only/Never translate rules the site has (the popup links to them). */
  scopeRules?: { only: number; never: number };
}

// ── transport ──────────────────────────────────────────────────────────────────────────
// Replies are wrapped so errors keep their `code` on the way.
export type MessageType = keyof ProtocolMap;
export type DataOf<K extends MessageType> = Parameters<ProtocolMap[K]>[0];
type ReturnOf<K extends MessageType> = ReturnType<ProtocolMap[K]>;
type Envelope = { glossa: MessageType; data: unknown };
type Reply = { ok: true; value: unknown } | { ok: false; error: Record<string, unknown> };

export type Handler<K extends MessageType> = (message: { data: DataOf<K>; sender: MessageSender }) => ReturnOf<K> | Promise<ReturnOf<K>>;

/**
 * Who may send a message to the background and what its data must look like. Messages to
 * content scripts have no rule: only the extension itself may send them (listenToExtension).
 */
interface MessageRule<K extends MessageType> {
  from: readonly SenderKind[];
  data: v.GenericSchema<unknown, DataOf<K>>;
  /**
   * The error code for data that does not fit the schema ('bad-request' unless named); a
   * function picks it from the first fault (e.g. 'too-large' for an oversized field).
   */
  invalidCode?: string | ((fault: { field: string; type: string }) => string);
}

export type MessageRules<K extends MessageType> = { [P in K]: MessageRule<P> };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).glossa === 'string';
}

function toPlainError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const plain: Record<string, unknown> = { name: err.name, message: err.message };
    for (const key of Object.keys(err)) {
      const value = (err as unknown as Record<string, unknown>)[key];
      if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
    }
    return plain;
  }
  return { name: 'Error', message: String(err) };
}

function fromPlainError(plain: Record<string, unknown>): Error {
  const err = new Error(typeof plain.message === 'string' ? plain.message : 'Unknown error');
  Object.assign(err, plain);
  return err;
}

async function unwrap(reply: unknown): Promise<unknown> {
  if (typeof reply !== 'object' || reply === null || !('ok' in reply)) {
    throw Object.assign(new Error('No handler answered the message'), { code: 'no-receiver' });
  }
  const r = reply as Reply;
  if (r.ok) return r.value;
  throw fromPlainError(r.error);
}

/**
 * Sends to the background (and extension pages), or to a tab's content script when tabId is
 * given (its top frame unless frameId names another, e.g. a selection inside an iframe, or is
 * 'all': every frame gets it and the first answer wins).
 */
export async function sendMessage<K extends MessageType>(type: K, data: DataOf<K>, tabId?: number, frameId: number | 'all' = 0): Promise<Awaited<ReturnOf<K>>> {
  const envelope: Envelope = { glossa: type, data };
  const reply = tabId === undefined
    ? await browser.runtime.sendMessage(envelope)
    : await browser.tabs.sendMessage(tabId, envelope, frameId === 'all' ? {} : { frameId });
  return (await unwrap(reply)) as Awaited<ReturnOf<K>>;
}

const handlers = new Map<MessageType, Handler<MessageType>>();
let listening = false;

function listener(message: unknown, sender: MessageSender): Promise<Reply> | undefined {
  if (!isEnvelope(message)) return undefined;
  const handler = handlers.get(message.glossa);
  if (!handler) return undefined; // another context may answer it
  return Promise.resolve()
    .then(() => handler({ data: message.data as never, sender }))
    .then((value): Reply => ({ ok: true, value: value ?? null }), (err): Reply => ({ ok: false, error: toPlainError(err) }));
}

function register<K extends MessageType>(type: K, handler: Handler<K>): () => void {
  handlers.set(type, handler as unknown as Handler<MessageType>);
  if (!listening) {
    browser.runtime.onMessage.addListener(listener as never);
    listening = true;
  }
  return () => {
    if (handlers.get(type) === (handler as unknown)) handlers.delete(type);
  };
}

function refusal(code: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, ...extra });
}

const FORBIDDEN = 'Glossa does not take this request from here.';

/**
 * Registers a content script's handler for one message, answered only when the extension
 * itself sent it (messages-to-content.ts). No rule to look up and no schema: the content script,
 * loaded into every translated page, carries neither the other senders' checks nor a
 * validation library.
 */
export function listenToExtension<K extends MessageType>(type: K, handler: Handler<K>): () => void {
  return register(type, ((message: { data: DataOf<K>; sender: MessageSender }) => {
    if (!isFromExtension(message.sender)) throw refusal('forbidden', FORBIDDEN);
    return handler(message);
  }) as unknown as Handler<K>);
}

/**
 * Registers the handler for one message behind its rule: a sender the rule does not name is
 * refused with `forbidden`, data that does not fit the schema with `bad-request` (or the rule's
 * code for it) naming the first field at fault. The handler gets the schema's output.
 */
export function listen<K extends MessageType>(type: K, rule: MessageRule<K>, handler: Handler<K>): () => void {
  return register(type, (({ data, sender }: { data: unknown; sender: MessageSender }) => {
    if (!rule.from.some((kind) => senderIs(kind, sender))) throw refusal('forbidden', FORBIDDEN);
    const parsed = v.safeParse(rule.data, data);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const field = (issue.path ?? []).map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`)).join('').replace(/^\./, '');
      const code = typeof rule.invalidCode === 'function' ? rule.invalidCode({ field, type: issue.type }) : rule.invalidCode ?? 'bad-request';
      throw refusal(code, field ? `${field}: ${issue.message}` : issue.message, { field });
    }
    return handler({ data: parsed.output, sender });
  }) as unknown as Handler<K>);
}

export function removeAllListeners(): void {
  handlers.clear();
  browser.runtime.onMessage.removeListener(listener as never);
  listening = false;
}
