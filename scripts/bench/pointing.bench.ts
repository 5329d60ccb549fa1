// Pointing in the real extension (the e2e build in the system Chromium, the local API server
// with 100 ms of added latency, a saved page from ../shared/pages): the time from the modifier's
// key press to the translated paragraph in the page, over 20 paragraphs (each a new block, so
// each a round trip), and the characters billed for 5 hovered paragraphs against the whole page.
// Skipped when the pages are absent.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { e2eHarness } from './e2e-harness';
import { median, type BenchSuite, type Figure } from './figure';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES_DIR = process.env.GLOSSA_PAGES_DIR ?? resolve(ROOT, '../shared/pages');
const PAGE = 'wikipedia.html';
const LATENCY_MS = Number(process.env.GLOSSA_BENCH_LATENCY_MS ?? 100);
const RUNS = 20;

/** Paragraphs with real prose, in page order: where the pointer goes. */
async function prose(page: Page, n: number): Promise<{ x: number; y: number }> {
  return page.evaluate((i) => {
    const p = [...document.querySelectorAll('p')].filter((el) => (el.textContent ?? '').trim().length > 150)[i];
    p.scrollIntoView({ block: 'center' });
    const r = p.getBoundingClientRect();
    return { x: r.left + Math.min(40, r.width / 2), y: r.top + Math.min(8, r.height / 2) };
  }, n);
}

/** Key press (seen by the page before Glossa) to the translation's element in the page, as the page's own clock measures it. */
function instrument(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __pressAt: number; __latencies: number[] };
    w.__latencies = [];
    window.addEventListener('keydown', (e) => {
      if (e.key === 'Alt') w.__pressAt = performance.now();
    }, true);
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if ((n as Element).localName === 'glossa-translation') w.__latencies.push(performance.now() - w.__pressAt);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const suite: BenchSuite = async () => {
  if (!existsSync(resolve(PAGES_DIR, PAGE))) return [];
  const { launchGlossaInChromium: launchGlossa } = await e2eHarness();
  const { startPageServer } = await import('../../tests/e2e-lib/page-server');
  const { defaults, translateRequests } = await import('../../tests/e2e-lib/requests');
  const { waitUntil } = await import('../../tests/e2e-lib/wait');
  const saved = await startPageServer(PAGES_DIR);
  const figures: Figure[] = [];
  const session = async () => {
    const glossa = await launchGlossa({ settings: { defaults: defaults('DE'), hover: { enabled: true, modifier: 'Alt', sites: ['127.0.0.1'] } } });
    await waitUntil(async () => (await glossa.inWorker(async () => (await chrome.scripting.getRegisteredContentScripts()).length)) > 0, 'the hover script', 15_000);
    glossa.api.faults.latencyMs = LATENCY_MS;
    const page = await glossa.context.newPage();
    await page.goto(`${saved.url}/${PAGE}`, { waitUntil: 'domcontentloaded' });
    await page.bringToFront();
    await instrument(page);
    const shown = () => page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies.length);
    /** Points at paragraph `n` and presses Alt until its translation shows (the script may still be starting). */
    const hover = async (n: number) => {
      const at = await prose(page, n);
      await page.mouse.move(at.x, at.y);
      const count = await shown();
      await waitUntil(async () => {
        await page.keyboard.down('Alt');
        await page.keyboard.up('Alt');
        return waitUntil(async () => (await shown()) > count, 'the translation', 5000).then(() => true, () => false);
      }, 'the pointed paragraph to show its translation', 30_000);
    };
    return { glossa, page, hover, shown };
  };
  try {
    // Latency: the first paragraph (the hover script may still be starting; the press that
    // shows it loads the page script and the extras), then 20 others, one key press each.
    {
      const { glossa, page, hover } = await session();
      for (let i = 0; i <= RUNS; i++) await hover(i);
      const [first, ...latencies] = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
      figures.push(
        { name: 'pointing.keyToText.firstPoint', value: first, unit: 'ms', ranOn: `${PAGE}, ${LATENCY_MS} ms latency: the page script and the extras loaded by that press` },
        { name: 'pointing.keyToText.median', value: median(latencies), unit: 'ms', ranOn: `${PAGE}, ${RUNS} paragraphs, ${LATENCY_MS} ms latency`, target: `round trip + 100 ms = ${LATENCY_MS + 100} ms` },
        { name: 'pointing.keyToText.worst', value: Math.max(...latencies), unit: 'ms', ranOn: `${PAGE}, ${RUNS} paragraphs, ${LATENCY_MS} ms latency`, target: `${LATENCY_MS + 100} ms` },
      );
      await glossa.close();
    }
    // Characters: 5 hovered paragraphs, then the whole page (which reuses them).
    {
      const { glossa, page, hover } = await session();
      const billed = (from: number) => translateRequests(glossa.api.log, from).reduce((sum, r) => sum + (r.billedCharacters ?? 0), 0);
      for (let i = 0; i < 5; i++) await hover(i * 3);
      const hovered = billed(0);
      const mark = glossa.api.log.length;
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'translated', 120_000);
      const rest = billed(mark);
      figures.push(
        { name: 'pointing.billed.5paragraphs', value: hovered, unit: 'chars', ranOn: PAGE },
        { name: 'pointing.billed.wholePage', value: hovered + rest, unit: 'chars', ranOn: `${PAGE} (5 hovered + the page afterwards)` },
        { name: 'pointing.billed.pageAfterHover', value: rest, unit: 'chars', ranOn: `${PAGE}: the hovered paragraphs are not billed again`, target: `whole page − 5 paragraphs` },
      );
      await glossa.close();
    }
  } finally {
    await saved.close();
  }
  return figures;
};

export default suite;
