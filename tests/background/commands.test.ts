import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { removeAllListeners } from '@/utils/shared/protocol';
import { createMenus, handleCommand, handleMenuClick } from '@/utils/background/commands';
import { handleTabActivated, registerTabControl } from '@/utils/background/tab-control';
import { getTabState } from '@/utils/background/tab-state';
import { connectionItem, defaultsItem, siteRulesItem } from '@/utils/extension/settings-store';
import { contentSender, installFakeContent, openTab, type FakeContent } from './fake-tabs';
import { ask } from './via-message';

let fake: FakeContent;

beforeEach(async () => {
  removeAllListeners();
  fake = installFakeContent();
  registerTabControl();
  await connectionItem.setValue({ apiKey: 'k', plan: 'paid', customUrl: '' });
  await defaultsItem.setValue({ targetLang: 'FR', sourceLang: '', formality: 'less', modelType: 'latency_optimized', bilingual: true });
});

// The fake browser types its tabs with the polyfill's types; the code under test uses WXT's.
const tabOf = async (id: number) => (await fakeBrowser.tabs.get(id)) as never;

describe('context menus', () => {
  it('offer "Translate selection" on selections and "Translate page" on pages, also after an update', async () => {
    await createMenus();
    await createMenus();
    expect(fake.menus).toEqual([
      { id: 'translate-selection', title: 'Translate selection', contexts: ['selection'] },
      { id: 'translate-page', title: 'Translate page', contexts: ['page'] },
      // Hidden until the active tab shows a translation (term-menu.ts).
      { id: 'fix-translation', title: 'Fix translation…', contexts: ['selection'], visible: false },
      // Writing help, in text fields and editors.
      { id: 'translate-field', title: 'Translate what I wrote', contexts: ['editable'] },
      // Pointing (pointing-service.ts): links too, since a paragraph or a navigation bar is often a link where it is right-clicked.
      { id: 'translate-paragraph', title: 'Translate this paragraph', contexts: ['page', 'link'] },
      { id: 'exclude-element', title: 'Never translate this part', contexts: ['page', 'link', 'image'] },
      // Links to PDFs open in Glossa's viewer (pdf-service.ts).
      { id: 'translate-pdf-link', title: 'Translate this PDF', contexts: ['link'], targetUrlPatterns: ['*://*/*.pdf', '*://*/*.pdf?*', '*://*/*.pdf#*', '*://*/*.PDF', '*://*/*.PDF?*'] },
    ]);
  });

  it('"Fix translation…" shows on a translated tab only, and opens the term form there with the tab\'s languages', async () => {
    await createMenus();
    const tabId = await openTab('https://example.com/');
    const fix = () => fake.menus.find((m) => m.id === 'fix-translation');
    // The fake browser's tabs are never active: this one is in front.
    const tabs = fakeBrowser.tabs as unknown as { get: (id: number) => Promise<unknown> };
    const realGet = tabs.get;
    tabs.get = async (id: number) => ({ ...(await realGet(id) as object), active: true });
    try {
      expect(fix()?.visible).toBe(false);
      await handleMenuClick({ menuItemId: 'translate-page', editable: false, frameId: 0 } as never, await tabOf(tabId));
      expect(fix()?.visible).toBe(false);
      await ask('reportProgress', { state: 'translated', total: 1, done: 1, failed: 0, billedCharacters: 5 }, contentSender(tabId, 'https://example.com/'));
      expect(fix()?.visible).toBe(true);
      await handleMenuClick({ menuItemId: 'fix-translation', editable: false, frameId: 0 } as never, await tabOf(tabId));
      expect(fake.received.at(-1)).toMatchObject({ type: 'showTermFix', data: { sourceLang: '', targetLang: 'FR' } });
      await handleMenuClick({ menuItemId: 'translate-page', editable: false } as never, await tabOf(tabId));
      expect(fix()?.visible).toBe(false);
    } finally {
      tabs.get = realGet;
    }
  });

  it('"Translate page" translates with the defaults, then shows the original', async () => {
    const tabId = await openTab('https://example.com/');
    await handleMenuClick({ menuItemId: 'translate-page', editable: false, frameId: 0 } as never, await tabOf(tabId));
    expect(fake.received[0]).toMatchObject({ type: 'startTranslation', data: { targetLang: 'FR', formality: 'prefer_less', bilingual: true } });
    await ask('reportProgress', { state: 'translated', total: 1, done: 1, failed: 0, billedCharacters: 5 }, contentSender(tabId, 'https://example.com/'));
    await handleMenuClick({ menuItemId: 'translate-page', editable: false } as never, await tabOf(tabId));
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'showOriginal']);
  });

  it('"Translate page" says "Show original" while the front tab shows a translation', async () => {
    await createMenus();
    const title = () => fake.menus.find((m) => m.id === 'translate-page')?.title;
    const translated = await openTab('https://example.com/');
    const other = await openTab('https://other.example/');
    // The fake browser cannot switch tabs: say which one is in front.
    let front = translated;
    const tabs = fakeBrowser.tabs as unknown as { get: (id: number) => Promise<unknown> };
    const realGet = tabs.get;
    tabs.get = async (id: number) => ({ ...(await realGet(id) as object), active: id === front });
    try {
      await handleCommand('translate-page', await tabOf(translated));
      expect(title()).toBe('Show original');
      front = other;
      await handleTabActivated({ tabId: other });
      expect(title()).toBe('Translate page');
      front = translated;
      await handleTabActivated({ tabId: translated });
      expect(title()).toBe('Show original');
    } finally {
      tabs.get = realGet;
    }
  });

  it('"Translate selection" opens the popover in the frame that was clicked', async () => {
    const tabId = await openTab('https://example.com/');
    await handleMenuClick({ menuItemId: 'translate-selection', selectionText: 'Hallo', frameId: 4, editable: false } as never, await tabOf(tabId));
    expect(fake.injections).toEqual([{ tabId, frameIds: [4] }]);
    // The popover's own script, not the page translator's: a translated page never loads the popover.
    const files = (fakeBrowser.scripting.executeScript as unknown as { mock: { calls: [{ files?: string[] }][] } }).mock.calls.map(([details]) => details.files);
    expect(files).toEqual([['selection-popover.js']]);
    expect(fake.received).toEqual([{ tabId, frameId: 4, type: 'showSelectionTranslation', data: {} }]);
  });
});

