// Hostile translations (issue 8), in Chromium and Firefox: a server that answers with markup of
// its own must not get anything into the page. Every payload (hostile-cases.ts) is tried in page
// translation, in bilingual display and in the selection popover, in one browser: nothing runs
// (no window.__pwned, no request for the page server's /beacon), no element or attribute of the
// response appears, and blocks whose structure does not match what Glossa sent keep their
// original content and count as failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../../server/index';
import type { LaunchLiveBrowser, LiveBrowser, LivePage } from '../../e2e-lib/live-browser';
import { defaults, html, translateRequests } from '../../e2e-lib/requests';
import { CASES, checkCases, CONTROL, FAILED_CASES, hostilePayload, PAGE, popoverFindings, selectParagraphInPage, snapshotInPage } from '../hostile-cases';

const snapshot = (page: LivePage) => page.evaluate(snapshotInPage, undefined);
const pwned = (page: LivePage) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned, undefined);
const bodyHtml = (page: LivePage) => page.evaluate(() => document.body.innerHTML, undefined);
const textOf = (page: LivePage, id: string) => page.evaluate((i) => document.getElementById(i)!.textContent, id);

/** `titleSuffix` keeps each suite's test names (" in Firefox" for Firefox's). */
export function describeHostileResponses(launch: LaunchLiveBrowser, titleSuffix = ''): void {
  describe(`hostile translations${titleSuffix}`, () => {
    let browser: LiveBrowser;
    let beacons: ReturnType<LiveBrowser['watchRequests']>;

    beforeAll(async () => {
      browser = await launch({ settings: { defaults: defaults('DE') } });
      browser.servePage('/hardening/hostile.html', PAGE);
      beacons = browser.watchRequests('/beacon');
    });
    afterAll(async () => {
      beacons?.stop();
      await browser?.close();
    });

    it(`has at least 30 distinct payloads (${CASES.length})`, () => {
      expect(new Set(CASES.map((c) => c.payload)).size).toBe(CASES.length);
      expect(CASES.length).toBeGreaterThanOrEqual(30);
    });

    async function translateHostilePage(bilingual: boolean, targetLang: string) {
      await browser.setStorage({ defaults: defaults(targetLang, { bilingual }) });
      const rule = browser.api.faults.add({ fault: 'hostile', payload: hostilePayload });
      try {
        // A query per run: tabs are found by URL, and each run has its own tab.
        const page = await browser.open(`/hardening/hostile.html?${bilingual ? 'bilingual' : 'page'}`);
        const before = await snapshot(page);
        const bodyBefore = await bodyHtml(page);
        const logStart = browser.api.log.length;
        await page.translatePageCommand();
        const state = await page.waitForPhase('translated');
        // Every case went to the server (and came back hostile), so this is not a vacuous pass.
        const sent = translateRequests(browser.api.log, logStart).flatMap((r) => (r.params as { text: string[] }).text);
        expect(CASES.filter((_, i) => !sent.some((t) => t.includes(`Case ${1000 + i} `))).map((c) => c.name)).toEqual([]);
        // Every block is reported; wait until what should be written is (a write can trail the report under load).
        const written = CASES.flatMap((c, i) => (c.outcome === 'text' ? [`case-${i}`] : []));
        await page.waitUntil(({ ids, texts, control }) => document.getElementById('control-1')!.textContent!.includes(control)
          && ids.every((id, i) => document.getElementById(id)!.textContent !== texts[i]), {
          ids: written,
          texts: written.map((id) => before.texts[Number(id.slice(5))]),
          control: pseudoTranslate(CONTROL[1], targetLang),
        });
        // What is checked next is that nothing happened: give anything that slipped in (an onerror, a beacon) time to.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { page, before, bodyBefore, state, after: await snapshot(page) };
      } finally {
        browser.api.faults.remove(rule);
      }
    }

    it('page translation: nothing runs, nothing enters, mismatched blocks keep their text and are failed', async () => {
      const { page, before, bodyBefore, state, after } = await translateHostilePage(false, 'DE');
      expect(checkCases(before, after)).toEqual([]);
      expect(after.dangerous).toEqual([]);
      expect(after.scripts).toBe(before.scripts);
      expect(after.elementCount).toBe(before.elementCount);
      expect(await pwned(page)).toBeUndefined();
      expect(beacons.urls).toEqual([]);
      // The friendly blocks around them are translated as usual.
      for (const [i, text] of CONTROL.entries()) {
        expect(await textOf(page, `control-${i}`)).toBe(pseudoTranslate(text, 'DE'));
      }
      expect(state.failed).toBe(FAILED_CASES);
      // Controls, harmless-text cases and the title.
      expect(state.done).toBe(CONTROL.length + (CASES.length - FAILED_CASES) + 1);

      // Show original puts back exactly what was there.
      await page.translatePageCommand();
      await page.waitForPhase('original');
      await page.waitUntil(() => document.title === 'Hostile responses', null);
      expect(await bodyHtml(page)).toBe(bodyBefore);
      await page.close();
    });

    it('bilingual display: no copy for mismatched blocks, copies hold only text and the page\u2019s own elements', async () => {
      const { page, before, state, after } = await translateHostilePage(true, 'FR');
      // In bilingual display the originals never change: the copy is only appended after them.
      expect(after.inner.map((inner) => inner.replace(/<glossa-translation[\s\S]*<\/glossa-translation>$/, ''))).toEqual(before.inner);
      expect(after.dangerous).toEqual([]);
      expect(after.scripts).toBe(before.scripts);
      const copies = await page.evaluate(() => [...document.querySelectorAll('p.case')].map((p) => {
        const box = p.querySelector('glossa-translation');
        return box ? { text: box.textContent ?? '', elements: [...box.querySelectorAll('*')].map((e) => e.outerHTML.replace(/>[^<]*</g, '><')) } : null;
      }), undefined);
      const problems: string[] = [];
      CASES.forEach((c, i) => {
        const copy = copies[i];
        if (c.outcome === 'failed' && copy) problems.push(`${c.name}: a copy was shown: ${JSON.stringify(copy)}`);
        if (c.outcome === 'text' && !copy) problems.push(`${c.name}: no copy shown`);
        if (copy && copy.elements.some((e) => e !== '<b></b>')) problems.push(`${c.name}: foreign elements in the copy: ${copy.elements.join(' ')}`);
        if (copy && c.literal && !copy.text.includes(c.literal)) problems.push(`${c.name}: literal missing from ${copy.text}`);
      });
      expect(problems).toEqual([]);
      expect(await pwned(page)).toBeUndefined();
      expect(beacons.urls).toEqual([]);
      expect(state.failed).toBe(FAILED_CASES);
      await page.close();
    });

    it('a hostile answer is not kept: once the server behaves, Retry translates the block', async () => {
      await browser.setStorage({ defaults: defaults('ES') });
      browser.servePage('/hardening/hostile-retry.html', html('Retry after hostile', [
        '<p id="good">A sentence the server answers properly.</p>',
        '<p id="bad">Case 1000 has <b>bold words</b> in it.</p>',
      ].join('')));
      const rule = browser.api.faults.add({ fault: 'hostile', payload: hostilePayload });
      const page = await browser.open('/hardening/hostile-retry.html');
      try {
        await page.translatePageCommand();
        expect((await page.waitForPhase('translated')).failed).toBe(1);
      } finally {
        browser.api.faults.remove(rule);
      }
      const logStart = browser.api.log.length;
      await page.notice().click('button', 'Retry');
      const expected = pseudoTranslate('Case 1000 has <b id="1">bold words</b> in it.', 'ES', { tagHandling: 'html' }).replace(' id="1"', '');
      await page.waitUntil((want) => document.getElementById('bad')!.innerHTML === want, expected, 10_000);
      const state = await page.waitForPhase('translated');
      expect(state.failed).toBe(0);
      // Only the failed block went again; the translated one was not sent a second time.
      const texts = translateRequests(browser.api.log, logStart).flatMap((r) => (r.params as { text: string[] }).text);
      expect(texts).toEqual(['Case 1000 has <b id="1">bold words</b> in it.']);
      await page.close();
    });

    it('selection popover: only allow-listed elements with Glossa\u2019s own attributes, nothing runs', async () => {
      await browser.setStorage({ defaults: defaults('IT') });
      const rule = browser.api.faults.add({ fault: 'hostile', payload: hostilePayload });
      const page = await browser.open('/hardening/hostile.html?popover');
      const popover = page.popover();
      const bodyBefore = await bodyHtml(page);
      const problems: string[] = [];
      try {
        for (const [i, c] of CASES.entries()) {
          const logStart = browser.api.log.length;
          await page.evaluate(selectParagraphInPage, `case-${i}`);
          await page.translateSelectionMenu({ selectionText: await textOf(page, `case-${i}`) });
          await popover.waitFor((root) => !!(root.querySelector('.translation') || root.querySelector('.error')), undefined, 10_000);
          const seen = (await popover.evaluate(popoverFindings)) ?? { bad: ['the popover closed'], text: null, error: null };
          if (seen.bad.length) problems.push(`${c.name}: ${seen.bad.join(' ')}`);
          // A response with nothing readable left may be shown as an error instead: both are safe.
          if (seen.text === null && !seen.error) problems.push(`${c.name}: neither a translation nor an error shown`);
          if (translateRequests(browser.api.log, logStart).length !== 1) problems.push(`${c.name}: expected one request for the selection`);
          await page.press('Escape');
          await popover.waitForClosed(5_000);
        }
      } finally {
        browser.api.faults.remove(rule);
      }
      expect(problems).toEqual([]);
      expect(await pwned(page)).toBeUndefined();
      expect(beacons.urls).toEqual([]);
      expect(await bodyHtml(page)).toBe(bodyBefore);
      await page.close();
    });
  });
}
