import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearTabState, getTabState, queuedTabCount, updateTabState } from '@/utils/background/tab-state';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('per-tab state in the worker', () => {
  it('runs one tab\'s updates one after another and keeps no queue once they have settled', async () => {
    const updates = [1, 2, 3].map((n) => updateTabState(7, (s) => ({ ...s, done: s.done + n })));
    updateTabState(8, (s) => ({ ...s, total: 5 }));
    expect(queuedTabCount()).toBe(2);
    await Promise.all(updates);
    expect((await getTabState(7)).done).toBe(6);
    await updateTabState(8, (s) => s);
    // Every update settled: the worker holds nothing for either tab beyond storage.session.
    await new Promise((r) => setTimeout(r, 0));
    expect(queuedTabCount()).toBe(0);
  });

  it('forgets a closed tab\'s state and its queue', async () => {
    await updateTabState(9, (s) => ({ ...s, total: 3 }));
    await clearTabState(9);
    expect(queuedTabCount()).toBe(0);
    expect((await getTabState(9)).total).toBe(0);
  });
});
