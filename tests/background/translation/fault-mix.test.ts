// @vitest-environment node
// Pages against the real local server under a mix of faults: 20% 429, 10% 5xx and 5% broken 200
// answers (cut off or not JSON, as a proxy or a dropped connection leaves them). The one pipeline
// with the API client's retries brings every page to at least 99% translated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from 'idb-keyval';
import { startServer, type GlossaServer } from '../../../server/index';
import { createApiClient } from '../../../utils/api/client';
import { createTranslationCache } from '../../../utils/background/translation/cache';
import { createTranslationService } from '../../../utils/background/translation/service';
import { spendingLimitsItem } from '../../../utils/background/translation/spending';
import { PAGE_BATCH_LIMIT } from '../../../utils/shared/limits';
import type { BlockRequest, PageJobOptions } from '../../../utils/shared/protocol';

const KEY = 'fault-mix-key';
const PAGES = 8;
const BLOCKS = 300;
let server: GlossaServer;

const job: PageJobOptions = { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false };

function page(n: number): BlockRequest[] {
  return Array.from({ length: BLOCKS }, (_, i) => ({ text: `Page ${n}, paragraph ${i}: the <b id="1">reader</b> wants every sentence of it, not most of them.`, format: 'html' as const }));
}

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY] });
});
afterAll(() => server.close());

describe('a mix of faults', () => {
  it('leaves every page at least 99% translated under 20% 429, 10% 5xx and 5% broken answers', async () => {
    server.faults.add({ fault: 'status', status: 429, rate: 0.2, path: '/v2/translate' });
    server.faults.add({ fault: 'status', status: 503, rate: 0.05, path: '/v2/translate' });
    server.faults.add({ fault: 'status', status: 500, rate: 0.05, path: '/v2/translate' });
    server.faults.add({ fault: 'malformed', shape: 'truncated', rate: 0.03, path: '/v2/translate' });
    server.faults.add({ fault: 'malformed', shape: 'invalid-json', rate: 0.02, path: '/v2/translate' });
    await spendingLimitsItem.setValue({ siteHourCeiling: 1_000_000_000, monthlyBudget: 0 });
    const client = createApiClient({ baseUrl: server.url, authKey: KEY, retry: { baseDelayMs: 5, maxDelayMs: 40 } });
    const svc = createTranslationService({ client: async () => client, cache: createTranslationCache({ store: createStore('fault-mix', 'translations') }) });

    const translated: number[] = [];
    // The server's faults fire by count (every fifth request a 429, and so on), so the pages go
    // one after another: in parallel, which batch meets which fault depended on timing, and now
    // and then one batch met a fault on each of its four attempts (a page at 83%).
    for (let n = 0; n < PAGES; n++) {
      const blocks = page(n);
      let ok = 0;
      // As the page engine sends them: one batch's worth of blocks a message.
      for (let at = 0; at < blocks.length; at += PAGE_BATCH_LIMIT.blocks) {
        const out = await svc.translateBlocks({ tabId: n + 1, site: `site${n}.example`, job, blocks: blocks.slice(at, at + PAGE_BATCH_LIMIT.blocks) });
        ok += out.results.filter((r) => r.ok).length;
      }
      translated[n] = ok / blocks.length;
    }
    const faulted = server.log.filter((r) => r.path === '/v2/translate' && r.status !== 200).length;
    console.log(`fault mix: ${server.log.length} requests, ${faulted} answered with an error status; pages translated: ${translated.map((f) => `${(f * 100).toFixed(1)}%`).join(', ')}`);
    for (const fraction of translated) expect(fraction).toBeGreaterThanOrEqual(0.99);
  }, 60_000);
});
