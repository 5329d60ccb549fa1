// What reading computed display costs the walk (page engine, display.ts): the 1 MB page's
// blocks collected in one Chromium page with computed display and with tag names alone,
// alternated so that the load of a shared machine weighs on both alike; each walk starts
// after a write, as when translations arrive while collection goes on. Figures: the walk's
// median time, and the longest step between two points where the walk can pause (what an
// 8 ms slice can overrun by).
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../lib/chromium';
import { median, type BenchSuite, type Figure } from './figure';
import { largeWikipedia, PAGES_DIR, ROOT } from './page-harness';

const ROUNDS = 6;

const suite: BenchSuite = async () => {
  const source = resolve(PAGES_DIR, 'wikipedia.html');
  if (!existsSync(source)) {
    process.stderr.write(`display.bench: ${source} not found, skipped\n`);
    return [];
  }
  // The saved page's own style sheets are not served here; one sheet of its own stands in, so
  // every element's display is read, as on the live page.
  const html = largeWikipedia(readFileSync(source, 'utf8').replace(/<script\b[\s\S]*?<\/script>/gi, ''))
    .replace(/<\/head>/i, '<style>.mw-editsection { display: inline } .reflist { font-size: 90% }</style></head>');
  const bundle = await build({
    stdin: { contents: "import { collectBlocks } from './utils/page/collect'; (window as any).__glossaCollect = collectBlocks;", resolveDir: ROOT, loader: 'ts' },
    bundle: true, format: 'iife', write: false, target: 'chrome120', minify: true,
  });
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const runs: Record<'display' | 'tags', { ms: number; step: number; blocks: number }[]> = { display: [], tags: [] };
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) => (route.request().url() === 'http://bench.glossa.test/' ? route.fulfill({ contentType: 'text/html', body: html }) : route.abort()));
    await page.goto('http://bench.glossa.test/');
    // tsx compiles evaluated functions with keepNames, which calls a `__name` helper.
    await page.addScriptTag({ content: `${bundle.outputFiles[0].text};window.__name = (f) => f;` });
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of round % 2 ? (['tags', 'display'] as const) : (['display', 'tags'] as const)) {
        runs[mode].push(await page.evaluate((withDisplay) => {
          const ctx = { isOwn: () => false, isTaken: () => false, languageAllowed: () => true, pageLanguage: 'en', preservesWhitespace: () => false, view: withDisplay ? window : null };
          document.body.setAttribute('data-bench', String(Math.random()));
          const collect = (window as unknown as { __glossaCollect(root: Document, c: typeof ctx): Iterable<unknown> }).__glossaCollect;
          let blocks = 0;
          let step = 0;
          const t0 = performance.now();
          let last = t0;
          for (const block of collect(document, ctx)) {
            if (block) blocks++;
            const now = performance.now();
            step = Math.max(step, now - last);
            last = now;
          }
          return { ms: performance.now() - t0, step, blocks };
        }, mode === 'display'));
      }
    }
  } finally {
    await browser.close();
  }
  const ranOn = `wikipedia-1mb (${Math.round(html.length / 1024)} KB), Chromium, median of ${ROUNDS} alternated walks`;
  const figures: Figure[] = [];
  for (const mode of ['display', 'tags'] as const) {
    const name = `display.walk.${mode === 'display' ? 'computedDisplay' : 'tagsOnly'}`;
    figures.push(
      { name, value: median(runs[mode].map((r) => r.ms)), unit: 'ms', ranOn, target: `${runs[mode][0].blocks} blocks` },
      { name: `${name}.longestStep`, value: median(runs[mode].map((r) => r.step)), unit: 'ms', ranOn, target: 'between two points where the walk can pause' },
    );
  }
  return figures;
};

export default suite;
