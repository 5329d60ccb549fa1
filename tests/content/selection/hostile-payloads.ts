// Hostile translations for the selection popover: what a compromised or buggy server could send
// back for the selection `ORIGINAL_HTML`. Shared by the unit tests (happy-dom) and the
// end-to-end test (Chromium). Each payload tries to run code (setting `window.__glossaPwned`),
// to smuggle an element or attribute into the page, or to spoof Glossa's own markup.
import type { InlineElementInfo } from '../../../utils/content/selection/selection-markup';

/** The selection the payloads answer: what the content script sent. */
export const ORIGINAL_HTML = 'Read <a id="1">the docs</a> and <b id="2">this</b> now.';
export const ORIGINAL_INLINE: ReadonlyMap<string, InlineElementInfo> = new Map<string, InlineElementInfo>([
  ['1', { tag: 'a', href: 'https://docs.example/guide' }],
  ['2', { tag: 'b' }],
]);
export const ORIGINAL_HREFS = new Set(['https://docs.example/guide']);

const PWN = 'window.__glossaPwned=1';

export interface HostilePayload {
  name: string;
  html: string;
  /** Text the user must still see (the payload's readable text survives as text). */
  visible?: string;
}

export const HOSTILE_PAYLOADS: readonly HostilePayload[] = [
  { name: 'script element', html: `Lies <script>${PWN}</script> <b id="2">dies</b>`, visible: 'Lies' },
  { name: 'img onerror', html: `<img src="x" onerror="${PWN}">Bild` , visible: 'Bild' },
  { name: 'javascript: link on a real id', html: `Lies <a id="1" href="javascript:${PWN}">die Doku</a>`, visible: 'die Doku' },
  { name: 'mixed-case javascript: with whitespace', html: `<a id="1" href="  JaVaScRiPt:${PWN}">Doku</a>` },
  { name: 'data: URL link', html: '<a id="1" href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Doku</a>' },
  { name: 'onclick on a valid id', html: `<a id="1" onclick="${PWN}">Doku</a>` },
  { name: 'link without id to another site', html: '<a href="https://evil.example/">Böse</a>', visible: 'Böse' },
  { name: 'link on the id of a bold element', html: '<a id="2" href="https://evil.example/">fett</a>', visible: 'fett' },
  { name: 'link keeps only the original target', html: '<a id="1" href="https://evil.example/" target="_self" ping="https://evil.example/p">Doku</a>' },
  { name: 'iframe javascript:', html: `<iframe src="javascript:parent.${PWN}"></iframe>Rahmen`, visible: 'Rahmen' },
  { name: 'iframe srcdoc', html: `<iframe srcdoc="<script>parent.${PWN}</script>"></iframe>` },
  { name: 'style element', html: '<style>* { display: none !important }</style>Stil', visible: 'Stil' },
  { name: 'style attribute on a valid id', html: '<b id="2" style="position:fixed;inset:0;background:red">fett</b>', visible: 'fett' },
  { name: 'svg onload', html: `<svg onload="${PWN}"><script>${PWN}</script></svg>Vektor` },
  { name: 'svg link with xlink:href', html: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>' },
  { name: 'math/mglyph mutation XSS', html: `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}">` },
  { name: 'unknown custom element with handler', html: `<glossa-x onmouseover="${PWN}">eigen</glossa-x>`, visible: 'eigen' },
  { name: 'object and embed', html: `<object data="javascript:${PWN}"></object><embed src="data:text/html,<script>parent.${PWN}</script>">` },
  { name: 'escaped script as text', html: `&lt;script&gt;${PWN}&lt;/script&gt;`, visible: `<script>${PWN}</script>` },
  { name: 'numeric entity tag', html: `&#x3C;img src=x onerror=${PWN}&#x3E;`, visible: '<img src=x onerror=' },
  { name: 'duplicate ids', html: '<a id="1">eins</a> <a id="1">zwei</a>', visible: 'zwei' },
  { name: 'missing id', html: '<b id="99">fehlt</b>', visible: 'fehlt' },
  { name: 'empty id', html: '<b id="">leer</b>', visible: 'leer' },
  { name: 'id with spaces', html: '<b id="1 2">Leerzeichen</b>', visible: 'Leerzeichen' },
  { name: "Glossa's own host element", html: '<glossa-selection-popover>falsch</glossa-selection-popover>', visible: 'falsch' },
  { name: 'marker lookalikes as text', html: '[[g1]]Text[[/g1]] &lt;b id="2"&gt;fett&lt;/b&gt;', visible: '<b id="2">fett</b>' },
  { name: 'form with button', html: `<form action="https://evil.example/"><input name="x" value="y"><button formaction="javascript:${PWN}">Los</button></form>` },
  { name: 'meta refresh', html: '<meta http-equiv="refresh" content="0;url=https://evil.example/">Weiter', visible: 'Weiter' },
  { name: 'base and link elements', html: '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">Basis', visible: 'Basis' },
  { name: 'template content', html: `<template><img src=x onerror="${PWN}"></template>Vorlage`, visible: 'Vorlage' },
  { name: 'noscript content', html: `<noscript><img src=x onerror="${PWN}"></noscript>` },
  { name: 'details ontoggle', html: `<details open ontoggle="${PWN}">Auf</details>`, visible: 'Auf' },
  { name: 'video source onerror', html: `<video><source onerror="${PWN}"></video>` },
  { name: 'autofocus input', html: `<input autofocus onfocus="${PWN}">` },
  { name: 'body onload', html: `<body onload="${PWN}">Körper</body>`, visible: 'Körper' },
  { name: 'unbalanced closing tags then script', html: `</b></a></div><script>${PWN}</script>Ende`, visible: 'Ende' },
  { name: 'comment hiding markup', html: `<!--<img src=x onerror="${PWN}">-->Kommentar`, visible: 'Kommentar' },
  { name: 'CDATA in HTML', html: `<![CDATA[<img src=x onerror="${PWN}">]]>Daten` },
  { name: 'xmp raw text', html: `<xmp><img src=x onerror="${PWN}"></xmp>` },
  { name: 'plaintext swallowing the rest', html: '<plaintext><b id="2">fett</b>' },
  { name: 'id spoofing the popover title', html: '<b id="glossa-popover-title">Titel</b>', visible: 'Titel' },
  { name: 'block element with handler', html: `<p id="2" onmouseover="${PWN}">Absatz</p>`, visible: 'Absatz' },
  { name: 'marquee onstart', html: `<marquee onstart="${PWN}">Lauf</marquee>`, visible: 'Lauf' },
  { name: 'nested allowed tags without ids', html: '<sup><sub><mark>tief</mark></sub></sup>', visible: 'tief' },
  { name: 'huge nesting', html: `${'<i>'.repeat(400)}tief${'</i>'.repeat(400)}`, visible: 'tief' },
];
