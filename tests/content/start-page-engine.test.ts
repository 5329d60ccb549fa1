import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendMessage } from '../../utils/shared/protocol';
import { answer, removeAllListeners } from '../message-double';
import { claimContentScript, startPageEngine, type PageEngineWiring } from '../../utils/content/start-page-engine';
import { resend, workerGone } from '../../utils/content/resend';
import { upperCase } from '../page/fake-translator';
import { immediateVisibility } from '../../utils/page/visibility';
import { exposedShadowRoot } from '../../utils/content/test-hooks';
import { provideContentExtras } from '../../utils/content/page-extras';
import { createStatusNotice } from '../../utils/content/status-notice';

const TEST_OPTIONS = { visibility: immediateVisibility, progressIntervalMs: 0 };

const JOB = { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } as const;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const wirings: PageEngineWiring[] = [];

afterEach(async () => {
  for (const wiring of wirings.splice(0)) await wiring.stop();
  removeAllListeners();
  document.body.innerHTML = '';
  document.querySelector('glossa-notice')?.remove();
});

describe('resend', () => {
  it('sends again when the service worker went away, within a bound', async () => {
    let calls = 0;
    const result = await resend(async () => {
      calls++;
      if (calls < 3) throw new Error('A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received');
      return 'ok';
    }, [1, 1, 1]);
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after the bound', async () => {
    let calls = 0;
    await expect(resend(async () => {
      calls++;
      throw new Error('Could not establish connection. Receiving end does not exist.');
    }, [1, 1])).rejects.toThrow(/Receiving end/);
    expect(calls).toBe(3);
  });

  it('never resends an API error (it may have been billed)', async () => {
    let calls = 0;
    await expect(resend(async () => {
      calls++;
      throw Object.assign(new Error('Quota exceeded'), { code: 'quota' });
    }, [1, 1])).rejects.toMatchObject({ code: 'quota' });
    expect(calls).toBe(1);
    expect(workerGone(Object.assign(new Error('x'), { code: 'no-receiver' }))).toBe(true);
  });
});

describe('claimContentScript', () => {
  it('wires only the first injection', () => {
    const scope = {};
    expect(claimContentScript(scope)).toBe(true);
    expect(claimContentScript(scope)).toBe(false);
  });
});

