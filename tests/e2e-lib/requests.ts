// Reading the local API server's request log (what Glossa sent), and the settings and pages
// the suites build their fixtures from; the same in both browsers.
import type { RequestRecord } from '../../server/index';
import type { ApiServer } from './harness';
import { waitUntil } from './wait';

/** Settings with a fixed target, so expected output can be computed with pseudoTranslate. */
export function defaults(targetLang: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { targetLang, sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false, ...extra };
}

export function translateRequests(log: readonly RequestRecord[], from = 0): RequestRecord[] {
  return log.slice(from).filter((r) => r.path === '/v2/translate');
}

/** The texts a translate request carried (empty when its params were not recorded, e.g. a malformed fault answered first). */
export function textsOf(record: RequestRecord): string[] {
  const text = (record.params as { text?: unknown } | undefined)?.text;
  return Array.isArray(text) ? text.filter((t): t is string => typeof t === 'string') : [];
}

/** How often each text was sent to /v2/translate since `from`. */
export function sendCounts(log: readonly RequestRecord[], from = 0): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of translateRequests(log, from)) for (const text of textsOf(record)) counts.set(text, (counts.get(text) ?? 0) + 1);
  return counts;
}

/** Waits until the server has received at least `count` translate requests since `from`. */
export async function waitForTranslateRequests(glossa: { api: ApiServer }, from: number, count = 1, timeoutMs = 20_000): Promise<void> {
  await waitUntil(() => translateRequests(glossa.api.log, from).length >= count, `${count} translate request(s)`, timeoutMs);
}

export const html = (title: string, body: string, lang = 'en', head = ''): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
