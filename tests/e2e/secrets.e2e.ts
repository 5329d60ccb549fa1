// Secrets and settings (issue 8). The API key never reaches a content script (every message the
// content script receives or is answered with is recorded in its own world), the page (DOM,
// shadow roots included, Glossa's closed ones too), a URL (the server's log of paths and query strings), the console
// (pages, extension pages and the worker), or an error shown in the page, even when a server
// echoes the key back in its error message. A malformed custom address, an address without a
// granted host permission and an empty key each get a clear message, and no request at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { defaults, html, translateRequests } from '../e2e-lib/requests';
import { noticeIn, popoverIn } from '../e2e-lib/closed-roots-chromium';
import { startServer, type GlossaServer } from '../../server/index';
import { waitUntil } from '../e2e-lib/wait';

const SECRET = 'sk-hardening-9f3c2a7e-SECRET-KEY';

const PAGE = html('Secret keeping', `
<p id="one">The first paragraph of a page that must never see the key.</p>
<p id="two">A second paragraph with <a href="#x">a link</a> in it.</p>
<textarea id="field">Text in a field to translate and replace.</textarea>`);

/** Records, inside the content script's own world, every message it receives and every answer it gets. */
async function recordContentMessages(glossa: ChromiumGlossa, page: Page): Promise<{ read(): Promise<string>; cdp: CDPSession }> {
  const tabId = await glossa.tabIdOf(page);
  const cdp = await glossa.context.newCDPSession(page);
  const contexts: { id: number; origin: string; type: string }[] = [];
  cdp.on('Runtime.executionContextCreated', (event: { context: { id: number; origin: string; auxData?: { type?: string } } }) => {
    contexts.push({ id: event.context.id, origin: event.context.origin, type: event.context.auxData?.type ?? '' });
  });
  await cdp.send('Runtime.enable');
  // Inject Glossa's content script first (as the background does on demand), then hook it.
  await glossa.inWorker(async (id: number) => {
    await chrome.scripting.executeScript({ target: { tabId: id }, files: ['page-engine.js'] });
  }, tabId);
  const world = await waitUntil(() => contexts.find((c) => c.type === 'isolated' && c.origin.startsWith(glossa.extensionUrl)), 'Glossa content script world', 5_000);
  const hook = `(() => {
    const seen = globalThis.__glossaSeen = [];
    const api = globalThis.browser ?? globalThis.chrome;
    api.runtime.onMessage.addListener((message) => { seen.push(['in', message]); });
    const send = api.runtime.sendMessage.bind(api.runtime);
    api.runtime.sendMessage = async (...args) => {
      seen.push(['out', args[0]]);
      try {
        const answer = await send(...args);
        seen.push(['answer', answer]);
        return answer;
      } catch (err) {
        seen.push(['error', String(err && err.message), JSON.stringify(err)]);
        throw err;
      }
    };
    return true;
  })()`;
  await cdp.send('Runtime.evaluate', { expression: hook, contextId: world.id });
  return {
    cdp,
    read: async () => {
      const result = await cdp.send('Runtime.evaluate', { expression: 'JSON.stringify(globalThis.__glossaSeen)', contextId: world!.id, returnByValue: true });
      return String((result as { result: { value?: string } }).result.value ?? '');
    },
  };
}

/** Everything in the page, open shadow roots and Glossa's closed ones (notice and popover) included. */
async function everythingInPage(glossa: ChromiumGlossa, page: Page): Promise<string> {
  const open = await page.evaluate(() => {
    let out = document.documentElement.outerHTML;
    for (const el of document.querySelectorAll('*')) if (el.shadowRoot) out += el.shadowRoot.innerHTML;
    return out + document.title + location.href;
  });
  const closed = await Promise.all([popoverIn(page, glossa.extensionId), noticeIn(page, glossa.extensionId)].map((root) => root.evaluate((r) => r.innerHTML)));
  return open + closed.join('');
}

