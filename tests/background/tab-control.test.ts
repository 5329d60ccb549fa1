import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { removeAllListeners, type PageJobOptions, type TabInfo } from '@/utils/shared/protocol';
import { registerTabControl, handleTabUpdated, handleTabRemoved, restoreBadges, toggleTab, autoTranslate } from '@/utils/background/tab-control';
import { getTabState, updateTabState } from '@/utils/background/tab-state';
import { connectionItem, siteRulesItem } from '@/utils/extension/settings-store';
import { contentSender, EXTENSION_PAGE, installFakeContent, openTab, type FakeContent } from './fake-tabs';
import { ask } from './via-message';

const JOB: PageJobOptions = { targetLang: 'DE', sourceLang: '', formality: 'prefer_more', modelType: 'latency_optimized', bilingual: false };

let fake: FakeContent;

beforeEach(async () => {
  removeAllListeners();
  fake = installFakeContent();
  registerTabControl();
  await connectionItem.setValue({ apiKey: 'secret-key', plan: 'paid', customUrl: '' });
});

describe('translatePage from the popup', () => {
  it('injects the content script once, starts the job and keeps its options in the tab state', async () => {
    const tabId = await openTab('https://example.com/article');
    const info = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(fake.injections).toEqual([{ tabId }]);
    expect(fake.received).toEqual([{ tabId, frameId: 0, type: 'startTranslation', data: JOB }]);
    expect(info.state).toMatchObject({ phase: 'translating', job: JOB, total: 0, done: 0 });
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('…');

    // A second run finds the script already there: no second injection.
    await ask('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(fake.injections).toHaveLength(1);
  });

  it('starts a page not translated since it loaded without asking first whether it has the script, its job stored before the start', async () => {
    const tabId = await openTab('https://example.com/article');
    const deliver = fakeBrowser.tabs.sendMessage;
    const jobsAtStart: unknown[] = [];
    fakeBrowser.tabs.sendMessage = (async (id: number, message: { glossa: string }, options?: { frameId?: number }) => {
      // A presence check that never answers: the page must not wait for it.
      if (message.glossa === 'presence') return new Promise(() => undefined);
      if (message.glossa === 'startTranslation') jobsAtStart.push((await getTabState(id)).job);
      return deliver(id, message, options);
    }) as typeof fakeBrowser.tabs.sendMessage;
    const info = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(fake.injections).toEqual([{ tabId }]);
    expect(jobsAtStart).toEqual([JOB]);
    expect(info.state).toMatchObject({ phase: 'translating', job: JOB });
  });

  it('never hands the key to the content script or the popup', async () => {
    const tabId = await openTab('https://example.com/');
    const info = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(JSON.stringify(fake.received)).not.toContain('secret-key');
    expect(JSON.stringify(info)).not.toContain('secret-key');
    expect(info.hasKey).toBe(true);
  });

  it('refuses callers that are not extension pages', async () => {
    const tabId = await openTab('https://example.com/');
    await expect(ask('translatePage', { tabId, options: JOB }, contentSender(tabId, 'https://example.com/'))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ask('getTabInfo', { tabId }, { url: 'https://evil.example/' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ask('setSiteRule', { hostname: 'example.com', rule: 'never' }, contentSender(tabId, 'https://example.com/'))).rejects.toMatchObject({ code: 'forbidden' });
    expect(fake.injections).toHaveLength(0);
    expect((await siteRulesItem.getValue()).never).toEqual([]);
  });

  it('rejects malformed options before touching the tab', async () => {
    const tabId = await openTab('https://example.com/');
    await expect(ask('translatePage', { tabId, options: { ...JOB, targetLang: '../../x' } }, EXTENSION_PAGE)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(ask('translatePage', { tabId, options: { ...JOB, glossaryId: 'g1', sourceLang: '' } }, EXTENSION_PAGE)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(ask('translatePage', { tabId: 'x', options: JOB }, EXTENSION_PAGE)).rejects.toMatchObject({ code: 'bad-request' });
    for (const type of ['getTabInfo', 'showPageOriginal', 'retryPageFailed', 'continueSpending']) {
      await expect(ask(type, { tabId: 1.5 }, EXTENSION_PAGE)).rejects.toMatchObject({ code: 'bad-request', field: 'tabId' });
    }
    expect(fake.injections).toHaveLength(0);
  });

  it('sends plain more/less formality as prefer_* and keeps the chosen model: each request fits it to the plan of the moment', async () => {
    await connectionItem.setValue({ apiKey: 'k', plan: 'free', customUrl: '' });
    const tabId = await openTab('https://example.com/');
    await ask('translatePage', { tabId, options: { ...JOB, formality: 'less', modelType: 'quality_optimized' } }, EXTENSION_PAGE);
    expect(fake.received[0].data).toMatchObject({ formality: 'prefer_less', modelType: 'quality_optimized' });
  });

  it('puts the original back before translating again with other options', async () => {
    const tabId = await openTab('https://example.com/');
    await ask('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    await ask('translatePage', { tabId, options: { ...JOB, targetLang: 'FR' } }, EXTENSION_PAGE);
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'showOriginal', 'startTranslation']);
  });

  it('explains a browser page instead of failing', async () => {
    const tabId = await openTab('chrome://settings/');
    const info = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(info.restricted).toBe(true);
    expect(info.state).toMatchObject({ phase: 'original', errorCode: 'restricted-page' });
    expect(fake.injections).toHaveLength(0);
    expect(await fakeBrowser.action.getTitle({ tabId })).toMatch(/can’t run on this page/);
  });

  it('marks the page restricted when the browser refuses the injection (web store, missing access)', async () => {
    const tabId = await openTab('https://example.com/');
    fake.refuse.add(tabId);
    const info = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(info.state).toMatchObject({ phase: 'original', errorCode: 'restricted-page' });
  });

  it('skips never-translate sites', async () => {
    await siteRulesItem.setValue({ always: [], never: ['example.com'] });
    const tabId = await openTab('https://example.com/');
    const info = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(fake.received).toHaveLength(0);
    expect(info.siteRule).toBe('never');
    expect(info.state.errorCode).toBe('never-site');
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('OFF');
  });

  it('shows the original and retries failed blocks through the content script', async () => {
    const tabId = await openTab('https://example.com/');
    await ask('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    await ask('reportProgress', { state: 'translated', total: 10, done: 8, failed: 2, billedCharacters: 400 }, contentSender(tabId, 'https://example.com/'));
    const retried = await ask<TabInfo>('retryPageFailed', { tabId }, EXTENSION_PAGE);
    expect(retried.state.phase).toBe('translating');
    const shown = await ask<TabInfo>('showPageOriginal', { tabId }, EXTENSION_PAGE);
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'retryFailed', 'showOriginal']);
    expect(shown.state).toMatchObject({ phase: 'original', done: 0, job: JOB });
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('');
  });
});

describe('progress reports', () => {
  it('update the sender tab only and drive the badge', async () => {
    const tabId = await openTab('https://example.com/');
    const other = await openTab('https://other.example/');
    await ask('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    await ask('reportProgress', { state: 'translating', total: 40, done: 10, failed: 0, billedCharacters: 1200 }, contentSender(tabId, 'https://example.com/'));
    expect(await getTabState(tabId)).toMatchObject({ phase: 'translating', total: 40, done: 10, billedCharacters: 1200, job: JOB });
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('25%');
    expect((await getTabState(other)).phase).toBe('original');

    await ask('reportProgress', { state: 'translated', total: 40, done: 40, failed: 0, billedCharacters: 5000 }, contentSender(tabId, 'https://example.com/'));
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('DE');
  });

  it('reject malformed data and senders that are not a tab’s top-frame content script', async () => {
    const tabId = await openTab('https://example.com/');
    const good = { state: 'translating', total: 4, done: 1, failed: 0, billedCharacters: 10 };
    await expect(ask('reportProgress', good, EXTENSION_PAGE)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ask('reportProgress', good, contentSender(tabId, 'https://example.com/frame', 3))).rejects.toMatchObject({ code: 'forbidden' });
    for (const bad of [
      { ...good, state: 'hacked' },
      { ...good, done: -1 },
      { ...good, total: 1.5 },
      { ...good, done: 5 },
      { ...good, billedCharacters: '10' },
      { ...good, billedCharacters: 2e9 },
      { ...good, errorCode: '<img onerror>' },
      null,
    ]) {
      await expect(ask('reportProgress', bad, contentSender(tabId, 'https://example.com/'))).rejects.toMatchObject({ code: 'bad-request' });
    }
    expect((await getTabState(tabId)).phase).toBe('original');
  });

  it('show a quota stop as a red badge whose title says so', async () => {
    const tabId = await openTab('https://example.com/');
    await ask('reportProgress', { state: 'error', total: 30, done: 12, failed: 18, billedCharacters: 900, errorCode: 'quota' }, contentSender(tabId, 'https://example.com/'));
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('!');
    expect(await fakeBrowser.action.getTitle({ tabId })).toMatch(/quota is used up/);
    const info = await ask<TabInfo>('getTabInfo', { tabId }, EXTENSION_PAGE);
    expect(info.state).toMatchObject({ phase: 'error', errorCode: 'quota', done: 12 });
  });
});

describe('tab lifecycle', () => {
  it('starts over on navigation and forgets closed tabs', async () => {
    const tabId = await openTab('https://example.com/');
    await ask('reportProgress', { state: 'translated', total: 3, done: 3, failed: 0, billedCharacters: 30 }, contentSender(tabId, 'https://example.com/'));
    await handleTabUpdated(tabId, { status: 'loading' }, { url: 'https://example.com/next' });
    expect((await getTabState(tabId)).phase).toBe('original');
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('');

    await ask('reportProgress', { state: 'translated', total: 3, done: 3, failed: 0, billedCharacters: 30 }, contentSender(tabId, 'https://example.com/'));
    await handleTabRemoved(tabId);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('keeps the translation through same-document navigations (pushState, #hash)', async () => {
    const tabId = await openTab('https://example.com/app');
    await toggleTab(tabId, 'command');
    await ask('reportProgress', { state: 'translated', total: 3, done: 3, failed: 0, billedCharacters: 30 }, contentSender(tabId, 'https://example.com/app'));
    await handleTabUpdated(tabId, { status: 'loading', url: 'https://example.com/app/next' }, { url: 'https://example.com/app/next' });
    await handleTabUpdated(tabId, { status: 'complete' }, { url: 'https://example.com/app/next' });
    expect(await getTabState(tabId)).toMatchObject({ phase: 'translated', done: 3, url: 'https://example.com/app/next' });
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('EN');
  });

  it('settles a real navigation when it completes: the old page answered while the new one loaded', async () => {
    await siteRulesItem.setValue({ always: ['example.com'], never: [] });
    fake.granted.add('https://example.com/*');
    const tabId = await openTab('https://example.com/a');
    await toggleTab(tabId, 'command');
    await handleTabUpdated(tabId, { status: 'loading', url: 'https://example.com/b' }, { url: 'https://example.com/b' });
    expect((await getTabState(tabId)).phase).toBe('translating'); // the old document still answers
    fake.present.delete(`${tabId}:0`); // the new document replaced it
    await fakeBrowser.tabs.update(tabId, { url: 'https://example.com/b' });
    await handleTabUpdated(tabId, { status: 'complete' }, { url: 'https://example.com/b' });
    // Reset, then translated again as an always-translate site, in the new document.
    expect(fake.injections).toHaveLength(2);
    expect(await getTabState(tabId)).toMatchObject({ phase: 'translating', url: 'https://example.com/b' });
  });

  it('redraws badges from storage.session after the worker restarts', async () => {
    const tabId = await openTab('https://example.com/');
    await updateTabState(tabId, (s) => ({ ...s, phase: 'translating', total: 10, done: 5, job: JOB }));
    await fakeBrowser.action.setBadgeText({ tabId, text: '' });
    await restoreBadges();
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('50%');
  });

  it('the shortcut toggles: translate, then show the original', async () => {
    const tabId = await openTab('https://example.com/');
    await toggleTab(tabId, 'command');
    expect((await getTabState(tabId)).phase).toBe('translating');
    await ask('reportProgress', { state: 'translated', total: 3, done: 3, failed: 0, billedCharacters: 30 }, contentSender(tabId, 'https://example.com/'));
    await toggleTab(tabId, 'command');
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'showOriginal']);
    expect((await getTabState(tabId)).phase).toBe('original');
  });
  it('the shortcut during a reload translates the new page: the old page’s state is still "translated", but no Glossa script runs on the new one', async () => {
    const tabId = await openTab('https://example.com/');
    await toggleTab(tabId, 'command');
    await ask('reportProgress', { state: 'translated', total: 3, done: 3, failed: 0, billedCharacters: 30 }, contentSender(tabId, 'https://example.com/'));
    // The reload began while the old document still answered: its state stays until the load completes.
    await handleTabUpdated(tabId, { status: 'loading' }, { url: 'https://example.com/' });
    expect((await getTabState(tabId)).phase).toBe('translated');
    fake.present.delete(`${tabId}:0`);
    await toggleTab(tabId, 'command');
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'startTranslation']);
    expect(fake.injections).toHaveLength(2);
    expect((await getTabState(tabId)).phase).toBe('translating');
  });
});

describe('always-translate sites', () => {
  it('translate on load when the site’s permission was granted, once per load', async () => {
    await siteRulesItem.setValue({ always: ['example.com'], never: [] });
    const tabId = await openTab('https://example.com/');
    await handleTabUpdated(tabId, { status: 'complete' }, { url: 'https://example.com/' });
    expect(fake.received).toHaveLength(0); // no permission yet

    fake.granted.add('https://example.com/*');
    await handleTabUpdated(tabId, { status: 'complete' }, { url: 'https://example.com/' });
    await handleTabUpdated(tabId, { status: 'complete' }, { url: 'https://example.com/' });
    expect(fake.received.map((m) => m.type)).toEqual(['startTranslation']);
  });

  it('leave other sites alone', async () => {
    await siteRulesItem.setValue({ always: ['example.com'], never: [] });
    fake.granted.add('https://www.example.com/*');
    const tabId = await openTab('https://www.example.com/');
    await autoTranslate(tabId, 'https://www.example.com/');
    expect(fake.received).toHaveLength(0);
  });
});

describe('site rules and tab info', () => {
  it('set a rule, report it and keep a site out of the other list', async () => {
    const tabId = await openTab('https://Example.com/page');
    await ask('setSiteRule', { hostname: 'example.com', rule: 'always' }, EXTENSION_PAGE);
    let info = await ask<TabInfo>('getTabInfo', { tabId }, EXTENSION_PAGE);
    expect(info).toMatchObject({ hostname: 'example.com', siteRule: 'always', restricted: false, plan: 'paid' });
    await ask('setSiteRule', { hostname: 'example.com', rule: 'never' }, EXTENSION_PAGE);
    info = await ask<TabInfo>('getTabInfo', { tabId }, EXTENSION_PAGE);
    expect(info.rules).toEqual({ always: [], never: ['example.com'] });
    await expect(ask('setSiteRule', { hostname: 'bad host/*', rule: 'never' }, EXTENSION_PAGE)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(ask('setSiteRule', { hostname: 'example.com', rule: 'sometimes' }, EXTENSION_PAGE)).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('lift the "never" notice from the site’s tabs when the rule is removed', async () => {
    await siteRulesItem.setValue({ always: [], never: ['example.com'] });
    const tabId = await openTab('https://example.com/');
    await toggleTab(tabId, 'command');
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('OFF');
    await ask('setSiteRule', { hostname: 'example.com', rule: 'none' }, EXTENSION_PAGE);
    expect((await getTabState(tabId)).errorCode).toBeUndefined();
    expect(await fakeBrowser.action.getBadgeText({ tabId })).toBe('');
  });

  it('report a missing key without revealing anything else', async () => {
    await connectionItem.setValue({ apiKey: '  ', plan: 'free', customUrl: '' });
    const tabId = await openTab('https://example.com/');
    const info = await ask<TabInfo>('getTabInfo', { tabId }, EXTENSION_PAGE);
    expect(info).toMatchObject({ hasKey: false, plan: 'free', hostPermission: false });
  });
});
