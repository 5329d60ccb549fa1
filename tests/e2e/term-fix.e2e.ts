// Fixing a term where the reader sees it, in Chromium against the local server: an entry added
// from a selection (PATCH merges exactly that entry; another tab of the pair picks it up on its
// next translation, re-requesting only the block that holds it), an entry added from the
// translated page through "Fix translation…" (only the blocks holding the phrase are sent
// again, with glossary_id, and now read the glossary's target), Undo (the entry removed with a
// PUT of the dictionary without it, the page follows again), and a validation failure that
// keeps what was typed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import type { RequestRecord } from '../../server/index';
import { launchGlossa, TEST_KEY, type Glossa } from './harness';
import { popoverIn, type GlossaRoot } from './closed-roots';

const HOST = 'glossa-selection-popover';

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour notes</title></head><body>
<p id="p1">The harbour master opens the gates at dawn.</p>
<p id="p2">Every harbour master keeps a log of the ships.</p>
<p id="p3">Boats leave the quay at noon.</p>
<p id="p4">The lighthouse keeper lives alone on the rock.</p>
<p id="p5">A harbourmaster is a single word here and must not change.</p>
</body></html>`;

const NOTES = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title></head><body>
<p id="note">We met the lighthouse keeper yesterday.</p>
</body></html>`;

const translateRequests = (log: RequestRecord[], from: number) => log.slice(from).filter((r) => r.path === '/v2/translate');
const glossaryRequests = (log: RequestRecord[], from: number, method: string) =>
  log.slice(from).filter((r) => r.method === method && r.path.startsWith('/v3/glossaries'));

