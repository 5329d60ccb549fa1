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
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from '../lib/chromium';
import { startServer } from '../../server/index';
import type { VisibilityFactory } from '../../utils/page/visibility';
import { median, type BenchSuite, type Figure } from './figure';
import { CASES } from '../../tests/e2e-both/hostile-cases';
import type { Faults } from '../../server/index';
import {
  apiCall, bundleEngine, createTranslator, KEY, LARGE_WIKI, largeWikipedia, LATENCY_MS, ORIGIN, packingMinimum, PAGES_DIR, ROOT,
  serveTranslator, sleep, SYNTHETIC, syntheticPage, warmUp, type Traffic,
} from './page-harness';

interface PageFigures {
  blocks: number;
  failed: number;
  firstTextMs: number;
  /** When the frame that showed the first translated text on screen was laid out. */
  firstShownMs: number;
  collectMs: number;
  totalMs: number;
  /** From the start until the engine was first idle (before any scrolling). */
  doneMs: number;
  longestTaskMs: number;
  longTasks: number;
  /** Longest script run inside a long animation frame (the engine is the only script on the page). */
  longestScriptMs: number;
  restoredExactly: boolean;
  /** When the engine was started (Date.now(), the clock the Node side uses too). */
  startedWall: number;
  reloadRequests?: number;
  reloadBlocks?: number;
  reloadChars?: number;
  /** The whole page translated with every block near the reader from the start (no scrolling, nothing cached). */
  translateAllMs?: number;
  translateAllLongestScriptMs?: number;
  /** Main-thread CPU time (ms) and layouts while the whole page is translated. */
  translateAllCpuMs?: number;
  translateAllLayouts?: number;
  /** Requests in flight every 100 ms while the whole page is translated. */
  translateAllInFlight?: number[];
  /** From the trigger to the engine's first translate call, the first request leaving, the first text on screen (whole page). */
  translateAllFirstCallMs?: number;
  translateAllFirstRequestMs?: number;
  translateAllFirstTextMs?: number;
  translateAllFirstShownMs?: number;
  /** Requests of the whole-page run against its packing minimum. */
  translateAllRequests?: number;
  translateAllPackingMinimum?: number;
  /** The whole page translated with every answer hostile (the server's hostile mode). */
  hostile?: { longestTaskMs: number; longTasks: number; longestScriptMs: number; failed: number; blocks: number; restoredExactly: boolean };
}

/**
 * A page counts as loaded once its network is quiet: the saved pages ask for hundreds of
 * resources this bench refuses, and the bench's own process was still busy with them for up
 * to half a second after 'load', long enough to hold up the first translate call it answers.
 */
const LOADED = { waitUntil: 'networkidle' } as const;