describe('startPageEngine', () => {
  // The background's side of loadPageExtras: it injects page-extras.js, which registers the notice.
  beforeEach(() => {
    answer('loadPageExtras', () => provideContentExtras({ createStatusNotice }));
  });

  it('translates through translateBlocks, reports progress, and shows the original on request', async () => {
    document.body.innerHTML = '<p>Hello <b>there</b></p>';
    const original = document.body.innerHTML;
    const received: unknown[] = [];
    const progress: { state: string; done: number }[] = [];
    wirings.push(startPageEngine(document, TEST_OPTIONS));
    // The background's side of the protocol, as the fake browser delivers it.
    answer('translateBlocks', ({ data }) => {
      received.push(data);
      return { results: data.blocks.map((b) => ({ ok: true as const, text: upperCase(b.text) })), billedCharacters: 11 };
    });
    answer('reportProgress', ({ data }) => {
      progress.push(data);
    });
    await sendMessage('startTranslation', JOB);
    await expect.poll(() => document.body.innerHTML, { timeout: 3000 }).toBe('<p>HELLO <b>THERE</b></p>');
    expect(received[0]).toMatchObject({ blocks: [{ text: 'Hello <b id="1">there</b>', format: 'html' }], priority: true });
    await expect.poll(() => progress.at(-1), { timeout: 3000 }).toMatchObject({ state: 'translated', done: 1, total: 1, billedCharacters: 11 });
    await sendMessage('showOriginal', {});
    expect(document.body.innerHTML).toBe(original);
    await expect.poll(() => progress.at(-1)).toMatchObject({ state: 'original' });
  });

  it('asks the browser for the page\'s language as it starts, and the first translation uses that answer', async () => {
    document.body.innerHTML = '<p>Le port est calme ce soir, et les bateaux sont rentrés.</p>';
    // Declared and detected agree: only then is the source language sent (language.ts).
    document.documentElement.setAttribute('lang', 'fr');
    const detect = vi.fn(async () => ({ isReliable: true, languages: [{ language: 'fr', percentage: 100 }] }));
    const i18n = fakeBrowser.i18n as unknown as { detectLanguage: unknown };
    const before = i18n.detectLanguage;
    i18n.detectLanguage = detect;
    try {
      wirings.push(startPageEngine(document, TEST_OPTIONS));
      // Asked before any order came: the start message finds the answer on its way.
      expect(detect).toHaveBeenCalledTimes(1);
      const received: { sourceLang?: string }[] = [];
      answer('translateBlocks', ({ data }) => {
        received.push(data);
        return { results: data.blocks.map((b) => ({ ok: true as const, text: upperCase(b.text) })), billedCharacters: 5 };
      });
      answer('reportProgress', () => undefined);
      await sendMessage('startTranslation', JOB);
      await expect.poll(() => received.length, { timeout: 3000 }).toBe(1);
      expect(received[0].sourceLang).toBe('FR');
      expect(detect).toHaveBeenCalledTimes(1);
      // A later translation asks again.
      await sendMessage('showOriginal', {});
      await sendMessage('startTranslation', JOB);
      await expect.poll(() => detect.mock.calls.length, { timeout: 3000 }).toBe(2);
    } finally {
      i18n.detectLanguage = before;
      document.documentElement.removeAttribute('lang');
    }
  });

  it('takes orders only from the extension, never from a tab', async () => {
    wirings.push(startPageEngine(document, TEST_OPTIONS));
    const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'startTranslation', data: JOB }, { id: fakeBrowser.runtime.id, tab: { id: 3 } as never });
    expect(replies.find((r) => !!r)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('shows a notice with Retry for failed blocks, and retries them', async () => {
    document.body.innerHTML = '<p>One</p>';
    let fail = true;
    wirings.push(startPageEngine(document, TEST_OPTIONS));
    answer('translateBlocks', ({ data }) => {
      if (fail) throw Object.assign(new Error('Server trouble'), { code: 'server' });
      return { results: data.blocks.map((b) => ({ ok: true as const, text: upperCase(b.text) })), billedCharacters: 3 };
    });
    answer('reportProgress', () => undefined);
    await sendMessage('startTranslation', JOB);
    await expect.poll(() => document.querySelector('glossa-notice'), { timeout: 3000 }).not.toBeNull();
    const root = exposedShadowRoot('notice')!;
    expect(root.textContent).toContain('could not translate 1 parts');
    fail = false;
    const retry = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
    retry.click();
    await expect.poll(() => document.body.innerHTML, { timeout: 3000 }).toBe('<p>ONE</p>');
    await expect.poll(() => document.querySelector('glossa-notice')).toBeNull();
  });

  it('points to the options when the key is refused', async () => {
    document.body.innerHTML = '<p>One</p>';
    wirings.push(startPageEngine(document, TEST_OPTIONS));
    answer('translateBlocks', () => {
      throw Object.assign(new Error('Forbidden'), { code: 'auth', status: 403 });
    });
    const reports: { state: string; errorCode?: string }[] = [];
    answer('reportProgress', ({ data }) => {
      reports.push(data);
    });
    await sendMessage('startTranslation', JOB);
    await expect.poll(() => reports.at(-1), { timeout: 3000 }).toMatchObject({ state: 'error', errorCode: 'auth' });
    const root = exposedShadowRoot('notice')!;
    expect(root.textContent).toContain('refused the API key');
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toContain('Open options');
    await wait(1);
    expect(fakeBrowser.runtime.id).toBeDefined();
  });
});
