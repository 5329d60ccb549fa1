// Test doubles for the parts of the browser the fake browser lacks (scripting, tabs.sendMessage,
// permissions, context menus): a tab "has" a content script once it was injected, and the
// script answers the messages the background sends it.
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MessageSender } from '@/utils/shared/protocol';

export interface FakeContent {
  /** Messages the content scripts received: tab, frame, type, data. */
  received: { tabId: number; frameId: number | undefined; type: string; data: unknown }[];
  injections: { tabId: number; frameIds?: number[]; allFrames?: boolean }[];
  /** The script files injected, in order. */
  injectedFiles: string[];
  /** Tabs (and frames) that have a content script. */
  present: Set<string>;
  /** Host patterns granted as optional permissions. */
  granted: Set<string>;
  menus: { id: string; title: string; contexts: string[]; visible?: boolean }[];
  /** Makes injection fail for a tab (a browser page, the web store). */
  refuse: Set<number>;
  /** What the selection probe finds in each frame (the top frame holds the selection by default). */
  frames: { frameId: number; result: { selected: boolean; focused: boolean } }[];
}

const key = (tabId: number, frameId = 0) => `${tabId}:${frameId}`;

export function installFakeContent(): FakeContent {
  const fake: FakeContent = { received: [], injections: [], injectedFiles: [], present: new Set(), granted: new Set(), menus: [], refuse: new Set(),
    frames: [{ frameId: 0, result: { selected: true, focused: true } }] };
  const b = fakeBrowser as unknown as Record<string, Record<string, unknown>>;

  b.scripting.executeScript = vi.fn(async (details: { target: { tabId: number; frameIds?: number[]; allFrames?: boolean }; files?: string[]; func?: unknown }) => {
    if (fake.refuse.has(details.target.tabId)) throw new Error('Cannot access a chrome:// URL');
    if (details.func) return fake.frames;
    fake.injections.push(details.target);
    fake.injectedFiles.push(...(details.files ?? []));
    for (const frameId of details.target.frameIds ?? [0]) fake.present.add(key(details.target.tabId, frameId));
    return [{ frameId: 0, result: undefined }];
  });

  b.tabs.sendMessage = vi.fn(async (tabId: number, message: { glossa: string; data: unknown }, options?: { frameId?: number }) => {
    const frameId = options?.frameId;
    if (!fake.present.has(key(tabId, frameId ?? 0))) throw new Error('Could not establish connection. Receiving end does not exist.');
    // The presence probe is not a Glossa message: the script ignores it (no reply).
    if (message.glossa === 'presence') return undefined;
    fake.received.push({ tabId, frameId, type: message.glossa, data: message.data });
    return { ok: true, value: message.glossa === 'showSelectionTranslation' ? { shown: true } : null };
  });

  b.permissions.contains = vi.fn(async ({ origins }: { origins: string[] }) => origins.every((o) => fake.granted.has(o)));
  b.permissions.request = vi.fn(async ({ origins }: { origins: string[] }) => {
    origins.forEach((o) => fake.granted.add(o));
    return true;
  });

  b.contextMenus.removeAll = vi.fn(async () => {
    fake.menus.length = 0;
  });
  b.contextMenus.update = vi.fn(async (id: string, props: { title?: string; visible?: boolean }) => {
    const menu = fake.menus.find((m) => m.id === id);
    if (!menu) throw new Error(`No menu ${id}`);
    Object.assign(menu, props);
  });
  b.contextMenus.create = vi.fn((props: { id: string; title: string; contexts: string[] }) => {
    if (fake.menus.some((m) => m.id === props.id)) throw new Error(`Duplicate id ${props.id}`);
    fake.menus.push(props);
    return props.id;
  });
  return fake;
}

export const EXTENSION_PAGE: MessageSender = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/popup.html' };

export function contentSender(tabId: number, url: string, frameId = 0): MessageSender {
  return { id: 'test-extension-id', url, frameId, tab: { id: tabId, url, index: 0, highlighted: false, active: true, pinned: false, incognito: false, windowId: 0 } as never };
}

export async function openTab(url: string): Promise<number> {
  const tab = await fakeBrowser.tabs.create({ url });
  return tab.id!;
}
