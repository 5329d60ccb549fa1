// Huge and odd pages (issue 8): 100,000 text nodes, nesting 5,000 levels deep, one 300 KB
// paragraph, right-to-left and CJK text with emoji, open shadow roots, a same-origin iframe, a
// page whose Content-Security-Policy forbids inline script and style, and a page that renders
// its own DOM every second. For each: no crash, the text translated, show original puts back
// exactly what was there. Main-thread work is measured two ways: long tasks seen by the page
// (PerformanceObserver 'longtask', with a baseline of the same page scrolled without Glossa),
// and a DevTools trace that splits every task into Glossa's script, layout and garbage
// collection, since a long task alone does not say whose work it was. The figures are printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { defaults, html, translateRequests } from '../e2e-lib/requests';
import { pseudoTranslate } from '../../server/index';

const de = (text: string) => pseudoTranslate(text, 'DE', { tagHandling: 'html' });

/**
 * Any task over this is a freeze, whoever caused it. Tasks between 50 ms and this happen while
 * Glossa works on the biggest pages (measured up to ~215 ms once on the 100k-node page); the
 * trace shows them as garbage collection and layout of the page's size, not Glossa's script,
 * which the per-task ceiling below checks.
 */
const LONG_TASK_CEILING_MS = 500;
/**
 * Glossa's script in any one task, in CPU time: the target is 50 ms. The margin covers a loaded
 * two-core machine and the browser's own bookkeeping that Glossa's script pays for: on the
 * 100k-node page a single slice takes 25-35 ms once the content script has touched about
 * 65,000 and 131,000 nodes (the isolated world's table of DOM wrappers growing).
 */
const GLOSSA_TASK_CEILING_MS = 75;

// ── pages ────────────────────────────────────────────────────────────────────────────────

/** 2,000 paragraphs of 50 text nodes each (25 inline elements): 100,000 text nodes. */
function manyTextNodes(): string {
  const rows: string[] = [];
  for (let r = 0; r < 2_000; r++) {
    let p = `<p id="r${r}">`;
    for (let k = 0; k < 25; k++) p += `Row ${r} part ${k} <b>bold ${k}</b>`;
    rows.push(`${p}</p>`);
  }
  return html('Many text nodes', rows.join('\n'));
}

/**
 * Nested 5,000 levels deep, built by the page (the HTML parser stops nesting at 512): inline
 * elements 5,000 deep with text at several levels, and block elements 2,000 deep (Chromium's
 * own layout crashes the tab at 5,000 nested blocks, with or without Glossa).
 */
function deepNesting(): string {
  return html('Deep nesting', `<p id="top">Text before the deep part stays readable.</p><div id="deep-root"></div>
<script>
  let node = document.getElementById('deep-root');
  for (let i = 0; i < 2000; i++) {
    const child = document.createElement(i % 2 ? 'div' : 'section');
    if (i % 500 === 499) child.appendChild(document.createTextNode('Level ' + (i + 1) + ' has a sentence of its own. '));
    node.appendChild(child);
    node = child;
  }
  const p = document.createElement('p');
  p.id = 'deepest';
  p.textContent = 'The deepest paragraph is still translated.';
  node.appendChild(p);
  let inline = document.createElement('p');
  inline.id = 'deep-inline';
  document.body.appendChild(inline);
  // (No <a>: a link inside a link cannot be written in HTML, so its translation would not parse back; such a block fails safely.)
  const tags = ['span', 'b', 'i', 'em', 'u', 'small'];
  for (let i = 0; i < 5000; i++) {
    const s = document.createElement(tags[i % tags.length]);
    if (i % 1000 === 0) inline.appendChild(document.createTextNode('Inline level ' + i + ' speaks. '));
    inline.appendChild(s);
    inline = s;
  }
  inline.textContent = 'Inline elements nested five thousand deep.';
</script>`);
}

