import { beforeEach, describe, expect, it } from 'vitest';
import { isRestrictedUrl, selectionFrame, sendIfPresent, sendToContent } from '@/utils/background/injection';
import { installFakeContent, type FakeContent } from './fake-tabs';

let fake: FakeContent;
beforeEach(() => {
  fake = installFakeContent();
});

describe('injection on demand', () => {
  it('knows the pages browsers keep extensions out of', () => {
    for (const url of ['chrome://settings', 'edge://flags', 'about:blank', 'view-source:https://a.com', 'chrome-extension://x/popup.html',
      'https://chromewebstore.google.com/detail/x', 'https://chrome.google.com/webstore/category', 'https://addons.mozilla.org/en-US/firefox/']) {
      expect(isRestrictedUrl(url), url).toBe(true);
    }
    for (const url of ['https://example.com/', 'http://127.0.0.1:8080/a', 'https://chrome.google.com/search', 'file:///tmp/a.html', undefined]) {
      expect(isRestrictedUrl(url), String(url)).toBe(false);
    }
  });

  it('injects only when no content script answers', async () => {
    await sendToContent(3, 'startTranslation', { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false });
    await sendToContent(3, 'retryFailed', {});
    expect(fake.injections).toEqual([{ tabId: 3 }]);
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'retryFailed']);
  });

  it('brings the selection popover, never the page engine, into a tab for a selection', async () => {
    await sendToContent(4, 'showSelectionTranslation', {}, 0);
    expect(fake.injectedFiles).toEqual(['selection-popover.js']);
    expect(fake.received.map((m) => m.type)).toEqual(['showSelectionTranslation']);
  });

  it('turns a refused injection into a restricted-page error', async () => {
    fake.refuse.add(5);
    await expect(sendToContent(5, 'showOriginal', {})).rejects.toMatchObject({ code: 'restricted-page' });
  });

  it('does not inject just to undo a translation that is not there', async () => {
    expect(await sendIfPresent(6, 'showOriginal', {})).toBe(false);
    expect(fake.injections).toHaveLength(0);
  });

  it('finds the focused frame that holds a selection', async () => {
    expect(await selectionFrame(1)).toBe(0);
    fake.frames = [
      { frameId: 0, result: { selected: false, focused: false } },
      { frameId: 3, result: { selected: true, focused: false } },
      { frameId: 5, result: { selected: true, focused: true } },
    ];
    expect(await selectionFrame(1)).toBe(5);
    fake.frames = [{ frameId: 0, result: { selected: false, focused: true } }, { frameId: 3, result: { selected: true, focused: false } }];
    expect(await selectionFrame(1)).toBe(3);
  });
});
