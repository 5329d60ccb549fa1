// Server-rendered pages that hydrate after Glossa has translated them, as a page whose bundle
// arrives late does (issue 16), in Chromium or Firefox. The server's markup no longer matches
// what the framework renders. React 19 (hydrateRoot) reports a recoverable mismatch and renders
// the root anew on the client, in English; Vue 3 (createSSRApp) keeps the nodes and writes its
// English text into them. Either way Glossa sees new source text and translates it like any
// change the page makes. Asserted: the page ends translated as a whole (no English left behind,
// no stale translation), the app works, show original shows its current state, and translating
// again sends only source text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPage, bundleHydration, bundleVueHydration } from './build';
import { expected, PLAIN, TRANSLATED_RE, waitForChecks, type Probe } from './driver';
import type { LaunchLiveBrowser, LiveBrowser, LivePage } from '../../e2e-lib/live-browser';
import { settingsFor } from './suite';

const probes = (count: number): Probe[] => [
  { selector: '#title', source: 'Server-rendered notes' },
  { selector: '#count', source: `You clicked ${count} times` },
  { selector: '#inc', source: 'Add one' },
  { selector: '#inc', attr: 'title', source: 'Adds one to the count' },
  { selector: '#sentence', source: 'Read <a href="#guide">the guide</a> and <b>the notes</b> for help.' },
];

interface Case {
  name: string;
  bundle: () => Promise<{ markup: string; client: string }>;
  /** Whether the framework keeps the server's nodes when it adopts the page. */
  keepsNodes: boolean;
  /** The errors the framework reports for the mismatch (its own report, nothing else). */
  reports: RegExp[];
}

const CASES: Case[] = [
  { name: 'React (hydrateRoot)', bundle: bundleHydration, keepsNodes: false, reports: [/^page error: Minified React error #418;/] },
  { name: 'Vue (createSSRApp)', bundle: bundleVueHydration, keepsNodes: true, reports: [/^console error: Hydration completed but contains mismatches\.$/] },
];

export function describeHydration(launch: LaunchLiveBrowser): void {
  describe('a server-rendered page that hydrates after Glossa translated it', () => {
    let browser: LiveBrowser;
    beforeAll(async () => {
      browser = await launch({ settings: settingsFor(PLAIN) });
    });
    afterAll(async () => {
      await browser?.close();
    });

    const translateToggle = async (page: LivePage, phase: 'translated' | 'original') => {
      await page.translatePageCommand();
      await page.waitForPhase(phase);
    };

    for (const { name, bundle, keepsNodes, reports } of CASES) {
      it(`${name}: ends translated as a whole, keeps working, and shows its current state in the original`, async () => {
        const { markup, client } = await bundle();
        const path = `/apps/hydrate-${name.split(' ')[0].toLowerCase()}`;
        browser.servePage(`${path}.js`, client);
        browser.servePage(`${path}.html`, appPage(name, `${path}.js`, markup));
        const logStart = browser.api.log.length;
        const page = await browser.open(`${path}.html`);
        const { errors } = page;
        await translateToggle(page, 'translated');
        expect(await waitForChecks(page, expected(probes(0), PLAIN))).toEqual([]);

        // A property of the server's heading (no attribute: hydration would read that) tells whether the framework kept the node.
        await page.evaluate(() => ((document.getElementById('title') as HTMLElement & { fromServer?: boolean }).fromServer = true), null);
        await page.evaluate(() => (window as unknown as { hydrateApp(): void }).hydrateApp(), null);
        expect(await page.waitFor("document.documentElement.dataset.hydrated === 'yes'", 30_000), 'the app hydrated').toBe(true);
        const afterHydration = await waitForChecks(page, expected(probes(0), PLAIN));
        const kept = await page.evaluate(() => (document.getElementById('title') as HTMLElement & { fromServer?: boolean }).fromServer === true, null);
        console.info(`[live apps] ${browser.name}, ${name} hydration: ${JSON.stringify({ kept, errors, afterHydration })}`);
        expect(kept).toBe(keepsNodes);
        expect(errors).toHaveLength(reports.length);
        reports.forEach((report, i) => expect(errors[i]).toMatch(report));
        expect(afterHydration).toEqual([]);

        await page.click('#inc');
        expect(await waitForChecks(page, expected(probes(1), PLAIN))).toEqual([]);
        await translateToggle(page, 'original');
        expect(await waitForChecks(page, expected(probes(1), undefined))).toEqual([]);
        await page.click('#inc');
        expect(await waitForChecks(page, expected(probes(2), undefined))).toEqual([]);
        await translateToggle(page, 'translated');
        expect(await waitForChecks(page, expected(probes(2), PLAIN))).toEqual([]);

        const sent = browser.api.log.slice(logStart).filter((r) => r.path === '/v2/translate').flatMap((r) => (r.params as { text: string[] }).text);
        expect(sent.filter((t) => TRANSLATED_RE.test(t))).toEqual([]);
        expect(errors).toHaveLength(reports.length);
        await page.close();
      });
    }
  });
}
