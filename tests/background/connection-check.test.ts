import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hasHostPermission } from '../../utils/extension/host-permissions';
import { connectionProblem } from '../../utils/background/connection-check';
import { registerTabControl } from '../../utils/background/tab-control';
import { removeAllListeners, type TabInfo } from '../../utils/shared/protocol';
import { connectionItem } from '../../utils/extension/settings-store';
import { EXTENSION_PAGE, installFakeContent, openTab } from './fake-tabs';
import { ask } from './via-message';

const allowed = async () => true;
const refused = async () => false;

describe('connectionProblem', () => {
  it('accepts a usable connection', async () => {
    expect(await connectionProblem({ apiKey: 'k', plan: 'custom', customUrl: 'http://127.0.0.1:9000' }, allowed)).toBeUndefined();
    // Plan addresses need no optional permission.
    expect(await connectionProblem({ apiKey: 'k', plan: 'paid', customUrl: '' }, refused)).toBeUndefined();
  });

  it('names each problem, with the way out', async () => {
    expect(await connectionProblem({ apiKey: '  ', plan: 'paid', customUrl: '' }, allowed)).toMatchObject({ code: 'auth', message: expect.stringMatching(/No API key/) });
    expect(await connectionProblem({ apiKey: 'a key', plan: 'paid', customUrl: '' }, allowed)).toMatchObject({ code: 'auth', message: expect.stringMatching(/characters a key cannot have/) });
    expect(await connectionProblem({ apiKey: 'k', plan: 'custom', customUrl: 'localhost:8787' }, allowed)).toMatchObject({
      code: 'bad-request', message: expect.stringMatching(/server address .* cannot be used: .*https:\/\//),
    });
    expect(await connectionProblem({ apiKey: 'k', plan: 'custom', customUrl: 'https://api.example.org' }, refused)).toMatchObject({
      code: 'bad-request', message: expect.stringMatching(/no permission to contact api\.example\.org/),
    });
  });
});

describe('the host-permission check fails closed', () => {
  it('refuses a custom server when the permissions API throws instead of answering', async () => {
    Object.assign(fakeBrowser.permissions, { contains: async () => { throw new Error('permissions unavailable'); } });
    expect(await connectionProblem({ apiKey: 'k', plan: 'custom', customUrl: 'https://api.example.org' })).toMatchObject({
      code: 'bad-request', message: expect.stringMatching(/no permission to contact api\.example\.org/),
    });
    expect(await hasHostPermission('https://api.example.org')).toBe(false);
  });

  it('accepts it when the permissions API answers yes', async () => {
    Object.assign(fakeBrowser.permissions, { contains: async () => true });
    expect(await connectionProblem({ apiKey: 'k', plan: 'custom', customUrl: 'https://api.example.org' })).toBeUndefined();
  });
});

describe('translatePage with a connection that cannot work (hardening)', () => {
  const JOB = { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } as const;

  it('refuses before injecting anything, with the reason in the tab state', async () => {
    removeAllListeners();
    const fake = installFakeContent();
    registerTabControl();
    const tabId = await openTab('https://example.com/article');

    await connectionItem.setValue({ apiKey: 'k', plan: 'custom', customUrl: 'http://127.0.0.9:8787' });
    const refused = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(refused.state).toMatchObject({ phase: 'error', errorCode: 'bad-request', errorMessage: expect.stringMatching(/no permission to contact 127\.0\.0\.9:8787/) });

    await connectionItem.setValue({ apiKey: 'k', plan: 'custom', customUrl: 'ftp://example.org' });
    const malformed = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(malformed.state).toMatchObject({ phase: 'error', errorCode: 'bad-request', errorMessage: expect.stringMatching(/server address/) });
    expect(fake.injections).toEqual([]);
    expect(fake.received).toEqual([]);

    // Once granted, the same address works.
    fake.granted.add('http://127.0.0.9/*');
    await connectionItem.setValue({ apiKey: 'k', plan: 'custom', customUrl: 'http://127.0.0.9:8787' });
    const started = await ask<TabInfo>('translatePage', { tabId, options: JOB }, EXTENSION_PAGE);
    expect(started.state.phase).toBe('translating');
    expect(fake.injections).toHaveLength(1);
  });
});