async function selectText(page: Page, selector: string, text: string): Promise<string> {
  return page.evaluate(({ selector, text }) => {
    const root = document.querySelector(selector)!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
    const joined = texts.map((t) => t.data).join('');
    const at = joined.indexOf(text);
    if (at < 0) throw new Error(`"${text}" is not in ${selector} ("${joined}")`);
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe findings inside the popover. Its shadow root is closed, so axe runs in
 * Glossa's own isolated world, where the host is given a `shadowRoot` that only that world sees.
 */
async function axeFindings(popover: GlossaRoot): Promise<string[]> {
  if (!(await popover.evaluate(() => 'axe' in globalThis))) await popover.loadScript(axeSource);
  const violations = await popover.evaluate(async (root) => {
    Object.defineProperty(root.host, 'shadowRoot', { get: () => root, configurable: true });
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run({ include: [root.host] }, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(results.violations)) as Result[];
  });
  if (!violations) throw new Error('The popover closed before axe ran');
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** The value of a field of the form, found by its id. */
const valueOf = (popover: GlossaRoot, id: string) =>
  popover.waitFor((root, sel) => {
    const field = root.querySelector(sel) as HTMLInputElement | HTMLSelectElement | null;
    return field ? { value: field.value } : null;
  }, `#${id}`).then((found) => found.value);

/** Types into a field of the form as a user would: a click, select all, then the keys. */
async function typeInto(page: Page, popover: GlossaRoot, id: string, text: string): Promise<void> {
  await popover.click(`#${id}`);
  await page.keyboard.press('ControlOrMeta+A');
  if (text) await page.keyboard.type(text);
  else await page.keyboard.press('Backspace');
}

/** Waits until the popover shows text matching `pattern`; returns that text. */
const waitForText = (popover: GlossaRoot, pattern: RegExp) =>
  popover.waitFor((root, { source, flags }) => {
    const shown = (root.textContent ?? '').replace(/\s+/g, ' ');
    return new RegExp(source, flags).exec(shown)?.[0] ?? null;
  }, { source: pattern.source, flags: pattern.flags });

/** The glossary picker has loaded its glossaries. */
const glossariesLoaded = (popover: GlossaRoot) =>
  popover.waitFor((root) => {
    const select = root.querySelector('#glossa-term-glossary') as HTMLSelectElement | null;
    return !!select && !select.disabled;
  });

const textOf = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.textContent ?? '');

describe('fixing a term in place', () => {
  let glossa: Glossa;
  let article: Page;
  let glossaryId: string;

  beforeAll(async () => {
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
    glossa.pages.set('/harbour.html', ARTICLE);
    glossa.pages.set('/notes.html', NOTES);
    article = await glossa.openPage('/harbour.html');
    await glossa.dispatchCommand('translate-page', article);
    await glossa.waitForPhase(article, 'translated');
    expect(await textOf(article, '#p3')).toContain('Kai');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('adds an entry from a selection with one PATCH, and another tab of the pair re-requests only the block that holds it', async () => {
    const notes = await glossa.openPage('/notes.html');
    const from = glossa.api.log.length;
    const selected = await selectText(notes, '#note', 'lighthouse keeper');
    await glossa.clickMenu('translate-selection', notes, { selectionText: selected });
    const popover = popoverIn(notes, glossa.extensionId);
    await popover.text('.translation');
    await popover.click('.footer button', 'Add to glossary');

    expect(await valueOf(popover, 'glossa-term-source')).toBe('lighthouse keeper');
    expect(await valueOf(popover, 'glossa-term-target')).not.toBe('');
    await typeInto(notes, popover, 'glossa-term-target', 'Leuchtturmwärter');
    await glossariesLoaded(popover);
    expect(await valueOf(popover, 'glossa-term-glossary')).toBe(glossaryId);
    expect(await popover.evaluate((root) => [...root.querySelectorAll('#glossa-term-glossary option')].map((o) => o.textContent))).toEqual(['Harbour terms', 'New glossary…']);
    await popover.click('.term-actions button[type="submit"]', 'Add to glossary');
    await waitForText(popover, /Added to “Harbour terms”\./);
    await waitForText(popover, /This page is not shown in this language pair/);

    const patches = glossaryRequests(glossa.api.log, from, 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0].path).toBe(`/v3/glossaries/${glossaryId}`);
    expect(patches[0].params).toEqual({ dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'lighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' }] });
    expect(glossaryRequests(glossa.api.log, from, 'PUT')).toHaveLength(0);
    await notes.close();

    // The other tab's next translation: every block comes from the cache but the one with the phrase.
    await article.bringToFront();
    await glossa.dispatchCommand('translate-page', article);
    await glossa.waitForPhase(article, 'original');
    const again = glossa.api.log.length;
    await glossa.dispatchCommand('translate-page', article);
    await glossa.waitForPhase(article, 'translated');
    await glossa.waitForText(article, 'Leuchtturmwärter');
    const requests = translateRequests(glossa.api.log, again);
    expect(requests).toHaveLength(1);
    expect(requests[0].params).toMatchObject({ text: ['The lighthouse keeper lives alone on the rock.'], glossary_id: glossaryId, source_lang: 'EN' });
    expect(await textOf(article, '#p4')).toContain('Leuchtturmwärter');
  });

  it('fixes a term from the translated page: the original sentence picks the phrase, and only the blocks holding it are sent again', async () => {
    const before = {
      p3: await textOf(article, '#p3'), p4: await textOf(article, '#p4'), p5: await textOf(article, '#p5'),
    };
    const translatedWords = (await textOf(article, '#p1')).split(' ');
    const selected = await selectText(article, '#p1', translatedWords.slice(1, 3).join(' '));
    const from = glossa.api.log.length;
    await glossa.clickMenu('fix-translation', article, { selectionText: selected });

    const dialog = popoverIn(article, glossa.extensionId);
    expect(await dialog.text('[role="dialog"] #glossa-fix-title')).toBe('Fix translation');
    expect(await dialog.text('.term-sentence')).toBe('The harbour master opens the gates at dawn.');
    expect(await dialog.text('.term-translated mark')).toBe(selected);
    expect(await valueOf(dialog, 'glossa-term-target')).toBe(selected);
    // A mouse click on one word, the keyboard on the next: the phrase grows to both.
    await dialog.click('.term-sentence .word', 'harbour');
    await dialog.evaluate((root) => ([...root.querySelectorAll<HTMLElement>('.term-sentence .word')].find((w) => w.textContent === 'master'))!.focus());
    await article.keyboard.press('Enter');
    expect(await valueOf(dialog, 'glossa-term-source')).toBe('harbour master');
    await glossariesLoaded(dialog);
    expect(await valueOf(dialog, 'glossa-term-glossary')).toBe(glossaryId);
    await typeInto(article, dialog, 'glossa-term-target', 'Hafenmeister');
    await article.keyboard.press('Enter');

    const follows = await waitForText(dialog, /The page follows: 2 blocks translated again, \d+ characters billed/);
    const patches = glossaryRequests(glossa.api.log, from, 'PATCH');
    expect(patches.map((p) => p.params)).toEqual([
      { dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'harbour master\tHafenmeister', entries_format: 'tsv' }] },
    ]);
    const requests = translateRequests(glossa.api.log, from);
    expect(requests).toHaveLength(1);
    expect(requests[0].params).toMatchObject({
      text: ['The harbour master opens the gates at dawn.', 'Every harbour master keeps a log of the ships.'], glossary_id: glossaryId, source_lang: 'EN',
    });
    const billed = requests[0].billedCharacters!;
    expect(billed).toBe('The harbour master opens the gates at dawn.'.length + 'Every harbour master keeps a log of the ships.'.length);
    expect(follows).toContain(`2 blocks translated again, ${billed} characters billed`);
    expect(await textOf(article, '#p1')).toContain('Hafenmeister');
    expect(await textOf(article, '#p2')).toContain('Hafenmeister');
    // Blocks without the whole phrase keep their translation (p5 holds "harbourmaster", one word).
    expect({ p3: await textOf(article, '#p3'), p4: await textOf(article, '#p4'), p5: await textOf(article, '#p5') }).toEqual(before);

    // Dark pages get the dark popover.
    await article.emulateMedia({ colorScheme: 'dark' });
    expect(await dialog.evaluate((root) => getComputedStyle(root.querySelector('.popover')!).backgroundColor)).toBe('rgb(48, 49, 52)');
    await article.emulateMedia({ colorScheme: 'light' });

    // The popup says what the fix cost.
    const popup = await glossa.openPopup(article);
    await popup.getByTestId('term-fix-report').waitFor();
    expect(await popup.getByTestId('term-fix-report').textContent()).toContain(`2 blocks translated again, ${billed} characters billed`);
    await popup.close();
    await article.bringToFront();
  });

  it('undoes the fix: the entry is removed with a PUT of the dictionary without it, and the page follows again', async () => {
    const dialog = popoverIn(article, glossa.extensionId);
    const from = glossa.api.log.length;
    await dialog.click('.term-done button', 'Undo');
    await waitForText(dialog, /Undone\. The page follows: 2 blocks translated again/);

    const puts = glossaryRequests(glossa.api.log, from, 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].params).toEqual({ source_lang: 'en', target_lang: 'de', entries: 'quay\tKai\nlighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' });
    const requests = translateRequests(glossa.api.log, from);
    expect(requests).toHaveLength(1);
    expect((requests[0].params as { text: string[] }).text).toHaveLength(2);
    expect(await textOf(article, '#p1')).not.toContain('Hafenmeister');
    expect(await textOf(article, '#p2')).not.toContain('Hafenmeister');
    await dialog.click('.term-actions button', 'Close');
    await article.locator(HOST).waitFor({ state: 'detached' });
  });

  it('shows a validation failure at its field and keeps what was typed', async () => {
    const translatedWords = (await textOf(article, '#p3')).split(' ');
    const selected = await selectText(article, '#p3', translatedWords[0]);
    await glossa.clickMenu('fix-translation', article, { selectionText: selected });
    const dialog = popoverIn(article, glossa.extensionId);
    await dialog.text('[role="dialog"] #glossa-fix-title');
    const from = glossa.api.log.length;
    await typeInto(article, dialog, 'glossa-term-source', ' Boats');
    await typeInto(article, dialog, 'glossa-term-target', 'Boote');
    await glossariesLoaded(dialog);
    await dialog.click('.term-actions button[type="submit"]', 'Add to glossary');
    await waitForText(dialog, /This phrase starts or ends with a space\./);
    expect(await valueOf(dialog, 'glossa-term-source')).toBe(' Boats');
    expect(await valueOf(dialog, 'glossa-term-target')).toBe('Boote');
    expect(await dialog.evaluate((root) => root.querySelector('#glossa-term-source')!.getAttribute('aria-invalid'))).toBe('true');
    expect(glossaryRequests(glossa.api.log, from, 'PATCH')).toHaveLength(0);
    // The form with its error reads well in both schemes.
    for (const colorScheme of ['light', 'dark'] as const) {
      await article.emulateMedia({ colorScheme });
      expect(await axeFindings(dialog)).toEqual([]);
    }
    await article.emulateMedia({ colorScheme: 'light' });
    await article.keyboard.press('Escape');
    await article.locator(HOST).waitFor({ state: 'detached' });
  });
});
