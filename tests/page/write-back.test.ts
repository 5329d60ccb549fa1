// Hostile translations: nothing from a response but text and Glossa's own ids may enter the
// page. Each payload runs through the whole engine, in place and in bilingual display.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTranslator, stopAllEngines, testEngine } from './fake-translator';
import { createInertParser, matchTranslation } from '../../utils/page/write-back';
import { serializeBlock } from '../../utils/page/serialize';

const SOURCE = '<p id="p">Read <a href="/doc">the docs</a>, run <code>make</code> and <b>enjoy</b>.</p>';
const SENT = 'Read <a id="1">the docs</a>, run <code id="2"></code> and <b id="3">enjoy</b>.';
const OK_TAIL = '<a id="1">X</a><code id="2"></code><b id="3">Y</b>';

const HOSTILE: [string, string][] = [
  ['script element', `<script>window.__pwned = 1</script>${OK_TAIL}`],
  ['script inside an id element', `<a id="1"><script>window.__pwned = 1</script>X</a><code id="2"></code><b id="3">Y</b>`],
  ['img with onerror', `<img src="x" onerror="window.__pwned = 1">${OK_TAIL}`],
  ['event handler on our element', `<a id="1" onclick="window.__pwned = 1">X</a><code id="2"></code><b id="3">Y</b>`],
  ['javascript: URL on our link', `<a id="1" href="javascript:window.__pwned=1">X</a><code id="2"></code><b id="3">Y</b>`],
  ['data: URL on our link', `<a id="1" href="data:text/html,<script>1</script>">X</a><code id="2"></code><b id="3">Y</b>`],
  ['style attribute', `<a id="1">X</a><code id="2"></code><b id="3" style="position:fixed;inset:0">Y</b>`],
  ['class attribute', `<a id="1" class="login-overlay">X</a><code id="2"></code><b id="3">Y</b>`],
  ['iframe', `<iframe src="https://evil.example/"></iframe>${OK_TAIL}`],
  ['style element', `<style>body{display:none}</style>${OK_TAIL}`],
  ['link stylesheet', `<link rel="stylesheet" href="https://evil.example/x.css">${OK_TAIL}`],
  ['meta refresh', `<meta http-equiv="refresh" content="0;url=https://evil.example/">${OK_TAIL}`],
  ['base element', `<base href="https://evil.example/">${OK_TAIL}`],
  ['object element', `<object data="https://evil.example/x.swf"></object>${OK_TAIL}`],
  ['embed element', `<embed src="https://evil.example/x">${OK_TAIL}`],
  ['form and password input', `<form action="https://evil.example/"><input name="password"></form>${OK_TAIL}`],
  ['input with autofocus handler', `<input autofocus onfocus="window.__pwned = 1">${OK_TAIL}`],
  ['details ontoggle', `<details open ontoggle="window.__pwned = 1"></details>${OK_TAIL}`],
  ['svg onload', `<svg onload="window.__pwned = 1"></svg>${OK_TAIL}`],
  ['math with nested img', `<math><mtext><img src="x" onerror="window.__pwned = 1"></mtext></math>${OK_TAIL}`],
  ['template holding script', `<template><script>window.__pwned = 1</script></template>${OK_TAIL}`],
  ['noscript holding img', `<noscript><img src="x" onerror="window.__pwned = 1"></noscript>${OK_TAIL}`],
  ['unknown tag wrapping text', `<blink>X</blink>${OK_TAIL}`],
  ['block element wrapping everything', `<p>${OK_TAIL}</p>`],
  ['unknown id', `<a id="1">X</a><code id="2"></code><b id="3">Y</b><i id="4">Z</i>`],
  ['id zero', `<span id="0">X</span>${OK_TAIL}`],
  ['duplicate id', `<a id="1">X</a><a id="1">X2</a><code id="2"></code><b id="3">Y</b>`],
  ['missing id', `<a id="1">X</a><code id="2"></code> Y`],
  ['all ids missing', 'Just text'],
  ['wrong tag for an id', `<b id="1">X</b><code id="2"></code><b id="3">Y</b>`],
  ['foreign id format with spaces', `<a id=" 1">X</a><code id="2"></code><b id="3">Y</b>`],
  ['foreign id with leading zero', `<a id="01">X</a><code id="2"></code><b id="3">Y</b>`],
  ['upper-case ID plus data attribute', `<a ID="1" data-x="y">X</a><code id="2"></code><b id="3">Y</b>`],
  ['element moved into another', `<a id="1">X <b id="3">Y</b></a><code id="2"></code>`],
  ['placeholder filled with text', `<a id="1">X</a><code id="2">rm -rf /</code><b id="3">Y</b>`],
  ['placeholder filled with markup', `<a id="1">X</a><code id="2"><img src="x" onerror="window.__pwned = 1"></code><b id="3">Y</b>`],
  ['svg with a Glossa id', `<a id="1">X</a><svg id="2"></svg><b id="3">Y</b>`],
  ['markers as escaped text only', '&lt;a id="1"&gt;X&lt;/a&gt;&lt;code id="2"&gt;&lt;/code&gt;&lt;b id="3"&gt;Y&lt;/b&gt;'],
  ['Glossa bilingual tag injected', `<glossa-translation translate="no">fake</glossa-translation>${OK_TAIL}`],
  ['button with formaction', `<button formaction="https://evil.example/">Go</button>${OK_TAIL}`],
  ['nested anchor ids swapped into each other', `<b id="3"><a id="1">X</a></b><code id="2"></code>`],
  ['select element', `<select><option>evil</option></select>${OK_TAIL}`],
  ['video with source onerror', `<video><source onerror="window.__pwned = 1"></video>${OK_TAIL}`],
];

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
  delete (window as unknown as { __pwned?: number }).__pwned;
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('hostile translations', () => {
  it('covers at least 30 distinct payloads', () => {
    expect(new Set(HOSTILE.map(([, payload]) => payload)).size).toBeGreaterThanOrEqual(30);
  });

  it('sends the block Glossa expects the payloads to answer', async () => {
    document.body.innerHTML = SOURCE;
    const translator = fakeTranslator();
    const engine = testEngine(translator.translate);
    await engine.start();
    await engine.idle();
    expect(translator.sent()).toEqual([SENT]);
  });

  for (const bilingual of [false, true]) {
    describe(bilingual ? 'bilingual display' : 'in place', () => {
      it.each(HOSTILE)('%s: keeps the original, reports the block failed, runs nothing', async (_name, payload) => {
        document.body.innerHTML = SOURCE;
        const link = document.querySelector('a')!;
        const translator = fakeTranslator(() => payload);
        const engine = testEngine(translator.translate, {
          job: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual },
        });
        await engine.start();
        await engine.idle();
        await wait(1);
        expect(document.body.innerHTML).toBe(SOURCE);
        expect(document.querySelector('a')).toBe(link);
        expect(document.querySelectorAll('glossa-translation')).toHaveLength(0);
        expect(engine.progress()).toMatchObject({ total: 1, done: 0, failed: 1 });
        expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
      });
    });
  }

  it('accepts the benign variations a translator makes: reordering, comments, spacing', async () => {
    const benign = [
      `<!-- note -->  Lies <b id="3">Y</b>, <code id="2"></code> und <a id="1">X</a>.  `,
      `Lies <a id="1">X</a>,\n<code id="2"> </code> und <b id="3">Y</b>.`,
    ];
    for (const payload of benign) {
      document.body.innerHTML = SOURCE;
      const engine = testEngine(fakeTranslator(() => payload).translate);
      await engine.start();
      await engine.idle();
      expect(engine.progress()).toMatchObject({ done: 1, failed: 0 });
      expect(document.querySelector('p')!.textContent).toMatch(/^Lies/);
      expect(document.querySelectorAll('p *')).toHaveLength(3);
      await engine.restore();
      expect(document.body.innerHTML).toBe(SOURCE);
    }
  });
});

