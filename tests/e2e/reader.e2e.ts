// Ahead of the reader (issue 23): a long article, the server's latency fixed at 100 ms, the
// page translated from the toolbar command; once the first screen reads translated, the page
// is scrolled with the mouse wheel one viewport per second to the bottom. Every frame the page
// counts the characters on screen still in the source language; the mean over all frames of
// the scroll must be at most 0.5%. What is measured is the share, not whether a race was won:
// a slower machine scrolls with fewer frames, and Glossa's prefetch depth follows the round
// trip it measures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { defaults, html } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';

const VIEWPORT = { width: 1000, height: 700 };
const SECTIONS = 60;

/** About 30 screens of distinct paragraphs, headings and lists. */
function longArticle(): string {
  const parts: string[] = [];
  for (let s = 0; s < SECTIONS; s++) {
    parts.push(`<h2>Section ${s + 1}: the harbour in season ${s + 1}</h2>`);
    for (let p = 0; p < 5; p++) {
      parts.push(`<p>In season ${s + 1}, paragraph ${p + 1} tells how the boats came back with <b>fish</b> and stories, how the nets were mended on the quay, and why the <a href="#s${s}">lighthouse keeper</a> wrote every arrival into a book that nobody else was allowed to read.</p>`);
    }
    parts.push(`<ul><li>Boats counted in season ${s + 1}</li><li>Storms noted in season ${s + 1}</li></ul>`);
  }
  return html('The harbour book', `<main>${parts.join('\n')}</main>`);
}

/** Installed in the page: per frame, the text nodes on screen and those still as loaded. */
function installMeter(): void {
  const originals: { node: Text; text: string }[] = [];
  const byParent = new Map<Element, number[]>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!/\p{L}/u.test(node.data) || !node.parentElement) continue;
    const index = originals.push({ node, text: node.data }) - 1;
    const list = byParent.get(node.parentElement);
    if (list) list.push(index);
    else byParent.set(node.parentElement, [index]);
  }
  const onScreen = new Set<Element>();
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) onScreen.add(entry.target);
      else onScreen.delete(entry.target);
    }
  });
  for (const el of byParent.keys()) io.observe(el);
  const unchanged = (i: number) => originals[i].node.isConnected && originals[i].node.data === originals[i].text;
  const frames: { visible: number[]; source: number[] }[] = [];
  let recording = false;
  const frame = () => {
    if (recording) {
      const visible: number[] = [];
      const source: number[] = [];
      for (const el of onScreen) {
        for (const i of byParent.get(el) ?? []) {
          visible.push(i);
          if (unchanged(i)) source.push(i);
        }
      }
      frames.push({ visible, source });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  Object.assign(window, {
    __meter: {
      start: () => void (recording = true),
      /** Share of on-screen characters on screen still untranslated, per frame; text never translated is left out. */
      shares: () => {
        recording = false;
        const translatable = originals.map((_, i) => !unchanged(i));
        const length = (list: number[]) => list.reduce((n, i) => n + (translatable[i] ? originals[i].text.length : 0), 0);
        return frames.map((f) => (length(f.visible) ? length(f.source) / length(f.visible) : 0));
      },
      /** Whether every text node on screen now is translated. */
      screenTranslated: () => [...onScreen].every((el) => (byParent.get(el) ?? []).every((i) => !unchanged(i))) && onScreen.size > 0,
    },
  });
}

type Meter = { start(): void; shares(): number[]; screenTranslated(): boolean };
type MeterCall = 'start' | 'shares' | 'screenTranslated';

describe('ahead of the reader', () => {
  let glossa: ChromiumGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: defaults('DE') } });
    glossa.api.faults.latencyMs = 100;
    glossa.pages.set('/reader/long.html', longArticle());
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('a reader scrolling one viewport per second sees at most 0.5% of the text untranslated', async () => {
    const page = await glossa.openPage('/reader/long.html');
    await page.setViewportSize(VIEWPORT);
    await page.evaluate(installMeter);
    const meter = <K extends MeterCall>(call: K) => page.evaluate((name) => (window as unknown as { __meter: Meter }).__meter[name]() as ReturnType<Meter[K]>, call);
    await glossa.dispatchCommand('translate-page', page);
    // The reader starts once the first screen reads translated.
    await waitUntil(() => meter('screenTranslated'), 'the first screen translated', 30_000);
    await meter('start');
    const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(height / VIEWPORT.height).toBeGreaterThan(25);
    // One viewport per second, in wheel steps of a tenth of a viewport.
    await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    const started = Date.now();
    let y = 0;
    while (y < height) {
      const due = ((Date.now() - started) / 1000) * VIEWPORT.height;
      if (due > y) {
        await page.mouse.wheel(0, due - y);
        y = due;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await glossa.waitForPhase(page, 'translated', 60_000);
    const shares = await meter('shares');
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    const sorted = [...shares].sort((a, b) => a - b);
    console.info(`[reader] ${shares.length} frames over ${Math.round(height / VIEWPORT.height)} viewports: untranslated on screen mean ${(mean * 100).toFixed(2)}%, p95 ${(sorted[Math.floor(sorted.length * 0.95)] * 100).toFixed(2)}%, max ${(sorted.at(-1)! * 100).toFixed(1)}%`);
    expect(shares.length).toBeGreaterThan(100);
    expect(mean).toBeLessThanOrEqual(0.005);
  });
});
