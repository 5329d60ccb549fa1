// Hostile translations in Firefox (the server's hostile fault, the payloads the Chromium suite
// uses: tests/e2e/hostile-cases.ts): in page translation, bilingual display and the selection
// popover nothing runs (no window.__pwned, no request for a /beacon), no element or attribute
// of a response enters the page, and mismatched blocks keep their text and count as failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pseudoTranslate } from '../../server/index';
import { defaults, translateRequests } from '../e2e/helpers';
import { CASES, checkCases, CONTROL, FAILED_CASES, hostilePayload, PAGE, popoverFindings, selectParagraphInPage, snapshotInPage } from '../e2e/hostile-cases';
import { launchGlossa, waitInPage, type Glossa } from './harness';
import { popoverIn } from './closed-roots';

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

describe('hostile translations in Firefox', () => {
  let glossa: Glossa;
  const beacons = () => glossa.pages.requested.filter((path) => path.startsWith('/beacon'));

  beforeAll(async () => {
    glossa = await launchGlossa({ settings: { defaults: defaults('DE') } });
    glossa.pages.set('/hardening/hostile.html', PAGE);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  async function translateHostilePage(bilingual: boolean, targetLang: string) {
    await glossa.setStorage({ defaults: defaults(targetLang, { bilingual }) });
    const rule = glossa.api.faults.add({ fault: 'hostile', payload: hostilePayload });
    try {
      const page = await glossa.openPage(`/hardening/hostile.html?${bilingual ? 'bilingual' : 'page'}`);
      const before = await page.evaluate(snapshotInPage);
      const bodyBefore = await page.evaluate(() => document.body.innerHTML);
      const logStart = glossa.api.log.length;
      await glossa.dispatchCommand('translate-page', page);
      const state = await glossa.waitForPhase(page, 'translated');
      // Every case went to the server and came back hostile: not a vacuous pass.
      const sent = translateRequests(glossa.api.log, logStart).flatMap((r) => (r.params as { text: string[] }).text);
      expect(CASES.filter((_, i) => !sent.some((t) => t.includes(`Case ${1000 + i} `))).map((c) => c.name)).toEqual([]);
      // Every block is reported; wait until what should be written is (the friendly blocks and the harmless-text cases).
      const written = CASES.flatMap((c, i) => (c.outcome === 'text' ? [`case-${i}`] : []));
      await waitInPage(page, ({ ids, texts, control }) => document.getElementById('control-1')!.textContent!.includes(control)
        && ids.every((id, i) => document.getElementById(id)!.textContent !== texts[i]), {
        ids: written,
        texts: written.map((id) => before.texts[Number(id.slice(5))]),
        control: pseudoTranslate(CONTROL[1], targetLang),
      });
      return { page, before, bodyBefore, state, after: await page.evaluate(snapshotInPage) };
    } finally {
      glossa.api.faults.remove(rule);
    }
  }

  it('page translation: nothing runs, nothing enters, mismatched blocks keep their text and are failed', async () => {
    const { page, before, bodyBefore, state, after } = await translateHostilePage(false, 'DE');
    expect(checkCases(before, after)).toEqual([]);
    expect(after.dangerous).toEqual([]);
    expect(after.scripts).toBe(before.scripts);
    expect(after.elementCount).toBe(before.elementCount);
    expect(await pwned(page)).toBeUndefined();
    expect(beacons()).toEqual([]);
    expect(await page.evaluate(() => document.getElementById('control-0')!.textContent)).toBe(pseudoTranslate(CONTROL[0], 'DE'));
    expect(state.failed).toBe(FAILED_CASES);
    // Controls, harmless-text cases and the title.
    expect(state.done).toBe(CONTROL.length + (CASES.length - FAILED_CASES) + 1);

    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    await waitInPage(page, () => document.title === 'Hostile responses', null);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
    await page.close();
  });

  it('bilingual display: no copy for mismatched blocks, copies hold only text and the page\u2019s own elements', async () => {
    const { page, before, state, after } = await translateHostilePage(true, 'FR');
    expect(after.inner.map((inner) => inner.replace(/<glossa-translation[\s\S]*<\/glossa-translation>$/, ''))).toEqual(before.inner);
    expect(after.dangerous).toEqual([]);
    expect(after.scripts).toBe(before.scripts);
    const copies = await page.evaluate(() => [...document.querySelectorAll('p.case')].map((p) => {
      const box = p.querySelector('glossa-translation');
      return box ? { text: box.textContent ?? '', elements: [...box.querySelectorAll('*')].map((e) => e.outerHTML.replace(/>[^<]*</g, '><')) } : null;
    }));
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
    expect(beacons()).toEqual([]);
    expect(state.failed).toBe(FAILED_CASES);
    await page.close();
  });

  it('selection popover: only allow-listed elements with Glossa\u2019s own attributes, nothing runs', async () => {
    await glossa.setStorage({ defaults: defaults('IT') });
    const rule = glossa.api.faults.add({ fault: 'hostile', payload: hostilePayload });
    const page = await glossa.openPage('/hardening/hostile.html?popover');
    const popover = popoverIn(page, glossa);
    const bodyBefore = await page.evaluate(() => document.body.innerHTML);
    const problems: string[] = [];
    try {
      for (const [i, c] of CASES.entries()) {
        const logStart = glossa.api.log.length;
        await page.evaluate(selectParagraphInPage, `case-${i}`);
        await glossa.clickMenu('translate-selection', page, { selectionText: await page.evaluate((id) => document.getElementById(id)!.textContent, `case-${i}`) });
        await popover.waitFor((root) => !!(root.querySelector('.translation') || root.querySelector('.error')), undefined, 10_000);
        const seen = (await popover.evaluate(popoverFindings))!;
        if (seen.bad.length) problems.push(`${c.name}: ${seen.bad.join(' ')}`);
        // A response with nothing readable left may be shown as an error instead: both are safe.
        if (seen.text === null && !seen.error) problems.push(`${c.name}: neither a translation nor an error shown`);
        if (translateRequests(glossa.api.log, logStart).length !== 1) problems.push(`${c.name}: expected one request for the selection`);
        await page.keyboard.press('Escape');
        await popover.waitForClosed(5_000);
      }
    } finally {
      glossa.api.faults.remove(rule);
    }
    expect(problems).toEqual([]);
    expect(await pwned(page)).toBeUndefined();
    expect(beacons()).toEqual([]);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
    await page.close();
  });
});
