// Chromium before 148 gives content scripts only a callback-style `chrome`; there the background
// injects browser-polyfill.js before each page script (utils/background/injection.ts), which no
// longer carry the polyfill themselves. The Chromium here has a `browser` of its own, so the
// built scripts of the e2e build run in a world as the older browsers make it: a happy-dom
// window with only `chrome`, the background's side played by this test.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => boolean | void;

const built = (file: string) => readFileSync(resolve(process.env.GLOSSA_E2E_EXTENSION_DIR!, file), 'utf8');

const windows: Window[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

/** A page whose content-script world has a `chrome` as Chromium 128-147 gives it, and no `browser`. */
function olderChromiumWorld() {
  const window = new Window({ url: 'https://example.test/article' });
  windows.push(window);
  window.document.body.innerHTML = '<p>The first paragraph of <a href="/more">the article</a>.</p>';
  const listeners: Listener[] = [];
  const sent: unknown[] = [];
  const chrome = {
    runtime: {
      id: 'glossa-test-id',
      lastError: undefined,
      getURL: (path: string) => `chrome-extension://glossa-test-id${path}`,
      sendMessage: (message: unknown, callback: (reply: unknown) => void) => {
        sent.push(message);
        setTimeout(() => callback({ ok: true, value: null }), 0);
      },
      onMessage: {
        addListener: (listener: Listener) => listeners.push(listener),
        removeListener: (listener: Listener) => listeners.splice(listeners.indexOf(listener), 1),
        hasListener: (listener: Listener) => listeners.includes(listener),
      },
    },
    i18n: { getMessage: () => '', getUILanguage: () => 'en' },
  };
  Object.assign(window, { chrome });
  const run = (file: string) => (window as unknown as { eval(code: string): unknown }).eval(built(file));
  return { window, listeners, sent, run };
}

describe('page scripts in a browser without a `browser` namespace (Chromium before 148)', () => {
  it('the page script alone stops at once and says what is missing, before touching the page', () => {
    const world = olderChromiumWorld();
    expect(() => world.run('page-engine.js')).toThrow(/inject browser-polyfill\.js before it/);
    expect(world.listeners).toHaveLength(0);
    expect(world.window.document.documentElement.outerHTML).not.toContain('glossa');
  });

  it('after browser-polyfill.js, the page script listens through `chrome` and answers the background with a promise turned into a callback', async () => {
    const world = olderChromiumWorld();
    world.run('browser-polyfill.js');
    world.run('page-engine.js');
    expect(world.listeners).toHaveLength(1);
    const reply = await new Promise((resolveReply) => {
      // Keeping the channel open (true) is what lets an answer come later through sendResponse.
      expect(world.listeners[0]({ glossa: 'showOriginal', data: {} }, { id: 'glossa-test-id' }, resolveReply)).toBe(true);
    });
    expect(reply).toEqual({ ok: true, value: null });
  });

  it('the writing button and the selection popover take the same namespace, and listen once served', () => {
    for (const file of ['writing-button.js', 'selection-popover.js']) {
      const bare = olderChromiumWorld();
      expect(() => bare.run(file)).toThrow(/inject browser-polyfill\.js before it/);
      const served = olderChromiumWorld();
      served.run('browser-polyfill.js');
      served.run(file);
      expect(served.listeners, file).toHaveLength(1);
    }
  });

  it('the hover script takes the same namespace, asks whether hover is on, and answers no messages (the page script does, once loaded)', async () => {
    const bare = olderChromiumWorld();
    expect(() => bare.run('page-hover.js')).toThrow(/inject browser-polyfill\.js before it/);
    const served = olderChromiumWorld();
    served.run('browser-polyfill.js');
    served.run('page-hover.js');
    await vi.waitFor(() => expect(served.sent).toEqual([{ glossa: 'pointingSetup', data: {} }]));
    expect(served.listeners).toHaveLength(0);
  });
});
