// Hostile translations (issue 8): a server that answers with markup of its own must not get
// anything into the page. Every payload below is tried in page translation, in bilingual
// display and in the selection popover, in one browser: nothing runs (no window.__pwned, no
// request to the page server's /beacon), no element or attribute of the response appears, and
// blocks whose structure does not match what Glossa sent keep their original content and count
// as failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossa, type Glossa } from './harness';
import { defaults, html, translateRequests, watchRequests } from './helpers';
import { pseudoTranslate } from '../../server/index';

type Outcome =
  /** The block keeps its original content and is reported failed. */
  | 'failed'
  /** The structure matches (the markup was only text or was ignored by the parser): text only changes. */
  | 'text';

interface Case {
  name: string;
  /** The translation the server sends for `Case N has <b id="1">bold words</b> in it.` */
  payload: string;
  outcome: Outcome;
  /** For 'text': a string the block's text must then contain literally. */
  literal?: string;
}

const PWN = (n: number) => `window.__pwned=${n}`;
const BEACON = (n: number) => `/beacon?n=${n}`;

const CASES: Case[] = [
  { name: 'script element', payload: `<script>${PWN(1)}</script><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'img onerror', payload: `<img src="${BEACON(2)}" onerror="${PWN(2)}"><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'onclick on our own id', payload: `<b id="1" onclick="${PWN(3)}">fett</b>`, outcome: 'failed' },
  { name: 'style attribute on our own id', payload: `<b id="1" style="background:url(${BEACON(4)})">fett</b>`, outcome: 'failed' },
  { name: 'javascript: link', payload: `<a href="javascript:${PWN(5)}">klick</a><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'javascript: link inside our element', payload: `<b id="1"><a href="javascript:${PWN(6)}">fett</a></b>`, outcome: 'failed' },
  { name: 'iframe src', payload: `<iframe src="${BEACON(7)}"></iframe><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'iframe srcdoc', payload: `<iframe srcdoc="<script>parent.__pwned=8</script>"></iframe><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'style element', payload: `<style>body{display:none}</style><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'link stylesheet', payload: `<link rel="stylesheet" href="${BEACON(10)}"><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'unknown tag', payload: `<blink>blinken</blink><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'custom element with handler', payload: `<x-widget onclick="${PWN(12)}">x</x-widget><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'svg script', payload: `<svg><script>${PWN(13)}</script></svg><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'svg onload', payload: `<svg onload="${PWN(14)}"></svg><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'svg xlink javascript', payload: `<svg><a xlink:href="javascript:${PWN(15)}"><text>t</text></a></svg><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'math mtext img', payload: `<math><mtext><img src="${BEACON(16)}" onerror="${PWN(16)}"></mtext></math><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'id that does not exist', payload: `<b id="2">fett</b>`, outcome: 'failed' },
  { name: 'id twice', payload: `<b id="1">fett</b> und <b id="1">noch</b>`, outcome: 'failed' },
  { name: 'id nested in itself', payload: `<b id="1"><b id="1">fett</b></b>`, outcome: 'failed' },
  { name: 'id missing', payload: `Nur Text ohne Element`, outcome: 'failed' },
  { name: 'id on another tag', payload: `<i id="1">fett</i>`, outcome: 'failed' },
  { name: 'id 0 (the block root)', payload: `<b id="0">fett</b>`, outcome: 'failed' },
  { name: 'id with leading zero', payload: `<b id="01">fett</b>`, outcome: 'failed' },
  { name: 'huge id', payload: `<b id="999999">fett</b>`, outcome: 'failed' },
  { name: "Glossa's bilingual marker", payload: `<glossa-translation>falsch</glossa-translation><b id="1">fett</b>`, outcome: 'failed' },
  { name: "Glossa's notranslate marker", payload: `<b id="1" class="notranslate" translate="no">fett</b>`, outcome: 'failed' },
  { name: "Glossa's style id", payload: `<style id="glossa-style">*{color:red}</style><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'comment that closes early', payload: `<!--><img src="${BEACON(28)}" onerror="${PWN(28)}">--><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'noscript with img', payload: `<noscript><img src="${BEACON(29)}" onerror="${PWN(29)}"></noscript><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'template', payload: `<template><img src="${BEACON(30)}" onerror="${PWN(30)}"></template><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'object', payload: `<object data="${BEACON(31)}"></object><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'embed', payload: `<embed src="${BEACON(32)}"><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'meta refresh', payload: `<meta http-equiv="refresh" content="0;url=${BEACON(33)}"><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'base href', payload: `<base href="http://127.0.0.1:1/"><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'form with autofocus handler', payload: `<form action="${BEACON(35)}"><input autofocus onfocus="${PWN(35)}"></form><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'details ontoggle', payload: `<details open ontoggle="${PWN(36)}"><b id="1">fett</b></details>`, outcome: 'failed' },
  { name: 'closing the block and opening another', payload: `<b id="1">fett</b></p><p onclick="${PWN(37)}">neu`, outcome: 'failed' },
  { name: 'xmp raw text', payload: `<xmp><b id="1">fett</b></xmp>`, outcome: 'failed' },
  { name: 'video source onerror', payload: `<video><source onerror="${PWN(39)}"></video><b id="1">fett</b>`, outcome: 'failed' },
  { name: 'is attribute', payload: `<b id="1" is="x-evil">fett</b>`, outcome: 'failed' },
  // Markup that is only text after parsing: written as text, never as elements.
  { name: 'escaped img (entities)', payload: `&lt;img src=x onerror=${PWN(41)}&gt; <b id="1">fett</b>`, outcome: 'text', literal: `<img src=x onerror=${PWN(41)}>` },
  { name: 'numeric entities for script', payload: `&#60;script&#62;${PWN(42)}&#60;/script&#62; <b id="1">fett</b>`, outcome: 'text', literal: `<script>${PWN(42)}</script>` },
  { name: 'CDATA (a bogus comment in HTML)', payload: `<![CDATA[<img src=${BEACON(43)} onerror=${PWN(43)}>]]><b id="1">fett</b>`, outcome: 'text' },
  { name: 'text that names Glossa markers', payload: `glossa-translation notranslate <b id="1">glossa-style</b>`, outcome: 'text', literal: 'glossa-translation notranslate' },
  { name: 'body tag with onload (ignored by the parser)', payload: `<body onload="${PWN(45)}"><b id="1">fett</b>`, outcome: 'text' },
];

