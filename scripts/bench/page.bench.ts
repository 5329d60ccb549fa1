// The page engine on real saved pages (../shared/pages) in the system Chromium: the engine is
// bundled as a script and injected into each page; its translate function goes, in Node, the
// background's way (dedupe, plain text escaped into HTML, the extension's own dispatcher packing
// the texts of all calls) to the local API server, with added latency as a network would have.
// Figures per page: blocks, distinct blocks, requests against the packing minimum, billed
// characters against distinct block characters, time to the first translated text on screen,
// the longest main-thread task, collection time, total time (scrolling included), the time to
// translate the whole page with every block near from the start (no scrolling, nothing cached),
// and what a reload sends again. `GLOSSA_BENCH_ENGINE=<checkout>` measures another checkout's
// engine on the same pages, for before/after figures. Skipped when the pages are absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from '../lib/chromium';
import { startServer } from '../../server/index';
import type { ApiClient } from '../../utils/api/client';
import { ApiError } from '../../utils/shared/api-errors';
import { packRequests, translateBody } from '../../utils/api/packing';
import type { TranslateParams, TranslateResult } from '../../utils/shared/api-types';
import { createDispatcher, type DispatchItem } from '../../utils/background/translation/dispatcher';
import { escapePlainForHtml, plainFromHtml } from '../../utils/background/translation/plain-html';
import type { BlockRequest, BlockResult } from '../../utils/shared/protocol';
import type { VisibilityFactory } from '../../utils/page/visibility';
import { median, type BenchSuite, type Figure } from './figure';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES_DIR = process.env.GLOSSA_PAGES_DIR ?? resolve(ROOT, '../shared/pages');
const LATENCY_MS = Number(process.env.GLOSSA_BENCH_LATENCY_MS ?? 100);
const KEY = 'bench-key';
const ORIGIN = 'http://bench.glossa.test';

/**
 * The engine as one script that defines `window.__glossaBench`. `GLOSSA_BENCH_ENGINE` names
 * another checkout whose engine is measured instead (the same pages, server and background
 * path), for before/after comparisons on one machine; checkouts from before the engine moved
 * to utils/page have it in utils/dom and size their calls themselves.
 */
