// The live-app suite one framework's e2e file runs, in Chromium or Firefox: its app bundled at
// test time, driven through the same sequence with the server as is and with translations that
// reorder inline elements of a sentence. Answers take 150 ms, as a real service's do, so the
// app changes text while answers are on their way. The figures go to the test output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPage, bundleApp, type Framework } from './build';
import { driveApp, PLAIN, REORDER, type Mode } from './driver';
import type { LaunchLiveBrowser, LiveBrowser } from '../../e2e-lib/live-browser';

const ANSWER_MS = 150;

export const settingsFor = (mode: Mode) => ({
  defaults: { targetLang: mode.targetLang, sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
});

/** Serves the framework's app at /apps/<framework>.html; returns that path. */
export async function serveApp(browser: LiveBrowser, framework: Framework): Promise<string> {
  browser.servePage(`/apps/${framework}.js`, await bundleApp(framework));
  browser.servePage(`/apps/${framework}.html`, appPage(framework, `/apps/${framework}.js`));
  return `/apps/${framework}.html`;
}

export function describeLiveApp(framework: Framework, launch: LaunchLiveBrowser): void {
  describe(`a ${framework} app translated, shown in the original and translated again`, () => {
    let browser: LiveBrowser;
    let path: string;
    beforeAll(async () => {
      browser = await launch({ settings: settingsFor(PLAIN) });
      path = await serveApp(browser, framework);
    });
    afterAll(async () => {
      await browser?.close();
    });

    for (const mode of [PLAIN, REORDER]) {
      it(`stays correct after every step with ${mode.name}`, async () => {
        await browser.setStorage(settingsFor(mode));
        const rule = mode.reorder ? browser.api.faults.add({ fault: 'reorder' }) : undefined;
        browser.api.faults.latencyMs = ANSWER_MS;
        try {
          const figures = await driveApp(browser, path, mode);
          console.info(`[live apps] ${browser.name}, ${framework}, ${mode.name}: ${JSON.stringify(figures)}`);
          expect(figures.pageErrors).toBe(0);
        } finally {
          if (rule !== undefined) browser.api.faults.remove(rule);
          browser.api.faults.latencyMs = 0;
        }
      }, 300_000);
    }
  });
}
