import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerGlossaryService } from '../../utils/background/glossary-service';
import { removeAllListeners, type MessageSender } from '../../utils/shared/protocol';
import { ApiError } from '../../utils/shared/api-errors';
import type { ApiClient } from '../../utils/api/client';
import { glossaryRevision } from '../../utils/background/translation/cache';
import { connectionItem } from '../../utils/extension/settings-store';

const optionsPage = (): MessageSender => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') });
const webPage: MessageSender = { id: fakeBrowser.runtime.id, url: 'https://example.com/', tab: { id: 4, url: 'https://example.com/' } as never };

/** Delivers a message as the browser would, with the given sender, and unwraps the reply. */
async function send(type: string, data: unknown, sender: MessageSender = optionsPage()): Promise<unknown> {
  const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender);
  const reply = replies.find(Boolean) as unknown as { ok: boolean; value?: unknown; error?: Record<string, unknown> };
  if (reply.ok) return reply.value;
  throw Object.assign(new Error(String(reply.error?.message)), reply.error);
}

const glossary = { glossary_id: 'a1b2', name: 'Team', dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 1 }], creation_time: '2026-01-01T00:00:00.000Z' };

function fakeClient(overrides: Partial<ApiClient> = {}) {
  return {
    listGlossaries: vi.fn(async () => [glossary]),
    getGlossary: vi.fn(async () => glossary),
    getEntries: vi.fn(async () => ({ source_lang: 'en', target_lang: 'de', entries: 'car\tAuto', entries_format: 'tsv' as const })),
    createGlossary: vi.fn(async () => ({ ...glossary, ready: true })),
    putDictionary: vi.fn(async () => ({ source_lang: 'en', target_lang: 'de', entry_count: 2 })),
    patchGlossary: vi.fn(async () => glossary),
    deleteGlossary: vi.fn(async () => undefined),
    deleteDictionary: vi.fn(async () => undefined),
    ...overrides,
  } as unknown as ApiClient & Record<string, ReturnType<typeof vi.fn>>;
}

describe('glossary service', () => {
  beforeEach(() => removeAllListeners());

  it('answers the options page and refuses web pages', async () => {
    const client = fakeClient();
    registerGlossaryService({ client: async () => client });
    expect(await send('glossaryList', {})).toEqual([glossary]);
    await expect(send('glossaryList', {}, webPage)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(send('glossaryDeleteGlossary', { id: 'a1b2' }, { url: 'https://example.com/' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(client.deleteGlossary).not.toHaveBeenCalled();
  });

  it('sends base language codes in lower case and refuses path-like ids', async () => {
    const client = fakeClient();
    registerGlossaryService({ client: async () => client });
    await send('glossaryEntries', { id: 'a1b2', sourceLang: 'EN', targetLang: 'pt-BR' });
    expect(client.getEntries).toHaveBeenCalledWith('a1b2', 'en', 'pt');
    await send('glossaryPutDictionary', { id: 'a1b2', dictionary: { source_lang: 'EN-GB', target_lang: 'DE', entries: 'a\tb', entries_format: 'tsv' } });
    expect(client.putDictionary).toHaveBeenCalledWith('a1b2', { source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' });
    await expect(send('glossaryGet', { id: '../v2/translate' })).rejects.toMatchObject({ code: 'bad-request' });
    await expect(send('glossaryPatch', { id: 'a1b2' })).rejects.toMatchObject({ code: 'bad-request' });
    expect(client.getGlossary).not.toHaveBeenCalled();
  });

  it('bumps the glossary’s cache revision after every change, also a failed one', async () => {
    const client = fakeClient({ patchGlossary: vi.fn(async () => { throw new ApiError('server', 'Server error (HTTP 500)', { status: 500 }); }) as never });
    registerGlossaryService({ client: async () => client });
    const before = await glossaryRevision('a1b2');
    await send('glossaryPutDictionary', { id: 'a1b2', dictionary: { source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' } });
    await send('glossaryDeleteDictionary', { id: 'a1b2', sourceLang: 'en', targetLang: 'de' });
    await expect(send('glossaryPatch', { id: 'a1b2', name: 'New' })).rejects.toMatchObject({ code: 'server', status: 500, message: 'Server error (HTTP 500)' });
    await send('glossaryDeleteGlossary', { id: 'a1b2' });
    expect(await glossaryRevision('a1b2')).toBe(before + 4);
    await send('glossaryList', {});
    await send('glossaryEntries', { id: 'a1b2', sourceLang: 'en', targetLang: 'de' });
    expect(await glossaryRevision('a1b2')).toBe(before + 4);
  });

  it('builds its client from the saved connection, and says when there is no key', async () => {
    registerGlossaryService();
    await expect(send('glossaryList', {})).rejects.toMatchObject({ code: 'auth', message: expect.stringContaining('No API key') });
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ glossaries: [glossary] }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await connectionItem.setValue({ apiKey: 'k-123', plan: 'custom', customUrl: 'http://127.0.0.1:9999/' });
    expect(await send('glossaryList', {})).toEqual([glossary]);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('http://127.0.0.1:9999/v3/glossaries');
    expect((init.headers as Record<string, string>).Authorization).toBe('Service-Auth-Key k-123');
    vi.unstubAllGlobals();
  });
});
