// @vitest-environment node
// The PDF viewer's translations as the background receives them: only the viewer page in a
// tab may ask, the tab's job comes from the settings (never the message), the tab's state
// counts what was billed, and a second asking of the same texts bills nothing. Real local server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createStore } from 'idb-keyval';
import { startServer, pseudoTranslate, type GlossaServer } from '../../server/index';
import { registerPdfService } from '../../utils/background/pdf-service';
import { getTabState, updateTabState } from '../../utils/background/tab-state';
import { continueSpending } from '../../utils/background/tab-control';
import { removeAllListeners, type MessageSender } from '../../utils/shared/protocol';
import { connectionItem, defaultsItem } from '../../utils/extension/settings-store';
import { createTranslationCache } from '../../utils/background/translation/cache';
import { createTranslationService, type TranslationService } from '../../utils/background/translation/service';
import { ask } from './via-message';

const KEY = 'pdf-service-key';
let server: GlossaServer;
let service: TranslationService;
let n = 0;

const viewerUrl = () => fakeBrowser.runtime.getURL('/pdf-viewer.html') + '?file=https%3A%2F%2Fexample.org%2Fa.pdf';
const viewerSender = (tabId = 7): MessageSender => ({ id: fakeBrowser.runtime.id, tab: { id: tabId, url: viewerUrl() } as MessageSender['tab'], url: viewerUrl(), frameId: 0 });

function askPdf(type: string, data: unknown, sender: MessageSender): Promise<unknown> {
  removeAllListeners();
  registerPdfService(service);
  return ask(type, data, sender);
}

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY] });
});
afterAll(() => server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  await server.reset();
  await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
  await defaultsItem.setValue({ targetLang: 'FR', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false });
  service = createTranslationService({ cache: createTranslationCache({ store: createStore(`pdf-service-${++n}`, 'translations') }) });
});

describe('pdf service', () => {
  it('translates the viewer tab\'s paragraphs as plain text with the user\'s target, and counts them for the tab', async () => {
    const texts = ['A paragraph of a PDF.', 'Fish & <chips>'];
    const reply = await askPdf('translatePdfBlocks', { texts, file: 'https://example.org/a.pdf', priority: true }, viewerSender()) as { results: { ok: boolean; text: string }[]; billedCharacters: number };
    // Text that looks like markup in a PDF is text: it comes back as text, never dropped or parsed.
    expect(reply.results.map((r) => r.text)).toEqual([pseudoTranslate(texts[0], 'FR'), expect.stringMatching(/^F.+sh & <ch.+ps>$/u)]);
    expect(reply.billedCharacters).toBe(server.billedCharacters);
    // The tab's figures are written after the reply (the viewer does not wait for them).
    for (let i = 0; i < 100 && (await getTabState(7)).billedCharacters === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await getTabState(7)).billedCharacters).toBe(reply.billedCharacters);
    expect((await getTabState(7)).job?.targetLang).toBe('FR');
  });

  it('bills nothing when the same PDF is read again (the cache answers)', async () => {
    const data = { texts: ['Once only.'], file: 'https://example.org/a.pdf' };
    await askPdf('translatePdfBlocks', data, viewerSender());
    const billed = server.billedCharacters;
    const again = await askPdf('translatePdfBlocks', data, viewerSender(8)) as { billedCharacters: number };
    expect(again.billedCharacters).toBe(0);
    expect(server.billedCharacters).toBe(billed);
  });

  it('refuses web pages, content scripts and extension pages that are not the viewer', async () => {
    const page: MessageSender = { id: fakeBrowser.runtime.id, tab: { id: 3, url: 'https://evil.example/' } as MessageSender['tab'], url: 'https://evil.example/', frameId: 0 };
    await expect(askPdf('translatePdfBlocks', { texts: ['x'], file: 'f' }, page)).rejects.toMatchObject({ code: 'forbidden' });
    const popup: MessageSender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
    await expect(askPdf('translatePdfBlocks', { texts: ['x'], file: 'f' }, popup)).rejects.toMatchObject({ code: 'bad-request' });
    expect(server.billedCharacters).toBe(0);
  });

  it('translates a selection in the viewer with its paragraph as unbilled context, and only for the viewer', async () => {
    const reply = await askPdf('translatePdfSelection', { text: 'harbour master', context: 'The harbour master opens the gates.', file: 'https://example.org/a.pdf' }, viewerSender()) as { translation: string; format: string; targetLang: string; billedCharacters: number };
    expect(reply).toMatchObject({ translation: pseudoTranslate('harbour master', 'FR'), format: 'text', targetLang: 'FR', billedCharacters: 'harbour master'.length });
    const sent = server.log.filter((r) => r.path === '/v2/translate').at(-1)!.params as { text: string[]; context?: string };
    expect(sent).toMatchObject({ text: ['harbour master'], context: 'The harbour master opens the gates.' });
    const page: MessageSender = { id: fakeBrowser.runtime.id, tab: { id: 3, url: 'https://evil.example/' } as MessageSender['tab'], url: 'https://evil.example/', frameId: 0 };
    await expect(askPdf('translatePdfSelection', { text: 'x', file: 'f' }, page)).rejects.toMatchObject({ code: 'forbidden' });
    const options: MessageSender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
    await expect(askPdf('translatePdfSelection', { text: 'x', file: 'f' }, options)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(askPdf('translatePdfSelection', { text: '  ', file: 'f' }, viewerSender())).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('refuses more than one request\'s worth of texts in one message', async () => {
    const texts = Array.from({ length: 51 }, (_, i) => `text ${i}`);
    await expect(askPdf('translatePdfBlocks', { texts, file: 'f' }, viewerSender())).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('goes on past a spending pause on the viewer\'s tab without asking a page script (the viewer watches its state)', async () => {
    const tab = await fakeBrowser.tabs.create({ url: viewerUrl() });
    await updateTabState(tab.id!, (s) => ({ ...s, phase: 'translated', spend: { paused: 'site-hour' } }));
    const state = await continueSpending(tab.id!);
    expect(state.phase).toBe('translated');
    expect(state.spend?.paused).toBeUndefined();
    expect(state.errorCode).toBeUndefined();
  });
});
