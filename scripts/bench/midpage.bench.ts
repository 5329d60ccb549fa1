// Translating from the middle of a page: the trigger comes with the page already scrolled down
// (a reader who read a while before translating), and the page stays there until the engine is
// idle, five times over. The same page at the same place should bill the same every time, and
// the screen should be translated at the first answer. Figures: the characters billed and the
// requests (lowest and highest of the runs), the blocks of the first call, and when the screen
// had no source text left (ms after the trigger, median and worst). Pages: wikipedia.html at
// 1,965 px (where the pointing suite's reader is) and the 1 MB page at 40% and 90% of its height.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../lib/chromium';
import { startServer } from '../../server/index';
import { median, type BenchSuite, type Figure } from './figure';
import { bundleEngine, KEY, LARGE_WIKI, largeWikipedia, LATENCY_MS, openEnginePage, PAGES_DIR, ROOT, warmUp, type Traffic } from './page-harness';

const RUNS = 5;
/** Where each page is when the translation starts: pixels, or a share of the page's height. */
const PLACES: { file: string; at: { px: number } | { share: number }; suffix?: string }[] = [
  { file: 'wikipedia.html', at: { px: 1965 } },
  { file: LARGE_WIKI, at: { share: 0.4 } },
  // Near the end: a walk in page order passes nine tenths of the page before it reaches the screen.
  { file: LARGE_WIKI, at: { share: 0.9 }, suffix: '-at90' },
];

interface MidRun {
  firstCallBlocks: number;
  /** ms after the trigger until no on-screen text was in the source language (-1: never). */
  screenDoneAt: number;
}

/** The engine started at `at` and left there until idle; the screen sampled every frame. */
async function midRun(browser: Browser, engineScript: string, html: string, serverUrl: string, traffic: Traffic, at: { px: number } | { share: number }): Promise<MidRun> {
  const { context, page } = await openEnginePage(browser, html, engineScript, serverUrl, traffic);
  const run = await page.evaluate(async (place) => {
    type Bench = { createPageEngine: typeof import('../../utils/page/engine').createPageEngine; limit: import('../../utils/shared/limits').BatchLimit };
    const w = window as unknown as { __glossaBench: Bench; __glossaTranslate: (b: unknown, o: { targetLang: string; priority: boolean }) => Promise<never> };
    scrollTo(0, 'px' in place ? place.px : place.share * (document.documentElement.scrollHeight - innerHeight));
    // The text nodes on screen (asked of an IntersectionObserver), with their text as loaded.
    const originals: { node: Text; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) if (/\p{L}/u.test(node.data) && node.parentElement) originals.push({ node, text: node.data });
    const onScreen = new Set<number>();
    const byParent = new Map<Element, number[]>();
    originals.forEach(({ node }, i) => byParent.set(node.parentElement!, [...(byParent.get(node.parentElement!) ?? []), i]));
    let reported = 0;
    const io = new IntersectionObserver((entries) => {
      reported += entries.length;
      for (const entry of entries) for (const i of byParent.get(entry.target) ?? []) if (entry.isIntersecting) onScreen.add(i);
    });
    for (const el of byParent.keys()) io.observe(el);
    // Every element's first report (a long page's come over several frames).
    while (reported < byParent.size) await new Promise((r) => requestAnimationFrame(r));
    io.disconnect();
    if (!onScreen.size) throw new Error('no text on screen where the translation starts');
    const unchanged = (i: number) => originals[i].node.isConnected && originals[i].node.data === originals[i].text;
    const sourceOnScreen: { at: number; source: number[] }[] = [];
    const calls: number[] = [];
    const engine = w.__glossaBench.createPageEngine({
      translate: (blocks, info) => {
        calls.push(blocks.length);
        return w.__glossaTranslate(blocks, { targetLang: 'DE', priority: info.priority === 'viewport' });
      },
      limit: w.__glossaBench.limit,
      job: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    });
    const started = performance.now();
    void engine.start();
    let sampling = true;
    const frame = () => {
      sourceOnScreen.push({ at: performance.now() - started, source: [...onScreen].filter(unchanged) });
      if (sampling) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    await new Promise((r) => setTimeout(r, 1000));
    await engine.idle();
    sampling = false;
    // Text still as loaded once the engine is idle is text it does not translate (numbers, code).
    const translatable = (i: number) => !unchanged(i);
    const done = sourceOnScreen.find((f) => !f.source.some(translatable));
    return { firstCallBlocks: calls[0] ?? 0, screenDoneAt: done ? Math.round(done.at) : -1 };
  }, at);
  await context.close();
  return run;
}

const suite: BenchSuite = async () => {
  if (!existsSync(resolve(PAGES_DIR, 'wikipedia.html'))) {
    process.stderr.write(`midpage.bench: ${PAGES_DIR} not found, skipped\n`);
    return [];
  }
  const engine = await bundleEngine();
  const server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
  await warmUp(server.url);
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const figures: Figure[] = [];
  try {
    for (const { file, at, suffix = '' } of PLACES) {
      const raw = readFileSync(resolve(PAGES_DIR, 'wikipedia.html'), 'utf8');
      const html = (file === LARGE_WIKI ? largeWikipedia(raw) : raw).replace(/<script\b[\s\S]*?<\/script>/gi, '');
      const runs: { billed: number; requests: number; run: MidRun }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const traffic: Traffic = { requests: 0, billed: 0, sent: [], distinct: new Map() };
        const run = await midRun(browser, engine.script, html, server.url, traffic, at);
        runs.push({ billed: traffic.billed, requests: traffic.requests, run });
      }
      const name = `midpage.${file.replace(/\.html$/, '')}${suffix}`;
      const where = 'px' in at ? `${at.px} px down` : `${at.share * 100}% down`;
      const ranOn = `${file}, ${where}, Chromium, ${LATENCY_MS} ms latency, ${RUNS} runs${engine.from === ROOT ? '' : `, engine of ${engine.from}`}`;
      const range = (values: number[]) => [Math.min(...values), Math.max(...values)];
      const [billedLow, billedHigh] = range(runs.map((r) => r.billed));
      const [requestsLow, requestsHigh] = range(runs.map((r) => r.requests));
      const [firstLow, firstHigh] = range(runs.map((r) => r.run.firstCallBlocks));
      const doneAt = runs.map((r) => r.run.screenDoneAt);
      figures.push(
        { name: `${name}.billedChars.lowest`, value: billedLow, unit: 'chars', ranOn, target: 'the same in every run' },
        { name: `${name}.billedChars.highest`, value: billedHigh, unit: 'chars', ranOn, target: `= lowest (runs: ${runs.map((r) => r.billed).join(', ')})` },
        { name: `${name}.requests.lowest`, value: requestsLow, unit: 'requests', ranOn },
        { name: `${name}.requests.highest`, value: requestsHigh, unit: 'requests', ranOn, target: '= lowest' },
        { name: `${name}.firstCallBlocks.lowest`, value: firstLow, unit: 'count', ranOn, target: 'the screen in one call' },
        { name: `${name}.firstCallBlocks.highest`, value: firstHigh, unit: 'count', ranOn },
        { name: `${name}.screenTranslated.median`, value: median(doneAt), unit: 'ms', ranOn, target: `one round trip (${LATENCY_MS} ms + the walk); runs: ${doneAt.join(', ')}` },
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return figures;
};

export default suite;