const SENTENCE = (i: number) => `Sentence number ${i} of the very long paragraph talks about rivers and hills. `;
function hugeParagraph(): { html: string; first: string; last: string; count: number } {
  let text = '';
  let i = 0;
  while (text.length < 300 * 1024) text += SENTENCE(++i);
  return { html: html('One huge paragraph', `<p id="huge">${text.trim()}</p>`), first: SENTENCE(1).trim(), last: SENTENCE(i).trim(), count: i };
}

const SCRIPTS_PAGE = html('Scripts of the world', `
<p id="rtl-ar" dir="rtl" lang="ar">مرحبا بالعالم، هذه جملة باللغة العربية.</p>
<p id="rtl-he" dir="rtl" lang="he">שלום עולם, זה משפט בעברית.</p>
<p id="cjk-zh" lang="zh">你好世界，这是一个中文句子。</p>
<p id="cjk-ja" lang="ja">こんにちは世界、これは日本語の文です。</p>
<p id="emoji">Emoji 🎉 party with family 👨‍👩‍👧‍👦 and flags 🇩🇪 stay whole.</p>
<p id="mixed">Mixed English with عربي and 中文 and 😀 in one line.</p>`, 'en');

const SHADOW_PAGE = html('Shadow and frames', `
<p id="light">Light DOM text is translated.</p>
<glossa-test-card id="card"></glossa-test-card>
<iframe id="frame" src="/hardening/frame-inner.html" style="width:600px;height:120px"></iframe>
<script>
  customElements.define('glossa-test-card', class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<p id="in-shadow">Text inside an open shadow root.</p><slot></slot>';
    }
  });
</script>`);
const FRAME_INNER = html('Inner frame', '<p id="in-frame">Text inside a same-origin frame.</p>');

const CSP_PAGE = html('Strict policy', `
<p id="csp-1">This page forbids inline script and inline style.</p>
<p id="csp-2">Glossa still translates it without breaking the rules.</p>
<script>window.__inlineRan = true;</script>`);
const CSP_HEADER = { 'content-security-policy': "default-src 'none'; script-src 'none'; style-src 'none'; img-src 'none'" };

const RERENDER_PAGE = html('Renders itself', `<div id="app"></div>
<script>
  const app = document.getElementById('app');
  window.__renders = 0;
  const render = () => {
    window.__renders++;
    app.innerHTML = '<h2>Dashboard</h2><p id="status">Everything is running smoothly today.</p><ul><li>First item of the list</li><li>Second item of the list</li></ul>';
  };
  render();
  setInterval(render, 1000);
</script>`);

// ── measuring ────────────────────────────────────────────────────────────────────────────

interface LongTasks {
  count: number;
  max: number;
}

async function longTasksSince(page: Page, since: number): Promise<LongTasks> {
  const tasks = await page.evaluate((t0) => ((window as unknown as { __longtasks?: { start: number; duration: number }[] }).__longtasks ?? []).filter((e) => e.start >= t0), since);
  return { count: tasks.length, max: Math.round(Math.max(0, ...tasks.map((t) => t.duration))) };
}

const now = (page: Page) => page.evaluate(() => performance.now());

async function scrollThrough(page: Page, steps = 8): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
    await page.waitForTimeout(120);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A trace event; `tts`/`tdur` are the thread's own clock (CPU time), `ts`/`dur` the wall clock. */
interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tts?: number; tdur?: number; args?: { data?: { url?: string } } }

export interface TaskFigures {
  /** Tasks over 50 ms on the page's main thread while Glossa worked. */
  longTasks: { ms: number; glossaScriptMs: number; layoutMs: number; gcMs: number }[];
  /** The most time Glossa's script (its calls and the microtasks they queued) ran in any one task: CPU time where the trace has it. */
  maxGlossaScriptInTaskMs: number;
  /** Glossa's script time in all (for scale). */
  glossaScriptMs: number;
}

/** Milliseconds covered by a set of [start, end] spans in microseconds, overlaps counted once. */
function unionMs(spans: [number, number][]): number {
  let total = 0;
  let until = -Infinity;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (end <= until) continue;
    total += end - Math.max(start, until);
    until = end;
  }
  return total / 1000;
}

