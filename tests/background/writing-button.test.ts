// The field button's setting in the background: turning a site on registers the button's
// script for that site only; turning it off drops it, tells the site's open tabs, and gives the
// site's access back unless always-translate or hover translation on that site still needs it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { setWritingButtonSite, syncWritingButtonScript, WRITING_BUTTON_SCRIPT_ID } from '../../utils/background/writing-button';
import { writingButtonSitesItem } from '../../utils/extension/writing-prefs';
import { siteRulesItem } from '../../utils/extension/settings-store';
import { hoverItem } from '../../utils/extension/pointing-store';

interface Registered { id: string; matches: string[]; js: string[]; allFrames?: boolean }

let registered: Registered[];
let granted: string[];

beforeEach(() => {
  fakeBrowser.reset();
  registered = [];
  granted = ['*://mail.example/*', '*://shop.example/*'];
  const scripting = {
    getRegisteredContentScripts: vi.fn(async ({ ids }: { ids: string[] }) => registered.filter((s) => ids.includes(s.id))),
    unregisterContentScripts: vi.fn(async ({ ids }: { ids: string[] }) => { registered = registered.filter((s) => !ids.includes(s.id)); }),
    registerContentScripts: vi.fn(async (scripts: Registered[]) => { registered.push(...scripts); }),
    executeScript: vi.fn(async () => []),
  };
  Object.assign(browser, { scripting });
  Object.assign(browser.permissions, {
    getAll: vi.fn(async () => ({ origins: [...granted], permissions: [] })),
    remove: vi.fn(async ({ origins }: { origins: string[] }) => { granted = granted.filter((o) => !origins.includes(o)); return true; }),
  });
});

describe('setWritingButtonSite', () => {
  it('registers the button script for exactly the sites turned on', async () => {
    expect(await setWritingButtonSite('mail.example', true)).toEqual({ sites: ['mail.example'], released: false });
    await setWritingButtonSite('shop.example', true);
    expect(registered).toEqual([expect.objectContaining({ id: WRITING_BUTTON_SCRIPT_ID, js: ['writing-button.js'], matches: ['*://mail.example/*', '*://shop.example/*'], allFrames: true })]);
    expect(await writingButtonSitesItem.getValue()).toEqual(['mail.example', 'shop.example']);
  });

  it('turning the last site off unregisters the script and gives the access back', async () => {
    await setWritingButtonSite('mail.example', true);
    expect(await setWritingButtonSite('mail.example', false)).toEqual({ sites: [], released: true });
    expect(registered).toEqual([]);
    expect(granted).toEqual(['*://shop.example/*']);
  });

  it('keeps the access a site still needs for always-translate or hover translation', async () => {
    await siteRulesItem.setValue({ always: ['mail.example'], never: [] });
    await hoverItem.setValue({ enabled: true, modifier: 'Alt', sites: ['shop.example'] });
    await setWritingButtonSite('mail.example', true);
    await setWritingButtonSite('shop.example', true);
    expect((await setWritingButtonSite('mail.example', false)).released).toBe(false);
    expect((await setWritingButtonSite('shop.example', false)).released).toBe(false);
    expect(granted).toEqual(['*://mail.example/*', '*://shop.example/*']);
  });

  it('registers nothing when no site is on', async () => {
    expect(await syncWritingButtonScript([])).toBe(false);
    expect(registered).toEqual([]);
  });
});
