// The page notice is code most translated pages never need: it is loaded (the background
// injects page-extras.js) the first time a progress report has something to say, and only then.
import { describe, expect, it } from 'vitest';
import { lazyStatusNotice, noticeNeeded, provideContentExtras } from '../../utils/content/page-extras';
import { createStatusNotice } from '../../utils/content/status-notice';
import type { EngineProgress } from '../../utils/page/engine';

const progress = (extra: Partial<EngineProgress>): EngineProgress => ({ total: 3, done: 3, failed: 0, billedCharacters: 9, state: 'translated', ...extra });
const actions = { retry: () => undefined, openOptions: () => undefined };

describe('the page notice, loaded on first need', () => {
  it('loads nothing while translation goes well, and loads once when blocks failed', async () => {
    const scope = {};
    let loads = 0;
    const notice = lazyStatusNotice(actions, document, async () => {
      loads++;
      provideContentExtras({ createStatusNotice }, scope);
    }, scope);
    notice.update(progress({ state: 'translating', done: 1 }));
    notice.update(progress({}));
    expect(loads).toBe(0);
    expect(document.querySelector('glossa-notice')).toBeNull();
    notice.update(progress({ failed: 2, done: 1 }));
    notice.update(progress({ failed: 2, done: 1 }));
    await expect.poll(() => document.querySelector('glossa-notice')).not.toBeNull();
    expect(loads).toBe(1);
    // Loaded: later reports go to the real notice (which hides itself when all is well).
    notice.update(progress({}));
    expect(document.querySelector('glossa-notice')).toBeNull();
    notice.remove();
  });

  it('says when the notice has something to show, as the notice itself decides', () => {
    expect(noticeNeeded(progress({}))).toBe(false);
    expect(noticeNeeded(progress({ failed: 1, state: 'translating' }))).toBe(false);
    expect(noticeNeeded(progress({ failed: 1 }))).toBe(true);
    expect(noticeNeeded(progress({ state: 'error', errorCode: 'quota' }))).toBe(true);
    expect(noticeNeeded(progress({ state: 'error', errorCode: 'auth' }))).toBe(true);
    expect(noticeNeeded(progress({ failed: 1, state: 'original' }))).toBe(false);
  });

  it('a notice removed while its code was loading does not appear', async () => {
    const scope = {};
    let release!: () => void;
    const notice = lazyStatusNotice(actions, document, () => new Promise<void>((resolve) => {
      release = () => {
        provideContentExtras({ createStatusNotice }, scope);
        resolve();
      };
    }), scope);
    notice.update(progress({ failed: 1 }));
    notice.remove();
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(document.querySelector('glossa-notice')).toBeNull();
  });
});
