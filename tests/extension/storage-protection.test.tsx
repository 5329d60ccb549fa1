// When the browser refuses to close storage.local (the API key) to content scripts, Glossa says
// so on the toolbar badge and the options page instead of carrying on silently.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { protectAndRecord, storageProtectionItem } from '@/utils/extension/storage-protection';
import { showStorageUnprotected } from '@/utils/background/badge';
import { StorageProtectionNotice } from '@/components/options/StorageProtectionNotice';

afterEach(cleanup);

describe('storage protection', () => {
  it('records a refused restriction, shows "!" on the badge and warns on the options page', async () => {
    const local = fakeBrowser.storage.local as unknown as { setAccessLevel?: unknown };
    local.setAccessLevel = async () => {
      throw new Error('Access level cannot be changed');
    };
    try {
      expect(await protectAndRecord()).toBe('failed');
    } finally {
      delete local.setAccessLevel;
    }
    expect(await storageProtectionItem.getValue()).toBe('failed');
    await showStorageUnprotected();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(await fakeBrowser.action.getTitle({})).toMatch(/could not protect its stored data/);
    render(<StorageProtectionNotice />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not restrict its stored data \(your API key included\)/);
  });

  it('says nothing when the restriction worked, or where private data lives in IndexedDB', async () => {
    expect(await protectAndRecord(async () => true)).toBe('protected');
    render(<StorageProtectionNotice />);
    expect(await protectAndRecord(async () => false, 'indexeddb')).toBe('not-needed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
