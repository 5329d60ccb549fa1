// @vitest-environment node
// The background side of pointing: one block translated with the options a page translation of
// the tab would use (so the page translation afterwards finds it in the cache), never-translate
// sites refused, the hover setup only where hover translation is on, and the picker's rules
// stored per site (and taken back). Real local server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createStore } from 'idb-keyval';
import { startServer, type GlossaServer } from '../../server/index';
import { handlePointingSetup, handleTranslatePointed, hoverAllowed } from '../../utils/background/pointing-service';
import { handleExcludeElement } from '../../utils/background/site-scope-service';
import { registerPageService } from '../../utils/background/page-service';
import { ask } from './via-message';
import { updateTabState } from '../../utils/background/tab-state';
import { removeAllListeners, type MessageSender } from '../../utils/shared/protocol';
import { connectionItem, defaultsItem, siteRulesItem } from '../../utils/extension/settings-store';
import { hoverItem, siteScopesItem } from '../../utils/extension/pointing-store';
import { createTranslationCache } from '../../utils/background/translation/cache';
import { createTranslationService, type TranslationService } from '../../utils/background/translation/service';
import { currentJobOptions } from '../../utils/background/job-options';

const KEY = 'pointing-key';
let server: GlossaServer;
let service: TranslationService;
let n = 0;
const sender = (tabId = 7, url = 'https://news.example/story'): MessageSender => ({ id: fakeBrowser.runtime.id, tab: { id: tabId, url } as MessageSender['tab'], url, frameId: 0 });
const block = { text: 'A pointed <b id="1">paragraph</b>.', format: 'html' as const };

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [KEY] });
});
afterAll(() => server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  await server.reset();
  await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
  await defaultsItem.setValue({ targetLang: 'DE', sourceLang: '', formality: 'more', modelType: 'latency_optimized', bilingual: false });
  service = createTranslationService({ cache: createTranslationCache({ store: createStore(`pointing-${++n}`, 'translations') }) });
});

describe('translatePointed', () => {
  it('sends exactly the one block, and a page translation with the current options then finds it in the cache', async () => {
    const reply = await handleTranslatePointed({ block, sourceLang: 'EN' }, sender(), service);
    expect(reply.result.ok).toBe(true);
    expect(reply.targetLang).toBe('DE');
    expect(server.log.filter((r) => r.path === '/v2/translate').map((r) => (r.params as { text: string[] }).text)).toEqual([[block.text]]);
    // The page translation the user starts next: same job (formality fitted the same way), same block.
    const job = await currentJobOptions();
    await updateTabState(7, (s) => ({ ...s, phase: 'translating', job }));
    const before = server.log.length;
    removeAllListeners();
    registerPageService(service);
    const page = await ask<{ results: unknown[] }>('translateBlocks', { blocks: [block, { text: 'Another one.', format: 'html' }], sourceLang: 'EN' }, sender());
    expect(page.results[0]).toEqual(reply.result);
    expect(server.log.slice(before).map((r) => (r.params as { text: string[] }).text)).toEqual([['Another one.']]);
  });

  it('uses the job of a tab that shows a translation', async () => {
    await updateTabState(7, (s) => ({ ...s, phase: 'translated', job: { targetLang: 'FR', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: true } }));
    expect((await handleTranslatePointed({ block }, sender(), service)).targetLang).toBe('FR');
  });

  it('refuses a never-translate site, sending nothing', async () => {
    await siteRulesItem.setValue({ always: [], never: ['news.example'] });
    await expect(handleTranslatePointed({ block }, sender(), service)).rejects.toMatchObject({ code: 'never-site' });
    expect(server.log).toHaveLength(0);
  });
});

describe('hover setup and site rules', () => {
  it('gives the modifier only where hover translation is on', async () => {
    expect((await handlePointingSetup(sender())).modifier).toBeNull();
    await hoverItem.setValue({ enabled: true, modifier: 'Shift', sites: ['news.example'] });
    expect((await handlePointingSetup(sender())).modifier).toBe('Shift');
    expect((await handlePointingSetup(sender(7, 'https://other.example/'))).modifier).toBeNull();
    expect(hoverAllowed({ enabled: true, modifier: 'Alt', sites: 'all' }, 'any.example')).toBe(true);
    expect(hoverAllowed({ enabled: false, modifier: 'Alt', sites: 'all' }, 'any.example')).toBe(false);
  });

  it('stores a picked part for the sender page\'s site, hands it to the page setup, and takes it back on undo', async () => {
    await handleExcludeElement({ selector: 'nav.site-nav' }, sender());
    await handleExcludeElement({ selector: 'nav.site-nav' }, sender());
    expect(await siteScopesItem.getValue()).toEqual({ 'news.example': { only: [], never: ['nav.site-nav'] } });
    expect((await handlePointingSetup(sender())).scope).toEqual({ only: [], never: ['nav.site-nav'] });
    await handleExcludeElement({ selector: 'nav.site-nav', undo: true }, sender());
    expect(await siteScopesItem.getValue()).toEqual({});
  });

  it('records nothing for a private window', async () => {
    const incognito = { ...sender(), tab: { ...sender().tab!, incognito: true } };
    await expect(handleExcludeElement({ selector: 'nav' }, incognito)).rejects.toMatchObject({ code: 'bad-request' });
    expect(await siteScopesItem.getValue()).toEqual({});
  });
});
