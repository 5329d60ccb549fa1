import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FALLBACK_TARGET_LANGUAGES } from '../../../utils/shared/languages';
import { removeAllListeners } from '../../../utils/shared/protocol';
import { startSelectionPopover } from '../../../utils/content/selection';
import { currentPopover, POPOVER_HOST_TAG, type PopoverDeps } from '../../../utils/content/selection/popover';

/** Delivers showSelectionTranslation as the background would, and unwraps the reply. */
async function show(data: { onlyIfFocused?: boolean } = {}): Promise<unknown> {
  const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'showSelectionTranslation', data }, { id: fakeBrowser.runtime.id });
  return (replies.find(Boolean) as unknown as { value: unknown }).value;
}

const deps = (): PopoverDeps => ({
  translate: vi.fn(async () => ({ translation: 'Hallo', format: 'html' as const, detectedSourceLang: 'EN', targetLang: 'DE', billedCharacters: 5 })),
  openOptions: vi.fn(async () => undefined),
  writeClipboard: vi.fn(async () => true),
  targets: FALLBACK_TARGET_LANGUAGES,
});

beforeEach(() => {
  removeAllListeners();
  document.body.innerHTML = '<p id="p">Hello there</p>';
  window.getSelection()!.removeAllRanges();
});
afterEach(() => currentPopover()?.close(false));

describe('startSelectionPopover', () => {
  it('opens the popover for the selection when the background asks', async () => {
    const d = deps();
    startSelectionPopover(window, d);
    window.getSelection()!.selectAllChildren(document.getElementById('p')!);
    expect(await show()).toEqual({ shown: true });
    expect(document.querySelector(POPOVER_HOST_TAG)).not.toBeNull();
    expect(d.translate).toHaveBeenCalledWith(expect.objectContaining({ html: 'Hello there' }));
  });

  it('does nothing without a selection', async () => {
    const d = deps();
    startSelectionPopover(window, d);
    expect(await show()).toEqual({ shown: false });
    expect(document.querySelector(POPOVER_HOST_TAG)).toBeNull();
    expect(d.translate).not.toHaveBeenCalled();
  });

  it('when every frame is asked, only a focused frame opens it', async () => {
    const d = deps();
    startSelectionPopover(window, d);
    window.getSelection()!.selectAllChildren(document.getElementById('p')!);
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    expect(await show({ onlyIfFocused: true })).toEqual({ shown: false });
    expect(d.translate).not.toHaveBeenCalled();
    focus.mockReturnValue(true);
    expect(await show({ onlyIfFocused: true })).toEqual({ shown: true });
    focus.mockRestore();
  });

  it('stops answering once removed', async () => {
    const stop = startSelectionPopover(window, deps());
    stop();
    const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'showSelectionTranslation', data: {} }, { id: fakeBrowser.runtime.id });
    expect(replies.find(Boolean)).toBeUndefined();
  });
});
