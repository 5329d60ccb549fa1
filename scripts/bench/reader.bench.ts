// Ahead of the reader: the page is scrolled from top to bottom right after the trigger, one
// viewport per second (a reader) and one viewport per 200 ms (a flick), and every frame the
// share of the characters on screen still in the source language is sampled; the figures are
// its mean and 95th percentile over the frames. Which text is translatable is known only at the
// end (text the engine never changes, such as numbers or code, is left out of both sides of the
// share). A third run stops reading at one third of the page and reports the characters billed,
// against the page's total: prefetching must not bill what the reader never approaches.
// Pages: the 1 MB Wikipedia page and a news page (`GLOSSA_BENCH_READER_PAGES` overrides).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../lib/chromium';
import { startServer } from '../../server/index';
import type { BenchSuite, Figure } from './figure';
import { bundleEngine, KEY, LARGE_WIKI, largeWikipedia, LATENCY_MS, openEnginePage, PAGES_DIR, ROOT, sleep, warmUp, type Traffic } from './page-harness';

/** Scroll speeds: milliseconds per viewport. */
const SPEEDS = { reader: 1000, flick: 200 } as const;

interface ScrollRun {
  /** Share of on-screen translatable characters still in the source language, per frame (0–1). */
  shares: number[];
  /** When each frame was sampled (ms after the trigger). */
  times?: number[];
  frames: number;
  viewports: number;
  /** Each translate call, for the timeline. */
  calls: string[];
}

function pageHtml(file: string): string {
  const raw = file === LARGE_WIKI ? largeWikipedia(readFileSync(resolve(PAGES_DIR, 'wikipedia.html'), 'utf8')) : readFileSync(resolve(PAGES_DIR, file), 'utf8');
  return raw.replace(/<script\b[\s\S]*?<\/script>/gi, '');
}

/**
 * Loads the page, starts the engine as the content script does (default visibility) and scrolls
 * at `msPerViewport` until the bottom, or until `stopAt` of the page height; then waits until
 * the engine is idle. Returns the per-frame shares (empty when stopped early).
 */
