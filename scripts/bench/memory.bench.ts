// What a translated page costs in memory, on the 1 MB page in Chromium: the page's JS heap and
// DOM nodes after a forced collection, untranslated, translated (the whole page, every block
// near from the start) and after "Show original", and whether ten translate/restore cycles on
// the same page make either grow (a leak). The engine runs in the page's world here (in the
// extension it runs in the content script's world of the same heap).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { findChromium } from '../lib/chromium';
import { startServer } from '../../server/index';
import type { BenchSuite, Figure } from './figure';
import { blinkHeap, censusGrowth, compiledCode, heapCensus, jsData, type Census } from './heap-census';
import { measureWorker, type HeapReading } from './worker-memory';
import { bundleEngine, createTranslator, KEY, LARGE_WIKI, largeWikipedia, LATENCY_MS, ORIGIN, PAGES_DIR, ROOT, serveTranslator, type Traffic } from './page-harness';

const CYCLES = 10;

/** `GLOSSA_BENCH_HEAP_CENSUS=1` prints which kinds of objects grew (from heap snapshots). */
const CENSUS = process.env.GLOSSA_BENCH_HEAP_CENSUS === '1';
/** `GLOSSA_BENCH_HEAP_SNAPSHOTS=<dir>` also keeps each snapshot there (untranslated, translated, …), for DevTools. */
const SNAPSHOTS = process.env.GLOSSA_BENCH_HEAP_SNAPSHOTS;

interface Snapshot {
  heap: number;
  nodes: number;
  /** Blink's garbage-collected heap (bytes). */
  blink: number;
  census: Census;
}

async function snapshot(cdp: CDPSession, browser: Browser, label: string): Promise<Snapshot> {
  // Timers the engine or the page left (a progress report, a frame's fallback timer) run out first.
  await new Promise((r) => setTimeout(r, 1000));
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const blink = await blinkHeap(browser);
  // Taken last: a snapshot allocates in the heap it describes.
  const census = await heapCensus(cdp, SNAPSHOTS && resolve(SNAPSHOTS, `${label}.heapsnapshot`));
  return { heap: heap.usedSize, nodes: counters.nodes, blink, census };
}

/** Translates the whole page (every block near from the start) and waits until the engine is idle. */
async function translate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    type Bench = { createPageEngine: typeof import('../../utils/page/engine').createPageEngine; limit: import('../../utils/shared/limits').BatchLimit };
    const w = window as unknown as { __glossaBench: Bench; __glossaEngine?: import('../../utils/page/engine').PageEngine; __glossaTranslate: (b: unknown, o: { targetLang: string; priority: boolean }) => Promise<never> };
    const everything: import('../../utils/page/visibility').VisibilityFactory = (onNear) => {
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          onNear(entry.target, 'nearby');
        }
      }, { rootMargin: '1000000px 0px 1000000px 0px' });
      return { observe: (el) => observer.observe(el), unobserve: (el) => observer.unobserve(el), disconnect: () => observer.disconnect() };
    };
    const engine = w.__glossaBench.createPageEngine({
      translate: (blocks, info) => w.__glossaTranslate(blocks, { targetLang: 'DE', priority: info.priority === 'viewport' }),
      limit: w.__glossaBench.limit,
      job: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
      visibility: everything,
    });
    w.__glossaEngine = engine;
    await engine.start();
    await engine.idle();
  });
}

async function restore(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const w = window as unknown as { __glossaEngine?: import('../../utils/page/engine').PageEngine };
    await w.__glossaEngine?.restore();
    w.__glossaEngine = undefined;
  });
}

const kb = (bytes: number) => Math.round(bytes / 1024);

