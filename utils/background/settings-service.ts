// The background side of the options page: reading and saving settings, testing the
// connection, the language lists (cached for a day), the translation cache and usage figures,
// and the first-run welcome. Settings carry the API key, so only the extension's own pages may
// read or change them; the language list is harmless and answers content scripts too.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { createApiClient } from '../api/client';
import { errorCode } from '../shared/api-errors';
import type { Formality, Language, ModelType } from '../shared/api-types';
import { checkServerAddress, hasHostPermission, isWellFormedKey, resolveConnection, type ConnectionProblem, type ConnectionTestResult } from '../connection';
import { FALLBACK_SOURCE_LANGUAGES, FALLBACK_TARGET_LANGUAGES } from '../shared/languages';
import { onMessage, type LanguageList, type MessageSender, type SettingsPatch, type SettingsSnapshot } from '../shared/protocol';
import { planAddresses, type PlanAddresses } from '../shared/plan-addresses';
import {
  connectionItem,
  defaultGlossariesItem,
  defaultsItem,
  siteRulesItem,
  type Connection,
  type DefaultGlossaries,
  type Plan,
  type SiteRules,
  type TranslationDefaults,
} from '../settings';
import { cacheStats, clearCache } from './translation/cache';
import { usageReport } from './translation/usage';
import { isContentScript, isExtensionPage } from './sender';

export const LANGUAGE_CACHE_MS = 24 * 60 * 60 * 1000;

type LanguageType = 'source' | 'target';

interface CachedLanguages {
  baseUrl: string;
  fetchedAt: number;
  languages: Language[];
}

/** GET /v2/languages answers per address, kept a day so the popup opens without a request. */
export const languageCacheItem = storage.defineItem<Partial<Record<LanguageType, CachedLanguages>>>('local:languageCache', {
  fallback: {},
});

export interface SettingsServiceOptions {
  /** Injected in tests; the background's global fetch otherwise. */
  fetch?: typeof fetch;
  addresses?: PlanAddresses;
  now?: () => number;
  /** How long a connection test waits for the server. */
  testTimeoutMs?: number;
}

function forbidden(): Error {
  return Object.assign(new Error('Only Glossa’s own pages may do this.'), { code: 'forbidden' });
}

function invalid(field: string, message: string): Error {
  return Object.assign(new Error(`${field}: ${message}`), { code: 'invalid-settings', field });
}

function requireExtensionPage(sender: MessageSender): void {
  if (!isExtensionPage(sender)) throw forbidden();
}

// ── validating what the options page sends ───────────────────────────────────────────────

const PLANS: readonly Plan[] = ['free', 'paid', 'custom'];
const FORMALITIES: readonly Formality[] = ['default', 'more', 'less', 'prefer_more', 'prefer_less'];
const MODEL_TYPES: readonly ModelType[] = ['latency_optimized', 'quality_optimized', 'prefer_quality_optimized'];
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const HOSTNAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;
const PAIR_KEY = /^[a-z]{2,3}>[a-z]{2,3}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw invalid(field, 'expected a string');
  if (value.length > max) throw invalid(field, `longer than ${max} characters`);
  return value.trim();
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw invalid(field, `expected one of ${allowed.join(', ')}`);
  return value as T;
}

export function parseConnection(value: unknown): Connection {
  if (!isRecord(value)) throw invalid('connection', 'expected an object');
  const apiKey = text(value.apiKey, 'connection.apiKey', 4096);
  if (!isWellFormedKey(apiKey)) throw invalid('connection.apiKey', 'contains spaces or control characters');
  const plan = oneOf(value.plan, PLANS, 'connection.plan');
  let customUrl = text(value.customUrl ?? '', 'connection.customUrl', 2048);
  if (plan === 'custom') {
    const address = checkServerAddress(customUrl);
    if (!address.ok) throw Object.assign(invalid('connection.customUrl', address.problem), { addressProblem: address.problem });
    customUrl = address.url;
  }
  return { apiKey, plan, customUrl };
}

export function parseDefaults(value: unknown): TranslationDefaults {
  if (!isRecord(value)) throw invalid('defaults', 'expected an object');
  const targetLang = text(value.targetLang, 'defaults.targetLang', 16).toUpperCase();
  if (!LANGUAGE_CODE.test(targetLang)) throw invalid('defaults.targetLang', 'not a language code');
  const sourceLang = text(value.sourceLang ?? '', 'defaults.sourceLang', 16).toUpperCase();
  if (sourceLang && !LANGUAGE_CODE.test(sourceLang)) throw invalid('defaults.sourceLang', 'not a language code');
  if (typeof value.bilingual !== 'boolean') throw invalid('defaults.bilingual', 'expected true or false');
  return {
    targetLang,
    sourceLang,
    formality: oneOf(value.formality, FORMALITIES, 'defaults.formality'),
    modelType: oneOf(value.modelType, MODEL_TYPES, 'defaults.modelType'),
    bilingual: value.bilingual,
  };
}

