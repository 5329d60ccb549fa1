import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'idb-keyval';
import { createDraftSaver, dictionaryDraftKey, listDrafts, loadDraft, parseDraft, saveDraft, type DictionaryDraft } from '../../utils/glossary/drafts';

let n = 0;
const freshStore = () => createStore(`drafts-test-${++n}`, 'drafts');

const draft = (added: number): DictionaryDraft => ({
  kind: 'dictionary', glossaryId: 'g1', glossaryName: 'Team', sourceLang: 'en', targetLang: 'de', baseFingerprint: '2:a:b',
  added: Array.from({ length: added }, (_, i) => ({ source: `s${i}`, target: `t${i}` })), changed: [], removed: [], savedAt: 1,
});

describe('drafts', () => {
  it('stores and restores a draft, and lists it', async () => {
    const store = freshStore();
    const key = dictionaryDraftKey('g1', 'EN', 'DE');
    expect(key).toBe('dictionary:g1:en>de');
    await saveDraft(key, draft(2), store);
    expect(await loadDraft(key, store)).toEqual(draft(2));
    expect((await listDrafts(store)).map((d) => d.key)).toEqual([key]);
  });

  it('ignores malformed stored values', () => {
    expect(parseDraft({ kind: 'dictionary', glossaryId: 'g1' })).toBeUndefined();
    expect(parseDraft({ ...draft(1), added: [{ source: 1 }] })).toBeUndefined();
    expect(parseDraft('x')).toBeUndefined();
    expect(parseDraft({ kind: 'create', name: 'x', dictionaries: [{ sourceLang: 'en', targetLang: 'de', format: 'xml', text: '' }], savedAt: 1 })).toBeUndefined();
  });

  it('debounces writes: only the last edit of a burst is built and saved', async () => {
    vi.useFakeTimers();
    const store = freshStore();
    const saver = createDraftSaver('k', { delayMs: 500, store });
    const build = vi.fn((count: number) => draft(count));
    for (let i = 1; i <= 5; i++) saver.schedule(() => build(i));
    vi.advanceTimersByTime(499);
    expect(build).not.toHaveBeenCalled();
    vi.useRealTimers();
    await saver.flush();
    expect(build).toHaveBeenCalledTimes(1);
    expect((await loadDraft('k', store)) as DictionaryDraft).toMatchObject({ added: { length: 5 } });
  });

  it('deletes the draft when the edit returns to the original, and cancel drops a pending write', async () => {
    const store = freshStore();
    const saver = createDraftSaver('k', { delayMs: 10_000, store });
    saver.schedule(() => draft(1));
    await saver.flush();
    expect(await loadDraft('k', store)).toBeDefined();
    saver.schedule(() => undefined);
    await saver.flush();
    expect(await loadDraft('k', store)).toBeUndefined();
    saver.schedule(() => draft(3));
    saver.cancel();
    await saver.flush();
    expect(await loadDraft('k', store)).toBeUndefined();
  });
});
