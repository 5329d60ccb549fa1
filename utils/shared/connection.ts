// The connection to the API as the user configures it: checking a custom server address,
// resolving the address to call, match patterns for its host permission, and the outcome of a
// connection test in words. Shared by the options page (before saving) and the background
// (before calling); the permission calls themselves are utils/extension/host-permissions.ts.
import { t } from './i18n';
import { serverHost } from './hosts';
import { originPattern, planAddresses, type PlanAddresses } from './plan-addresses';
import type { Connection } from './settings';

type AddressProblem = 'empty' | 'malformed' | 'scheme' | 'credentials' | 'query' | 'fragment' | 'version-path' | 'insecure';

/** This computer: plain http:// to it never crosses a network. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

type AddressCheck = { ok: true; url: string } | { ok: false; problem: AddressProblem };

/**
 * Checks a custom server address: an http(s) URL with a host, no user name or password (the key
 * goes in a header, never in the URL), no query or fragment (Glossa appends paths), and not
 * ending in /v2 or /v3 (Glossa adds the version), and https unless the server runs on this
 * computer (loopback). Returns the address without trailing slashes.
 */
export function checkServerAddress(input: string): AddressCheck {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'empty' };
  // "api.example.com" or "localhost:8787" without a scheme: say what is missing.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { ok: false, problem: 'scheme' };
  if (/\s/.test(text)) return { ok: false, problem: 'malformed' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme' };
  if (!url.hostname) return { ok: false, problem: 'malformed' };
  const authority = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0];
  if (url.username || url.password || authority.includes('@')) return { ok: false, problem: 'credentials' };
  // A bare '?' or '#' leaves url.search/url.hash empty, so look at the text as well.
  if (url.search || text.includes('?')) return { ok: false, problem: 'query' };
  if (url.hash || text.includes('#')) return { ok: false, problem: 'fragment' };
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v[23]$/i.test(path)) return { ok: false, problem: 'version-path' };
  // Over plain http the key and every page's text would cross the network readable by anyone on it.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, problem: 'insecure' };
  return { ok: true, url: `${url.origin}${path}` };
}

/**
 * Whether a key can go in the Authorization header as it is: visible ASCII only. Pasted keys
 * sometimes carry spaces, line breaks or typographic characters, which fetch would refuse.
 */
export function isWellFormedKey(key: string): boolean {
  return /^[\x21-\x7e]*$/.test(key);
}

type ResolvedConnection =
  | { ok: true; baseUrl: string; apiKey: string }
  | { ok: false; problem: 'empty-key' | 'bad-key' }
  | { ok: false; problem: 'bad-address'; addressProblem: AddressProblem };

/** The address and key to call, or why no request may be made. Checks the key first. */
export function resolveConnection(connection: Connection, addresses: PlanAddresses = planAddresses(import.meta.env as Record<string, string | undefined>)): ResolvedConnection {
  const apiKey = connection.apiKey.trim();
  if (!apiKey) return { ok: false, problem: 'empty-key' };
  if (!isWellFormedKey(apiKey)) return { ok: false, problem: 'bad-key' };
  if (connection.plan === 'free') return { ok: true, baseUrl: addresses.free, apiKey };
  if (connection.plan === 'paid') return { ok: true, baseUrl: addresses.paid, apiKey };
  const address = checkServerAddress(connection.customUrl);
  if (!address.ok) return { ok: false, problem: 'bad-address', addressProblem: address.problem };
  return { ok: true, baseUrl: address.url, apiKey };
}

/** The host permission pattern that lets the background call `baseUrl`. */
export function hostPermissionPattern(baseUrl: string): string {
  return originPattern(baseUrl);
}