describe('matchTranslation', () => {
  const parse = createInertParser(document);
  document.body.innerHTML = SOURCE;
  const p = document.querySelector('p')!;
  const source = serializeBlock([...p.childNodes], {
    statusOf: (el) => (el.localName === 'code' ? 'opaque' : 'inline'),
    preservesWhitespace: () => false,
  });

  it('serialises the fixture as the engine does', () => {
    expect(source.html).toBe(SENT);
  });

  it.each(HOSTILE)('%s: is refused with a reason', (_name, payload) => {
    const outcome = matchTranslation(parse(payload), source.slots);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message.length).toBeGreaterThan(0);
  });

  it('parses each answer on its own though one inert document serves them all', () => {
    // An answer left open (a <b> never closed, an unclosed raw-text element) leaks nothing into
    // the next one, and an earlier fragment keeps its nodes.
    const first = parse('Eins <b id="3">zwei');
    const second = parse('<textarea>drei');
    const third = parse('Y <b id="3">B</b> then <a id="1">A</a> <code id="2"></code>');
    expect([...first.childNodes].map((n) => n.nodeName)).toEqual(['#text', 'B']);
    expect(second.textContent).toBe('drei');
    expect(matchTranslation(third, source.slots)).toEqual({ ok: true, tree: [['Y ', 3, ' then ', 1, ' ', 2], ['A'], [], ['B']] });
  });

  it('returns text and ids in translated order', () => {
    const outcome = matchTranslation(parse('Y <b id="3">B</b> then <a id="1">A</a> <code id="2"></code>'), source.slots);
    expect(outcome).toEqual({ ok: true, tree: [['Y ', 3, ' then ', 1, ' ', 2], ['A'], [], ['B']] });
  });
});
