// The first screen in the real extension (the e2e build in the system Chromium, the local API
// server with 100 ms of added latency, saved pages from ../shared/pages without their scripts):
// from the keyboard command, as the background receives it, to the first translate request at
// the server, the first translated text written into the page, and the frame that shows it.
// The page suites measure the engine alone, called directly; this is the whole path a user
// waits for: the background's checks, the page script's injection, the messages both ways and
// the background's cache. Each visit translates into a language not translated before in that
// browser (nothing cached); the reload after it is served from the cache. Skipped when the
// pages are absent.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { e2eHarness } from './e2e-harness';
import { median, type BenchSuite, type Figure } from './figure';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES_DIR = process.env.GLOSSA_PAGES_DIR ?? resolve(ROOT, '../shared/pages');
const PAGES = ['nytimes-1.html', 'wikipedia.html'];
const LATENCY_MS = Number(process.env.GLOSSA_BENCH_LATENCY_MS ?? 100);
/** One visit per language: each is translated fresh. */
const TARGETS = ['DE', 'FR', 'ES', 'IT', 'NL', 'PL', 'SV'];

interface Timing {
  request: number;
  text: number;
  shown: number;
}

/** In the page: when the first text changed, and when the frame after that change ended. */
function watchFirstChange(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __firstChange: { text: number; shown: number } };
    w.__firstChange = { text: 0, shown: 0 };
    const observer = new MutationObserver(() => {
      observer.disconnect();
      w.__firstChange.text = Date.now();
      requestAnimationFrame(() => setTimeout(() => void (w.__firstChange.shown = Date.now()), 0));
    });
    observer.observe(document.body, { subtree: true, characterData: true, childList: true });
  });
}

const suite: BenchSuite = async () => {
  const pages = PAGES.filter((name) => existsSync(resolve(PAGES_DIR, name)));
  if (!pages.length) return [];
  const { launchGlossaInChromium } = await e2eHarness();
  const { defaults, translateRequests } = await import('../../tests/e2e-lib/requests');
  const { waitUntil } = await import('../../tests/e2e-lib/wait');
  const figures: Figure[] = [];
  for (const name of pages) {
    const glossa = await launchGlossaInChromium({ settings: { defaults: defaults(TARGETS[0]) } });
    glossa.api.faults.latencyMs = LATENCY_MS;
    const html = readFileSync(resolve(PAGES_DIR, name), 'utf8').replace(/<script\b[\s\S]*?<\/script>/gi, '');
    glossa.pages.set(`/${name}`, html);
    const page = await glossa.openPage(`/${name}`, { waitUntil: 'domcontentloaded' });
    await page.setViewportSize({ width: 1280, height: 800 });
    const tabId = await glossa.tabIdOf(page);

    /** Loads the page again, translates it from the command, and times the first screen; `cached`: translated before in `target`. */
    const visit = async (target: string, cached: boolean): Promise<Timing> => {
      await glossa.setStorage({ defaults: defaults(target) });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await watchFirstChange(page);
      // The page settles (its refused resources, its first layout) before the command.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
      const from = glossa.api.log.length;
      const triggeredAt = await glossa.inWorker(async (id: number) => {
        const tab = await chrome.tabs.get(id);
        const at = Date.now();
        (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch('translate-page', tab);
        return at;
      }, tabId);
      const first = await waitUntil(async () => {
        const change = await page.evaluate(() => (window as unknown as { __firstChange: { text: number; shown: number } }).__firstChange);
        return change.shown ? change : undefined;
      }, 'the first translated text', 30_000);
      await glossa.waitForPhase(page, 'translated', 60_000);
      const request = translateRequests(glossa.api.log, from)[0];
      if (!cached && !request) throw new Error(`${name}: a visit in ${target} sent nothing`);
      if (cached && request && Date.parse(request.time) < first.text) throw new Error(`${name}: the reload in ${target} was not served from the cache`);
      return { request: request ? Date.parse(request.time) - triggeredAt : NaN, text: first.text - triggeredAt, shown: first.shown - triggeredAt };
    };

    const visits: Timing[] = [];
    const reloads: Timing[] = [];
    for (const target of TARGETS) {
      visits.push(await visit(target, false));
      reloads.push(await visit(target, true));
    }
    await glossa.close();
    // GLOSSA_BENCH_TIMELINE: every visit's figures, the first (the browser's first translation) included.
    if (process.env.GLOSSA_BENCH_TIMELINE) {
      const list = (runs: Timing[]) => runs.map((t) => `${t.request}/${t.text}/${t.shown}`).join(' ');
      process.stderr.write(`${name}: request/text/shown ms per visit: ${list(visits)}; reloads: ${list(reloads)}\n`);
    }
    const ranOn = `${name}, ${LATENCY_MS} ms latency, the real extension, medians of ${TARGETS.length}`;
    const of = (list: Timing[], key: keyof Timing) => median(list.map((t) => t[key]));
    const base = `firstScreen.${name.replace(/\.html$/, '')}`;
    figures.push(
      { name: `${base}.firstRequest`, value: of(visits, 'request'), unit: 'ms', ranOn: `${ranOn}: the command to the first translate request at the server` },
      { name: `${base}.firstText`, value: of(visits, 'text'), unit: 'ms', ranOn: `${ranOn}: the command to the first translated text in the page` },
      { name: `${base}.shown`, value: of(visits, 'shown'), unit: 'ms', ranOn: `${ranOn}: the command to the end of the frame that shows it`, target: `≥ ${LATENCY_MS} ms latency + a frame` },
      { name: `${base}.reload.firstText`, value: of(reloads, 'text'), unit: 'ms', ranOn: `${ranOn}: the same page reloaded, its translations cached` },
      { name: `${base}.reload.shown`, value: of(reloads, 'shown'), unit: 'ms', ranOn: `${ranOn}: the same page reloaded, the frame that shows it` },
    );
  }
  return figures;
};

export default suite;
