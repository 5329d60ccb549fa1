// Private windows leave nothing behind (issue 19.5): a phrase fixed in a private window is not
// written to disk, a closed tab's storage.session items go with it, and "Clear cache" removes
// what past tabs left (fixed phrases, leftover per-tab items).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerTermService } from '../../utils/background/term-service';
import { registerTermForms } from '../../utils/background/term-form';
import { handleTabRemoved } from '../../utils/background/tab-control';
import { clearTraces } from '../../utils/background/private-traces';
import { updateTabState } from '../../utils/background/tab-state';
import { recordUsage } from '../../utils/background/translation/usage';
import { glossaryRevisionOf, entryChangesItem } from '../../utils/background/translation/term-revisions';
import { termFixReportItem } from '../../utils/shared/term-fix-report';
import { removeAllListeners, type MessageSender } from '../../utils/shared/protocol';
import type { ApiClient } from '../../utils/api/client';

const team = { glossary_id: 'g-team', name: 'Team', dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 1 }], creation_time: '2026-01-01T00:00:00.000Z' };
const client = () => ({
  listGlossaries: vi.fn(async () => [team]),
  getGlossary: vi.fn(async () => team),
  getEntries: vi.fn(async () => ({ source_lang: 'en', target_lang: 'de', entries: 'car\tAuto', entries_format: 'tsv' as const })),
  patchGlossary: vi.fn(async () => team),
}) as unknown as ApiClient;

const frameIn = (tabId: number, incognito: boolean): MessageSender => ({
  id: fakeBrowser.runtime.id,
  url: `${fakeBrowser.runtime.getURL('/term-form.html')}#3b0c1f5e-2a44-4c1e-9d3e-7a1b2c3d4e5f`,
  tab: { id: tabId, url: 'https://bank.example/statement', incognito } as never,
  frameId: 2,
});

async function send(type: string, data: unknown, sender: MessageSender): Promise<unknown> {
  const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender);
  const reply = replies.find(Boolean) as unknown as { ok: boolean; value?: unknown; error?: Record<string, unknown> };
  if (reply.ok) return reply.value;
  throw Object.assign(new Error(String(reply.error?.message)), reply.error);
}

const entry = { source: 'overdraft fee', target: 'Überziehungsgebühr', sourceLang: 'EN', targetLang: 'DE', glossaryId: 'g-team' };
const everythingStored = async () => JSON.stringify({ local: await fakeBrowser.storage.local.get(null), changes: await entryChangesItem.getValue() });

describe('private windows leave nothing behind', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    removeAllListeners();
  });

  it('a phrase fixed in a private window is not written down; the glossary\'s cached translations are retired as a whole', async () => {
    let id = 0;
    registerTermService({ client: async () => client(), newId: () => `u${++id}` });
    const before = await glossaryRevisionOf('g-team');
    expect(await send('termFixSave', entry, frameIn(4, true))).toMatchObject({ status: 'saved' });
    expect(await everythingStored()).not.toContain('overdraft');
    const after = await glossaryRevisionOf('g-team');
    expect(after('No fee here.')).not.toBe(before('No fee here.'));

    // In an ordinary window the phrase is kept, so only texts holding it are retired.
    expect(await send('termFixSave', { ...entry, source: 'standing order' }, frameIn(5, false))).toMatchObject({ status: 'saved' });
    expect(await everythingStored()).toContain('standing order');
  });

  it('a closed tab takes every storage.session item of its own with it, and leaves other tabs\' alone', async () => {
    registerTermService({ client: async () => client(), newId: () => 'u1' });
    registerTermForms();
    for (const tab of [4, 5]) {
      await updateTabState(tab, (s) => ({ ...s, phase: 'translated', done: 1 }));
      await recordUsage('', 120);
      await termFixReportItem(tab).setValue({ phrase: 'overdraft fee', followed: true, blocks: 1, billedCharacters: 40, at: 1 });
      await send('termFormOpen', { kind: 'add', source: 'overdraft fee', target: 'x', sourceLang: 'EN', targetLang: 'DE' }, { ...frameIn(tab, true), url: 'https://bank.example/statement' });
    }
    await send('termFixSave', entry, frameIn(4, true));
    await handleTabRemoved(4);
    const session = await fakeBrowser.storage.session.get(null);
    expect(Object.keys(session).filter((key) => key.endsWith(':4'))).toEqual([]);
    expect(JSON.stringify(session.termFixUndo ?? {})).not.toContain('"tabId":4');
    expect(Object.keys(session).filter((key) => key.endsWith(':5')).sort()).toEqual(['tab:5', 'termFix:5', 'termForms:5']);
  });

  it('"Clear cache" also removes fixed phrases and what closed tabs left in storage.session', async () => {
    registerTermService({ client: async () => client(), newId: () => 'u1' });
    await send('termFixSave', entry, frameIn(6, false));
    await fakeBrowser.storage.session.set({ 'termFix:77': { phrase: 'overdraft fee' }, 'billed:77': 90 });
    await fakeBrowser.tabs.create({ url: 'https://news.example/' });
    await clearTraces();
    expect(await everythingStored()).not.toContain('overdraft');
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain('overdraft');
  });
});
