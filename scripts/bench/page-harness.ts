// What the page benchmarks share: the engine bundled as one script, the saved pages and the
// generated ones, and the background's path for a page's blocks in Node (the extension's own
// dispatcher, packing and deduplication) to the local API server with added latency.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiClient } from '../../utils/api/client';
import { ApiError } from '../../utils/shared/api-errors';
import { translateBody } from '../../utils/api/packing';
import { packRequests } from '../lib/packing-minimum';
import type { TranslateParams, TranslateResult } from '../../utils/shared/api-types';
import { createDispatcher, type DispatchItem, type Dispatcher } from '../../utils/background/translation/dispatcher';
import { escapePlainForHtml, plainFromHtml } from '../../utils/background/translation/plain-html';
import type { BlockRequest, BlockResult } from '../../utils/shared/protocol';

export const ROOT = resolve(import.meta.dirname, '../..');
export const PAGES_DIR = process.env.GLOSSA_PAGES_DIR ?? resolve(ROOT, '../shared/pages');
export const LATENCY_MS = Number(process.env.GLOSSA_BENCH_LATENCY_MS ?? 100);
export const KEY = 'bench-key';
export const ORIGIN = 'http://bench.glossa.test';

/**
 * The engine as one script that defines `window.__glossaBench`. `GLOSSA_BENCH_ENGINE` names
 * another checkout whose engine is measured instead (the same pages, server and background
 * path), for before/after comparisons on one machine; checkouts from before the engine moved
 * to utils/page have it in utils/dom and size their calls themselves.
 */
export async function bundleEngine(): Promise<{ script: string; from: string }> {
  const from = resolve(process.env.GLOSSA_BENCH_ENGINE ?? ROOT);
  const moved = existsSync(resolve(from, 'utils/page/engine.ts'));
  // The engine's extras (loaded on first need in the extension) are part of the script here.
  const extras = existsSync(resolve(from, 'utils/page/extras-provided.ts')) ? "import './utils/page/extras-provided'; " : '';
  const contents = moved
    ? extras + "import { createPageEngine } from './utils/page/engine'; import { PAGE_BATCH_LIMIT } from './utils/shared/limits'; (window as any).__glossaBench = { createPageEngine, limit: PAGE_BATCH_LIMIT };"
    : "import { createPageEngine } from './utils/dom/engine'; (window as any).__glossaBench = { createPageEngine };";
  const result = await build({
    stdin: { contents, resolveDir: from, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'chrome120',
    // GLOSSA_BENCH_PROFILE: readable names in the profile.
    minify: !process.env.GLOSSA_BENCH_PROFILE,
  });
  return { script: result.outputFiles[0].text, from };
}

/** What the Node side saw of one page's translation. */
export interface Traffic {
  requests: number;
  billed: number;
  /** Texts sent to the server (fresh, not served from the translations seen before). */
  sent: string[];
  /** Distinct texts as sent (by the text sent), with the block each was first sent for. */
  distinct: Map<string, BlockRequest>;
  /** The page's request parameters (without texts). */
  params?: Omit<TranslateParams, 'text'>;
  dispatcher?: Dispatcher;
  /** When each request left the dispatcher (Date.now(), the page's clock too). */
  requestTimes?: number[];
  /** When the page engine made each translate call (Date.now()), with its blocks. */
  callTimes?: { at: number; blocks: number }[];
  /** When each request's answer came back from the server (Date.now()). */
  answerTimes?: number[];
  /** When each call's answer was handed to the page (Date.now()). */
  returnTimes?: number[];
}

/** A generated 500 KB article (no scripts to strip), for the "even on a 500 KB page" target. */
export const SYNTHETIC = 'synthetic-500kb.html';

export function syntheticPage(bytes: number): string {
  const parts: string[] = ['<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long article</title></head><body><main>'];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const block = i % 10 === 0
      ? `<h2 id="s${i}">Section ${i}: notes on gardens and weather</h2>`
      : `<p>Paragraph ${i} explains how <a href="/p/${i}">the soil</a> holds <b>water</b> after rain, why <em>roots</em> need air, and what a gardener can do in week ${i % 52}.</p>`;
    parts.push(block);
    size += block.length;
  }
  parts.push('</main></body></html>');
  return parts.join('\n');
}

/** The Wikipedia article four times over (each copy's text made distinct): about 1 MB and 2,900 blocks. */
export const LARGE_WIKI = 'wikipedia-1mb.html';