/** Whether a match pattern (as permissions.getAll lists them) covers the URL's host. */
export function patternCovers(pattern: string, url: string): boolean {
  if (pattern === '<all_urls>') return /^(https?|wss?|ftp|file):/.test(url);
  const match = /^(\*|https?|wss?|ftp|file):\/\/([^/]*)(\/.*)$/.exec(pattern);
  if (!match) return false;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const [, scheme, host] = match;
  const protocol = target.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : scheme !== protocol) return false;
  // Match patterns ignore ports in Chromium; drop one if present.
  const hostOnly = host.replace(/:\d+$/, '').toLowerCase();
  const hostname = target.hostname.toLowerCase();
  if (hostOnly === '*') return true;
  if (hostOnly.startsWith('*.')) {
    const domain = hostOnly.slice(2);
    return hostname === domain || hostname.endsWith(`.${domain}`);
  }
  return hostname === hostOnly;
}

/** Whether any of the granted origins covers the URL. */
export function originsCover(origins: readonly string[], url: string): boolean {
  return origins.some((pattern) => patternCovers(pattern, url));
}

/** Granted optional origins that exist only for `host` (site rules), for removal. */
export function siteOrigins(granted: readonly string[], host: string): string[] {
  const wanted = host.toLowerCase();
  return granted.filter((pattern) => {
    const match = /^(?:\*|https?):\/\/([^/]+)\/\*$/.exec(pattern);
    return match !== null && match[1].toLowerCase() === wanted;
  });
}

// ── connection test outcome ───────────────────────────────────────────────────────────────

export type ConnectionProblem =
  | 'empty-key'
  | 'bad-key'
  | 'bad-address'
  | 'permission'
  | 'auth'
  | 'unreachable'
  | 'timeout'
  | 'wrong-address'
  | 'not-api'
  | 'quota'
  | 'rate-limit'
  | 'server'
  | 'failed';

export type ConnectionTestResult =
  | { ok: true; baseUrl: string; targetLanguages: number }
  | { ok: false; problem: ConnectionProblem; baseUrl?: string; addressProblem?: AddressProblem; status?: number; detail?: string };

export function describeAddressProblem(problem: AddressProblem): string {
  switch (problem) {
    case 'empty': return t('optionsAddressEmpty');
    case 'malformed': return t('optionsAddressMalformed');
    case 'scheme': return t('optionsAddressScheme');
    case 'credentials': return t('optionsAddressCredentials');
    case 'query': return t('optionsAddressQuery');
    case 'fragment': return t('optionsAddressFragment');
    case 'version-path': return t('optionsAddressVersionPath');
    case 'insecure': return t('optionsAddressInsecure');
  }
}

/** The outcome of a connection test in the user's words, naming the way out. */
export function describeTestResult(result: ConnectionTestResult): string {
  if (result.ok) return t('optionsTestOk', [String(result.targetLanguages), serverHost(result.baseUrl)]);
  const host = serverHost(result.baseUrl);
  const status = result.status === undefined ? '' : String(result.status);
  switch (result.problem) {
    case 'empty-key': return t('optionsTestEmptyKey');
    case 'bad-key': return t('optionsKeyMalformed');
    case 'bad-address': return describeAddressProblem(result.addressProblem ?? 'malformed');
    case 'permission': return t('optionsTestPermission', host);
    case 'auth': return t('optionsTestAuth', status || '403');
    case 'unreachable': return t('optionsTestUnreachable', host);
    case 'timeout': return t('optionsTestTimeout', host);
    case 'wrong-address': return t('optionsTestWrongAddress', [host, status || '404']);
    case 'not-api': return t('optionsTestNotApi', host);
    case 'quota': return t('optionsTestQuota');
    case 'rate-limit': return t('optionsTestRateLimit');
    case 'server': return t('optionsTestServer', [host, status || '500']);
    case 'failed': return t('optionsTestFailed', result.detail ?? '');
  }
}

/** The API address for a connection as saved (checked or not: see resolveConnection). */
export function apiBaseUrl(connection: Connection, addresses = planAddresses(import.meta.env as Record<string, string | undefined>)): string {
  if (connection.plan === 'free') return addresses.free;
  if (connection.plan === 'paid') return addresses.paid;
  return connection.customUrl.replace(/\/+$/, '');
}
