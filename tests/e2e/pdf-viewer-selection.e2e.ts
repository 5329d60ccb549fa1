// The PDF viewer's selection popover, Add to glossary and Fix translation, and the PDF's links,
// end to end in Chromium: the background's `translate-selection` and `fix-translation` reach the
// viewer page, which opens the page's popover and term form frame at the selection; the entry
// lands on the server; a fixed term translates again exactly the paragraphs that hold it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { pseudoTranslate } from '../../server/index';
import { launchGlossaInChromium as launchGlossa, TEST_KEY, type ChromiumGlossa as Glossa } from '../e2e-lib/chromium-harness';
import { translateRequests, textsOf } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';
import { startPdfServer, type PdfServer } from './pdf-server';
import { HARBOUR, HARBOUR_LINK_TEXT, HARBOUR_PAGE_TWO, harbourNotes, type TestPdf } from '../pdf/make-pdfs';

const de = (text: string) => pseudoTranslate(text, 'DE');
const HOOKS = 'glossa.test-hooks';

/** Selects `text` inside the first element matching `selector` of the viewer; returns what is selected. */
async function selectText(page: Page, selector: string, text: string): Promise<string> {
  return page.evaluate(({ selector, text }) => {
    const root = [...document.querySelectorAll(selector)].find((el) => (el.textContent ?? '').includes(text));
    if (!root) throw new Error(`"${text}" is not in ${selector}`);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
    const at = texts.map((t) => t.data).join('').indexOf(text);
    const locate = (offset: number): [Text, number] => {
      let seen = 0;
      for (const node of texts) {
        if (offset <= seen + node.length) return [node, offset - seen];
        seen += node.length;
      }
      throw new Error('offset out of range');
    };
    const [startNode, startOffset] = locate(at);
    const [endNode, endOffset] = locate(at + text.length);
    window.getSelection()!.setBaseAndExtent(startNode, startOffset, endNode, endOffset);
    return window.getSelection()!.toString();
  }, { selector, text });
}

/** Runs `fn` on the popover's closed shadow root (the e2e build exposes it); null when none is open. */
function inPopover<R>(page: Page, fn: string): Promise<R | null> {
  return page.evaluate(({ hooks, fn }) => {
    const registry = (globalThis as unknown as Record<symbol, { popover?: () => ShadowRoot | null } | undefined>)[Symbol.for(hooks)];
    const root = registry?.popover?.() ?? null;
    return root ? (new Function('root', `return (${fn})(root)`) as (r: ShadowRoot) => R)(root) : null;
  }, { hooks: HOOKS, fn });
}

/** The term form frame the viewer shows, other than the `earlier` ones (a new form replaces the last). */
async function formFrame(glossa: Glossa, page: Page, earlier: Frame[] = []): Promise<Frame> {
  let found: Frame | undefined;
  await waitUntil(() => {
    found = page.frames().find((frame) => !earlier.includes(frame) && !frame.isDetached() && frame.url().startsWith(`${glossa.extensionUrl}/term-form.html#`));
    return !!found;
  }, 'the term form frame', 15_000);
  return found!;
}

async function waitForText(frame: Frame, pattern: RegExp): Promise<string> {
  let found = '';
  await waitUntil(async () => {
    found = pattern.exec(((await frame.locator('body').textContent()) ?? '').replace(/\s+/g, ' '))?.[0] ?? '';
    return found !== '';
  }, `text matching ${pattern}`, 20_000);
  return found;
}

/** The translations a page shows (in the side by side view: `side`), once none is waiting. */
async function translations(viewer: Page, page: number, side = true): Promise<string[]> {
  const selector = `.pdf-row[data-page="${page}"] ${side ? '.pdf-side ' : ''}.pdf-translation`;
  await viewer.waitForFunction((sel) => {
    const items = [...document.querySelectorAll<HTMLElement>(sel)];
    return items.length > 0 && items.every((item) => item.dataset.state === 'done');
  }, selector, { timeout: 30_000 });
  return viewer.$$eval(selector, (items) => items.map((item) => item.textContent ?? ''));
}

