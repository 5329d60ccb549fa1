// What a translated page costs in memory, and that it is given back: a generated long page is
// translated and shown in the original again and again in Chromium, and after each forced
// collection (DevTools protocol) the page's JS heap (the page's and the content script's worlds
// share one heap) and its DOM nodes are read. Ten cycles must not grow either beyond a bound
// far below what one translation holds: a leak of any cycle's state would exceed it many times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { defaults } from '../e2e-lib/requests';
import { pseudoTranslate } from '../../server/index';

const CYCLES = 10;
/** Readings closer than this count as one level (what a forced collection leaves differs by a few pages). */
const STABLE_BYTES = 32 * 1024;

/** 240 paragraphs with links (and their titles), emphasis and a list every tenth: all within a tall viewport's reach. */
function longPage(): string {
  const blocks: string[] = [];
  for (let i = 1; i <= 240; i++) {
    blocks.push(`<p>Paragraph ${i} explains how <a href="#p${i}" title="More about soil ${i}">the soil</a> holds <b>water</b> after rain, and why <em>roots ${i}</em> need air.</p>`);
    if (i % 10 === 0) blocks.push(`<ul><li>First point of list ${i}</li><li>Second point of list ${i}</li></ul>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long page</title></head><body><main>${blocks.join('\n')}</main></body></html>`;
}

interface Reading {
  heap: number;
  nodes: number;
}

/** The page's heap and DOM nodes after forced collections, once two readings in a row agree (timers the page or Glossa left have run out). */
async function settledReading(cdp: CDPSession): Promise<Reading> {
  const read = async (): Promise<Reading> => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const { nodes } = await cdp.send('Memory.getDOMCounters');
    return { heap: usedSize, nodes };
  };
  let last = await read();
  for (let i = 0; i < 40; i++) {
    const next = await read();
    if (next.nodes === last.nodes && Math.abs(next.heap - last.heap) < STABLE_BYTES) return next;
    last = next;
  }
  return last;
}

describe('memory of a translated page', () => {
  let glossa: ChromiumGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE') } });
    glossa.pages.set('/memory-long.html', longPage());
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('gives back what a translation holds: ten translate/restore cycles do not grow the heap or the DOM', async () => {
    const page: Page = await glossa.openPage('/memory-long.html');
    // Tall enough that every block is near the viewport: each cycle translates the whole page.
    await page.setViewportSize({ width: 1280, height: 6000 });
    const before = await page.evaluate(() => document.body.innerHTML);
    const cdp = await glossa.context.newCDPSession(page);
    const last = pseudoTranslate('Second point of list 240', 'DE');

    const translate = async () => {
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'translated', 60_000);
      await page.waitForFunction((t) => document.body.innerText.includes(t), last, { timeout: 30_000 });
    };
    const restore = async () => {
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'original', 60_000);
      await page.waitForFunction((b) => document.body.innerHTML === b, before, { timeout: 30_000 });
    };

    const untranslated = await settledReading(cdp);
    await translate();
    const translated = await settledReading(cdp);
    await restore();
    const first = await settledReading(cdp);
    for (let i = 1; i < CYCLES; i++) {
      await translate();
      await restore();
    }
    const after = await settledReading(cdp);
    await cdp.detach();

    const holds = translated.heap - untranslated.heap;
    const growth = after.heap - first.heap;
    console.log(`memory.e2e: translated +${Math.round(holds / 1024)} KB, +${translated.nodes - untranslated.nodes} nodes; after Show original +${Math.round((first.heap - untranslated.heap) / 1024)} KB; ${CYCLES} cycles grew the heap ${Math.round(growth / 1024)} KB and the DOM ${after.nodes - first.nodes} nodes`);
    // The translation holds something measurable, so the bound below means something.
    expect(holds).toBeGreaterThan(64 * 1024);
    expect(after.nodes - first.nodes).toBeLessThanOrEqual(0);
    // A leak of a cycle's state would grow nine times what one translation holds: allow a small part of one.
    expect(growth).toBeLessThan(Math.max(128 * 1024, holds / 4));
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
    await page.close();
  }, 300_000); // ten cycles of a whole page: minutes on a loaded two-core machine
});
