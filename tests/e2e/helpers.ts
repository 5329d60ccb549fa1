// Shared helpers of the hardening end-to-end tests (tests/e2e/*.e2e.ts): reading the
// API server's request log, waiting on conditions, and watching a page for things that must
// never happen (requests it did not make itself, script that ran).
import type { BrowserContext, Page } from 'playwright-core';
import type { RequestRecord } from '../../server/index';
import type { Glossa } from './harness';

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

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Waits until the server has received at least `count` translate requests since `from`. */
export function waitForTranslateRequests(glossa: Glossa, from: number, count = 1, timeoutMs = 20_000): Promise<void> {
  return waitUntil(() => translateRequests(glossa.api.log, from).length >= count, timeoutMs, `${count} translate request(s)`);
}

/** Records every request the browser makes whose URL contains `needle` (e.g. a beacon path). */
export function watchRequests(context: BrowserContext, needle: string): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes(needle)) urls.push(request.url());
  };
  context.on('request', onRequest);
  return { urls, stop: () => context.off('request', onRequest) };
}

/** The badge text of the page's tab, as the toolbar shows it. */
export async function badgeText(glossa: Glossa, page: Page): Promise<string> {
  const tabId = await glossa.tabIdOf(page);
  return glossa.inWorker(async (id: number) => chrome.action.getBadgeText({ tabId: id }), tabId);
}

export async function badgeTitle(glossa: Glossa, page: Page): Promise<string> {
  const tabId = await glossa.tabIdOf(page);
  return glossa.inWorker(async (id: number) => chrome.action.getTitle({ tabId: id }), tabId);
}

export const html = (title: string, body: string, lang = 'en', head = ''): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