async function scrollRun(browser: Browser, engineScript: string, html: string, serverUrl: string, traffic: Traffic, msPerViewport: number, stopAt = 1): Promise<ScrollRun> {
  const { context, page } = await openEnginePage(browser, html, engineScript, serverUrl, traffic);
  const run = await page.evaluate(async ({ msPerViewport, stopAt }) => {
    type Bench = { createPageEngine: typeof import('../../utils/page/engine').createPageEngine; limit: import('../../utils/shared/limits').BatchLimit };
    const w = window as unknown as { __glossaBench: Bench; __glossaTranslate: (b: unknown, o: { context?: string; targetLang: string; priority: boolean }) => Promise<never> };
    // Every text node with letters, as loaded: its original text, by its parent element.
    const originals: { node: Text; text: string }[] = [];
    const byParent = new Map<Element, number[]>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!/\p{L}/u.test(node.data) || !node.parentElement) continue;
      const index = originals.push({ node, text: node.data }) - 1;
      const list = byParent.get(node.parentElement);
      if (list) list.push(index);
      else byParent.set(node.parentElement, [index]);
    }
    // Which of those elements are on screen: asked of an IntersectionObserver, not of layout.
    const onScreen = new Set<Element>();
    const io = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) onScreen.add(entry.target);
        else onScreen.delete(entry.target);
      }
    });
    for (const el of byParent.keys()) io.observe(el);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // Per frame: the indices of the text nodes on screen, and of those still as loaded.
    const frames: { visible: number[]; source: number[]; at: number }[] = [];
    const unchanged = (i: number) => originals[i].node.isConnected && originals[i].node.data === originals[i].text;
    const targetLang = /^de\b/i.test(document.documentElement.lang) ? 'EN-US' : 'DE';
    // Each call as `ms:priority:blocks/characters@viewport the reader is at` (GLOSSA_BENCH_TIMELINE).
    const calls: string[] = [];
    let started = 0;
    const engine = w.__glossaBench.createPageEngine({
      translate: (blocks, info) => {
        calls.push(`${Math.round(performance.now() - started)}:${info.priority}:${blocks.length}/${blocks.reduce((n, b) => n + b.text.length, 0)}@${(scrollY / innerHeight).toFixed(1)}`);
        return w.__glossaTranslate(blocks, { targetLang, priority: info.priority === 'viewport' });
      },
      limit: w.__glossaBench.limit,
      job: { targetLang, sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    });
    started = performance.now();
    const startedWall = Date.now();
    void engine.start();
    const viewport = innerHeight;
    await new Promise<void>((resolve) => {
      const frame = () => {
        const visible: number[] = [];
        const source: number[] = [];
        for (const el of onScreen) {
          for (const i of byParent.get(el) ?? []) {
            visible.push(i);
            if (unchanged(i)) source.push(i);
          }
        }
        frames.push({ visible, source, at: performance.now() - started });
        const bottom = document.documentElement.scrollHeight - viewport;
        const y = Math.min(bottom * stopAt, ((performance.now() - started) / msPerViewport) * viewport);
        scrollTo(0, y);
        if (y >= bottom * stopAt) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const viewports = scrollY / viewport;
    await new Promise((r) => setTimeout(r, 1000));
    await engine.idle();
    io.disconnect();
    if (stopAt < 1) return { shares: [], frames: frames.length, viewports, startedWall, calls };
    // Text still as loaded after the whole page was read is text the engine does not translate.
    const translatable = originals.map((_, i) => !unchanged(i));
    const length = (list: number[]) => list.reduce((n, i) => n + (translatable[i] ? originals[i].text.length : 0), 0);
    const shares = frames.map((f) => {
      const all = length(f.visible);
      return all ? length(f.source) / all : 0;
    });
    return { shares, times: frames.map((f) => f.at), frames: frames.length, viewports, startedWall, calls };
  }, { msPerViewport, stopAt });
  if (process.env.GLOSSA_BENCH_TIMELINE) process.stderr.write(`${msPerViewport} ms per viewport${stopAt < 1 ? ', stopping at a third' : ''}: calls ${run.calls.join(' ')}\n`);
  if (process.env.GLOSSA_BENCH_TIMELINE && run.times) {
    // Frames with source text on screen: when (ms after the trigger) and how much (percent).
    const shown = run.shares.map((share, i) => [Math.round(run.times![i]), Math.round(share * 100)] as const).filter(([, p]) => p > 0);
    process.stderr.write(`frames with source text (ms: %): ${shown.map(([t, p]) => `${t}:${p}`).join(' ')}\n`);
    const since = (t: number | undefined) => (t === undefined ? '-' : Math.round(t - run.startedWall));
    // When the calls reached the background's side (Node), then when their requests left.
    process.stderr.write(`calls arrived (ms after the trigger): ${(traffic.callTimes ?? []).map((c) => since(c.at)).join(' ')}\n`);
    process.stderr.write(`requests (ms after the trigger): ${(traffic.requestTimes ?? []).map(since).join(' ')}\n`);
    process.stderr.write(`answers from the server: ${(traffic.answerTimes ?? []).map(since).join(' ')}; calls answered: ${(traffic.returnTimes ?? []).map(since).join(' ')}\n`);
  }
  await context.close();
  return run;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? 0;
const percent = (share: number) => Math.round(share * 10_000) / 100;

const fresh = (): Traffic => ({ requests: 0, billed: 0, sent: [], distinct: new Map() });

const suite: BenchSuite = async () => {
  if (!existsSync(resolve(PAGES_DIR, 'wikipedia.html'))) {
    process.stderr.write(`reader.bench: ${PAGES_DIR} not found, skipped\n`);
    return [];
  }
  const files = process.env.GLOSSA_BENCH_READER_PAGES?.split(',') ?? [LARGE_WIKI, 'nytimes-1.html'];
  const engine = await bundleEngine();
  const server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
  await warmUp(server.url);
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const figures: Figure[] = [];
  try {
    for (const file of files) {
      const html = pageHtml(file);
      const name = `reader.${file.replace(/\.html$/, '')}`;
      const ranOn = (extra: string) => `${file} (${Math.round(html.length / 1024)} KB), Chromium, ${LATENCY_MS} ms latency, ${extra}${engine.from === ROOT ? '' : `, engine of ${engine.from}`}`;
      let pageChars = 0;
      for (const [speed, msPerViewport] of Object.entries(SPEEDS)) {
        const traffic = fresh();
        const run = await scrollRun(browser, engine.script, html, server.url, traffic, msPerViewport);
        pageChars = Math.max(pageChars, traffic.billed);
        const on = ranOn(`1 viewport per ${msPerViewport} ms, ${Math.round(run.viewports)} viewports, ${run.frames} frames`);
        const goal = speed === 'reader' ? 0.5 : 3;
        // After the first screen was translated (no frame of source text on screen since the
        // trigger can be shorter than one round trip): what prefetching controls.
        const settled = run.shares.findIndex((share) => share === 0);
        const later = settled < 0 ? run.shares : run.shares.slice(settled);
        figures.push(
          { name: `${name}.${speed}.sourceShareMeanAfterFirstScreen`, value: percent(mean(later)), unit: 'count', ranOn: on, target: `percent, mean over the ${later.length} frames after the first screen was translated` },
          { name: `${name}.${speed}.sourceShareMean`, value: percent(mean(run.shares)), unit: 'count', ranOn: on, target: `≤ ${goal}% (percent of on-screen characters untranslated, mean over frames)` },
          { name: `${name}.${speed}.sourceShareP95`, value: percent(p95(run.shares)), unit: 'count', ranOn: on, target: 'percent, 95th percentile over frames' },
          { name: `${name}.${speed}.requests`, value: traffic.requests, unit: 'requests', ranOn: on },
        );
      }
      const third = fresh();
      const stopped = await scrollRun(browser, engine.script, html, server.url, third, SPEEDS.reader, 1 / 3);
      figures.push({
        name: `${name}.stopAtThird.billedChars`, value: third.billed, unit: 'chars',
        ranOn: ranOn(`reader stops after ${Math.round(stopped.viewports)} viewports`),
        target: `of ${pageChars} for the whole page (${Math.round((third.billed / Math.max(1, pageChars)) * 100)}%)`,
      });
      await sleep(0);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return figures;
};

export default suite;
