// @vitest-environment node
// The writing-help service against the real local API server: the writing target (the page's
// language, else the site's remembered choice), formality and the pair's default glossary in
// the request, no context, and the privacy rules: drafts never reach the disk cache and are
// never counted under the site; private windows remember nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'idb-keyval';
import { startServer, pseudoTranslate, type GlossaServer } from '../../server/index';
import { registerWritingService, writingTargetFor, type WritingServiceDeps } from '../../utils/background/writing-service';
import { removeAllListeners, type DraftTranslation, type MessageSender, type WritingPrefs } from '../../utils/shared/protocol';
import { connectionItem, defaultGlossariesItem } from '../../utils/extension/settings-store';
import { writingPrefsItem } from '../../utils/extension/writing-prefs';
import { hostPermissionPattern } from '../../utils/shared/connection';
import { createTranslationCache, type TranslationCache } from '../../utils/background/translation/cache';
import { createTranslationService } from '../../utils/background/translation/service';
import { usageForMonth } from '../../utils/background/translation/usage';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeContent } from './fake-tabs';
import { ask } from './via-message';

const KEY = 'writing-test-key';
let server: GlossaServer;
let cache: TranslationCache;
let deps: WritingServiceDeps;
let storeNumber = 0;

const tab = (incognito = false): MessageSender => ({ id: fakeBrowser.runtime.id, url: 'https://shop.example/contact', frameId: 0, tab: { id: 3, url: 'https://shop.example/contact', incognito } as never });

function translateDraft(data: unknown, sender: MessageSender = tab()): Promise<DraftTranslation> {
  return ask<DraftTranslation>('translateDraft', data, sender);
}

const translateRequests = () => server.log.filter((r) => r.path === '/v2/translate');
const lastParams = () => translateRequests().at(-1)!.params as Record<string, unknown>;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', keys: [KEY] });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset();
  removeAllListeners();
  installFakeContent().granted.add(hostPermissionPattern(server.url));
  await connectionItem.setValue({ apiKey: KEY, plan: 'custom', customUrl: server.url });
  cache = createTranslationCache({ store: createStore(`writing-cache-${++storeNumber}`, 'kv') });
  deps = { service: createTranslationService({ cache }) };
  registerWritingService(deps);
});

describe('writingTargetFor', () => {
  it('maps a page language to the API target that writes it', () => {
    expect(writingTargetFor('de')).toBe('DE');
    expect(writingTargetFor('en')).toBe('EN-US');
    expect(writingTargetFor('en-GB')).toBe('EN-GB');
    expect(writingTargetFor('pt')).toBe('PT-BR');
    expect(writingTargetFor('no')).toBe('NB');
    expect(writingTargetFor('xx')).toBeUndefined();
    expect(writingTargetFor('')).toBeUndefined();
  });
});

describe('translateDraft', () => {
  it('writes into the page language, without context or formality, and keeps the draft out of the disk cache and the site figures', async () => {
    const html = 'Thank you for your message.<br>We will call you back.';
    const result = await translateDraft({ html, pageLang: 'fr', draftLang: 'en' });
    expect(result).toMatchObject({ targetLang: 'FR', formality: 'default', glossaryId: '', billedCharacters: html.length });
    expect(result.translation).toBe(pseudoTranslate(html, 'FR', { tagHandling: 'html' }));
    const params = lastParams();
    expect(params).toMatchObject({ text: [html], target_lang: 'FR', tag_handling: 'html' });
    expect(params).not.toHaveProperty('context');
    expect(params).not.toHaveProperty('source_lang');
    expect(params).not.toHaveProperty('formality');
    expect((await cache.stats()).entries).toBe(0);
    const usage = await usageForMonth();
    expect(usage.sites).not.toHaveProperty('shop.example');
    expect(usage.total).toBe(html.length);

    // Asked again: served from memory, nothing billed twice.
    const again = await translateDraft({ html, pageLang: 'fr', draftLang: 'en' });
    expect(again.billedCharacters).toBe(0);
    expect(translateRequests()).toHaveLength(1);
  });

  it('remembers the target and formality the user picked for the site, and sends formality', async () => {
    await translateDraft({ html: 'See you soon.', pageLang: 'fr', draftLang: 'en', targetLang: 'DE', formality: 'more' });
    expect(lastParams()).toMatchObject({ target_lang: 'DE', formality: 'prefer_more' });
    expect(await writingPrefsItem.getValue()).toEqual({ 'shop.example': { targetLang: 'DE', formality: 'more' } } satisfies WritingPrefs);
    // The next draft on the site starts from them, whatever the page says.
    const next = await translateDraft({ html: 'Many thanks.', pageLang: 'fr', draftLang: 'en' });
    expect(next).toMatchObject({ targetLang: 'DE', formality: 'more' });
    // Cleared from the options page.
    await ask('clearWritingPrefs', { site: 'shop.example' }, { id: fakeBrowser.runtime.id, url: `chrome-extension://${fakeBrowser.runtime.id}/options.html` } as MessageSender);
    expect(await writingPrefsItem.getValue()).toEqual({});
  });

  it('remembers nothing from a private window', async () => {
    await translateDraft({ html: 'See you soon.', pageLang: 'fr', draftLang: 'en', targetLang: 'DE' }, tab(true));
    expect(await writingPrefsItem.getValue()).toEqual({});
  });

  it("applies the pair's default glossary with source_lang, shows the choice, and leaves it out when the user picks none", async () => {
    const created = await fetch(`${server.url}/v3/glossaries`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Shop terms', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'invoice\tRechnung', entries_format: 'tsv' }] }),
    });
    const { glossary_id: id } = (await created.json()) as { glossary_id: string };
    await defaultGlossariesItem.setValue({ 'en>de': id });
    const result = await translateDraft({ html: 'Where is my invoice?', pageLang: 'de', draftLang: 'en' });
    expect(result).toMatchObject({ glossaryId: id, glossaries: [{ id, name: 'Shop terms' }] });
    expect(result.translation).toContain('Rechnung');
    expect(lastParams()).toMatchObject({ glossary_id: id, source_lang: 'EN', target_lang: 'DE' });
    const without = await translateDraft({ html: 'Where is my invoice?', pageLang: 'de', draftLang: 'en', glossaryId: '' });
    expect(without).toMatchObject({ glossaryId: '', glossaries: [{ id, name: 'Shop terms' }] });
    expect(lastParams()).not.toHaveProperty('glossary_id');
    expect(lastParams()).not.toHaveProperty('source_lang');
  });

  it('refuses drafts from pages other than content scripts, and empty drafts', async () => {
    await expect(ask('translateDraft', { html: 'Hi there', pageLang: 'de', draftLang: '' }, { url: 'https://evil.example/' } as MessageSender)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(translateDraft({ html: '   ', pageLang: 'de', draftLang: '' })).rejects.toMatchObject({ code: 'bad-request' });
    expect(translateRequests()).toHaveLength(0);
  });
});
