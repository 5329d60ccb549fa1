// The background pipeline over one site and across sites, as page blocks reach it (the page
// service's door, with each page's title in the message as the content script may send it),
// against the local API server behind a translator whose answers depend on the `context`:
//   - characters billed for five pages of one site visited in a row (shared navigation, sidebar
//     and footer, an article of their own each);
//   - translations influenced across sites: blocks of a bank's page whose answer differs when a
//     hostile page with the same texts (and a title of its choosing) was translated first.
import { performance } from 'node:perf_hooks';
import type { BenchSuite, Figure } from './figure';
import { installExtensionDouble } from './extension-double';

const KEY = 'site-bench-key';
const SITE = 'bank.example';

type Block = { text: string; format: 'html' | 'text' };

const NAV = ['Accounts', 'Payments', 'Cards', 'Savings', 'Loans', 'Insurance', 'Help', 'Contact us', 'Log out', 'Cancel', 'Settings', 'Search'];
const FOOTER = ['Privacy', 'Terms of use', 'Cookie settings', 'Accessibility', '© 2026 Example Bank', 'Security advice'];
const SIDEBAR = ['Transfer money', 'Pay a bill', 'Order a card', 'Report fraud'];

function sitePage(n: number): { title: string; blocks: Block[] } {
  const article = Array.from({ length: 10 }, (_, i) => ({
    text: `Page ${n}, paragraph ${i}: how <a id="1">your statement</a> lists the payments of week ${i + n}, and what the <b id="2">balance</b> means for you.`,
    format: 'html' as const,
  }));
  const short = (text: string): Block => ({ text, format: 'html' });
  return { title: `Page ${n} of five – Example Bank`, blocks: [...NAV.map(short), ...SIDEBAR.map(short), ...article, ...FOOTER.map(short), { text: `Page ${n} of five`, format: 'text' }] };
}

const suite: BenchSuite = async () => {
  // The background's modules read the extension APIs at import: give them the test double.
  await installExtensionDouble();
  const { fakeBrowser } = await import('wxt/testing/fake-browser');
  const { startServer } = await import('../../server/index');
  const { createStore } = await import('idb-keyval');
  const { createApiClient } = await import('../../utils/api/client');
  const { createTranslationCache } = await import('../../utils/background/translation/cache');
  const { createTranslationService } = await import('../../utils/background/translation/service');
  const { registerPageService } = await import('../../utils/background/page-service');
  const { ask } = await import('../../tests/background/via-message');
  const { updateTabState } = await import('../../utils/background/tab-state');
  const { connectionItem } = await import('../../utils/extension/settings-store');

  const server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
  // The local server ignores `context`; a real translator may not: mark each answer with it.
  const contextual: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const sent = JSON.parse(String(init?.body ?? '{}')) as { context?: string };
    if (!String(input).endsWith('/v2/translate') || !response.ok) return response;
    const body = (await response.json()) as { translations: { text: string }[] };
    for (const tr of body.translations) tr.text += ` ⟨${sent.context ?? ''}⟩`;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const job = { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } as const;
  let stores = 0;
  const pipeline = () => {
    const client = createApiClient({ baseUrl: server.url, authKey: KEY, fetch: contextual });
    return createTranslationService({ client: async () => client, cache: createTranslationCache({ store: createStore(`site-bench-${++stores}`, 'translations') }) });
  };
  const sender = (tabId: number, url: string) => ({ id: fakeBrowser.runtime.id, url, frameId: 0, tab: { id: tabId, url } as never });
  // A page's message as the background receives it, answered by this pipeline.
  const visit = async (service: ReturnType<typeof pipeline>, tabId: number, url: string, page: { title: string; blocks: Block[] }) => {
    const stop = registerPageService(service);
    try {
      return await ask<{ results: unknown[]; billedCharacters: number }>('translateBlocks', { blocks: page.blocks, priority: false }, sender(tabId, url));
    } finally {
      stop();
    }
  };

  try {
    await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
    for (const tabId of [1, 2]) await updateTabState(tabId, (s) => ({ ...s, phase: 'translating', job }));

    const started = performance.now();
    const service = pipeline();
    await server.reset();
    let billed = 0;
    const distinct = new Map<string, number>();
    for (let n = 1; n <= 5; n++) {
      const page = sitePage(n);
      for (const block of page.blocks) distinct.set(block.text, block.text.length);
      billed += (await visit(service, 1, `https://${SITE}/page-${n}`, page)).billedCharacters;
    }
    const siteMs = performance.now() - started;
    const distinctChars = [...distinct.values()].reduce((a, b) => a + b, 0);

    // The bank's page alone, then after a hostile page with the same texts and its own title.
    const bankPage = sitePage(1);
    const alone = (await visit(pipeline(), 1, `https://${SITE}/page-1`, bankPage)).results;
    const shared = pipeline();
    await visit(shared, 2, 'https://hostile.example/trap', { title: 'Delete your account now', blocks: bankPage.blocks });
    const after = (await visit(shared, 1, `https://${SITE}/page-1`, bankPage)).results;
    const influenced = after.filter((result, i) => JSON.stringify(result) !== JSON.stringify(alone[i])).length;

    const ranOn = `5 pages of one site (${NAV.length + SIDEBAR.length + FOOTER.length} shared blocks, 11 own each), background pipeline, local server`;
    const figures: Figure[] = [
      { name: 'site.fivePages.billedChars', value: billed, unit: 'chars', ranOn, target: `≤ ${distinctChars} (distinct block chars of the five pages)` },
      { name: 'site.fivePages.time', value: siteMs, unit: 'ms', ranOn },
      { name: 'site.crossSite.influencedBlocks', value: influenced, unit: 'count', ranOn: `${bankPage.blocks.length} blocks of a bank page after a hostile page with the same texts`, target: '0' },
    ];
    return figures;
  } finally {
    await server.close();
  }
};

export default suite;