export function largeWikipedia(raw: string): string {
  const open = raw.search(/<body\b[^>]*>/i);
  const start = raw.indexOf('>', open) + 1;
  const end = raw.lastIndexOf('</body>');
  const body = raw.slice(start, end);
  const copies = [body];
  for (let k = 2; k <= 4; k++) copies.push(body.replace(/>([^<>]*\p{L}[^<>]*)</gu, (_m, text: string) => `>${text} ${k}<`));
  return raw.slice(0, start) + copies.join('\n') + raw.slice(end);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Requests the distinct blocks need at the least: every distinct text as sent (plain text
 * escaped into HTML, one kind of request), in the order first seen, packed greedily at once
 * with the page's parameters, as the packing does.
 */
export function packingMinimum(traffic: Traffic): number {
  if (!traffic.distinct.size || !traffic.params) return 0;
  return packRequests([...traffic.distinct.keys()], traffic.params).requests.length;
}

/**
 * The background's path for a page's blocks, in Node: blocks deduplicated (within a call and
 * against those in flight), plain text escaped into HTML, oversized blocks split, and every
 * text queued in the extension's own dispatcher, which packs the waiting texts of all calls
 * into requests. Only the cache and glossaries are left out (a page is translated once here).
 */
/** One translate request to the local server after the added latency, counted in `traffic`. */
export function apiCall(serverUrl: string, traffic: Traffic) {
  return async (params: TranslateParams): Promise<TranslateResult> => {
    (traffic.requestTimes ??= []).push(Date.now());
    await sleep(LATENCY_MS);
    traffic.requests++;
    const response = await fetch(`${serverUrl}/v2/translate`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${KEY}`, 'Content-Type': 'application/json' },
      body: translateBody(params),
    });
    if (!response.ok) throw new ApiError('server', `HTTP ${response.status}: ${await response.text()}`);
    const reply = await response.json() as TranslateResult;
    (traffic.answerTimes ??= []).push(Date.now());
    traffic.billed += reply.billed_characters ?? 0;
    return reply;
  };
}

export function createTranslator(serverUrl: string, traffic: Traffic) {
  const call = apiCall(serverUrl, traffic);
  const client = { baseUrl: serverUrl, translate: (params: TranslateParams) => call(params) } as unknown as ApiClient;
  // The extension's own dispatcher as the background creates it (its limit adapts to the server).
  // GLOSSA_BENCH_FIRST_IN_FLIGHT: another starting limit, for before/after figures on one machine.
  const initial = Number(process.env.GLOSSA_BENCH_FIRST_IN_FLIGHT) || undefined;
  const dispatcher = createDispatcher(initial ? { adaptive: { initial } } : {});
  traffic.dispatcher = dispatcher;
  // Translations by the text sent: in flight or done (the service's in-flight map and cache).
  const translated = new Map<string, Promise<string>>();

  return async (blocks: BlockRequest[], targetLang = 'DE', context?: string, priority = false): Promise<{ results: BlockResult[]; billedCharacters: number }> => {
    (traffic.callTimes ??= []).push({ at: Date.now(), blocks: blocks.length });
    const owner = { billed: 0, site: 'bench' };
    const params: Omit<TranslateParams, 'text'> = {
      target_lang: targetLang, show_billed_characters: true, ...(context ? { context } : {}), tag_handling: 'html',
    };
    traffic.params ??= params;
    const group = JSON.stringify(params);
    const sentOf = (b: BlockRequest) => (b.format === 'text' ? escapePlainForHtml(b.text) : b.text);
    const fresh: string[] = [];
    const owned = new Map<string, (text: string | Error) => void>();
    for (const block of blocks) {
      const sent = sentOf(block);
      if (!traffic.distinct.has(sent)) traffic.distinct.set(sent, block);
      if (translated.has(sent)) continue;
      let settle!: (text: string | Error) => void;
      const promise = new Promise<string>((resolve, reject) => {
        settle = (v) => (v instanceof Error ? reject(v) : resolve(v));
      });
      promise.catch(() => undefined);
      translated.set(sent, promise);
      owned.set(sent, settle);
      fresh.push(sent);
      traffic.sent.push(sent);
    }
    const packed = packRequests(fresh, params);
    const parts = new Map<number, { texts: string[]; left: number }>();
    const items: DispatchItem[] = [];
    for (const request of packed.requests) {
      request.params.text.forEach((text, j) => {
        const index = request.indices[j];
        const part = parts.get(index) ?? { texts: [], left: 0 };
        parts.set(index, part);
        part.left++;
        const slot = part.texts.push('') - 1;
        items.push({
          text, group, params, client, owner,
          resolve: (t) => {
            part.texts[slot] = t.text;
            if (--part.left === 0) owned.get(fresh[index])!(part.texts.join(''));
          },
          reject: (error) => owned.get(fresh[index])!(error),
        });
      });
    }
    for (const index of packed.oversized) owned.get(fresh[index])!(new Error('too large'));
    await dispatcher.submit(items, priority);
    const results = await Promise.all(blocks.map(async (block): Promise<BlockResult> => {
      try {
        const text = await translated.get(sentOf(block))!;
        return { ok: true, text: block.format === 'text' ? plainFromHtml(text) : text };
      } catch (err) {
        return { ok: false, code: 'server', message: String(err) };
      }
    }));
    (traffic.returnTimes ??= []).push(Date.now());
    return { results, billedCharacters: owner.billed };
  };
}


/**
 * One call through the whole Node path (translator, dispatcher, local server) before anything
 * is measured: the first translation of a process compiled the server's code on the way and
 * took 50–60 ms longer, which counted against the first page's first screen.
 */
export async function warmUp(serverUrl: string): Promise<void> {
  const translate = createTranslator(serverUrl, { requests: 0, billed: 0, sent: [], distinct: new Map() });
  for (const target of ['DE', 'EN-US']) {
    await translate([{ text: '<p>The <b>first</b> request of the bench.</p>', format: 'html' }, { text: 'A second block, as plain text.', format: 'text' }], target, undefined, true);
  }
}

/** The Node side of a page's translate calls (createTranslator's function, or one swapped in later). */
export type Translator = ReturnType<typeof createTranslator>;

/**
 * Gives the page `window.__glossaTranslate(blocks, { targetLang, context, priority })`, which
 * reaches `translator()` by one of two paths:
 * - 'binding' (Playwright's exposeFunction), for the timing suites: one protocol message each
 *   way. A call reaches the translator 5–8 ms after the page makes it.
 * - 'fetch', a request that the bench answers (`page.route`), for the memory suite: the browser
 *   builds each answer from JSON, as it does the extension's messages. A binding builds answers
 *   by script in the page and compiles its own serialiser there, and the heap figures counted
 *   both as Glossa's. The path is longer: 10–17 ms per call on the 1 MB page, a frame more
 *   before the first screen than the binding.
 */
export async function serveTranslator(page: Page, translator: () => Translator, via: 'binding' | 'fetch' = 'binding'): Promise<void> {
  if (via === 'binding') {
    await page.exposeFunction('__glossaTranslate', (blocks: BlockRequest[], o: { context?: string; targetLang: string; priority: boolean }) =>
      translator()(blocks, o.targetLang, o.context, o.priority));
    return;
  }
  await page.route(`${ORIGIN}/__glossa-translate`, async (route) => {
    const o = route.request().postDataJSON() as { blocks: BlockRequest[]; targetLang: string; context?: string; priority: boolean };
    await translator()(o.blocks, o.targetLang, o.context, o.priority).then(
      (json) => route.fulfill({ json }),
      (err: unknown) => route.fulfill({ status: 500, body: err instanceof Error ? err.message : String(err) }),
    );
  });
  await page.addInitScript(`window.__glossaTranslate = async (blocks, o) => {
    const response = await fetch('/__glossa-translate', { method: 'POST', body: JSON.stringify({ blocks, ...o }) });
    if (!response.ok) throw Object.assign(new Error(await response.text()), { code: 'server' });
    return response.json();
  };`);
}

/**
 * `html` served alone at ORIGIN (everything else it asks for is refused), with the engine's
 * bundle and the translator in it, as the scroll suites start it. Loaded once the network is
 * quiet: the bench's process was busy with the page's refused resources for up to half a second
 * after 'load', long enough to hold up the first call.
 */
export async function openEnginePage(browser: Browser, html: string, engineScript: string, serverUrl: string, traffic: Traffic): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route('**/*', (route) => (route.request().url() === `${ORIGIN}/` ? route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }) : route.abort()));
  await page.addInitScript('window.__name = (f) => f;');
  const translate = createTranslator(serverUrl, traffic);
  await serveTranslator(page, () => translate);
  await page.goto(`${ORIGIN}/`, { waitUntil: 'networkidle' });
  await page.addScriptTag({ content: engineScript });
  return { context, page };
}