const suite: BenchSuite = async () => {
  if (!existsSync(resolve(PAGES_DIR, 'wikipedia.html'))) {
    process.stderr.write(`memory.bench: ${PAGES_DIR} not found, skipped\n`);
    return [];
  }
  const html = largeWikipedia(readFileSync(resolve(PAGES_DIR, 'wikipedia.html'), 'utf8')).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const engine = await bundleEngine();
  const server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const figures: Figure[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route('**/*', (route) => (route.request().url() === `${ORIGIN}/` ? route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }) : route.abort()));
    await page.addInitScript('window.__name = (f) => f;');
    // Translations are remembered across cycles, as the extension's cache would: later cycles bill nothing.
    const traffic: Traffic = { requests: 0, billed: 0, sent: [], distinct: new Map() };
    const translator = createTranslator(server.url, traffic);
    // The page reaches the translator by a fetch (serveTranslator's 'fetch'): answers are made by the
    // browser from JSON, as the extension's messages are, not by script (an answer with a
    // character beyond Latin-1 is then a two-byte string). A Playwright binding built each answer
    // object by assignment (a property store each) and compiled its own serialiser in the page's
    // heap while the page was translated, all of it counted here as Glossa's.
    await serveTranslator(page, () => translator, 'fetch');
    await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
    await page.addScriptTag({ content: engine.script });
    const cdp = await context.newCDPSession(page);
    const untranslated = await snapshot(cdp, browser, 'untranslated');
    await translate(page);
    const translated = await snapshot(cdp, browser, 'translated');
    await restore(page);
    const restored = await snapshot(cdp, browser, 'restored');
    for (let i = 1; i < CYCLES; i++) {
      await translate(page);
      await restore(page);
    }
    const afterCycles = await snapshot(cdp, browser, 'afterCycles');
    if (CENSUS) {
      const print = (label: string, to: Snapshot) => process.stderr.write(`memory.bench: JS heap growth by kind, ${label} minus untranslated\n${censusGrowth(untranslated.census, to.census).join('\n')}\n`);
      print('translated', translated);
      print('after Show original', restored);
      print(`after ${CYCLES} cycles`, afterCycles);
    }
    const ranOn = `${LARGE_WIKI} (${kb(html.length)} KB), Chromium, ${LATENCY_MS} ms latency, after forced GC${engine.from === ROOT ? '' : `, engine of ${engine.from}`}`;
    // The heap figures split by the snapshots: V8's compiled code for the engine (bytecode, machine code, feedback) and the rest, Glossa's data.
    const code = (from: Snapshot, to: Snapshot) => kb(compiledCode(to.census) - compiledCode(from.census));
    const data = (from: Snapshot, to: Snapshot) => kb(jsData(to.census) - jsData(from.census));
    const bySnapshot = `${ranOn}, from heap snapshots`;
    figures.push(
      { name: 'memory.wikipedia-1mb.translatedHeap', value: kb(translated.heap - untranslated.heap), unit: 'KB', ranOn, target: `≤ 2560 KB (JS heap, translated minus untranslated; ${kb(untranslated.heap)} KB untranslated)` },
      { name: 'memory.wikipedia-1mb.translatedNodes', value: translated.nodes - untranslated.nodes, unit: 'count', ranOn, target: `DOM nodes, translated minus untranslated (${untranslated.nodes} untranslated)` },
      { name: 'memory.wikipedia-1mb.restoredHeap', value: kb(restored.heap - untranslated.heap), unit: 'KB', ranOn, target: '≤ 300 KB (JS heap after Show original, minus untranslated)' },
      { name: 'memory.wikipedia-1mb.restoredNodes', value: restored.nodes - untranslated.nodes, unit: 'count', ranOn, target: 'DOM nodes after Show original, minus untranslated' },
      { name: 'memory.wikipedia-1mb.translatedBlinkHeap', value: kb(translated.blink - untranslated.blink), unit: 'KB', ranOn, target: `Blink's heap (nodes, observers, attribute storage), translated minus untranslated (${kb(untranslated.blink)} KB untranslated)` },
      { name: 'memory.wikipedia-1mb.restoredBlinkHeap', value: kb(restored.blink - untranslated.blink), unit: 'KB', ranOn, target: '≤ 1024 KB (Blink\'s heap after Show original, minus untranslated)' },
      { name: 'memory.wikipedia-1mb.cycleGrowthHeap', value: kb(afterCycles.heap - restored.heap), unit: 'KB', ranOn, target: `≈ 0 (JS heap after ${CYCLES} translate/restore cycles minus after the first)` },
      { name: 'memory.wikipedia-1mb.cycleGrowthNodes', value: afterCycles.nodes - restored.nodes, unit: 'count', ranOn, target: `0 (DOM nodes after ${CYCLES} cycles minus after the first)` },
      { name: 'memory.wikipedia-1mb.translatedData', value: data(untranslated, translated), unit: 'KB', ranOn: bySnapshot, target: `translatedHeap without compiled code (${code(untranslated, translated)} KB of code)` },
      { name: 'memory.wikipedia-1mb.restoredData', value: data(untranslated, restored), unit: 'KB', ranOn: bySnapshot, target: `restoredHeap without compiled code (${code(untranslated, restored)} KB of code)` },
      { name: 'memory.wikipedia-1mb.cycleGrowthData', value: data(restored, afterCycles), unit: 'KB', ranOn: bySnapshot, target: `0 (cycleGrowthHeap without compiled code; ${code(restored, afterCycles)} KB of code)` },
      { name: 'memory.wikipedia-1mb.cycleGrowthBlinkHeap', value: kb(afterCycles.blink - restored.blink), unit: 'KB', ranOn, target: `≈ 0 (Blink's heap after ${CYCLES} cycles minus after the first)` },
    );
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  // The extension's worker around the same page (`GLOSSA_BENCH_WORKER=0` leaves it out: it builds the extension).
  if (process.env.GLOSSA_BENCH_WORKER !== '0') {
    const worker = await measureWorker(html);
    if (CENSUS) {
      const grew = (from: HeapReading, to: HeapReading) => Object.entries(to.spaces).map(([space, bytes]) => `${space} ${kb(bytes - (from.spaces[space] ?? 0))} KB`).join(', ');
      process.stderr.write(`memory.bench: the worker's heap by space, translated minus baseline: ${grew(worker.baseline, worker.translated)}\n`);
      process.stderr.write(`memory.bench: the worker's heap by space, closed minus baseline: ${grew(worker.baseline, worker.closed)}\n`);
    }
    const ranOn = `${LARGE_WIKI} scrolled through in the e2e build (${worker.blocks} units, ${worker.billed} characters billed), Chromium, after a deterministic memory dump`;
    figures.push(
      { name: 'memory.worker.translatedHeap', value: kb(worker.translated.live - worker.baseline.live), unit: 'KB', ranOn, target: `service worker's JS heap with the page translated, minus after a small page (${kb(worker.baseline.live)} KB)` },
      { name: 'memory.worker.closedHeap', value: kb(worker.closed.live - worker.baseline.live), unit: 'KB', ranOn, target: '≤ 150 KB (the worker\'s JS heap after the tab closed, minus before)' },
      { name: 'memory.worker.closedData', value: kb(worker.closed.live - worker.closed.code - (worker.baseline.live - worker.baseline.code)), unit: 'KB', ranOn, target: `closedHeap without compiled code (${kb(worker.closed.code - worker.baseline.code)} KB in the code and trusted spaces: the functions the big page made hot)` },
      { name: 'memory.worker.secondTabHeap', value: kb(worker.closedAgain.live - worker.closed.live), unit: 'KB', ranOn, target: '≈ 0 (the same page translated in a second tab, from the cache, and closed: what stays per tab)' },
    );
  }
  return figures;
};

export default suite;
