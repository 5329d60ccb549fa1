import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { WritingButtonSites } from '@/components/options/WritingButtonSites';
import { registerWritingButton } from '@/utils/background/writing-button';
import { writingButtonSitesItem } from '@/utils/extension/writing-prefs';
import { removeAllListeners } from '@/utils/shared/protocol';

let granted: string[];

beforeEach(async () => {
  fakeBrowser.reset();
  removeAllListeners();
  // The options page is an extension page: its messages reach the real background handlers.
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
  fakeBrowser.runtime.sendMessage = (async (message: unknown) => (await fakeBrowser.runtime.onMessage.trigger(message, sender)).find(Boolean)) as never;
  granted = ['*://mail.example/*', '*://shop.example/*'];
  Object.assign(browser, {
    scripting: {
      getRegisteredContentScripts: vi.fn(async () => []),
      unregisterContentScripts: vi.fn(async () => undefined),
      registerContentScripts: vi.fn(async () => undefined),
      executeScript: vi.fn(async () => []),
    },
  });
  Object.assign(browser.permissions, {
    getAll: vi.fn(async () => ({ origins: [...granted], permissions: [] })),
    remove: vi.fn(async ({ origins }: { origins: string[] }) => { granted = granted.filter((o) => !origins.includes(o)); return true; }),
  });
  registerWritingButton();
  await writingButtonSitesItem.setValue(['mail.example', 'shop.example']);
});

afterEach(cleanup);

describe('Writing button sites', () => {
  it('lists the sites with the button and removes one, giving its access back', async () => {
    render(<WritingButtonSites />);
    const list = await screen.findByRole('list', { name: 'Writing button on these sites' });
    expect(list.textContent).toContain('mail.example');
    fireEvent.click(screen.getByRole('button', { name: 'Remove mail.example' }));
    expect(await screen.findByText('The writing button is off on mail.example, and Glossa gave back its access to the site.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('mail.example')).toBeNull());
    expect(await writingButtonSitesItem.getValue()).toEqual(['shop.example']);
    expect(granted).toEqual(['*://shop.example/*']);
  });
});
