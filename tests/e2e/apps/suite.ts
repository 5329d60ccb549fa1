// The live-app suite one framework's e2e file runs: its app bundled at test time, driven
// through the same sequence with the server as is and with translations that reorder inline
// elements of a sentence. The figures go to the test output for the note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGlossa, type Glossa } from '../harness';
import { appPage, bundleApp, type Framework } from './build';
import { driveApp, PLAIN, REORDER, type Mode } from './driver';

export const settingsFor = (mode: Mode) => ({
  defaults: { targetLang: mode.targetLang, sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
});

/** Serves the framework's app at /apps/<framework>.html; returns that path. */
export async function serveApp(glossa: Glossa, framework: Framework): Promise<string> {
  glossa.pages.set(`/apps/${framework}.js`, await bundleApp(framework));
  glossa.pages.set(`/apps/${framework}.html`, appPage(framework, `/apps/${framework}.js`));
  return `/apps/${framework}.html`;
}

export function describeLiveApp(framework: Framework): void {
  describe(`a ${framework} app translated, shown in the original and translated again`, () => {
    let glossa: Glossa;
    let path: string;
    beforeAll(async () => {
      glossa = await launchGlossa({ settings: settingsFor(PLAIN) });
      path = await serveApp(glossa, framework);
    });
    afterAll(async () => {
      await glossa?.close();
    });

    for (const mode of [PLAIN, REORDER]) {
      it(`stays correct after every step with ${mode.name}`, async () => {
        await glossa.setStorage(settingsFor(mode));
        const rule = mode.reorder ? glossa.api.faults.add({ fault: 'reorder' }) : undefined;
        try {
          const figures = await driveApp(glossa, path, mode);
          console.info(`[live apps] ${framework}, ${mode.name}: ${JSON.stringify(figures)}`);
          expect(figures.pageErrors).toBe(0);
        } finally {
          if (rule !== undefined) glossa.api.faults.remove(rule);
        }
      }, 300_000);
    }
  });
}