/** The number in a block's text ("Case 1017 …") picks its payload; other texts pass unchanged. */
function hostilePayload(text: string): string {
  const match = /\b1(\d{3})\b/.exec(text);
  if (!match) return text;
  return CASES[Number(match[1])]?.payload ?? text;
}

const CONTROL = ['The first control sentence stays friendly.', 'A second control sentence is also harmless.'];
const PAGE = html('Hostile responses', [
  `<p id="control-0">${CONTROL[0]}</p>`,
  ...CASES.map((_, i) => `<p id="case-${i}" class="case">Case ${1000 + i} has <b>bold words</b> in it.</p>`),
  `<p id="control-1">${CONTROL[1]}</p>`,
].join('\n'));

interface Snapshot {
  /** Per case paragraph: its markup with the text taken out (the page's own structure). */
  skeletons: string[];
  texts: string[];
  inner: string[];
  elementCount: number;
  scripts: number;
  /** Elements anywhere in the document carrying an on* handler attribute or a javascript: URL. */
  dangerous: string[];
}

function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const cases = [...document.querySelectorAll('p.case')];
    const skeleton = (el: Element) => {
      const copy = el.cloneNode(true) as Element;
      const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
      const texts: Node[] = [];
      while (walker.nextNode()) texts.push(walker.currentNode);
      for (const t of texts) t.parentNode!.removeChild(t);
      return copy.outerHTML;
    };
    const dangerous: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) dangerous.push(`<${el.localName} ${attr.name}="${attr.value}">`);
      }
    }
    return {
      skeletons: cases.map(skeleton),
      texts: cases.map((p) => p.textContent ?? ''),
      inner: cases.map((p) => p.innerHTML),
      elementCount: document.body.querySelectorAll('*').length,
      scripts: document.scripts.length,
      dangerous,
    };
  });
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

