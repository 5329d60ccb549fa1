// `wxt/browser` is built as webextension-polyfill (wxt.config.ts). In Chromium browsers older than
// 148 only `chrome` exists, with callbacks: the polyfill must hand Glossa promises there, and
// listeners that return a promise must still answer. Where `browser` exists it passes it through.
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import config from '../../wxt.config';
import { BROWSER_POLYFILL_FILE, contentScriptFiles, hasNativeBrowserNamespace } from '../../utils/background/injection';
import { worldBrowser } from '../../utils/content/world-browser';

type Listener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => boolean | void;

/** A `chrome` as Chromium 102-147 gives it: callback-style methods, no `browser`. */
function chromeOnly() {
  const listeners: Listener[] = [];
  const store: Record<string, unknown> = { key: 'value' };
  const chrome = {
    runtime: {
      id: 'glossa-test-id',
      lastError: undefined as { message: string } | undefined,
      sendMessage: (message: unknown, callback: (reply: unknown) => void) => {
        setTimeout(() => callback({ echoed: message }), 0);
      },
      onMessage: {
        addListener: (listener: Listener) => listeners.push(listener),
        removeListener: (listener: Listener) => listeners.splice(listeners.indexOf(listener), 1),
        hasListener: (listener: Listener) => listeners.includes(listener),
      },
    },
    storage: {
      local: {
        get: (keys: string, callback: (items: Record<string, unknown>) => void) => {
          setTimeout(() => callback({ [keys]: store[keys] }), 0);
        },
      },
    },
  };
  return { chrome, listeners };
}

const load = createRequire(import.meta.url);

/** A fresh copy of the polyfill: it decides once, when loaded, whether to wrap `chrome`. */
async function loadPolyfill() {
  const path = load.resolve('webextension-polyfill');
  delete load.cache[path];
  return load(path) as typeof import('wxt/browser').browser;
}

const globals = globalThis as { chrome?: unknown; browser?: unknown };
const saved = { chrome: globals.chrome, browser: globals.browser };

afterEach(() => {
  globals.chrome = saved.chrome;
  globals.browser = saved.browser;
});

describe('extension APIs through webextension-polyfill', () => {
  it('is the module the build uses for wxt/browser', () => {
    expect(config.modules).toContain('@wxt-dev/webextension-polyfill');
  });

  it('where only `chrome` exists, turns callback APIs into promises', async () => {
    const { chrome } = chromeOnly();
    globals.chrome = chrome;
    delete globals.browser;
    const browser = await loadPolyfill();
    await expect(browser.runtime.sendMessage({ type: 'ping' })).resolves.toEqual({ echoed: { type: 'ping' } });
    await expect(browser.storage.local.get('key')).resolves.toEqual({ key: 'value' });
  });

  it('where only `chrome` exists, answers a message with what a listener’s promise resolves to', async () => {
    const { chrome, listeners } = chromeOnly();
    globals.chrome = chrome;
    delete globals.browser;
    const browser = await loadPolyfill();
    browser.runtime.onMessage.addListener(async (message: unknown) => ({ answered: message }));
    expect(listeners).toHaveLength(1);
    const reply = await new Promise((resolve) => {
      const keepsChannelOpen = listeners[0]('hello', {}, resolve);
      expect(keepsChannelOpen).toBe(true);
    });
    expect(reply).toEqual({ answered: 'hello' });
  });

  it('where `browser` exists (Firefox, Chrome 148+), is that very object', async () => {
    const native = { runtime: { id: 'glossa-test-id' } };
    globals.chrome = { runtime: { id: 'glossa-test-id' } };
    globals.browser = native;
    const browser = await loadPolyfill();
    expect(browser).toBe(native);
  });
});

describe('scripts injected into pages reach the world’s `browser`, the polyfill injected first where there is none', () => {
  it('injects the polyfill before a page script only where the browser has no namespace of its own', () => {
    expect(contentScriptFiles('page-engine.js', false)).toEqual([BROWSER_POLYFILL_FILE, 'page-engine.js']);
    expect(contentScriptFiles('writing-button.js', true)).toEqual(['writing-button.js']);
  });

  it('takes the worker’s own `browser` as the sign: a `chrome` alone is not one', () => {
    expect(hasNativeBrowserNamespace({ browser: { runtime: { id: 'glossa-test-id' } } })).toBe(true);
    expect(hasNativeBrowserNamespace({ chrome: { runtime: { id: 'glossa-test-id' } } })).toBe(false);
    expect(hasNativeBrowserNamespace({})).toBe(false);
  });

  it('gives a page script its world’s `browser`, and names the missing polyfill where there is none', () => {
    const native = { runtime: { id: 'glossa-test-id' } };
    expect(worldBrowser({ browser: native })).toBe(native);
    expect(() => worldBrowser({ chrome: native })).toThrow(/inject browser-polyfill\.js before it/);
  });
});
