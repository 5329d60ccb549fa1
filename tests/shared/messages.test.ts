// The protocol's gate: each message is answered only for the senders it names, and only with
// data that fits its schema (one schema per message, shared by every handler).
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { backgroundMessages, jobOptionsSchema, onBackgroundMessage } from '../../utils/shared/messages-to-background';
import { onContentMessage, type ContentMessage } from '../../utils/shared/messages-to-content';
import { removeAllListeners } from '../../utils/shared/protocol';

const optionsPage = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') });
const contentScript = (frameId = 0) => ({ id: fakeBrowser.runtime.id, url: 'https://news.example/a', frameId, tab: { id: 7, url: 'https://news.example/a' } as never });
const webPage = () => ({ url: 'https://evil.example/' });

async function deliver(type: string, data: unknown, sender: object): Promise<{ ok: boolean; value?: unknown; error?: Record<string, unknown> }> {
  const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender);
  return replies.find((r) => !!r) as never;
}

const ok = { targetLang: 'pt-br', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false };

describe('job options (one schema for the popup, the background and the content script)', () => {
  it('accepts well-formed options and normalises codes', () => {
    expect(v.parse(jobOptionsSchema, ok)).toEqual({ ...ok, targetLang: 'PT-BR' });
    expect(v.parse(jobOptionsSchema, { ...ok, sourceLang: 'en', glossaryId: 'abc-123' })).toMatchObject({ sourceLang: 'EN', glossaryId: 'abc-123' });
    expect(v.parse(jobOptionsSchema, { ...ok, targetLang: 'zh-hant' }).targetLang).toBe('ZH-HANT');
  });

  it('refuses what the API would reject, including a glossary without a source language', () => {
    for (const bad of [null, 'x', { ...ok, targetLang: '' }, { ...ok, formality: 'rude' }, { ...ok, modelType: 'best' }, { ...ok, bilingual: 'yes' }, { ...ok, glossaryId: '../x', sourceLang: 'EN' }, { ...ok, glossaryId: 'g' }]) {
      expect(v.safeParse(jobOptionsSchema, bad).success).toBe(false);
    }
  });
});

describe('the gate', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    removeAllListeners();
  });

  it('declares a sender for every message to the background', () => {
    for (const rule of Object.values(backgroundMessages)) expect(rule.from.length).toBeGreaterThan(0);
  });

  it('refuses a sender the message does not name, before the handler runs', async () => {
    let ran = 0;
    onBackgroundMessage('getSettings', () => {
      ran++;
      return { connection: { apiKey: 'k', plan: 'paid', customUrl: '' } } as never;
    });
    for (const sender of [contentScript(), webPage(), { id: 'other-extension', url: 'chrome-extension://other-extension/options.html' }]) {
      expect(await deliver('getSettings', {}, sender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(ran).toBe(0);
    expect(await deliver('getSettings', {}, optionsPage())).toMatchObject({ ok: true });
    expect(ran).toBe(1);
  });

  it('takes progress only from a tab’s top frame', async () => {
    onBackgroundMessage('reportProgress', () => undefined);
    const report = { state: 'translating', total: 2, done: 1, failed: 0, billedCharacters: 3 };
    expect(await deliver('reportProgress', report, contentScript(3))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await deliver('reportProgress', report, contentScript(0))).toMatchObject({ ok: true });
    expect(await deliver('reportProgress', { ...report, done: 5 }, contentScript(0))).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it('names the field at fault and hands the handler the schema’s output', async () => {
    let seen: unknown;
    onBackgroundMessage('translatePage', ({ data }) => {
      seen = data;
      return {} as never;
    });
    expect(await deliver('translatePage', { tabId: -1, options: ok }, optionsPage())).toMatchObject({ ok: false, error: { code: 'bad-request', field: 'tabId' } });
    expect(await deliver('translatePage', { tabId: 4, options: ok, apiKey: 'x' }, optionsPage())).toMatchObject({ ok: true });
    expect(seen).toEqual({ tabId: 4, options: { ...ok, targetLang: 'PT-BR' } });
  });

  it('lets content scripts hear only the extension, never another tab, for every message', async () => {
    // Content scripts skip schemas only because nothing but the extension may reach them.
    const all: ContentMessage[] = ['startTranslation', 'showOriginal', 'retryFailed', 'showSelectionTranslation', 'refreshTermInPage', 'showTermFix',
      'showWritingPanel', 'pointAt', 'applySiteScope', 'pickExclusion', 'stopWritingButton'];
    let ran = 0;
    for (const type of all) {
      onContentMessage(type, () => {
        ran++;
        return undefined as never;
      });
    }
    for (const type of all) {
      for (const sender of [contentScript(), contentScript(2), { id: 'other-extension' }]) {
        expect(await deliver(type, {}, sender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
    expect(ran).toBe(0);
    expect(await deliver('showOriginal', {}, { id: fakeBrowser.runtime.id })).toMatchObject({ ok: true });
    expect(ran).toBe(1);
  });
});