function hostList(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw invalid(field, 'expected a list');
  const hosts = value.map((host, i) => {
    const name = text(host, `${field}[${i}]`, 300).toLowerCase();
    if (!HOSTNAME.test(name)) throw invalid(`${field}[${i}]`, 'not a host name');
    return name;
  });
  return [...new Set(hosts)];
}

export function parseSiteRules(value: unknown): SiteRules {
  if (!isRecord(value)) throw invalid('siteRules', 'expected an object');
  return { always: hostList(value.always, 'siteRules.always'), never: hostList(value.never, 'siteRules.never') };
}

export function parseDefaultGlossaries(value: unknown): DefaultGlossaries {
  if (!isRecord(value)) throw invalid('defaultGlossaries', 'expected an object');
  const result: DefaultGlossaries = {};
  for (const [pair, id] of Object.entries(value)) {
    if (!PAIR_KEY.test(pair)) throw invalid(`defaultGlossaries.${pair}`, 'not a language pair');
    const glossaryId = text(id, `defaultGlossaries.${pair}`, 200);
    if (glossaryId) result[pair] = glossaryId;
  }
  return result;
}

// ── settings ─────────────────────────────────────────────────────────────────────────────

export async function readSettings(): Promise<SettingsSnapshot> {
  const [connection, defaults, siteRules, defaultGlossaries] = await Promise.all([
    connectionItem.getValue(),
    defaultsItem.getValue(),
    siteRulesItem.getValue(),
    defaultGlossariesItem.getValue(),
  ]);
  return { connection, defaults, siteRules, defaultGlossaries };
}

/** Validates every part first, so a bad part saves nothing; then writes the parts given. */
export async function saveSettings(patch: unknown): Promise<SettingsSnapshot> {
  if (!isRecord(patch)) throw invalid('settings', 'expected an object');
  const current = await readSettings();
  const connection = patch.connection === undefined ? undefined : parseConnection(patch.connection);
  const defaults = patch.defaults === undefined ? undefined : parseDefaults(patch.defaults);
  const siteRules = patch.siteRules === undefined ? undefined : parseSiteRules(patch.siteRules);
  const defaultGlossaries = patch.defaultGlossaries === undefined ? undefined : parseDefaultGlossaries(patch.defaultGlossaries);
  const plan = (connection ?? current.connection).plan;
  // The quality model exists only on the paid plan's address: every request would fail.
  if (plan === 'free' && (defaults ?? current.defaults).modelType === 'quality_optimized') {
    throw invalid('defaults.modelType', 'the quality model needs the paid plan');
  }
  const writes: Promise<void>[] = [];
  if (connection) {
    writes.push(connectionItem.setValue(connection));
    if (connection.plan !== current.connection.plan || connection.customUrl !== current.connection.customUrl || connection.apiKey !== current.connection.apiKey) {
      // Another address (or a key that now works) may list other languages.
      writes.push(languageCacheItem.removeValue());
    }
  }
  if (defaults) writes.push(defaultsItem.setValue(defaults));
  if (siteRules) writes.push(siteRulesItem.setValue(siteRules));
  if (defaultGlossaries) writes.push(defaultGlossariesItem.setValue(defaultGlossaries));
  await Promise.all(writes);
  return readSettings();
}

// ── connection test and languages ─────────────────────────────────────────────────────────

const PROBLEM_FOR_CODE: Partial<Record<string, ConnectionProblem>> = {
  auth: 'auth',
  network: 'unreachable',
  timeout: 'timeout',
  'not-found': 'wrong-address',
  'bad-response': 'not-api',
  'bad-request': 'not-api',
  'too-large': 'not-api',
  quota: 'quota',
  'rate-limit': 'rate-limit',
  server: 'server',
};

function asConnection(value: unknown): Connection {
  if (!isRecord(value)) throw invalid('connection', 'expected an object');
  return {
    apiKey: typeof value.apiKey === 'string' ? value.apiKey : '',
    plan: oneOf(value.plan, PLANS, 'connection.plan'),
    customUrl: typeof value.customUrl === 'string' ? value.customUrl : '',
  };
}

function validLanguages(list: Language[]): boolean {
  return list.length > 0 && list.every((lang) => typeof lang.language === 'string' && lang.language.length > 0);
}

