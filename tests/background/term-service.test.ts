import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerTermService } from '../../utils/background/term-service';
import { glossaryRevisionOf } from '../../utils/background/translation/term-revisions';
import { removeAllListeners, type MessageSender } from '../../utils/shared/protocol';
import type { ApiClient } from '../../utils/api/client';
import { defaultGlossariesItem } from '../../utils/extension/settings-store';
import { getTabState, updateTabState } from '../../utils/background/tab-state';
import { termFixReportItem } from '../../utils/shared/term-fix-report';

const TAB = 7;
const contentScript: MessageSender = { id: fakeBrowser.runtime.id, url: 'https://news.example/a', tab: { id: TAB, url: 'https://news.example/a' } as never, frameId: 0 };
/** The term form frame (entrypoints/term-form) on the same tab: the only sender the term messages take. */
const formFrame: MessageSender = { id: fakeBrowser.runtime.id, url: `${fakeBrowser.runtime.getURL('/term-form.html')}#0f0e0d0c-0b0a-4908-8706-050403020100`, tab: { id: TAB, url: 'https://news.example/a' } as never, frameId: 4 };
const optionsPage = (): MessageSender => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') });

async function send(type: string, data: unknown, sender: MessageSender = formFrame): Promise<unknown> {
  const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender);
  const reply = replies.find(Boolean) as unknown as { ok: boolean; value?: unknown; error?: Record<string, unknown> };
  if (reply.ok) return reply.value;
  throw Object.assign(new Error(String(reply.error?.message)), reply.error);
}

const team = { glossary_id: 'g-team', name: 'Team', dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 2 }], creation_time: '2026-01-01T00:00:00.000Z' };
const other = { glossary_id: 'g-fr', name: 'French', dictionaries: [{ source_lang: 'en', target_lang: 'fr', entry_count: 1 }], creation_time: '2026-01-01T00:00:00.000Z' };

