// A page's own scripts cannot read what Glossa shows it nor press Glossa's buttons, in Chromium
// and Firefox: the selection popover (a translation, a target picker that bills a request per
// change) and the page notice (Retry, which bills again) live in closed shadow roots. The page
// tries every way a script has: the host's shadowRoot, a scan of all shadow roots, its text, and
// a wrapped attachShadow installed before Glossa arrives. Glossa's own world still reaches them
// (the test hooks of the e2e build), and a real click on Retry still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../../server/index';
import type { LaunchLiveBrowser, LiveBrowser, LivePage } from '../../e2e-lib/live-browser';
import { defaults, html, translateRequests } from '../../e2e-lib/requests';
import { lookAsThePageInPage, SPY, type PageView } from '../page-isolation-probe';

/** What a page script finds of Glossa, after trying to press every button and change every picker it finds. */
const lookAsThePage = (page: LivePage): Promise<PageView> => page.evaluate(lookAsThePageInPage, undefined);

/** `titleSuffix` keeps each suite's test names (" in Firefox" for Firefox's). */
export function describePageIsolation(launch: LaunchLiveBrowser, titleSuffix = ''): void {
  describe(`page scripts cannot reach Glossa\u2019s popover or page notice${titleSuffix}`, () => {
    let browser: LiveBrowser;

    beforeAll(async () => {
      browser = await launch({ settings: { defaults: defaults('DE') } });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('the selection popover: its translation unreadable, its buttons and target picker out of reach', async () => {
      browser.servePage('/isolation/popover.html', html('Popover isolation', '<p id="words">The lighthouse keeper rows to the harbour.</p>', 'en', SPY));
      const page = await browser.open('/isolation/popover.html');
      const logStart = browser.api.log.length;
      const selected = await page.evaluate(() => {
        getSelection()!.selectAllChildren(document.getElementById('words')!);
        return getSelection()!.toString();
      }, undefined);
      await page.translateSelectionMenu({ selectionText: selected });
      const popover = page.popover();
      const translation = await popover.text('.translation');
      expect(translation).toBe(pseudoTranslate(selected, 'DE', { tagHandling: 'html' }));

      const seen = await lookAsThePage(page);
      expect({ ...seen, text: seen.text.includes(translation) }).toEqual({
        hosts: ['glossa-selection-popover'], shadowRootsOfHosts: 0, caughtRoots: 0, text: false, buttons: 0, selects: 0,
      });
      // Nothing the page did reached the popover: same target, same translation, still open, one request.
      expect(await popover.evaluate((root) => ({ target: root.querySelector('select')?.value, text: root.querySelector('.translation')?.textContent })))
        .toEqual({ target: 'DE', text: translation });
      expect(translateRequests(browser.api.log, logStart)).toHaveLength(1);
      await page.press('Escape');
      await popover.waitForClosed();
      await page.close();
    });

    it('the page notice: its message unreadable and Retry out of reach, while a real click on Retry works', async () => {
      const texts = ['A first paragraph about ships.', 'A second paragraph about quays.'];
      browser.servePage('/isolation/notice.html', html('', texts.map((t, i) => `<p id="p${i}">${t}</p>`).join(''), 'en', SPY));
      const page = await browser.open('/isolation/notice.html');
      // A malformed answer fails the blocks without automatic retries: the notice offers Retry.
      const rule = browser.api.faults.add({ fault: 'malformed', shape: 'wrong-shape', path: '/v2/translate' });
      try {
        await page.translatePageCommand();
        expect((await page.waitForPhase('translated')).failed).toBe(texts.length);
      } finally {
        browser.api.faults.remove(rule);
      }
      const notice = page.notice();
      const message = await notice.waitFor((root) => [...root.querySelectorAll('button')].some((b) => b.textContent === 'Retry') && root.querySelector('span')?.textContent);
      expect(message).toContain('2');

      const logStart = browser.api.log.length;
      const seen = await lookAsThePage(page);
      expect({ ...seen, text: seen.text.includes(message) }).toEqual({
        hosts: ['glossa-notice'], shadowRootsOfHosts: 0, caughtRoots: 0, text: false, buttons: 0, selects: 0,
      });
      expect(translateRequests(browser.api.log, logStart)).toHaveLength(0);
      expect(await notice.isOpen()).toBe(true);

      await notice.click('button', 'Retry');
      const de = texts.map((t) => pseudoTranslate(t, 'DE', { tagHandling: 'html' }));
      await page.waitUntil((want) => want.every((t, i) => document.getElementById(`p${i}`)?.textContent === t), de, 20_000);
      expect(translateRequests(browser.api.log, logStart).length).toBeGreaterThan(0);
      await page.close();
    });
  });
}