describe('keyboard commands', () => {
  it('translate-page translates, and shows the original when pressed again', async () => {
    const tabId = await openTab('https://example.com/');
    await handleCommand('translate-page', await tabOf(tabId));
    expect((await getTabState(tabId)).phase).toBe('translating');
    await handleCommand('translate-page', await tabOf(tabId));
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'showOriginal']);
    expect((await getTabState(tabId)).phase).toBe('original');
  });

  it('translate-page skips never-translate sites and says so on the badge', async () => {
    await siteRulesItem.setValue({ always: [], never: ['example.com'] });
    const tabId = await openTab('https://example.com/');
    await handleCommand('translate-page', await tabOf(tabId));
    expect(fake.received).toHaveLength(0);
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('OFF');
    expect(await fakeBrowser.action.getTitle({ tabId })).toMatch(/example\.com is set to never translate/);
  });

  it('translate-selection finds the frame with the selection', async () => {
    const tabId = await openTab('https://example.com/');
    await handleCommand('translate-selection', await tabOf(tabId));
    expect(fake.received).toEqual([{ tabId, frameId: 0, type: 'showSelectionTranslation', data: {} }]);
  });

  it('use the active tab when the command names none', async () => {
    const tabId = await openTab('https://example.com/');
    await fakeBrowser.tabs.update(tabId, { active: true });
    (fakeBrowser.tabs as unknown as { query: unknown }).query = async () => [await tabOf(tabId)];
    await handleCommand('translate-page');
    expect(fake.received[0]).toMatchObject({ tabId, type: 'startTranslation' });
  });

  it('on a browser page, explain instead of injecting', async () => {
    const tabId = await openTab('chrome://extensions/');
    await handleCommand('translate-selection', await tabOf(tabId));
    await handleCommand('translate-page', await tabOf(tabId));
    expect(fake.injections).toHaveLength(0);
    expect((await getTabState(tabId)).errorCode).toBe('restricted-page');
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('×');
  });
});