async function entriesOnServer(glossa: Glossa, glossaryId: string): Promise<string> {
  const response = await fetch(`${glossa.api.url}/v3/glossaries/${glossaryId}/entries?source_lang=en&target_lang=de`, { headers: { Authorization: `Service-Auth-Key ${TEST_KEY}` } });
  const body = (await response.json()) as { dictionaries: { entries: string }[] };
  return body.dictionaries[0]?.entries ?? '';
}

describe('PDF viewer: selection, glossary and links (Chromium)', () => {
  let glossa: Glossa;
  let pdfs: PdfServer;
  let pdf: TestPdf;
  let glossaryId: string;
  let viewer: Page;

  beforeAll(async () => {
    pdf = await harbourNotes();
    pdfs = await startPdfServer([pdf]);
    glossa = await launchGlossa();
    const response = await fetch(`${glossa.api.url}/v3/glossaries`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${TEST_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Harbour terms', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'quay\tKai', entries_format: 'tsv' }] }),
    });
    glossaryId = ((await response.json()) as { glossary_id: string }).glossary_id;
    await glossa.setStorage({
      defaults: { targetLang: 'DE', sourceLang: 'EN', formality: 'default', modelType: 'latency_optimized', bilingual: false },
      defaultGlossaries: { 'en>de': glossaryId },
    });
    viewer = await glossa.context.newPage();
    await viewer.setViewportSize({ width: 1400, height: 900 });
    await viewer.goto(`${glossa.extensionUrl}/pdf-viewer.html?file=${encodeURIComponent(pdfs.url(pdf.name))}`);
    await viewer.bringToFront();
    expect(await translations(viewer, 0)).toEqual(pdf.firstPage.map(de));
  });
  afterAll(async () => {
    await glossa?.close();
    await pdfs?.close();
  });

  it('translates words selected in the text layer in the popover, and Add to glossary saves the entry on the server', async () => {
    await viewer.locator('.pdf-row[data-page="0"] .textLayer span').first().waitFor();
    const selected = await selectText(viewer, '.pdf-row[data-page="0"] .textLayer', 'lighthouse keeper');
    expect(selected).toBe('lighthouse keeper');
    const from = glossa.api.log.length;
    await glossa.clickMenu('translate-selection', viewer, { selectionText: selected });
    await waitUntil(async () => (await inPopover<string>(viewer, '(root) => root.querySelector(".translation")?.textContent ?? ""')) === de('lighthouse keeper'), 'the popover to show the translation', 15_000);
    // The selection went with its paragraph as unbilled context.
    const sent = translateRequests(glossa.api.log, from);
    expect(sent.map(textsOf)).toEqual([['lighthouse keeper']]);
    expect(sent[0].params).toMatchObject({ context: HARBOUR[2], glossary_id: glossaryId });

    await inPopover(viewer, '(root) => [...root.querySelectorAll(".footer button")].find((b) => b.textContent === "Add to glossary").click()');
    const form = await formFrame(glossa, viewer);
    expect(await form.locator('#glossa-term-source').inputValue()).toBe('lighthouse keeper');
    await form.locator('#glossa-term-glossary:not([disabled])').waitFor();
    await form.locator('#glossa-term-target').fill('Leuchtturmwärter');
    await form.locator('.term-actions button[type="submit"]', { hasText: 'Add to glossary' }).click();
    await waitForText(form, /Added to “Harbour terms”\./);
    expect((await entriesOnServer(glossa, glossaryId)).split('\n')).toContain('lighthouse keeper\tLeuchtturmwärter');
    // The viewer follows: the paragraph with the phrase now shows the glossary's term.
    await waitUntil(async () => (await translations(viewer, 0))[2].includes('Leuchtturmwärter'), 'the paragraph to follow the new entry', 15_000);
    await inPopover(viewer, '(root) => root.querySelector("button.close, [aria-label=\'Close\']")?.click()');
    await viewer.keyboard.press('Escape');
  });

  it('fixes a term selected in the translation: only the paragraphs holding it are translated again', async () => {
    const before = await translations(viewer, 0);
    const words = before[0].split(' ');
    const selected = await selectText(viewer, '.pdf-row[data-page="0"] .pdf-side .pdf-translation', words.slice(1, 3).join(' '));
    const from = glossa.api.log.length;
    const earlier = viewer.frames();
    await glossa.clickMenu('fix-translation', viewer, { selectionText: selected });
    const dialog = await formFrame(glossa, viewer, earlier);
    expect(await dialog.locator('.term-sentence').textContent()).toBe(HARBOUR[0]);
    await dialog.locator('.term-sentence .word', { hasText: /^harbour$/ }).click();
    await dialog.locator('.term-sentence .word', { hasText: /^master$/ }).click();
    expect(await dialog.locator('#glossa-term-source').inputValue()).toBe('harbour master');
    await dialog.locator('#glossa-term-glossary:not([disabled])').waitFor();
    await dialog.locator('#glossa-term-target').fill('Hafenmeister');
    await dialog.locator('.term-actions button[type="submit"]').click();
    const follows = await waitForText(dialog, /2 blocks translated again, \d+ characters billed/);
    expect((await entriesOnServer(glossa, glossaryId)).split('\n')).toContain('harbour master\tHafenmeister');
    const requests = translateRequests(glossa.api.log, from);
    expect(requests.flatMap(textsOf).sort()).toEqual([HARBOUR[0], HARBOUR[1]].sort());
    expect(requests.every((r) => (r.params as { glossary_id?: string }).glossary_id === glossaryId)).toBe(true);
    expect(follows).toContain(`${HARBOUR[0].length + HARBOUR[1].length} characters billed`);
    const after = await translations(viewer, 0);
    expect(after[0]).toContain('Hafenmeister');
    expect(after[1]).toContain('Hafenmeister');
    expect(after.slice(2)).toEqual(before.slice(2));
    await viewer.keyboard.press('Escape');
  });

  it('opens the popover from the translate-selection shortcut for words selected in the translation', async () => {
    const shown = (await translations(viewer, 0))[3];
    const words = shown.split(' ').slice(0, 2).join(' ');
    const selected = await selectText(viewer, '.pdf-row[data-page="0"] .pdf-side .pdf-translation', words);
    await glossa.dispatchCommand('translate-selection', viewer);
    await waitUntil(async () => (await inPopover<string>(viewer, '(root) => root.querySelector(".translation")?.textContent ?? ""')) === de(selected), 'the popover to show the translation', 15_000);
    await viewer.keyboard.press('Escape');
    await waitUntil(async () => (await inPopover(viewer, '() => true')) === null, 'Escape to close the popover', 10_000);
  });

  it('makes the PDF\'s links clickable: a web link opens in a new tab without opener, a page link scrolls', async () => {
    for (const view of ['side', 'over'] as const) {
      await viewer.getByLabel('View').selectOption(view);
      const external = viewer.locator('.pdf-row[data-page="0"] .pdf-links a[href="https://example.com/harbour"]');
      await external.waitFor();
      expect(await external.getAttribute('target')).toBe('_blank');
      expect(await external.getAttribute('rel')).toContain('noopener');
      const internal = viewer.locator('.pdf-row[data-page="0"] .pdf-links a[data-dest-page="1"]');
      await internal.waitFor();
      expect(await internal.getAttribute('aria-label')).toBe(HARBOUR_LINK_TEXT);
      await viewer.evaluate(() => window.scrollTo(0, 0));
      const top = () => viewer.locator('.pdf-row[data-page="1"]').evaluate((el) => el.getBoundingClientRect().top);
      const before = await top();
      await internal.click();
      await waitUntil(async () => (await top()) < before - 300, 'the second page to scroll up into view', 10_000);
      expect(await translations(viewer, 1, view === 'side')).toEqual([de(HARBOUR_PAGE_TWO)]);
      await viewer.locator('.pdf-row[data-page="0"]').scrollIntoViewIfNeeded();
    }
    const opened = glossa.context.waitForEvent('page');
    await viewer.locator('.pdf-row[data-page="0"] .pdf-links a[href="https://example.com/harbour"]').click();
    const tab = await opened;
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
  });
});