const isGlossaCall = (e: TraceEvent) => (e.name === 'FunctionCall' || e.name === 'EvaluateScript') && String(e.args?.data?.url ?? '').startsWith('chrome-extension://');

/**
 * Runs `work` under a DevTools trace and splits every task on the page's main thread into
 * Glossa's script (calls into the content script and the microtasks of such tasks), style and
 * layout, and garbage collection. Long tasks alone cannot say whose work they were.
 */
async function traceTasks<T>(glossa: ChromiumGlossa, page: Page, work: () => Promise<T>): Promise<{ result: T; figures: TaskFigures }> {
  const cdp = await glossa.context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    for (const event of e.value) events.push(event as unknown as TraceEvent);
  });
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute', transferMode: 'ReportEvents' } as never);
  let result: T;
  try {
    result = await work();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach().catch(() => undefined);
  }
  // The page's main thread is where its content script runs.
  const first = events.find((e) => isGlossaCall(e) && events.some((m) => m.ph === 'M' && m.name === 'thread_name' && m.pid === e.pid && m.tid === e.tid && (m as unknown as { args: { name: string } }).args.name === 'CrRendererMain'));
  const figures: TaskFigures = { longTasks: [], maxGlossaScriptInTaskMs: 0, glossaScriptMs: 0 };
  if (!first) return { result: result!, figures };
  const main = events.filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  let cursor = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    while (cursor < main.length && main[cursor].ts < task.ts) cursor++;
    // Events nest (a call inside a call, microtasks inside a call): sum the union of their spans.
    // Spans are measured on the thread's own clock when the trace has it: on a two-core machine
    // shared with the test runner and the API server, the OS takes the page's thread away in the
    // middle of a task (measured: a 73 ms task with 35 ms of CPU), and that time is nobody's script.
    let last = cursor;
    while (last < main.length && main[last].ts < end) last++;
    const inTask = main.slice(cursor, last);
    const threadClock = inTask.every((e) => e.tts !== undefined);
    const spans: Record<'glossa' | 'micro' | 'layout' | 'gc', [number, number][]> = { glossa: [], micro: [], layout: [], gc: [] };
    for (const e of inTask) {
      const span: [number, number] = threadClock ? [e.tts!, e.tts! + (e.tdur ?? 0)] : [e.ts, e.ts + (e.dur ?? 0)];
      if (isGlossaCall(e)) spans.glossa.push(span);
      else if (e.name === 'RunMicrotasks' || e.name === 'V8.RunMicrotasks') spans.micro.push(span);
      else if (e.name === 'Layout' || e.name === 'UpdateLayoutTree') spans.layout.push(span);
      else if (e.name === 'MajorGC' || e.name === 'MinorGC' || e.name.startsWith('V8.GC_MC_INCREMENTAL') || e.name === 'V8.GC_SCAVENGER') spans.gc.push(span);
    }
    // Microtasks of a task that ran Glossa's code are Glossa's continuations (its awaits). The
    // collector's pauses inside them (a full mark-compact of a 100k-node page takes 40-70 ms here,
    // whoever allocated last) are the browser's: counted as garbage collection, not as script.
    const layout = unionMs(spans.layout);
    const gc = unionMs(spans.gc);
    const glossaMs = spans.glossa.length ? Math.max(0, unionMs([...spans.glossa, ...spans.micro]) - gc) : 0;
    figures.glossaScriptMs += glossaMs;
    figures.maxGlossaScriptInTaskMs = Math.max(figures.maxGlossaScriptInTaskMs, glossaMs);
    if ((task.dur ?? 0) > 50_000) figures.longTasks.push({ ms: Math.round((task.dur ?? 0) / 1000), glossaScriptMs: Math.round(glossaMs), layoutMs: Math.round(layout), gcMs: Math.round(gc) });
  }
  figures.maxGlossaScriptInTaskMs = Math.round(figures.maxGlossaScriptInTaskMs * 10) / 10;
  figures.glossaScriptMs = Math.round(figures.glossaScriptMs);
  return { result: result!, figures };
}

const figures: Record<string, unknown> = {};

