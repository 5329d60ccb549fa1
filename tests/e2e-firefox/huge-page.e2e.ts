// A page of 3,000 blocks in Firefox: what the reader sees is translated as they scroll, to the
// last block, without Glossa's script holding the main thread for 50 ms in any task, and show
// original puts back exactly what was there.
//
// Firefox does not offer the 'longtask' PerformanceObserver entry type to pages (checked below),
// so long tasks come from the Gecko profiler (see profiler.ts): every main-thread task over
// 50 ms, and the CPU time Glossa's content script took inside it. Tasks over 50 ms that are
// not Glossa's (layout and painting of a page this size, a machine busy with other work) are
// printed, with the same page scrolled without Glossa as a baseline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { defaults, html } from '../e2e-lib/requests';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitInPage } from '../e2e-lib/firefox-dom';
import { analyseProfile, profile, type TaskFigures } from './profiler';

const BLOCKS = 3_000;
const MARK = 'glossa-e2e-measured-page';
/** The goal for any one task: Glossa works in ~8 ms slices, so its share of a task stays well below. */
const GLOSSA_CPU_PER_TASK_MS = 50;

const PAGE = html('Three thousand blocks', Array.from({ length: BLOCKS }, (_, i) =>
  `<p id="p${i}" style="margin:0">Paragraph ${i} tells of <b>rivers</b> and <a href="#x${i}">hills</a> far away.</p>`).join('\n'));

/** Scrolls down two screens at a time (Glossa translates a screen ahead), waiting each time until what is on screen is translated. */
async function readToTheEnd(page: Page, translated: boolean): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (;;) {
    if (translated) {
      await waitInPage(page, () => {
        const onScreen = [...document.querySelectorAll('p')].filter((p) => {
          const box = p.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight;
        });
        return onScreen.length > 0 && onScreen.every((p) => !p.textContent!.startsWith('Paragraph '));
      }, null, 30_000);
    }
    const atEnd = await page.evaluate(() => {
      if (innerHeight + scrollY >= document.documentElement.scrollHeight - 1) return true;
      window.scrollBy(0, innerHeight * 2);
      return false;
    });
    if (atEnd) return;
  }
}

describe('a page of thousands of blocks in Firefox', () => {
  let glossa: FirefoxGlossa;
  const figures: Record<string, unknown> = {};
  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('DE') } });
    glossa.pages.set('/huge.html', PAGE);
  });
  afterAll(async () => {
    console.info(`[firefox huge page] figures ${JSON.stringify(figures, null, 1)}`);
    await glossa?.close();
  });

  it('offers pages no long task entries (so the profiler measures them)', async () => {
    const page = await glossa.openPage('/article.html');
    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'))).toBe(false);
    await page.close();
  });

  it(`translates ${BLOCKS.toLocaleString('en-US')} blocks as the reader scrolls, with no more than ${GLOSSA_CPU_PER_TASK_MS} ms of Glossa's script in any task, and restores them exactly`, async () => {
    const page = await glossa.openPage('/huge.html');
    const before = await page.evaluate(() => document.body.innerHTML);
    const scriptPrefix = `${glossa.extensionUrl}/page-engine.js`;

    const baseline = await profile(glossa.chrome, async () => {
      await page.evaluate((mark) => performance.mark(mark), MARK);
      await readToTheEnd(page, false);
    });
    const without: TaskFigures = analyseProfile(baseline.profile, MARK, scriptPrefix);

    const started = Date.now();
    const measured = await profile(glossa.chrome, async () => {
      await page.evaluate((mark) => performance.mark(mark), MARK);
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'translated');
      await readToTheEnd(page, true);
      return glossa.waitForPhase(page, 'translated');
    });
    const seconds = (Date.now() - started) / 1000;
    const withGlossa = analyseProfile(measured.profile, MARK, scriptPrefix);
    figures.blocks = BLOCKS;
    figures.secondsToTranslateWhileScrolling = seconds;
    figures.withoutGlossa = { longTasks: without.longTasks.map((t) => t.ms) };
    figures.withGlossa = withGlossa;

    const state = measured.result;
    expect(state.failed).toBe(0);
    // Every paragraph and the title.
    expect(state.done).toBe(BLOCKS + 1);
    expect(await page.evaluate(() => document.getElementById('p2999')!.innerHTML)).toMatch(/^P\S+ 2999 \S+ \S+ <b>\S+<\/b> \S+ <a href="#x2999">\S+<\/a> \S+ \S+\.$/);
    // The profile saw Glossa's script at work, and no task held it for long.
    expect(withGlossa.glossaCpuMs).toBeGreaterThan(0);
    expect(withGlossa.maxGlossaCpuInLongTaskMs).toBeLessThan(GLOSSA_CPU_PER_TASK_MS);

    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    await waitInPage(page, () => document.title === 'Three thousand blocks', null);
    expect(await page.evaluate(() => document.body.innerHTML) === before, 'body restored exactly').toBe(true);
    await page.close();
  });
});