/** The server's hostile mode for the 1 MB page: every answer carries one of the hostile cases' markup before its translation. */
const hostileAnswer = (text: string, i: number) => `${CASES[i % CASES.length].payload} ${text}`;


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
    type Frame = { startTime: number; duration: number; renderStart: number; styleAndLayoutStart: number; scripts?: { duration: number; invoker: string }[] };
    const frames: Frame[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Frame[]) {
        if (entry.startTime < started) continue;
        frames.push(entry);
        for (const script of entry.scripts ?? []) longestScript = Math.max(longestScript, script.duration);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    // The longest frames, as `at:duration (script / rAF / style+layout)` in ms from the trigger (GLOSSA_BENCH_TIMELINE).
    const longestFrames = () => [...frames].sort((a, b) => b.duration - a.duration).slice(0, 5).map((f) => {
      const script = (f.scripts ?? []).reduce((n, x) => n + x.duration, 0);
      const end = f.startTime + f.duration;
      const layout = f.styleAndLayoutStart ? end - f.styleAndLayoutStart : 0;
      const raf = f.renderStart && f.styleAndLayoutStart ? f.styleAndLayoutStart - f.renderStart : 0;
      return `${Math.round(f.startTime - started)}:${Math.round(f.duration)} (${Math.round(script)} / ${Math.round(raf)} / ${Math.round(layout)})`;
    }).join(' ');
    let firstText = -1;
    // When the first translated text on screen was laid out (the frame that shows it): the IO
    // computes intersections after that frame's layout, and says when (`entry.time`).
    let firstShown = -1;
    // Which written elements are on screen is asked of an IntersectionObserver: reading
    // positions in the mutation callback would force a layout, a long task of the bench's own.
    const writtenAt = new Map<Element, number>();
    const onScreen = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const at = writtenAt.get(entry.target);
        if (at === undefined || !entry.isIntersecting || entry.boundingClientRect.width === 0) continue;
        if (firstText < 0 || at < firstText) firstText = at;
        const shown = entry.time - started;
        if (firstShown < 0 || shown < firstShown) firstShown = shown;
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
    const startedWall = Date.now();
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
    (window as unknown as { __glossaRun: unknown }).__glossaRun = { engine, original, watcher, onScreen, collectMs, doneMs, started, startedWall, stats: () => ({ longest, longTasks, firstText, firstShown, longestScript, frames: longestFrames() }) };
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
      engine: import('../../utils/page/engine').PageEngine; original: string; watcher: MutationObserver; onScreen: IntersectionObserver; collectMs: number; doneMs: number; started: number; startedWall: number;
      stats: () => { longest: number; longTasks: number; firstText: number; firstShown: number; longestScript: number; frames: string };
    };
    const run = (window as unknown as { __glossaRun: Run }).__glossaRun;
    await new Promise((r) => setTimeout(r, 200));
    await run.engine.idle();
    const totalMs = performance.now() - run.started;
    run.watcher.disconnect();
    run.onScreen.disconnect();
    const progress = run.engine.progress();
    const restoreAt = Math.round(performance.now() - run.started);
    await run.engine.restore();
    await new Promise((r) => setTimeout(r, 50));
    const { longest, longTasks, firstText, firstShown, longestScript, frames } = run.stats();
    return {
      blocks: progress.total, failed: progress.failed, firstTextMs: firstText, firstShownMs: firstShown, collectMs: run.collectMs, totalMs, doneMs: run.doneMs,
      longestTaskMs: longest, longTasks, longestScriptMs: longestScript, restoredExactly: document.body.innerHTML === run.original,
      startedWall: run.startedWall, restoreAt, frames,
    };
  });
  if (process.env.GLOSSA_BENCH_TIMELINE) process.stderr.write(`${mode}: longest frames (ms from the trigger:duration (script / rAF / style+layout)), Show original at ${figures.restoreAt}: ${figures.frames}\n`);
  return figures;
}

/** A reload: the same page loaded again, its translations known (the cache): nothing is sent again. */
async function reloadRun(page: Page, engineScript: string, traffic: Traffic, figures: PageFigures): Promise<void> {
  const requestsBefore = traffic.requests;
  const sentBefore = traffic.sent.length;
  await page.reload(LOADED);
  await translateOnce(page, engineScript);
  const resent = traffic.sent.slice(sentBefore);
  if (resent.length && process.env.GLOSSA_BENCH_SHOW_RESENT) process.stderr.write(`re-sent on reload:\n${resent.join('\n')}\n`);
  figures.reloadRequests = traffic.requests - requestsBefore;
  figures.reloadBlocks = resent.length;
  figures.reloadChars = resent.reduce((n, t) => n + t.length, 0);
}

