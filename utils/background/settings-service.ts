// The background side of the options page: reading and saving settings, testing the
// connection, the language lists (cached for a day), the translation cache and usage figures,
// and the first-run welcome. Settings carry the API key, so only the extension's own pages may
// read or change them; the language list is harmless and answers content scripts too.
import { browser } from 'wxt/browser';
import { createApiClient } from '../api/client';
import { errorCode } from '../shared/api-errors';
import type { Language } from '../shared/api-types';
import { checkServerAddress, resolveConnection, type ConnectionProblem, type ConnectionTestResult } from '../shared/connection';
import { hasHostPermission } from '../extension/host-permissions';
import { FALLBACK_SOURCE_LANGUAGES, FALLBACK_TARGET_LANGUAGES } from '../shared/languages';
import { afterStartup } from './lifecycle';
import { onBackgroundMessage } from '../shared/messages-to-background';
import type { LanguageList, SettingsPatch, SettingsSnapshot } from '../shared/protocol';
import { planAddresses, type PlanAddresses } from '../shared/plan-addresses';
import { connectionItem, defaultGlossariesItem, defaultsItem, siteRulesItem } from '../extension/settings-store';
import type { Connection } from '../shared/settings';
import { definePrivateItem } from '../extension/private-storage';
import { cacheStats, clearCache } from './translation/cache';
import { clearTraces } from './private-traces';
import { usageReport } from './translation/usage';
import { modelAllowed } from '../shared/model-for-plan';

export const LANGUAGE_CACHE_MS = 24 * 60 * 60 * 1000;

type LanguageType = 'source' | 'target';

interface CachedLanguages {
  baseUrl: string;
  fetchedAt: number;
  languages: Language[];
}

/** GET /v2/languages answers per address, kept a day so the popup opens without a request. The address may be a custom server's: private storage. */
export const languageCacheItem = definePrivateItem<Partial<Record<LanguageType, CachedLanguages>>>('languageCache', {});

interface SettingsServiceOptions {
  /** Injected in tests; the background's global fetch otherwise. */
  fetch?: typeof fetch;
  addresses?: PlanAddresses;
  now?: () => number;
  /** How long a connection test waits for the server. */
  testTimeoutMs?: number;
}

// ── settings ─────────────────────────────────────────────────────────────────────────────

async function readSettings(): Promise<SettingsSnapshot> {
  const [connection, defaults, siteRules, defaultGlossaries] = await Promise.all([
    connectionItem.getValue(),
    defaultsItem.getValue(),
    siteRulesItem.getValue(),
    defaultGlossariesItem.getValue(),
  ]);
  return { connection, defaults, siteRules, defaultGlossaries };
}

function invalid(field: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${field}: ${message}`), { code: 'invalid-settings', field, ...extra });
}

/** A custom server's address, normalised, or the problem with it named for the options page. */
function withCheckedAddress(connection: Connection): Connection {
  if (connection.plan !== 'custom') return connection;
  const address = checkServerAddress(connection.customUrl);
  if (!address.ok) throw invalid('connection.customUrl', address.problem, { addressProblem: address.problem });
  return { ...connection, customUrl: address.url };
}

/** Writes the parts given (checked whole by the saveSettings schema, so a bad part saves nothing). */
export async function saveSettings(patch: SettingsPatch): Promise<SettingsSnapshot> {
  const current = await readSettings();
  const { defaults, siteRules, defaultGlossaries } = patch;
  const connection = patch.connection && withCheckedAddress(patch.connection);
  const plan = (connection ?? current.connection).plan;
  // The quality model exists only on the paid plan's address: every request would fail.
  if (!modelAllowed((defaults ?? current.defaults).modelType, plan)) {
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

function validLanguages(list: Language[]): boolean {
  return list.length > 0 && list.every((lang) => typeof lang.language === 'string' && lang.language.length > 0);
}

function createSettingsService(options: SettingsServiceOptions = {}) {
  const addresses = () => options.addresses ?? planAddresses(import.meta.env as Record<string, string | undefined>);
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<Language[]>>();

  async function rememberLanguages(type: LanguageType, baseUrl: string, languages: Language[]): Promise<void> {
    const cache = await languageCacheItem.getValue();
    await languageCacheItem.setValue({ ...cache, [type]: { baseUrl, fetchedAt: now(), languages } });
  }

  /** Never throws: every failure is a result the options page can put in words. No request without key, valid address and permission. */
  async function testConnection(draft?: Connection): Promise<ConnectionTestResult> {
    const connection = draft ?? (await connectionItem.getValue());
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
async function openWelcome(): Promise<void> {
  await browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}?welcome=1` });
}

export function registerSettingsService(options: SettingsServiceOptions = {}): void {
  const service = createSettingsService(options);

  // Senders and data are checked by the protocol (utils/shared/messages-to-background.ts).
  onBackgroundMessage('getSettings', () => readSettings());
  onBackgroundMessage('saveSettings', ({ data }) => saveSettings(data));
  onBackgroundMessage('testConnection', ({ data }) => service.testConnection(data.connection));
  onBackgroundMessage('languages', ({ data }) => service.languages(data.type ?? 'target'));
  onBackgroundMessage('cacheStats', () => cacheStats());
  onBackgroundMessage('clearCache', async () => {
    await clearCache();
    await clearTraces();
    return cacheStats();
  });
  onBackgroundMessage('usage', () => usageReport());
  onBackgroundMessage('clearPrivateTraces', () => clearTraces());

  browser.runtime.onInstalled.addListener(afterStartup(async ({ reason }: { reason: string }) => {
    if (reason === 'install') await openWelcome();
  }));
}