describe('hostile translations', () => {
  let glossa: Glossa;
  let beacons: ReturnType<typeof watchRequests>;

  beforeAll(async () => {
    glossa = await launchGlossa({ settings: { defaults: defaults('DE') } });
    glossa.pages.set('/hardening/hostile.html', PAGE);
    beacons = watchRequests(glossa.context, '/beacon');
  });
  afterAll(async () => {
    beacons?.stop();
    await glossa?.close();
  });

  it(`has at least 30 distinct payloads (${CASES.length})`, () => {
    expect(new Set(CASES.map((c) => c.payload)).size).toBe(CASES.length);
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  async function translateHostilePage(bilingual: boolean, targetLang: string) {
    await glossa.setStorage({ defaults: defaults(targetLang, { bilingual }) });
    const rule = glossa.api.faults.add({ fault: 'hostile', payload: hostilePayload });
    try {
      // A query per run: tabs are found by URL, and each run has its own tab.
      const page = await glossa.openPage(`/hardening/hostile.html?${bilingual ? 'bilingual' : 'page'}`);
      const before = await snapshot(page);
      const bodyBefore = await page.evaluate(() => document.body.innerHTML);
      const logStart = glossa.api.log.length;
      await glossa.dispatchCommand('translate-page', page);
      const state = await glossa.waitForPhase(page, 'translated');
      // Every case went to the server (and came back hostile), so this is not a vacuous pass.
      const sent = translateRequests(glossa.api.log, logStart).flatMap((r) => (r.params as { text: string[] }).text);
      expect(CASES.every((_, i) => sent.some((t) => t.includes(`Case ${1000 + i} `)))).toBe(true);
      await page.waitForTimeout(300);
      return { page, before, bodyBefore, state, after: await snapshot(page) };
    } finally {
      glossa.api.faults.remove(rule);
    }
  }

  function checkCases(before: Snapshot, after: Snapshot): string[] {
    const problems: string[] = [];
    CASES.forEach((c, i) => {
      if (after.skeletons[i] !== before.skeletons[i]) problems.push(`${c.name}: structure changed to ${after.skeletons[i]}`);
      if (c.outcome === 'failed' && after.inner[i] !== before.inner[i]) problems.push(`${c.name}: original not kept: ${after.inner[i]}`);
      if (c.outcome === 'text' && after.texts[i] === before.texts[i]) problems.push(`${c.name}: harmless text was not written`);
      if (c.literal && !after.texts[i].includes(c.literal)) problems.push(`${c.name}: expected literal text ${c.literal}, got ${after.texts[i]}`);
    });
    return problems;
  }

  const failedCases = CASES.filter((c) => c.outcome === 'failed').length;

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
      expect(await page.locator(`#control-${i}`).textContent()).toBe(pseudoTranslate(text, 'DE'));
    }
    expect(state.failed).toBe(failedCases);
    // Controls, harmless-text cases and the title.
    expect(state.done).toBe(CONTROL.length + (CASES.length - failedCases) + 1);

    // Show original puts back exactly what was there.
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    await page.waitForFunction(() => document.title === 'Hostile responses');
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
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
    expect(beacons.urls).toEqual([]);
    expect(state.failed).toBe(failedCases);
    await page.close();
  });

  it('a hostile answer is not kept: once the server behaves, Retry translates the block', async () => {
    await glossa.setStorage({ defaults: defaults('ES') });
    glossa.pages.set('/hardening/hostile-retry.html', html('Retry after hostile', [
      '<p id="good">A sentence the server answers properly.</p>',
      '<p id="bad">Case 1000 has <b>bold words</b> in it.</p>',
    ].join('')));
    const rule = glossa.api.faults.add({ fault: 'hostile', payload: hostilePayload });
    const page = await glossa.openPage('/hardening/hostile-retry.html');
    try {
      await glossa.dispatchCommand('translate-page', page);
      expect((await glossa.waitForPhase(page, 'translated')).failed).toBe(1);
    } finally {
      glossa.api.faults.remove(rule);
    }
    const logStart = glossa.api.log.length;
    await page.locator('glossa-notice').getByRole('button', { name: 'Retry' }).click();
    const expected = pseudoTranslate('Case 1000 has <b id="1">bold words</b> in it.', 'ES', { tagHandling: 'html' }).replace(' id="1"', '');
    await page.waitForFunction((want) => document.getElementById('bad')!.innerHTML === want, expected, { timeout: 10_000 });
    const state = await glossa.waitForPhase(page, 'translated');
    expect(state.failed).toBe(0);
    // Only the failed block went again; the translated one was not sent a second time.
    const texts = translateRequests(glossa.api.log, logStart).flatMap((r) => (r.params as { text: string[] }).text);
    expect(texts).toEqual(['Case 1000 has <b id="1">bold words</b> in it.']);
    await page.close();
  });

  it('selection popover: only allow-listed elements with Glossa\u2019s own attributes, nothing runs', async () => {
    await glossa.setStorage({ defaults: defaults('IT') });
    const rule = glossa.api.faults.add({ fault: 'hostile', payload: hostilePayload });
    const page = await glossa.openPage('/hardening/hostile.html?popover');
    const bodyBefore = await page.evaluate(() => document.body.innerHTML);
    const problems: string[] = [];
    try {
      for (const [i, c] of CASES.entries()) {
        const logStart = glossa.api.log.length;
        await page.evaluate((id) => {
          const p = document.getElementById(id)!;
          const range = document.createRange();
          range.selectNodeContents(p);
          const selection = getSelection()!;
          selection.removeAllRanges();
          selection.addRange(range);
        }, `case-${i}`);
        await glossa.clickMenu('translate-selection', page, { selectionText: await page.locator(`#case-${i}`).textContent() });
        await page.waitForFunction(() => {
          const root = document.querySelector('glossa-selection-popover')?.shadowRoot;
          return !!root && !!(root.querySelector('.translation') || root.querySelector('.error'));
        }, undefined, { timeout: 10_000 });
        const seen = await page.evaluate(() => {
          const root = document.querySelector('glossa-selection-popover')!.shadowRoot!;
          const translation = root.querySelector('.translation');
          const allowed = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'mark', 'small', 'br', 'span']);
          const bad: string[] = [];
          for (const el of translation?.querySelectorAll('*') ?? []) {
            if (!allowed.has(el.localName)) bad.push(`<${el.localName}>`);
            for (const attr of el.attributes) {
              const ok = (attr.name === 'href' && /^https?:/i.test(attr.value)) || attr.name === 'target' || attr.name === 'rel' || (attr.name === 'class' && attr.value === 'link');
              if (!ok) bad.push(`<${el.localName} ${attr.name}="${attr.value}">`);
            }
          }
          for (const el of root.querySelectorAll('*')) for (const attr of el.attributes) if (/^on/i.test(attr.name)) bad.push(`handler ${attr.name} on <${el.localName}>`);
          return { bad, text: translation?.textContent ?? null, error: root.querySelector('.error')?.textContent ?? null };
        });
        if (seen.bad.length) problems.push(`${c.name}: ${seen.bad.join(' ')}`);
        // A response with nothing readable left may be shown as an error instead: both are safe.
        if (seen.text === null && !seen.error) problems.push(`${c.name}: neither a translation nor an error shown`);
        if (translateRequests(glossa.api.log, logStart).length !== 1) problems.push(`${c.name}: expected one request for the selection`);
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('glossa-selection-popover')?.shadowRoot?.querySelector('.popover'), undefined, { timeout: 5_000 })
          .catch(() => page.evaluate(() => document.querySelector('glossa-selection-popover')?.remove()));
      }
    } finally {
      glossa.api.faults.remove(rule);
    }
    expect(problems).toEqual([]);
    expect(await pwned(page)).toBeUndefined();
    expect(beacons.urls).toEqual([]);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
    await page.close();
  });
});