describe('huge and odd pages', () => {
  let glossa: ChromiumGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE') } });
    await glossa.context.addInitScript(() => {
      const list: { start: number; duration: number }[] = [];
      (window as unknown as { __longtasks: typeof list }).__longtasks = list;
      try {
        new PerformanceObserver((entries) => {
          for (const e of entries.getEntries()) list.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // No long task support: the figures stay empty.
      }
    });
    glossa.pages.set('/hardening/text-nodes.html', manyTextNodes());
    glossa.pages.set('/hardening/deep.html', deepNesting());
    glossa.pages.set('/hardening/scripts.html', SCRIPTS_PAGE);
    glossa.pages.set('/hardening/shadow.html', SHADOW_PAGE);
    glossa.pages.set('/hardening/frame-inner.html', FRAME_INNER);
    glossa.pages.set('/hardening/csp.html', CSP_PAGE, CSP_HEADER);
    glossa.pages.set('/hardening/rerender.html', RERENDER_PAGE);
  });
  afterAll(async () => {
    console.info(`[huge-pages] figures ${JSON.stringify(figures, null, 1)}`);
    await glossa?.close();
  });

  /**
   * Loads `path`, measures the page's own long tasks while scrolling it (baseline), reloads,
   * translates, waits for `translated`, scrolls the same way, and measures again.
   */
  async function translateMeasured(path: string, scroll = true): Promise<{ page: Page; before: string; baseline: LongTasks; glossa: LongTasks; ms: number; tasks: TaskFigures }> {
    const page = await glossa.openPage(path);
    await page.waitForTimeout(300);
    let t0 = await now(page);
    if (scroll) await scrollThrough(page);
    await page.waitForTimeout(300);
    const baseline = await longTasksSince(page, t0);
    const before = await page.evaluate(() => document.body.innerHTML);
    t0 = await now(page);
    const started = Date.now();
    const traced = await traceTasks(glossa, page, async () => {
      await glossa.dispatchCommand('translate-page', page);
      await glossa.waitForPhase(page, 'translated', 60_000);
      const ms = Date.now() - started;
      if (scroll) {
        await scrollThrough(page);
        await glossa.waitForPhase(page, 'translated', 60_000);
      }
      await page.waitForTimeout(300);
      return ms;
    });
    return { page, before, baseline, glossa: await longTasksSince(page, t0), ms: traced.result, tasks: traced.figures };
  }

  async function restoreExactly(page: Page, before: string): Promise<void> {
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    await page.waitForFunction((b) => document.body.innerHTML === b, before, { timeout: 20_000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.body.innerHTML) === before, 'body restored exactly').toBe(true);
  }

  function checkLongTasks(name: string, baseline: LongTasks, measured: LongTasks, ms: number, tasks: TaskFigures): void {
    figures[name] = { translateMs: ms, longTasksWithoutGlossa: baseline, longTasksWithGlossa: measured, trace: tasks };
    // Glossa's own script never holds the main thread for long in one task (it works in ~8 ms
    // slices); what remains over 50 ms is garbage collection and layout of the page's size.
    expect(tasks.glossaScriptMs, `${name}: the trace saw Glossa's script`).toBeGreaterThan(0);
    expect(tasks.maxGlossaScriptInTaskMs, `${name}: most Glossa script in one task`).toBeLessThanOrEqual(GLOSSA_TASK_CEILING_MS);
    expect(measured.max, `${name}: longest task with Glossa (baseline ${baseline.max} ms)`).toBeLessThanOrEqual(Math.max(LONG_TASK_CEILING_MS, baseline.max + 100));
  }

  it('100,000 text nodes: visible text translated, later text on scroll, restore exact', async () => {
    const { page, before, baseline, glossa: measured, ms, tasks } = await translateMeasured('/hardening/text-nodes.html');
    const textNodes = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let n = 0;
      while (walker.nextNode()) n++;
      return n;
    });
    expect(textNodes).toBeGreaterThanOrEqual(100_000);
    const first = await page.locator('#r0').innerHTML();
    expect(first.startsWith(de('Row 0 part 0 '))).toBe(true);
    await page.evaluate(() => document.getElementById('r1999')!.scrollIntoView());
    const lastSource = Array.from({ length: 25 }, (_, k) => `Row 1999 part ${k} <b id="${k + 1}">bold ${k}</b>`).join('');
    const expectedLast = de(lastSource).replace(/ id="\d+"/g, '');
    await page.waitForFunction((want) => document.getElementById('r1999')!.innerHTML === want, expectedLast, { timeout: 30_000 });
    checkLongTasks('100k text nodes', baseline, measured, ms, tasks);
    await restoreExactly(page, before);
    await page.close();
  }, 90_000);

  it('nesting 5,000 levels deep (inline; blocks 2,000 deep): translated, restore exact', async () => {
    const { page, before, baseline, glossa: measured, ms, tasks } = await translateMeasured('/hardening/deep.html', false);
    expect(await page.locator('#top').textContent()).toBe(de('Text before the deep part stays readable.'));
    await page.waitForFunction((want) => document.getElementById('deepest')?.textContent === want, de('The deepest paragraph is still translated.'), { timeout: 20_000 });
    // Inline nesting past Glossa's depth limit is handled in pieces, not by recursion without end.
    await page.waitForFunction((want) => document.getElementById('deep-inline')!.textContent!.startsWith(want), de('Inline level 0 speaks.'), { timeout: 20_000 });
    await page.waitForFunction((want) => document.getElementById('deep-inline')!.textContent!.endsWith(want), de('Inline elements nested five thousand deep.'), { timeout: 20_000 });
    checkLongTasks('5000 deep', baseline, measured, ms, tasks);
    await restoreExactly(page, before);
    await page.close();
  });

  it('one 300 KB paragraph: split over requests within the API limits, translated whole, restore exact', async () => {
    const huge = hugeParagraph();
    glossa.pages.set('/hardening/huge-paragraph.html', huge.html);
    const logStart = glossa.api.log.length;
    const { page, before, baseline, glossa: measured, ms, tasks } = await translateMeasured('/hardening/huge-paragraph.html', false);
    const text = (await page.locator('#huge').textContent()) ?? '';
    expect(text.startsWith(de(huge.first))).toBe(true);
    expect(text.trimEnd().endsWith(de(huge.last))).toBe(true);
    const requests = translateRequests(glossa.api.log, logStart);
    expect(requests.every((r) => r.bodyBytes <= 128 * 1024 && r.status === 200)).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    checkLongTasks('300 KB paragraph', baseline, measured, ms, tasks);
    figures['300 KB paragraph requests'] = requests.map((r) => r.bodyBytes);
    await restoreExactly(page, before);
    await page.close();
  });

  it('right-to-left and CJK text with emoji: translated, emoji whole, restore exact', async () => {
    const { page, before } = await translateMeasured('/hardening/scripts.html', false);
    const texts = await page.evaluate(() => Object.fromEntries(['rtl-ar', 'rtl-he', 'cjk-zh', 'cjk-ja', 'emoji', 'mixed'].map((id) => [id, document.getElementById(id)!.textContent])));
    const originals = await page.evaluate((b) => {
      const doc = new DOMParser().parseFromString(`<body>${b}</body>`, 'text/html');
      return Object.fromEntries(['rtl-ar', 'rtl-he', 'cjk-zh', 'cjk-ja', 'emoji', 'mixed'].map((id) => [id, doc.getElementById(id)!.textContent]));
    }, before);
    for (const id of Object.keys(originals)) expect(texts[id], id).toBe(de(originals[id]!));
    for (const emoji of ['🎉', '👨‍👩‍👧‍👦', '🇩🇪', '😀']) expect(Object.values(texts).join(' ')).toContain(emoji);
    // Translated into German, the Arabic paragraph says so and reads left to right; restore puts the page's rtl and ar back.
    expect([await page.locator('#rtl-ar').getAttribute('dir'), await page.locator('#rtl-ar').getAttribute('lang')]).toEqual(['ltr', 'de']);
    await restoreExactly(page, before);
    await page.close();
  });

  it('open shadow roots and a same-origin iframe: translated inside, restored inside', async () => {
    const page = await glossa.openPage('/hardening/shadow.html');
    const frame = page.frameLocator('#frame');
    await frame.locator('#in-frame').waitFor();
    const shadowBefore = await page.evaluate(() => document.getElementById('card')!.shadowRoot!.innerHTML);
    const frameBefore = await page.evaluate(() => (document.getElementById('frame') as HTMLIFrameElement).contentDocument!.body.innerHTML);
    const before = await page.evaluate(() => document.body.innerHTML);
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    await page.waitForFunction((want) => document.getElementById('card')!.shadowRoot!.getElementById('in-shadow')!.textContent === want, de('Text inside an open shadow root.'), { timeout: 10_000 });
    await page.waitForFunction((want) => (document.getElementById('frame') as HTMLIFrameElement).contentDocument!.getElementById('in-frame')!.textContent === want, de('Text inside a same-origin frame.'), { timeout: 10_000 });
    expect(await page.locator('#light').textContent()).toBe(de('Light DOM text is translated.'));
    await restoreExactly(page, before);
    expect(await page.evaluate(() => document.getElementById('card')!.shadowRoot!.innerHTML)).toBe(shadowBefore);
    expect(await page.evaluate(() => (document.getElementById('frame') as HTMLIFrameElement).contentDocument!.body.innerHTML)).toBe(frameBefore);
    await page.close();
  });

  it('a page whose CSP forbids inline script and style: translated, restored, no violation caused by Glossa', async () => {
    const violations: string[] = [];
    const page = await glossa.context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(glossa.pageUrl('/hardening/csp.html'));
    await page.bringToFront();
    // The page's own inline script was refused (the policy is in force).
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    const pageOwn = violations.length;
    const before = await page.evaluate(() => document.body.innerHTML);
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
    expect(await page.locator('#csp-1').textContent()).toBe(de('This page forbids inline script and inline style.'));
    expect(await page.locator('#csp-2').textContent()).toBe(de('Glossa still translates it without breaking the rules.'));
    await restoreExactly(page, before);
    figures['csp violations by Glossa'] = violations.slice(pageOwn);
    expect(violations.slice(pageOwn)).toEqual([]);
    await page.close();
  });

  it('a page that renders its own DOM every second: follows it, no request storm, restore exact', async () => {
    const page = await glossa.openPage('/hardening/rerender.html');
    const logStart = glossa.api.log.length;
    const t0 = await now(page);
    await glossa.dispatchCommand('translate-page', page);
    await page.waitForFunction((want) => document.getElementById('status')?.textContent === want, de('Everything is running smoothly today.'), { timeout: 10_000 });
    const rendersAtStart = await page.evaluate(() => (window as unknown as { __renders: number }).__renders);
    // Over several re-renders the page keeps showing the translation (re-rendered content is translated again from memory).
    let translatedSeen = 0;
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(500);
      if ((await page.locator('#status').textContent()) === de('Everything is running smoothly today.')) translatedSeen++;
    }
    const renders = (await page.evaluate(() => (window as unknown as { __renders: number }).__renders)) - rendersAtStart;
    expect(renders).toBeGreaterThanOrEqual(3);
    expect(translatedSeen).toBeGreaterThanOrEqual(6);
    // Identical content again is not sent again: the requests do not grow with the renders.
    const requests = translateRequests(glossa.api.log, logStart).length;
    expect(requests).toBeLessThanOrEqual(3);
    const tasks = await longTasksSince(page, t0);
    figures['re-rendering page'] = { renders, translatedSeen, requests, longTasks: tasks };
    expect(tasks.max).toBeLessThanOrEqual(LONG_TASK_CEILING_MS);
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'original');
    // The page renders its original again; nothing of Glossa's is left, and no translation comes back.
    await page.waitForTimeout(1_200);
    expect(await page.locator('#status').textContent()).toBe('Everything is running smoothly today.');
    expect(await page.evaluate(() => document.body.innerHTML.includes('glossa'))).toBe(false);
    await page.close();
  });
});