export function createSettingsService(options: SettingsServiceOptions = {}) {
  const addresses = () => options.addresses ?? planAddresses(import.meta.env as Record<string, string | undefined>);
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<Language[]>>();

  async function rememberLanguages(type: LanguageType, baseUrl: string, languages: Language[]): Promise<void> {
    const cache = await languageCacheItem.getValue();
    await languageCacheItem.setValue({ ...cache, [type]: { baseUrl, fetchedAt: now(), languages } });
  }

  /** Never throws: every failure is a result the options page can put in words. No request without key, valid address and permission. */
  async function testConnection(connectionInput: unknown): Promise<ConnectionTestResult> {
    const connection = connectionInput === undefined ? await connectionItem.getValue() : asConnection(connectionInput);
    const resolved = resolveConnection(connection, addresses());
    if (!resolved.ok) return resolved.problem === 'bad-address' ? { ok: false, problem: 'bad-address', addressProblem: resolved.addressProblem } : { ok: false, problem: resolved.problem };
    const { baseUrl, apiKey } = resolved;
    if (!(await hasHostPermission(baseUrl))) return { ok: false, problem: 'permission', baseUrl };
    // One attempt: the user is waiting, and retrying a rejected key or a dead server tells nothing new.
    const client = createApiClient({ baseUrl, authKey: apiKey, fetch: options.fetch, retry: { attempts: 1 }, timeoutMs: options.testTimeoutMs ?? 10_000 });
    try {
      const languages = await client.languages('target');
      if (!validLanguages(languages)) return { ok: false, problem: 'not-api', baseUrl };
      await rememberLanguages('target', baseUrl, languages);
      return { ok: true, baseUrl, targetLanguages: languages.length };
    } catch (err) {
      const code = errorCode(err);
      const status = (err as { status?: unknown }).status;
      return {
        ok: false,
        problem: (code && PROBLEM_FOR_CODE[code]) || 'failed',
        baseUrl,
        ...(typeof status === 'number' ? { status } : {}),
        // The client keeps the key out of its errors; anything else is redacted here.
        ...(code ? {} : { detail: (err instanceof Error ? err.message : String(err)).split(apiKey).join('[key]') }),
      };
    }
  }

  /** The day-long cache when fresh, else the API, else a stale cache for this address, else the built-in list. */
  async function languages(type: LanguageType): Promise<LanguageList> {
    const fallback = { languages: [...(type === 'target' ? FALLBACK_TARGET_LANGUAGES : FALLBACK_SOURCE_LANGUAGES)], source: 'fallback' as const };
    const resolved = resolveConnection(await connectionItem.getValue(), addresses());
    if (!resolved.ok) return fallback;
    const { baseUrl, apiKey } = resolved;
    const cached = (await languageCacheItem.getValue())[type];
    const usable = cached && cached.baseUrl === baseUrl && validLanguages(cached.languages) ? cached : undefined;
    if (usable && now() - usable.fetchedAt < LANGUAGE_CACHE_MS && usable.fetchedAt <= now()) return { languages: usable.languages, source: 'cache' };
    if (!(await hasHostPermission(baseUrl))) return usable ? { languages: usable.languages, source: 'cache' } : fallback;
    const flightKey = `${type} ${baseUrl}`;
    let request = inFlight.get(flightKey);
    if (!request) {
      const client = createApiClient({ baseUrl, authKey: apiKey, fetch: options.fetch, retry: { attempts: 2 }, timeoutMs: 8_000 });
      request = client.languages(type).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, request);
    }
    try {
      const list = await request;
      if (!validLanguages(list)) throw new Error('empty language list');
      await rememberLanguages(type, baseUrl, list);
      return { languages: list, source: 'api' };
    } catch {
      return usable ? { languages: usable.languages, source: 'cache' } : fallback;
    }
  }

  return { testConnection, languages };
}

/** Opens the options page with the welcome panel when Glossa is first installed. */
export async function openWelcome(): Promise<void> {
  await browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}?welcome=1` });
}

export function registerSettingsService(options: SettingsServiceOptions = {}): void {
  const service = createSettingsService(options);

  onMessage('getSettings', ({ sender }) => {
    requireExtensionPage(sender);
    return readSettings();
  });
  onMessage('saveSettings', ({ data, sender }) => {
    requireExtensionPage(sender);
    return saveSettings(data as SettingsPatch);
  });
  onMessage('testConnection', ({ data, sender }) => {
    requireExtensionPage(sender);
    return service.testConnection(isRecord(data) ? data.connection : undefined);
  });
  onMessage('languages', ({ data, sender }) => {
    if (!isExtensionPage(sender) && !isContentScript(sender)) throw forbidden();
    const type = isRecord(data) && data.type === 'source' ? 'source' : 'target';
    return service.languages(type);
  });
  onMessage('cacheStats', ({ sender }) => {
    requireExtensionPage(sender);
    return cacheStats();
  });
  onMessage('clearCache', async ({ sender }) => {
    requireExtensionPage(sender);
    await clearCache();
    return cacheStats();
  });
  onMessage('usage', ({ sender }) => {
    requireExtensionPage(sender);
    return usageReport();
  });

  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void openWelcome();
  });
}
