// The hostile translations, shared by the Chromium (tests/e2e/hostile-responses.e2e.ts)
// and Firefox (tests/e2e-firefox/hostile.e2e.ts) suites: each payload is what a server answers
// for one block, with the outcome Glossa must reach. The in-page functions are passed to
// `page.evaluate` as they are (Playwright and puppeteer both serialise them).
import { html } from '../e2e-lib/requests';

export type Outcome =
  /** The block keeps its original content and is reported failed. */
  | 'failed'
  /** The structure matches (the markup was only text or was ignored by the parser): text only changes. */
  | 'text';

export interface Case {
  name: string;
  /** The translation the server sends for `Case N has <b id="1">bold words</b> in it.` */
  payload: string;
  outcome: Outcome;
  /** For 'text': a string the block's text must then contain literally. */
  literal?: string;
}

const PWN = (n: number) => `window.__pwned=${n}`;
const BEACON = (n: number) => `/beacon?n=${n}`;

export const CASES: Case[] = [
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
export function hostilePayload(text: string): string {
  const match = /\b1(\d{3})\b/.exec(text);
  if (!match) return text;
  return CASES[Number(match[1])]?.payload ?? text;
}

export const CONTROL = ['The first control sentence stays friendly.', 'A second control sentence is also harmless.'];
export const PAGE = html('Hostile responses', [
  `<p id="control-0">${CONTROL[0]}</p>`,
  ...CASES.map((_, i) => `<p id="case-${i}" class="case">Case ${1000 + i} has <b>bold words</b> in it.</p>`),
  `<p id="control-1">${CONTROL[1]}</p>`,
].join('\n'));

export const FAILED_CASES = CASES.filter((c) => c.outcome === 'failed').length;

export interface Snapshot {
  /** Per case paragraph: its markup with the text taken out (the page's own structure). */
  skeletons: string[];
  /** Per case paragraph: whether it carries Glossa's mark of a failed block (left out of its skeleton). */
  marked: boolean[];
  texts: string[];
  inner: string[];
  elementCount: number;
  scripts: number;
  /** Elements anywhere in the document carrying an on* handler attribute or a javascript: URL. */
  dangerous: string[];
}

/** In the page: the case paragraphs and anything dangerous in the document. */
export function snapshotInPage(): Snapshot {
  const cases = [...document.querySelectorAll('p.case')];
  const skeleton = (el: Element) => {
    const copy = el.cloneNode(true) as Element;
    // Glossa's mark on a failed block near the viewport (utils/page/failure-marks.ts): its own, taken off on restore.
    copy.removeAttribute('data-glossa-failed');
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
    marked: cases.map((p) => p.hasAttribute('data-glossa-failed')),
    texts: cases.map((p) => p.textContent ?? ''),
    inner: cases.map((p) => p.innerHTML),
    elementCount: document.body.querySelectorAll('*').length,
    scripts: document.scripts.length,
    dangerous,
  };
}

/** What went wrong per case between two snapshots of a translated page (empty when all is well). */
export function checkCases(before: Snapshot, after: Snapshot): string[] {
  const problems: string[] = [];
  CASES.forEach((c, i) => {
    if (after.skeletons[i] !== before.skeletons[i]) problems.push(`${c.name}: structure changed to ${after.skeletons[i]}`);
    if (c.outcome === 'failed' && after.inner[i] !== before.inner[i]) problems.push(`${c.name}: original not kept: ${after.inner[i]}`);
    if (c.outcome !== 'failed' && after.marked[i]) problems.push(`${c.name}: marked as failed`);
    if (c.outcome === 'text' && after.texts[i] === before.texts[i]) problems.push(`${c.name}: harmless text was not written`);
    if (c.literal && !after.texts[i].includes(c.literal)) problems.push(`${c.name}: expected literal text ${c.literal}, got ${after.texts[i]}`);
  });
  return problems;
}

/** In the page: selects the whole paragraph with this id. */
export function selectParagraphInPage(id: string): void {
  const range = document.createRange();
  range.selectNodeContents(document.getElementById(id)!);
  const selection = getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

/** In the page: anything in the selection popover beyond allow-listed elements with Glossa's own attributes. */
/** What the popover's shadow root shows of a hostile translation (runs in the browser). */
export function popoverFindings(root: ShadowRoot): { bad: string[]; text: string | null; error: string | null } {
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
}