describe('the API key stays secret', () => {
  let glossa: ChromiumGlossa;
  const consoleLines: string[] = [];
  let echo: Server;
  let echoUrl = '';

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({
      server: { keys: [SECRET] },
      settings: { defaults: defaults('DE') },
    });
    await glossa.setStorage({ connection: { apiKey: SECRET, plan: 'custom', customUrl: glossa.api.url } });
    glossa.pages.set('/hardening/secret.html', PAGE);
    glossa.context.on('console', (m) => consoleLines.push(m.text()));
    for (const w of glossa.context.serviceWorkers()) w.on('console', (m) => consoleLines.push(m.text()));
    // A server that echoes the Authorization header in every error, like a careless proxy.
    echo = createServer((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `Bad request from ${req.headers.authorization}`, detail: `key=${req.headers.authorization}` }));
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await glossa?.close();
    await new Promise((r) => echo?.close(r));
  });

  it('not in any message to or from the content script, the page, a URL or the console, through a page and a selection translation', async () => {
    const page = await glossa.openPage('/hardening/secret.html');
    page.on('console', (m) => consoleLines.push(m.text()));
    const recorder = await recordContentMessages(glossa, page);
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    // A selection (the popover asks the background itself) and a field (Replace path).
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('two')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await glossa.clickMenu('translate-selection', page, { selectionText: 'selection' });
    await popoverIn(page, glossa.extensionId).waitFor((root) => [...root.querySelectorAll('button')].some((b) => b.textContent === 'Copy'), undefined, 10_000);
    await page.keyboard.press('Escape');
    const messages = await recorder.read();
    expect(messages.length).toBeGreaterThan(100);
    expect(messages).toContain('translateBlocks');
    expect(messages).not.toContain(SECRET);
    expect(await everythingInPage(glossa, page)).not.toContain(SECRET);
    const urls = glossa.api.log.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.join('\n')).not.toContain(SECRET);
    expect(consoleLines.join('\n')).not.toContain(SECRET);
    await recorder.cdp.detach();
    await page.close();
  });

  it('not in an error shown in the page when the server echoes the key back', async () => {
    await glossa.setStorage({ connection: { apiKey: SECRET, plan: 'custom', customUrl: echoUrl } });
    try {
      const page = await glossa.openPage('/hardening/secret.html?echo');
      page.on('console', (m) => consoleLines.push(m.text()));
      const recorder = await recordContentMessages(glossa, page);
      await page.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.getElementById('one')!);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
      await glossa.clickMenu('translate-selection', page, { selectionText: 'selection' });
      await popoverIn(page, glossa.extensionId).waitFor((root) => !!root.querySelector('.error'), undefined, 10_000);
      await page.keyboard.press('Escape');
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'translated').catch(() => glossa.waitForPhase(page, 'error'));
      await page.waitForTimeout(500);
      const state = await glossa.tabState(page);
      expect(JSON.stringify(state)).not.toContain(SECRET);
      const popup = await glossa.openPopup(page);
      await popup.waitForTimeout(500);
      expect(await popup.evaluate(() => document.body.innerText)).not.toContain(SECRET);
      await popup.close();
      expect(await recorder.read()).not.toContain(SECRET);
      expect(await everythingInPage(glossa, page)).not.toContain(SECRET);
      expect(consoleLines.join('\n')).not.toContain(SECRET);
      await recorder.cdp.detach();
      await page.close();
    } finally {
      await glossa.setStorage({ connection: { apiKey: SECRET, plan: 'custom', customUrl: glossa.api.url } });
    }
  });
});

describe('connection settings that cannot work: a clear message and no request', () => {
  let glossa: ChromiumGlossa;
  /** A server on 127.0.0.2: a host the e2e build has no permission for. */
  let unpermitted: GlossaServer;

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE') } });
    unpermitted = await startServer({ port: 0, host: '127.0.0.2', keys: ['other-key'] });
    glossa.pages.set('/hardening/settings.html', html('Settings page', '<p id="one">A paragraph that waits for a working connection.</p>'));
  });
  afterAll(async () => {
    await glossa?.close();
    await unpermitted?.close();
  });

  const CASES = [
    { name: 'a malformed custom address', connection: () => ({ apiKey: 'some-key', plan: 'custom', customUrl: 'localhost:8787/v2' }), message: /address/i },
    { name: 'an address without granted permission', connection: () => ({ apiKey: 'other-key', plan: 'custom', customUrl: unpermitted.url }), message: /permission|allow/i },
    { name: 'an empty key', connection: () => ({ apiKey: '', plan: 'custom', customUrl: glossa.api.url }), message: /API key/ },
  ];

  for (const c of CASES) {
    it(`${c.name}: told in the popup and in the selection popover; not one request`, async () => {
      await glossa.setStorage({ connection: c.connection() });
      const page = await glossa.openPage(`/hardening/settings.html?${encodeURIComponent(c.name)}`);
      const before = await page.evaluate(() => document.body.innerHTML);
      const logStart = glossa.api.log.length;
      const unpermittedStart = unpermitted.log.length;
      await glossa.dispatchCommand('translate-page', page);
      await page.waitForTimeout(1_500);
      const state = await glossa.tabState(page);
      expect(state.phase, JSON.stringify(state)).not.toBe('translating');
      const popup = await glossa.openPopup(page);
      // The popup reads the connection when it opens: wait for its message rather than a while.
      await popup.waitForFunction(({ source, flags }) => new RegExp(source, flags).test(document.body.innerText), { source: c.message.source, flags: c.message.flags }, { timeout: 10_000 }).catch(() => undefined);
      const popupText = await popup.evaluate(() => document.body.innerText);
      expect(popupText, popupText).toMatch(c.message);
      await popup.close();
      // The selection popover says it too.
      await page.bringToFront();
      await page.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.getElementById('one')!);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
      await glossa.clickMenu('translate-selection', page, { selectionText: 'x' });
      const popoverError = await popoverIn(page, glossa.extensionId).waitFor((root) => root.querySelector('.error')?.textContent, undefined, 10_000);
      expect(popoverError).toMatch(c.message);
      await page.keyboard.press('Escape');
      expect(translateRequests(glossa.api.log, logStart)).toEqual([]);
      expect(glossa.api.log.slice(logStart)).toEqual([]);
      expect(unpermitted.log.slice(unpermittedStart)).toEqual([]);
      expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
      await page.close();
    });
  }
});
