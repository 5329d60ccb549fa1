// Request packing: time to pack a page-sized list of segments, and the requests it needs
// against a lower bound no packing can beat (by count: n/50; by bytes: total size / budget).
import { performance } from 'node:perf_hooks';
import { API_LIMITS, translateBody } from '../../utils/api/packing';
import { packRequests } from '../lib/packing-minimum';
import { utf8Length } from '../../utils/shared/utf8';
import type { TranslateParams } from '../../utils/shared/api-types';
import type { ApiClient } from '../../utils/api/client';
import { createDispatcher, type DispatchItem } from '../../utils/background/translation/dispatcher';
import { median, type BenchSuite, type Figure } from './figure';

/** Deterministic pseudo-random numbers, so every run packs the same segments. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const WORDS = ['Haus', 'Straße', 'über', 'naïve', 'translation', 'page', '日本語', 'текст', 'emoji 😀', '"quoted"', 'a&amp;b'];

function segments(count: number, seed: number): string[] {
  const random = lcg(seed);
  return Array.from({ length: count }, (_, i) => {
    // Mostly short blocks (menus, captions), some paragraphs, a few long articles' paragraphs.
    const r = random();
    const words = r < 0.6 ? 1 + Math.floor(random() * 6) : r < 0.95 ? 20 + Math.floor(random() * 120) : 400 + Math.floor(random() * 1500);
    const parts: string[] = [];
    for (let w = 0; w < words; w++) parts.push(WORDS[Math.floor(random() * WORDS.length)]);
    return i % 7 === 0 ? `<a id="1">${parts.join(' ')}</a> ${i}` : `${parts.join(' ')} ${i}`;
  });
}

function lowerBound(list: string[], params: Omit<TranslateParams, 'text'>): number {
  const base = utf8Length(translateBody({ ...params, text: [] }));
  const bytes = list.reduce((sum, s) => sum + utf8Length(JSON.stringify(s)) + 1, 0) - 1;
  return Math.max(Math.ceil(list.length / API_LIMITS.maxTexts), Math.ceil(bytes / (API_LIMITS.maxBytes - base)));
}

/** Splits blocks into messages the way the page engine sends them: ≤ 50 blocks and ≤ 60k characters. */
function messages(list: string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const block of list) {
    if (current.length > 0 && (current.length >= 50 || chars + block.length > 60_000)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(block);
    chars += block.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Requests the dispatcher sends for a page's messages, against a server answering in 30 ms. */
async function dispatchedRequests(batches: string[][], params: Omit<TranslateParams, 'text'>): Promise<number> {
  let requests = 0;
  const client = {
    baseUrl: 'bench',
    async translate(p: TranslateParams) {
      requests++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { translations: p.text.map((text) => ({ detected_source_language: 'DE', text })) };
    },
  } as unknown as ApiClient;
  const dispatcher = createDispatcher();
  const owner = { billed: 0, site: 'bench' };
  await Promise.all(batches.map((batch, i) => {
    const items: DispatchItem[] = batch.map((text) => ({ text, group: 'page', params, client, owner, resolve: () => undefined, reject: () => undefined }));
    return dispatcher.submit(items, i === 0); // the first message holds the viewport
  }));
  return requests;
}

const suite: BenchSuite = async () => {
  const params: Omit<TranslateParams, 'text'> = {
    target_lang: 'DE', context: 'Eine Seite mit vielen Blöcken', tag_handling: 'html', show_billed_characters: true, model_type: 'latency_optimized',
  };
  const list = segments(10_000, 42);
  const totalKB = list.reduce((sum, s) => sum + utf8Length(s), 0) / 1024;
  const ranOn = `10,000 segments, ${Math.round(totalKB)} KB, mixed scripts`;
  const times: number[] = [];
  let requests = 0;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    requests = packRequests(list, params).requests.length;
    times.push(performance.now() - started);
  }

  // Long paragraphs only: here the 128 KiB limit decides, not the 50 texts.
  const long = segments(4_000, 7).map((s) => s.repeat(6));
  const longKB = Math.round(long.reduce((sum, s) => sum + utf8Length(s), 0) / 1024);
  const longRequests = packRequests(long, params).requests.length;

  // One oversized block (≈ 1 MB of HTML) split at element and sentence boundaries.
  const paragraph = 'Ein Satz mit <b id="1">Auszeichnung</b> und einem <a id="2">Link</a>. Noch ein Satz! ';
  const huge = paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length));
  const splitTimes: number[] = [];
  let splitRequests = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    splitRequests = packRequests([huge], params).requests.length;
    splitTimes.push(performance.now() - started);
  }

  // A page's blocks as the content script sends them, in messages.
  const page = segments(3_000, 11).map((s, i) => (i % 3 === 0 ? s.repeat(4) : s)); // text-heavy: bytes decide
  const pageMessages = messages(page);
  const pageRanOn = `3,000 blocks in ${pageMessages.length} messages (≤ 50 blocks, ≤ 60k chars)`;
  const perMessage = pageMessages.reduce((sum, m) => sum + packRequests(m, params).requests.length, 0);
  const dispatched = await dispatchedRequests(pageMessages, params);
  const minimum = packRequests(page, params).requests.length;

  const figures: Figure[] = [
    { name: 'dispatch.page.requests', value: dispatched, unit: 'requests', ranOn: pageRanOn, target: '= greedy minimum' },
    { name: 'dispatch.page.greedy-minimum', value: minimum, unit: 'requests', ranOn: pageRanOn },
    { name: 'dispatch.page.per-message', value: perMessage, unit: 'requests', ranOn: `${pageRanOn}, each packed alone` },
    { name: 'packing.10k.time', value: median(times), unit: 'ms', ranOn, target: 'fast (linear)' },
    { name: 'packing.10k.requests', value: requests, unit: 'requests', ranOn },
    { name: 'packing.10k.lower-bound', value: lowerBound(list, params), unit: 'requests', ranOn, target: 'no packing needs fewer' },
    { name: 'packing.long.requests', value: longRequests, unit: 'requests', ranOn: `4,000 long segments, ${longKB} KB` },
    { name: 'packing.long.lower-bound', value: lowerBound(long, params), unit: 'requests', ranOn: `4,000 long segments, ${longKB} KB`, target: 'no packing needs fewer' },
    { name: 'packing.split-1MB.time', value: median(splitTimes), unit: 'ms', ranOn: '1 block of 1 MB HTML' },
    { name: 'packing.split-1MB.requests', value: splitRequests, unit: 'requests', ranOn: '1 block of 1 MB HTML', target: '≥ 9 (1 MB / 128 KiB)' },
  ];
  return figures;
};

export default suite;
