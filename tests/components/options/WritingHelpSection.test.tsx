import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WritingHelpSection } from '@/components/options/WritingHelpSection';
import { registerWritingService } from '@/utils/background/writing-service';
import { writingPrefsItem } from '@/utils/extension/writing-prefs';
import { removeAllListeners } from '@/utils/shared/protocol';

beforeEach(async () => {
  removeAllListeners();
  // The options page is an extension page: its messages reach the real background handlers.
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
  fakeBrowser.runtime.sendMessage = (async (message: unknown) => (await fakeBrowser.runtime.onMessage.trigger(message, sender)).find(Boolean)) as never;
  registerWritingService();
  await writingPrefsItem.setValue({
    'shop.example': { targetLang: 'DE', formality: 'more' },
    'mail.example': { targetLang: 'FR' },
  });
});

afterEach(cleanup);

describe('Writing help section', () => {
  it('lists the writing choices remembered per site and forgets one site, then all', async () => {
    render(<WritingHelpSection />);
    expect(screen.getByRole('heading', { name: 'Writing help' })).toBeTruthy();
    const shop = await screen.findByRole('row', { name: /shop\.example/ });
    expect(shop.textContent).toContain('German');
    expect(shop.textContent).toContain('More formal');
    expect(screen.getByRole('row', { name: /mail\.example/ }).textContent).toContain('Default');

    fireEvent.click(screen.getByRole('button', { name: 'Forget the writing choices for shop.example' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /shop\.example/ })).toBeNull());
    expect(await writingPrefsItem.getValue()).toEqual({ 'mail.example': { targetLang: 'FR' } });

    fireEvent.click(screen.getByRole('button', { name: 'Forget all writing choices' }));
    expect(await screen.findByText('No site has remembered writing choices yet.')).toBeTruthy();
    expect(await writingPrefsItem.getValue()).toEqual({});
  });
});