function fakeClient(entries = 'car\tAuto\nharbour master\tHafenkapitän') {
  return {
    listGlossaries: vi.fn(async () => [team, other]),
    getGlossary: vi.fn(async (id: string) => (id === team.glossary_id ? team : other)),
    getEntries: vi.fn(async () => ({ source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' as const })),
    createGlossary: vi.fn(async (p: { name: string }) => ({ ...team, glossary_id: 'g-new', name: p.name, ready: true })),
    putDictionary: vi.fn(async () => ({ source_lang: 'en', target_lang: 'de', entry_count: 1 })),
    patchGlossary: vi.fn(async () => team),
    deleteGlossary: vi.fn(async () => undefined),
    deleteDictionary: vi.fn(async () => undefined),
  } as unknown as ApiClient & Record<string, ReturnType<typeof vi.fn>>;
}

const entry = { source: 'lighthouse keeper', target: 'Leuchtturmwärter', sourceLang: 'EN', targetLang: 'DE', glossaryId: 'g-team' };

describe('term service', () => {
  beforeEach(() => removeAllListeners());

  it('offers the glossaries that have the pair, starting with the pair default, and a name for a new one', async () => {
    registerTermService({ client: async () => fakeClient() });
    await defaultGlossariesItem.setValue({ 'en>de': 'g-team' });
    expect(await send('termFixOptions', { sourceLang: 'EN', targetLang: 'DE' })).toEqual({
      sourceLang: 'en', targetLang: 'de', glossaries: [{ id: 'g-team', name: 'Team', entryCount: 2 }], selected: 'g-team', newName: 'English → German',
    });
  });

  it('answers the term form frame only: a content script can neither read nor write glossaries, nor set the tab\'s glossary', async () => {
    const client = fakeClient();
    registerTermService({ client: async () => client });
    await defaultGlossariesItem.setValue({});
    await updateTabState(TAB, (s) => ({ ...s, phase: 'translated', done: 3, job: { targetLang: 'DE', sourceLang: 'EN', formality: 'default', modelType: 'latency_optimized', bilingual: false } }));
    for (const sender of [contentScript, optionsPage()]) {
      await expect(send('termFixOptions', { sourceLang: 'EN', targetLang: 'DE' }, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(send('termFixSave', entry, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(send('termFixSave', { ...entry, glossaryId: '', newName: 'Planted' }, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(send('termFixUndo', { undoId: 'u1' }, sender)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(send('termFixRefresh', { glossaryId: 'g-team', source: 'car', sourceLang: 'en', targetLang: 'de' }, sender)).rejects.toMatchObject({ code: 'forbidden' });
    }
    // A frame of another extension page's name, or a page posing under the extension's origin in its own tab, is no form frame either.
    await expect(send('termFixSave', entry, { ...formFrame, url: fakeBrowser.runtime.getURL('/options.html') })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(send('termFixSave', entry, { ...formFrame, id: 'another-extension' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(client.listGlossaries).not.toHaveBeenCalled();
    expect(client.getEntries).not.toHaveBeenCalled();
    expect(client.patchGlossary).not.toHaveBeenCalled();
    expect(client.createGlossary).not.toHaveBeenCalled();
    expect(await defaultGlossariesItem.getValue()).toEqual({});
    expect((await getTabState(TAB)).job?.glossaryId).toBeUndefined();
  });

  it('saves one entry with PATCH and bumps the revision for texts holding that phrase only', async () => {
    const client = fakeClient();
    registerTermService({ client: async () => client, newId: () => 'u1' });
    const before = await glossaryRevisionOf('g-team');
    const result = await send('termFixSave', entry);
    expect(result).toEqual({ status: 'saved', undoId: 'u1', glossaryId: 'g-team', glossaryName: 'Team', sourceLang: 'en', targetLang: 'de', replaced: false });
    expect(client.patchGlossary).toHaveBeenCalledWith('g-team', {
      dictionary: { source_lang: 'en', target_lang: 'de', entries: 'lighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' },
    });
    const after = await glossaryRevisionOf('g-team');
    expect(after('We met the <b id="1">Lighthouse</b> keeper.')).not.toBe(before('We met the <b id="1">Lighthouse</b> keeper.'));
    expect(after('Boats leave the quay at noon.')).toBe(before('Boats leave the quay at noon.'));
  });

  it('rejects what the glossary manager rejects, naming the field, and sends nothing', async () => {
    const client = fakeClient();
    registerTermService({ client: async () => client });
    expect(await send('termFixSave', { ...entry, source: ' lighthouse', target: 'a\tb' })).toEqual({
      status: 'invalid', problems: [{ field: 'source', code: 'whitespace' }, { field: 'target', code: 'control-char' }],
    });
    expect(await send('termFixSave', { ...entry, source: '', target: 'x'.repeat(1025) })).toEqual({
      status: 'invalid', problems: [{ field: 'source', code: 'empty' }, { field: 'target', code: 'too-long' }],
    });
    expect(client.patchGlossary).not.toHaveBeenCalled();
  });

  it('asks before replacing an existing source, then replaces and undo restores the previous target', async () => {
    const client = fakeClient();
    registerTermService({ client: async () => client, newId: () => 'u2' });
    const change = { ...entry, source: 'harbour master', target: 'Hafenmeister' };
    expect(await send('termFixSave', change)).toEqual({ status: 'exists', currentTarget: 'Hafenkapitän' });
    expect(client.patchGlossary).not.toHaveBeenCalled();
    expect(await send('termFixSave', { ...change, replace: true })).toMatchObject({ status: 'saved', replaced: true });
    await send('termFixUndo', { undoId: 'u2' });
    expect(client.patchGlossary).toHaveBeenLastCalledWith('g-team', {
      dictionary: { source_lang: 'en', target_lang: 'de', entries: 'harbour master\tHafenkapitän', entries_format: 'tsv' },
    });
    // Taken back once only.
    await expect(send('termFixUndo', { undoId: 'u2' })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('undoes a new entry with a PUT of the dictionary without it', async () => {
    const client = fakeClient();
    registerTermService({ client: async () => client, newId: () => 'u3' });
    await send('termFixSave', entry);
    (client.getEntries as unknown as ReturnType<typeof vi.fn>).mockResolvedValue({ source_lang: 'en', target_lang: 'de', entries: 'car\tAuto\nlighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' });
    await send('termFixUndo', { undoId: 'u3' });
    expect(client.putDictionary).toHaveBeenCalledWith('g-team', { source_lang: 'en', target_lang: 'de', entries: 'car\tAuto', entries_format: 'tsv' });
    // Another tab cannot take this tab's change back.
    await send('termFixSave', entry);
    await expect(send('termFixUndo', { undoId: 'u3' }, { ...formFrame, tab: { id: 99, url: 'https://x.example/' } as never })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('creates a glossary named after the pair, makes it the pair default, and undo deletes both', async () => {
    const client = fakeClient('');
    registerTermService({ client: async () => client, newId: () => 'u4' });
    const result = await send('termFixSave', { ...entry, glossaryId: '', newName: 'English → German' });
    expect(result).toMatchObject({ status: 'saved', glossaryId: 'g-new', glossaryName: 'English → German' });
    expect(client.createGlossary).toHaveBeenCalledWith({
      name: 'English → German', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'lighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' }],
    });
    expect(await defaultGlossariesItem.getValue()).toEqual({ 'en>de': 'g-new' });
    await send('termFixUndo', { undoId: 'u4' });
    expect(client.deleteGlossary).toHaveBeenCalledWith('g-new');
    expect(await defaultGlossariesItem.getValue()).toEqual({});
  });

  it('makes the translated page follow with the chosen glossary and keeps what it cost for the popup', async () => {
    registerTermService({ client: async () => fakeClient() });
    await updateTabState(TAB, (s) => ({
      ...s, phase: 'translated', total: 5, done: 5, url: 'https://news.example/a',
      job: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false, glossaryId: '' },
    }));
    const toTab = vi.fn(async () => ({ ok: true, value: { blocks: 2, billedCharacters: 90 } }));
    fakeBrowser.tabs.sendMessage = toTab as never;
    const report = await send('termFixRefresh', { glossaryId: 'g-team', source: 'harbour master', sourceLang: 'en', targetLang: 'de' });
    expect(report).toEqual({ followed: true, blocks: 2, billedCharacters: 90 });
    expect(toTab).toHaveBeenCalledWith(TAB, { glossa: 'refreshTermInPage', data: { phrase: 'harbour master', sourceLang: 'EN' } }, { frameId: 0 });
    expect(await termFixReportItem(TAB).getValue()).toMatchObject({ blocks: 2, billedCharacters: 90, phrase: 'harbour master', url: 'https://news.example/a' });
    // The page had no glossary: it uses the chosen one from now on.
    const { getTabState } = await import('../../utils/background/tab-state');
    expect((await getTabState(TAB)).job?.glossaryId).toBe('g-team');
    // Another pair: the page does not show it, nothing is sent.
    toTab.mockClear();
    expect(await send('termFixRefresh', { glossaryId: 'g-fr', source: 'car', sourceLang: 'en', targetLang: 'fr' })).toEqual({ followed: false, blocks: 0, billedCharacters: 0 });
    expect(toTab).not.toHaveBeenCalled();
  });
});