async function bundleEngine(): Promise<{ script: string; from: string }> {
  const from = resolve(process.env.GLOSSA_BENCH_ENGINE ?? ROOT);
  const moved = existsSync(resolve(from, 'utils/page/engine.ts'));
  const contents = moved
    ? "import { createPageEngine } from './utils/page/engine'; import { PAGE_BATCH_LIMIT } from './utils/shared/limits'; (window as any).__glossaBench = { createPageEngine, limit: PAGE_BATCH_LIMIT };"
    : "import { createPageEngine } from './utils/dom/engine'; (window as any).__glossaBench = { createPageEngine };";
  const result = await build({
    stdin: { contents, resolveDir: from, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'chrome120',
    minify: true,
  });
  return { script: result.outputFiles[0].text, from };
}

interface PageFigures {
  blocks: number;
  failed: number;
  firstTextMs: number;
  collectMs: number;
  totalMs: number;
  /** From the start until the engine was first idle (before any scrolling). */
  doneMs: number;
  longestTaskMs: number;
  longTasks: number;
  /** Longest script run inside a long animation frame (the engine is the only script on the page). */
  longestScriptMs: number;
  restoredExactly: boolean;
  reloadRequests?: number;
  reloadBlocks?: number;
  reloadChars?: number;
  /** The whole page translated with every block near the reader from the start (no scrolling, nothing cached). */
  translateAllMs?: number;
  translateAllLongestScriptMs?: number;
}

/** What the Node side saw of one page's translation. */
interface Traffic {
  requests: number;
  billed: number;
  /** Texts sent to the server (fresh, not served from the translations seen before). */
  sent: string[];
  /** Distinct texts as sent (by the text sent), with the block each was first sent for. */
  distinct: Map<string, BlockRequest>;
  /** The page's request parameters (without texts). */
  params?: Omit<TranslateParams, 'text'>;
}

/** A generated 500 KB article (no scripts to strip), for the "even on a 500 KB page" target. */
const SYNTHETIC = 'synthetic-500kb.html';

function syntheticPage(bytes: number): string {
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
const LARGE_WIKI = 'wikipedia-1mb.html';

function largeWikipedia(raw: string): string {
  const open = raw.search(/<body\b[^>]*>/i);
  const start = raw.indexOf('>', open) + 1;
  const end = raw.lastIndexOf('</body>');
  const body = raw.slice(start, end);
  const copies = [body];
  for (let k = 2; k <= 4; k++) copies.push(body.replace(/>([^<>]*\p{L}[^<>]*)</gu, (_m, text: string) => `>${text} ${k}<`));
  return raw.slice(0, start) + copies.join('\n') + raw.slice(end);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Requests the distinct blocks need at the least: every distinct text as sent (plain text
 * escaped into HTML, one kind of request), in the order first seen, packed greedily at once
 * with the page's parameters, as the packing does.
 */
function packingMinimum(traffic: Traffic): number {
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
function apiCall(serverUrl: string, traffic: Traffic) {
  return async (params: TranslateParams): Promise<TranslateResult> => {
    await sleep(LATENCY_MS);
    traffic.requests++;
    const response = await fetch(`${serverUrl}/v2/translate`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${KEY}`, 'Content-Type': 'application/json' },
      body: translateBody(params),
    });
    if (!response.ok) throw new ApiError('server', `HTTP ${response.status}: ${await response.text()}`);
    const reply = await response.json() as TranslateResult;
    traffic.billed += reply.billed_characters ?? 0;
    return reply;
  };
}

function createTranslator(serverUrl: string, traffic: Traffic) {
  const call = apiCall(serverUrl, traffic);
  const client = { baseUrl: serverUrl, translate: (params: TranslateParams) => call(params) } as unknown as ApiClient;
  const dispatcher = createDispatcher({ concurrency: 3 });
  // Translations by the text sent: in flight or done (the service's in-flight map and cache).
  const translated = new Map<string, Promise<string>>();

  return async (blocks: BlockRequest[], targetLang = 'DE', context?: string, priority = false): Promise<{ results: BlockResult[]; billedCharacters: number }> => {
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
    return { results, billedCharacters: owner.billed };
  };
}

/**
 * Translates the loaded page with the engine: 'scroll' scrolls through it as a reader would;
 * 'all' treats every block as near the reader from the start (no scrolling), so the time to
 * idle is the time to translate the whole page.
 */
async function translateOnce(page: Page, engineScript: string, mode: 'scroll' | 'all' = 'scroll'): Promise<PageFigures> {
  await page.addScriptTag({ content: engineScript });
  await page.evaluate(async (mode) => {
    type Bench = { createPageEngine: typeof import('../../utils/page/engine').createPageEngine; limit: import('../../utils/shared/limits').BatchLimit };
    const w = window as unknown as { __glossaBench: Bench; __glossaTranslate: (b: unknown, o: { context?: string; targetLang: string; priority: boolean }) => Promise<never> };
    const original = document.body.innerHTML;
    let longest = 0;
    let longTasks = 0;
    let started = Infinity;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime + entry.duration < started) continue;
        longTasks++;
        longest = Math.max(longest, entry.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
    // Long frames split into script (the engine is the only script here) and rendering.
    let longestScript = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { scripts?: { duration: number }[] }[]) {
        if (entry.startTime < started) continue;
        for (const script of (entry as unknown as { scripts: { duration: number }[] }).scripts ?? []) longestScript = Math.max(longestScript, script.duration);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    let firstText = -1;
    // Which written elements are on screen is asked of an IntersectionObserver: reading
    // positions in the mutation callback would force a layout, a long task of the bench's own.
    const writtenAt = new Map<Element, number>();
    const onScreen = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const at = writtenAt.get(entry.target);
        if (at === undefined || !entry.isIntersecting || entry.boundingClientRect.width === 0) continue;
        if (firstText < 0 || at < firstText) firstText = at;
      }
    });
    const watcher = new MutationObserver((records) => {
      if (firstText >= 0) return;
      const now = performance.now() - started;
      for (const record of records) {
        const el = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement;
        if (!el || writtenAt.has(el)) continue;
        writtenAt.set(el, now);
        onScreen.observe(el);
      }
    });
    watcher.observe(document.body, { subtree: true, characterData: true, childList: true });
    started = performance.now();
    // German into English, everything else into German: text already in the target is not sent.
    const targetLang = /^de\b/i.test(document.documentElement.lang) ? 'EN-US' : 'DE';
    // Everything near: one observer whose margin covers the whole page; on screen is 'viewport'.
    const everything: VisibilityFactory = (onNear) => {
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const rect = entry.boundingClientRect;
          onNear(entry.target, rect.bottom > 0 && rect.top < innerHeight ? 'viewport' : 'nearby');
        }
      }, { rootMargin: '1000000px 0px 1000000px 0px' });
      return { observe: (el) => observer.observe(el), unobserve: (el) => observer.unobserve(el), disconnect: () => observer.disconnect() };
    };
    const engine = w.__glossaBench.createPageEngine({
      // As the content script does: blocks on screen go first in the background's queue.
      translate: (blocks, info) => w.__glossaTranslate(blocks, { targetLang, priority: info.priority === 'viewport' }),
      limit: w.__glossaBench.limit,
      job: { targetLang, sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
      ...(mode === 'all' ? { visibility: everything } : {}),
    });
    await engine.start();
    const collectMs = performance.now() - started;
    await engine.idle();
    const doneMs = performance.now() - started;
    (window as unknown as { __glossaRun: unknown }).__glossaRun = { engine, original, watcher, onScreen, collectMs, doneMs, started, stats: () => ({ longest, longTasks, firstText, longestScript }) };
  }, mode);
  // Scroll through the page as a user would (wheel input, a screen every 150 ms), so content
  // far below is translated too; the scrolling is the browser's, not a script forcing layout.
  const height = mode === 'scroll' ? await page.evaluate(() => document.documentElement.scrollHeight) : 0;
  await page.mouse.move(640, 400);
  for (let y = 0; y < height; y += 800) {
    await page.mouse.wheel(0, 800);
    await sleep(150);
  }
  const figures = await page.evaluate(async () => {
    type Run = {
      engine: import('../../utils/page/engine').PageEngine; original: string; watcher: MutationObserver; onScreen: IntersectionObserver; collectMs: number; doneMs: number; started: number;
      stats: () => { longest: number; longTasks: number; firstText: number; longestScript: number };
    };
    const run = (window as unknown as { __glossaRun: Run }).__glossaRun;
    await new Promise((r) => setTimeout(r, 200));
    await run.engine.idle();
    const totalMs = performance.now() - run.started;
    run.watcher.disconnect();
    run.onScreen.disconnect();
    const progress = run.engine.progress();
    await run.engine.restore();
    await new Promise((r) => setTimeout(r, 50));
    const { longest, longTasks, firstText, longestScript } = run.stats();
    return {
      blocks: progress.total, failed: progress.failed, firstTextMs: firstText, collectMs: run.collectMs, totalMs, doneMs: run.doneMs,
      longestTaskMs: longest, longTasks, longestScriptMs: longestScript, restoredExactly: document.body.innerHTML === run.original,
    };
  });
  return figures;
}

async function runPage(browser: Browser, engineScript: string, html: string, serverUrl: string, traffic: Traffic, latency: Traffic): Promise<PageFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Saved pages reference remote resources this network refuses: serve the page, drop the rest.
  await page.route('**/*', (route) => {
    if (route.request().url() === `${ORIGIN}/`) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    return route.abort();
  });
  // tsx compiles the evaluated function with esbuild's keepNames, which calls a `__name` helper.
  await page.addInitScript('window.__name = (f) => f;');
  let translate = createTranslator(serverUrl, traffic);
  await page.exposeFunction('__glossaTranslate', (blocks: BlockRequest[], o: { context?: string; targetLang: string; priority: boolean }) => translate(blocks, o.targetLang, o.context, o.priority));
  await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
  const figures = await translateOnce(page, engineScript);
  // A reload: the same page loaded again, its translations known (the cache): nothing is sent again.
  const requestsBefore = traffic.requests;
  const sentBefore = traffic.sent.length;
  await page.reload({ waitUntil: 'load' });
  await translateOnce(page, engineScript);
  const resent = traffic.sent.slice(sentBefore);
  if (resent.length && process.env.GLOSSA_BENCH_SHOW_RESENT) process.stderr.write(`re-sent on reload:\n${resent.join('\n')}\n`);
  figures.reloadRequests = traffic.requests - requestsBefore;
  figures.reloadBlocks = resent.length;
  figures.reloadChars = resent.reduce((n, t) => n + t.length, 0);
  // The whole page at once, nothing known yet: how long translating it takes, without the scrolling.
  translate = createTranslator(serverUrl, latency);
  await page.reload({ waitUntil: 'load' });
  const all = await translateOnce(page, engineScript, 'all');
  figures.translateAllMs = all.doneMs;
  figures.translateAllLongestScriptMs = all.longestScriptMs;
  await context.close();
  return figures;
}

const suite: BenchSuite = async () => {
  if (!existsSync(PAGES_DIR)) {
    process.stderr.write(`page.bench: ${PAGES_DIR} not found, skipped\n`);
    return [];
  }
  const saved = readdirSync(PAGES_DIR).filter((f) => f.endsWith('.html')).sort();
  const files = [...saved, SYNTHETIC, ...(saved.includes('wikipedia.html') ? [LARGE_WIKI] : [])];
  const only = process.env.GLOSSA_BENCH_PAGES?.split(',');
  const engine = await bundleEngine();
  const engineScript = engine.script;
  const server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // One round trip of a small request, for the time-to-first-text target.
  const probe = apiCall(server.url, { requests: 0, billed: 0, sent: [], distinct: new Map() });
  const trips: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    await probe({ text: [`Hello ${i}`], target_lang: 'DE', tag_handling: 'html', show_billed_characters: true });
    if (i > 0) trips.push(performance.now() - t0);
  }
  const roundTrip = median(trips);
  const figures: Figure[] = [];
  try {
    for (const file of files) {
      if (only && !only.some((o) => file.includes(o))) continue;
      // Page scripts are left out: they would fail without their network and blur whose tasks are long.
      const raw = file === SYNTHETIC ? syntheticPage(500 * 1024)
        : file === LARGE_WIKI ? largeWikipedia(readFileSync(resolve(PAGES_DIR, 'wikipedia.html'), 'utf8'))
          : readFileSync(resolve(PAGES_DIR, file), 'utf8');
      const html = raw.replace(/<script\b[\s\S]*?<\/script>/gi, '');
      const traffic: Traffic = { requests: 0, billed: 0, sent: [], distinct: new Map() };
      const r = await runPage(browser, engineScript, html, server.url, traffic, { requests: 0, billed: 0, sent: [], distinct: new Map() });
      // Characters of the distinct blocks as the page has them (before any escaping).
      const distinctChars = [...traffic.distinct.values()].reduce((n, b) => n + b.text.length, 0);
      const ranOn = `${file} (${Math.round(html.length / 1024)} KB), Chromium, ${LATENCY_MS} ms latency${engine.from === ROOT ? '' : `, engine of ${engine.from}`}`;
      const name = `page.${file.replace(/\.html$/, '')}`;
      figures.push(
        { name: `${name}.blocks`, value: r.blocks, unit: 'count', ranOn },
        { name: `${name}.distinctBlocks`, value: traffic.distinct.size, unit: 'count', ranOn },
        { name: `${name}.failedBlocks`, value: r.failed, unit: 'count', ranOn, target: '0' },
        { name: `${name}.requests`, value: traffic.requests, unit: 'requests', ranOn, target: `packing minimum ${packingMinimum(traffic)}` },
        { name: `${name}.billedChars`, value: traffic.billed, unit: 'chars', ranOn, target: `≤ ${distinctChars} (distinct block chars)` },
        { name: `${name}.firstTextInViewport`, value: r.firstTextMs, unit: 'ms', ranOn, target: `< ${Math.round(roundTrip + 100)} ms (round trip + 100)` },
        { name: `${name}.longestLongTask`, value: r.longestTaskMs, unit: 'ms', ranOn, target: `< 50 ms (${r.longTasks} tasks over 50 ms, rendering included)` },
        { name: `${name}.longestEngineScript`, value: r.longestScriptMs, unit: 'ms', ranOn, target: '< 50 ms (script part of long frames)' },
        { name: `${name}.collect`, value: r.collectMs, unit: 'ms', ranOn },
        { name: `${name}.total`, value: r.totalMs, unit: 'ms', ranOn, target: 'scrolling through the page included' },
        { name: `${name}.translateAll`, value: r.translateAllMs ?? -1, unit: 'ms', ranOn, target: 'every block near from the start, no scrolling' },
        { name: `${name}.translateAllLongestEngineScript`, value: r.translateAllLongestScriptMs ?? -1, unit: 'ms', ranOn, target: '< 50 ms' },
        { name: `${name}.reloadRequests`, value: r.reloadRequests ?? -1, unit: 'requests', ranOn, target: `0 (${r.reloadBlocks} blocks, ${r.reloadChars} chars re-sent)` },
        { name: `${name}.restoredExactly`, value: r.restoredExactly ? 1 : 0, unit: 'count', ranOn, target: '1' },
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return figures;
};

export default suite;
