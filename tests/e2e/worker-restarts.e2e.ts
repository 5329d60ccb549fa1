// The service worker stopped in the middle of a translation (issue 8), as Chrome does when it
// is idle, through the DevTools protocol: the translation completes without the user doing
// anything, and right afterwards the badge and the popup show the right state. Also: a worker
// stopped between translations still knows the tab is translated (Show original works).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa, badgeText } from '../e2e-lib/chromium-harness';
import { defaults, html, sendCounts, translateRequests, waitForTranslateRequests } from '../e2e-lib/requests';
import { pseudoTranslate } from '../../server/index';
import { waitUntil } from '../e2e-lib/wait';

const de = (text: string) => pseudoTranslate(text, 'DE', { tagHandling: 'html' });

function page(tag: string, count: number): { html: string; texts: string[] } {
  const texts = Array.from({ length: count }, (_, i) => `${tag} line ${i + 1} waits for its translation.`);
  return { html: html(`${tag} page`, texts.map((t, i) => `<p id="p${i}" style="margin:0;font:9px/10px sans-serif">${t}</p>`).join('\n')), texts };
}

async function allTranslated(p: Page, texts: readonly string[], timeout = 30_000): Promise<void> {
  await p.waitForFunction((want) => want.every((t, i) => document.getElementById(`p${i}`)?.textContent === t), texts.map(de), { timeout });
}

/**
 * What a real shortcut press does to a stopped worker: Chrome starts it. Playwright keeps the
 * stopped worker's handle, which does not answer until something starts the worker again, so
 * the test opens an extension page (as Glossa.worker() does) before talking to it.
 */
async function wakeWorker(glossa: ChromiumGlossa): Promise<void> {
  const waker = await glossa.context.newPage();
  await waker.goto(`${glossa.extensionUrl}/popup.html`);
  await waker.close();
}

describe('service worker stopped mid-translation', () => {
  let glossa: ChromiumGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE') } });
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('completes on its own after the worker is stopped with a request in flight; badge and popup right afterwards', async () => {
    const { html: body, texts } = page('Restart', 40);
    glossa.pages.set('/hardening/worker.html', body);
    const tab = await glossa.openPage('/hardening/worker.html');
    glossa.api.faults.latencyMs = 1_500;
    const logStart = glossa.api.log.length;
    try {
      await glossa.dispatchCommand('translate-page', tab);
      await waitForTranslateRequests(glossa, logStart, 1);
      await glossa.stopWorker();
      // The stopped worker's request was cut off: the server sees its client go away.
      await waitUntil(() => translateRequests(glossa.api.log, logStart).some((r) => r.aborted), 'the server to see the request cut off', 10_000).catch(() => undefined);
      expect(translateRequests(glossa.api.log, logStart).some((r) => r.aborted)).toBe(true);
    } finally {
      glossa.api.faults.latencyMs = 0;
    }
    // No user action from here on: the content script's next message wakes the worker.
    await allTranslated(tab, texts);
    const state = await glossa.waitForPhase(tab, 'translated');
    expect(state).toMatchObject({ failed: 0, done: texts.length + 1, total: texts.length + 1 });
    expect(await badgeText(glossa, tab)).toBe('DE');
    const popup = await glossa.openPopup(tab);
    await popup.getByRole('button', { name: 'Show original' }).waitFor({ timeout: 5_000 });
    await popup.getByText(`${texts.length + 1} of ${texts.length + 1} blocks translated`).waitFor({ timeout: 5_000 });
    await popup.close();
    // The request the stopped worker was waiting for was answered (and billed) by the server
    // but never reached the page; it is sent once more, and nothing more often than that.
    const counts = sendCounts(glossa.api.log, logStart);
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    console.info(`[worker-restarts] texts sent twice after the worker stop: ${[...counts.values()].filter((n) => n > 1).length} of ${counts.size}`);
    await tab.close();
  });

  it('survives two stops in one translation (while waiting and while answering)', async () => {
    const { html: body, texts } = page('Twice', 30);
    glossa.pages.set('/hardening/worker-twice.html', body);
    const tab = await glossa.openPage('/hardening/worker-twice.html');
    glossa.api.faults.latencyMs = 1_200;
    const logStart = glossa.api.log.length;
    try {
      await glossa.dispatchCommand('translate-page', tab);
      await waitForTranslateRequests(glossa, logStart, 1);
      await glossa.stopWorker();
      // The resent request arrives at the new worker's server call: stop that one too.
      await waitForTranslateRequests(glossa, logStart, translateRequests(glossa.api.log, logStart).length + 1, 20_000);
      await glossa.stopWorker();
    } finally {
      glossa.api.faults.latencyMs = 0;
    }
    await allTranslated(tab, texts);
    expect((await glossa.waitForPhase(tab, 'translated')).failed).toBe(0);
    expect(await badgeText(glossa, tab)).toBe('DE');
    await tab.close();
  });

  it('a worker stopped after translating still knows the tab: the shortcut shows the original exactly', async () => {
    const { html: body, texts } = page('Idle', 10);
    glossa.pages.set('/hardening/worker-idle.html', body);
    const tab = await glossa.openPage('/hardening/worker-idle.html');
    const before = await tab.evaluate(() => document.body.innerHTML);
    await glossa.dispatchCommand('translate-page', tab);
    await allTranslated(tab, texts);
    await glossa.waitForPhase(tab, 'translated');
    await glossa.stopWorker();
    await new Promise((r) => setTimeout(r, 300));
    await wakeWorker(glossa);
    await glossa.dispatchCommand('translate-page', tab);
    await glossa.waitForPhase(tab, 'original');
    await tab.waitForFunction((b) => document.body.innerHTML === b, before, { timeout: 10_000 });
    expect(await badgeText(glossa, tab)).toBe('');
    await tab.close();
  });
});
