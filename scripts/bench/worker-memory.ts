// The extension's service worker heap around a page translation: Glossa's e2e build in
// Chromium, the local API server, the 1 MB page scrolled through until every block is
// translated, then its tab closed. The worker's V8 heap is read from a memory-infra dump (the
// DevTools protocol cannot attach to an extension's worker from here); a deterministic dump
// collects garbage first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchWithExtension } from '../lib/chromium';
import { ExtensionSession } from '../lib/extension-session';
import { startServer } from '../../server/index';
import { KEY, ROOT } from './page-harness';

interface TraceEvent {
  ph: string;
  args?: { dumps?: { allocators?: Record<string, { attrs?: Record<string, { value: string } | undefined> }> } };
}

/** Live bytes of the V8 heaps of workers (the extension's service worker is the only one here), by heap space. */
export interface HeapReading {
  live: number;
  /** Of it, the spaces that hold compiled code: machine code (code spaces) and bytecode with code metadata (trusted spaces). */
  code: number;
  spaces: Record<string, number>;
}

async function workerHeap(cdp: CDPSession): Promise<HeapReading> {
  const events: TraceEvent[] = [];
  const onData = ({ value }: { value: unknown[] }) => void events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } as unknown as Record<string, string> },
  });
  await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', onData);
  const spaces: Record<string, number> = {};
  for (const event of events) {
    if (event.ph !== 'v') continue;
    for (const [name, dump] of Object.entries(event.args?.dumps?.allocators ?? {})) {
      // Per space and isolate: v8/workers/heap/<space>/isolate_<address>.
      const space = /^v8\/workers\/heap\/([^/]+)\/isolate_[^/]+$/.exec(name)?.[1];
      if (space) spaces[space] = (spaces[space] ?? 0) + parseInt(dump.attrs?.allocated_objects_size?.value ?? '0', 16);
    }
  }
  const live = Object.values(spaces).reduce((a, b) => a + b, 0);
  const code = Object.entries(spaces).filter(([space]) => /^(code|trusted)_/.test(space)).reduce((a, [, b]) => a + b, 0);
  return { live, code, spaces };
}

/** Reads the worker's heap until two readings in a row agree (what the worker had queued has run). */
async function settledWorkerHeap(cdp: CDPSession): Promise<HeapReading> {
  let last = await workerHeap(cdp);
  for (let i = 0; i < 10; i++) {
    const next = await workerHeap(cdp);
    if (Math.abs(next.live - last.live) < 16 * 1024) return next;
    last = next;
  }
  return last;
}

/** The e2e build (its manifest grants 127.0.0.1): `GLOSSA_EXTENSION_DIR`, else built now from this checkout. */
function extensionBuild(): { dir: string; cleanup(): void } {
  const given = process.env.GLOSSA_EXTENSION_DIR;
  if (given) return { dir: given, cleanup: () => undefined };
  const out = mkdtempSync(join(tmpdir(), 'glossa-bench-build-'));
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, GLOSSA_OUT_DIR: out } });
  return { dir: resolve(out, 'chrome-mv3-e2e'), cleanup: () => rmSync(out, { recursive: true, force: true }) };
}

/** Scrolls the page down a screen at a time, each time until Glossa has translated what came near. */
async function translateWhole(session: ExtensionSession, page: Page): Promise<{ total: number; billed: number }> {
  await session.dispatchCommand('translate-page', page);
  const settle = async () => {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const state = await session.tabState(page);
      if (state.phase === 'translated' && state.done + state.failed >= state.total) return state;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The page was not translated within 120 s');
  };
  let state = await settle();
  while (await page.evaluate(() => window.scrollY + innerHeight < document.documentElement.scrollHeight - 1)) {
    await page.evaluate(() => window.scrollBy(0, innerHeight));
    // Intersection observers report after a frame: give them two.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    state = await settle();
  }
  return { total: state.total, billed: state.billedCharacters };
}

export interface WorkerMemory {
  /** Live heap with a small page translated and closed (code loaded, services made). */
  baseline: HeapReading;
  translated: HeapReading;
  closed: HeapReading;
  /** The same page translated again in a new tab (served from the cache) and that tab closed too. */
  closedAgain: HeapReading;
  blocks: number;
  billed: number;
}

export async function measureWorker(html: string): Promise<WorkerMemory> {
  const build = extensionBuild();
  const api = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
  const pages = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url === '/small' ? '<!doctype html><html lang="en"><body><p>A small page to warm up.</p></body></html>' : html);
  });
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  const launched = await launchWithExtension(build.dir, { viewport: { width: 1280, height: 1600 } });
  try {
    const session = new ExtensionSession(launched.context, launched.extensionId);
    await session.setStorage({
      connection: { apiKey: KEY, plan: 'custom', customUrl: api.url },
      spendingLimits: { siteHourCeiling: 1_000_000_000, monthlyBudget: 0 },
      defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    });
    const keeper = await launched.context.newPage();
    const cdp = await launched.context.newCDPSession(keeper);
    const small = await launched.context.newPage();
    await small.goto(`${origin}/small`);
    await translateWhole(session, small);
    await small.close();
    const baseline = await settledWorkerHeap(cdp);
    const page = await launched.context.newPage();
    await page.goto(`${origin}/`);
    const { total, billed } = await translateWhole(session, page);
    const translated = await settledWorkerHeap(cdp);
    await page.close();
    const closed = await settledWorkerHeap(cdp);
    // A second tab tells what stays per tab from what the first big page cost once (code, warmed caches).
    const again = await launched.context.newPage();
    await again.goto(`${origin}/again`);
    await translateWhole(session, again);
    await again.close();
    const closedAgain = await settledWorkerHeap(cdp);
    return { baseline, translated, closed, closedAgain, blocks: total, billed };
  } finally {
    await launched.context.close().catch(() => undefined);
    rmSync(launched.profileDir, { recursive: true, force: true });
    await new Promise<void>((r) => pages.close(() => r()));
    await api.close();
    build.cleanup();
  }
}
