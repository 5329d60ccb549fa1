// Writing help end to end in Chromium with the production build, against the local API server
// with 100 ms of added latency (GLOSSA_BENCH_LATENCY_MS): five drafts in a textarea of a German
// page, each translated on the `translate-field` command and written with Replace (by keyboard).
// Figures: time from the command to the preview in the panel, translate requests and billed
// characters per replace (against the draft's own length), and glossary listings over the run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../../server/index';
import { buildExtension } from '../lib/build';
import { launchWithExtension } from '../lib/chromium';
import { serveFolder } from '../lib/static-server';
import { waitUntil } from '../../tests/e2e-lib/wait';
import { median, type BenchSuite, type Figure } from './figure';

const ROOT = resolve(import.meta.dirname, '../..');
const LATENCY_MS = Number(process.env.GLOSSA_BENCH_LATENCY_MS ?? 100);
const KEY = 'writing-bench-key';
const DRAFTS = [
  'Thank you for your message. We will send the translation of the contract tomorrow.',
  'Could you confirm the delivery date for the second web page of the order?',
  'The invoice is attached. Please let me know if anything is missing.',
  'We would like to move our meeting to Thursday afternoon, if that works for you.',
  'Many thanks for the quick answer, and for the glossary you shared with our team.',
];
const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Antwort</title></head><body>
<label for="reply">Antwort</label><textarea id="reply" rows="4" cols="70"></textarea></body></html>`;

const suite: BenchSuite = async () => {
  const server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY], seedDemo: true });
  server.faults.latencyMs = LATENCY_MS;
  const folder = mkdtempSync(join(tmpdir(), 'glossa-writing-bench-'));
  writeFileSync(join(folder, 'reply.html'), PAGE);
  const pages = await serveFolder(folder, 0);
  // The build grants http://127.0.0.1/*: the server (a custom address) and the page are both there.
  const extension = await buildExtension(ROOT, server.url);
  const { context, worker, profileDir } = await launchWithExtension(extension);
  try {
    const glossaries = (await (await fetch(`${server.url}/v3/glossaries`, { headers: { Authorization: `Service-Auth-Key ${KEY}` } })).json()) as { glossaries: { glossary_id: string }[] };
    await worker.evaluate((values) => chrome.storage.local.set(values), {
      connection: { apiKey: KEY, plan: 'custom', customUrl: server.url },
      defaultGlossaries: { 'en>de': glossaries.glossaries[0].glossary_id },
    });
    // The install opens the welcome page (the options page, which lists glossaries itself): wait
    // for it and close it, or a late one is counted among the writing help's listings.
    await waitUntil(() => context.pages().find((p) => p.url().includes('options.html')), 'the welcome tab the install opens', 15_000);
    for (const stray of context.pages().filter((p) => p.url().startsWith('chrome-extension://'))) await stray.close();
    const page = await context.newPage();
    await page.goto(`${pages.url}/reply.html`);
    // In front: a hidden tab gets no animation frames, which the probe below counts on.
    await page.bringToFront();
    const tabId = await worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0].id!, page.url());

    const previewMs: number[] = [];
    const requests: number[] = [];
    const billed: number[] = [];
    const sent: number[] = [];
    let listings = 0;
    /** Listings per draft and when the draft was done: which draft listed again says why. */
    const perDraft: string[] = [];
    const runStart = Date.now();
    for (const draft of DRAFTS) {
      await page.evaluate((text) => {
        const field = document.getElementById('reply') as HTMLTextAreaElement;
        field.value = text;
        field.focus();
        // The panel's shadow root is closed: its translation has arrived when its host grows past "Translating…".
        const probe = window as unknown as { __loading?: number };
        probe.__loading = undefined;
        const observer = new MutationObserver(() => {
          const host = document.querySelector('glossa-selection-popover');
          if (!host) return;
          probe.__loading = host.getBoundingClientRect().height;
          observer.disconnect();
        });
        observer.observe(document.documentElement, { childList: true });
      }, draft);
      const from = server.log.length;
      const started = Date.now();
      await worker.evaluate(async (id) => {
        const tab = await chrome.tabs.get(id);
        (chrome.commands.onCommand as unknown as { dispatch(n: string, t: chrome.tabs.Tab): void }).dispatch('translate-field', tab);
      }, tabId);
      // Polled every animation frame: the figure may be up to a frame late.
      await page.waitForFunction(() => {
        const loading = (window as unknown as { __loading?: number }).__loading;
        return loading !== undefined && (document.querySelector('glossa-selection-popover')?.getBoundingClientRect().height ?? 0) > loading;
      }, undefined, { timeout: 30_000, polling: 'raf' });
      previewMs.push(Date.now() - started);
      // Keyboard: focus starts on the panel; Close, Target language, Formality, Glossary, then Replace.
      for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForFunction((text) => (document.getElementById('reply') as HTMLTextAreaElement).value !== text, draft, { timeout: 10_000 });
      await page.keyboard.press('Escape');
      const log = server.log.slice(from);
      const translate = log.filter((r) => r.path === '/v2/translate');
      requests.push(translate.length);
      billed.push(translate.reduce((sum, r) => sum + (r.billedCharacters ?? 0), 0));
      sent.push(draft.length);
      const listed = log.filter((r) => r.path === '/v3/glossaries' && r.method === 'GET').length;
      listings += listed;
      perDraft.push(`${listed} by ${Math.round((Date.now() - runStart) / 100) / 10} s`);
    }
    const ranOn = `${DRAFTS.length} drafts of 67–84 chars in a textarea, Chromium, production build, local server + ${LATENCY_MS} ms`;
    const figures: Figure[] = [
      { name: 'writing.triggerToPreview', value: median(previewMs), unit: 'ms', ranOn: `${ranOn} (median; range ${Math.min(...previewMs)}–${Math.max(...previewMs)} ms)`, target: `round trip + ${LATENCY_MS} ms` },
      { name: 'writing.requestsPerReplace', value: Math.max(...requests), unit: 'requests', ranOn, target: '1' },
      { name: 'writing.billedPerReplace.overDraft', value: Math.max(...billed.map((b, i) => b - sent[i])), unit: 'chars', ranOn: `${ranOn} (billed minus the draft's length, worst draft)`, target: '0' },
      { name: 'writing.glossaryListings', value: listings, unit: 'requests', ranOn: `${ranOn} (GET /v3/glossaries over the whole run; per draft: ${perDraft.join(', ')})`, target: '≤ 1 a minute' },
    ];
    return figures;
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
    await pages.close();
    await server.close();
  }
};

export default suite;