async function runPage(browser: Browser, engineScript: string, html: string, serverUrl: string, traffic: Traffic, latency: Traffic, hostileFaults?: Faults): Promise<PageFigures> {
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
  await serveTranslator(page, () => translate);
  await page.goto(`${ORIGIN}/`, LOADED);
  // GLOSSA_BENCH_ALL_ONLY: only the whole-page figures (quicker comparisons of the time to translate it all).
  const allOnly = !!process.env.GLOSSA_BENCH_ALL_ONLY;
  // GLOSSA_BENCH_HOSTILE_ONLY: only the hostile-mode figures.
  const hostileOnly = !!process.env.GLOSSA_BENCH_HOSTILE_ONLY;
  let hostile: PageFigures['hostile'];
  if (hostileFaults) {
    // Every answer hostile, nothing known yet: no task of Glossa's may be long (its answers are parsed, checked and refused).
    translate = createTranslator(serverUrl, { requests: 0, billed: 0, sent: [], distinct: new Map() });
    const rule = hostileFaults.add({ fault: 'hostile', path: '/v2/translate', payload: hostileAnswer });
    const profiler = process.env.GLOSSA_BENCH_PROFILE ? await page.context().newCDPSession(page) : undefined;
    await profiler?.send('Profiler.enable');
    await profiler?.send('Profiler.start');
    const run = await translateOnce(page, engineScript, 'all');
    if (profiler) writeFileSync(process.env.GLOSSA_BENCH_PROFILE!, JSON.stringify((await profiler.send('Profiler.stop')).profile));
    hostileFaults.remove(rule);
    await page.reload(LOADED);
    translate = createTranslator(serverUrl, traffic);
    const { longestTaskMs, longTasks, longestScriptMs, failed, blocks, restoredExactly } = run;
    hostile = { longestTaskMs, longTasks, longestScriptMs, failed, blocks, restoredExactly };
    if (hostileOnly) {
      await context.close();
      return { hostile } as PageFigures;
    }
  }
  const figures = allOnly ? ({} as PageFigures) : await translateOnce(page, engineScript);
  figures.hostile = hostile;
  if (!allOnly) await reloadRun(page, engineScript, traffic, figures);
  // The whole page at once, nothing known yet: how long translating it takes, without the scrolling.
  translate = createTranslator(serverUrl, latency);
  await page.reload(LOADED);
  // From the top, as the page opens: a reload keeps the scroll position of the runs before (the
  // scroll run ends at the bottom), which puts the screen's blocks last in the walk.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Requests in flight over time, every 100 ms from the trigger.
  const inFlight: number[] = [];
  const sampler = setInterval(() => inFlight.push(latency.dispatcher?.stats.inFlight ?? 0), 100);
  // The main thread's CPU time and layouts while it works: unlike wall time, load on a shared machine barely moves them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async (name: string) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0;
  const [cpuBefore, layoutsBefore] = [await metric('ThreadTime'), await metric('LayoutCount')];
  // Where the main thread's time went (GLOSSA_BENCH_TIMELINE): milliseconds per kind of work.
  const SPLIT = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'];
  const splitBefore = await Promise.all(SPLIT.map(metric));
  // GLOSSA_BENCH_TRACE=<file>: the whole-page run's trace (<file>, Chrome's trace event format)
  // and its CPU profile (<file>.cpuprofile), to see what the main thread did.
  const tracePath = process.env.GLOSSA_BENCH_TRACE;
  const traceEvents: unknown[] = [];
  if (tracePath) {
    cdp.on('Tracing.dataCollected', ({ value }: { value: unknown[] }) => void traceEvents.push(...value));
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'], excludedCategories: ['*'] } as never });
  }
  const all = await translateOnce(page, engineScript, 'all');
  if (tracePath) {
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.end');
    await done;
    writeFileSync(tracePath, JSON.stringify(traceEvents));
    writeFileSync(`${tracePath}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  }
  figures.translateAllCpuMs = ((await metric('ThreadTime')) - cpuBefore) * 1000;
  figures.translateAllLayouts = (await metric('LayoutCount')) - layoutsBefore;
  if (process.env.GLOSSA_BENCH_TIMELINE) {
    const spent = (await Promise.all(SPLIT.map(metric))).map((v, i) => `${SPLIT[i].replace('Duration', '')} ${Math.round((v - splitBefore[i]) * 1000)}`);
    process.stderr.write(`all: main thread ms (until restored): ${spent.join(', ')}\n`);
  }
  await cdp.detach();
  clearInterval(sampler);
  figures.translateAllInFlight = inFlight;
  figures.translateAllMs = all.doneMs;
  figures.translateAllFirstCallMs = (latency.callTimes?.[0]?.at ?? NaN) - all.startedWall;
  figures.translateAllFirstRequestMs = (latency.requestTimes?.[0] ?? NaN) - all.startedWall;
  figures.translateAllFirstTextMs = all.firstTextMs;
  figures.translateAllFirstShownMs = all.firstShownMs;
  figures.translateAllRequests = latency.requests;
  figures.translateAllPackingMinimum = packingMinimum(latency);
  if (process.env.GLOSSA_BENCH_TIMELINE) {
    const at = (t: number) => Math.round(t - all.startedWall);
    process.stderr.write(`calls (ms after the trigger: blocks): ${(latency.callTimes ?? []).map((c) => `${at(c.at)}:${c.blocks}`).join(' ')}\nrequests (ms after the trigger): ${(latency.requestTimes ?? []).map(at).join(' ')}\n`);
  }
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
  await warmUp(server.url);
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
      const r = await runPage(browser, engineScript, html, server.url, traffic, { requests: 0, billed: 0, sent: [], distinct: new Map() }, file === LARGE_WIKI && !process.env.GLOSSA_BENCH_ALL_ONLY ? server.faults : undefined);
      // Characters of the distinct blocks as the page has them (before any escaping).
      const distinctChars = [...traffic.distinct.values()].reduce((n, b) => n + b.text.length, 0);
      const ranOn = `${file} (${Math.round(html.length / 1024)} KB), Chromium, ${LATENCY_MS} ms latency${engine.from === ROOT ? '' : `, engine of ${engine.from}`}`;
      const name = `page.${file.replace(/\.html$/, '')}`;
      if (!process.env.GLOSSA_BENCH_HOSTILE_ONLY) figures.push(
        { name: `${name}.blocks`, value: r.blocks, unit: 'count', ranOn },
        { name: `${name}.distinctBlocks`, value: traffic.distinct.size, unit: 'count', ranOn },
        { name: `${name}.failedBlocks`, value: r.failed, unit: 'count', ranOn, target: '0' },
        { name: `${name}.requests`, value: traffic.requests, unit: 'requests', ranOn, target: `packing minimum ${packingMinimum(traffic)}` },
        { name: `${name}.billedChars`, value: traffic.billed, unit: 'chars', ranOn, target: `≤ ${distinctChars} (distinct block chars)` },
        { name: `${name}.firstTextInViewport`, value: r.firstTextMs, unit: 'ms', ranOn, target: `< ${Math.round(roundTrip + 100)} ms (round trip + 100)` },
        { name: `${name}.firstTextShownInViewport`, value: r.firstShownMs, unit: 'ms', ranOn, target: 'the frame showing it laid out (a long restyle delays it)' },
        { name: `${name}.longestLongTask`, value: r.longestTaskMs, unit: 'ms', ranOn, target: `< 50 ms (${r.longTasks} tasks over 50 ms, rendering included)` },
        { name: `${name}.longestEngineScript`, value: r.longestScriptMs, unit: 'ms', ranOn, target: '< 50 ms (script part of long frames)' },
        { name: `${name}.collect`, value: r.collectMs, unit: 'ms', ranOn },
        { name: `${name}.total`, value: r.totalMs, unit: 'ms', ranOn, target: 'scrolling through the page included' },
        { name: `${name}.translateAll`, value: r.translateAllMs ?? -1, unit: 'ms', ranOn, target: 'every block near from the start, no scrolling' },
        { name: `${name}.translateAllMainThreadCpu`, value: r.translateAllCpuMs ?? -1, unit: 'ms', ranOn, target: `CPU time of the page's main thread (${r.translateAllLayouts ?? -1} layouts)` },
        { name: `${name}.translateAllFirstCall`, value: r.translateAllFirstCallMs ?? NaN, unit: 'ms', ranOn, target: 'from the trigger to the engine\'s first translate call (whole page)' },
        { name: `${name}.translateAllFirstRequest`, value: r.translateAllFirstRequestMs ?? NaN, unit: 'ms', ranOn, target: 'from the trigger to the first API request leaving (whole page)' },
        { name: `${name}.translateAllFirstText`, value: r.translateAllFirstTextMs ?? NaN, unit: 'ms', ranOn, target: 'from the trigger to the first translated text on screen (whole page)' },
        { name: `${name}.translateAllFirstTextShown`, value: r.translateAllFirstShownMs ?? NaN, unit: 'ms', ranOn, target: 'the frame showing it laid out (whole page)' },
        { name: `${name}.translateAllRequests`, value: r.translateAllRequests ?? NaN, unit: 'requests', ranOn, target: `packing minimum ${r.translateAllPackingMinimum ?? '?'} (+1 at most)` },
        { name: `${name}.translateAllPeakInFlight`, value: Math.max(0, ...(r.translateAllInFlight ?? [])), unit: 'requests', ranOn, target: `in flight per 100 ms: ${(r.translateAllInFlight ?? []).join(' ')}` },
        { name: `${name}.translateAllLongestEngineScript`, value: r.translateAllLongestScriptMs ?? -1, unit: 'ms', ranOn, target: '< 50 ms' },
        { name: `${name}.reloadRequests`, value: r.reloadRequests ?? -1, unit: 'requests', ranOn, target: `0 (${r.reloadBlocks} blocks, ${r.reloadChars} chars re-sent)` },
        { name: `${name}.restoredExactly`, value: r.restoredExactly ? 1 : 0, unit: 'count', ranOn, target: '1' },
      );
      if (r.hostile) {
        const h = r.hostile;
        figures.push(
          { name: `${name}.hostile.longestLongTask`, value: h.longestTaskMs, unit: 'ms', ranOn, target: `< 50 ms (every answer hostile: ${h.longTasks} tasks over 50 ms, ${h.failed} of ${h.blocks} blocks refused, restored exactly: ${h.restoredExactly})` },
          { name: `${name}.hostile.longestEngineScript`, value: h.longestScriptMs, unit: 'ms', ranOn, target: '< 50 ms (script part of long frames)' },
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  // Figures a partial run (GLOSSA_BENCH_ALL_ONLY) did not measure are left out.
  return figures.filter((f) => Number.isFinite(f.value));
};

export default suite;
