// A server-rendered React 19 page that hydrates (hydrateRoot) after Glossa has translated it,
// as a page whose bundle arrives late does (issue 16). The server's markup no longer matches
// what React renders, so React reports a recoverable hydration error and renders the root
// anew on the client, in English; Glossa translates those new nodes like any content the page
// adds. Asserted: the page ends translated as a whole (no English left behind, no stale
// translation), the app works, show original shows its current state, and translating again
// sends only source text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossa, type Glossa } from './harness';
import { appPage, bundleHydration } from './apps/build';
import { expected, PLAIN, TRANSLATED_RE, waitForChecks, type Probe } from './apps/driver';
import { settingsFor } from './apps/suite';

const probes = (count: number): Probe[] => [
  { selector: '#title', source: 'Server-rendered notes' },
  { selector: '#count', source: `You clicked ${count} times` },
  { selector: '#inc', source: 'Add one' },
  { selector: '#inc', attr: 'title', source: 'Adds one to the count' },
  { selector: '#sentence', source: 'Read <a href="#guide">the guide</a> and <b>the notes</b> for help.' },
];

describe('a server-rendered React page that hydrates after Glossa translated it', () => {
  let glossa: Glossa;
  beforeAll(async () => {
    glossa = await launchGlossa({ settings: settingsFor(PLAIN) });
    const { markup, client } = await bundleHydration();
    glossa.pages.set('/apps/hydrate.js', client);
    glossa.pages.set('/apps/hydrate.html', appPage('hydration', '/apps/hydrate.js', markup));
  });
  afterAll(async () => {
    await glossa?.close();
  });

  const translateToggle = async (page: Page, phase: 'translated' | 'original') => {
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, phase);
  };

  it('ends translated as a whole, keeps the app working, and shows the current state in the original', async () => {
    const page = await glossa.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
    });
    const logStart = glossa.api.log.length;
    await page.goto(glossa.pageUrl('/apps/hydrate.html'));
    await translateToggle(page, 'translated');
    expect(await waitForChecks(page, expected(probes(0), PLAIN))).toEqual([]);

    // A property of the server's heading (no attribute: hydration would read that) tells whether React kept the node.
    await page.evaluate(() => ((document.getElementById('title') as HTMLElement & { fromServer?: boolean }).fromServer = true));
    await page.evaluate(() => (window as unknown as { hydrateApp(): void }).hydrateApp());
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'yes');
    expect(await page.evaluate(() => (document.getElementById('title') as HTMLElement & { fromServer?: boolean }).fromServer)).toBeUndefined();
    // React's own report of the text mismatch (error #418, reported and recovered from), nothing else.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^page error: Minified React error #418;/);
    expect(await waitForChecks(page, expected(probes(0), PLAIN))).toEqual([]);

    await page.click('#inc');
    expect(await waitForChecks(page, expected(probes(1), PLAIN))).toEqual([]);
    await translateToggle(page, 'original');
    expect(await waitForChecks(page, expected(probes(1), undefined))).toEqual([]);
    await page.click('#inc');
    expect(await waitForChecks(page, expected(probes(2), undefined))).toEqual([]);
    await translateToggle(page, 'translated');
    expect(await waitForChecks(page, expected(probes(2), PLAIN))).toEqual([]);

    const sent = glossa.api.log.slice(logStart).filter((r) => r.path === '/v2/translate').flatMap((r) => (r.params as { text: string[] }).text);
    expect(sent.filter((t) => TRANSLATED_RE.test(t))).toEqual([]);
    expect(errors).toHaveLength(1);
    await page.close();
  });
});
