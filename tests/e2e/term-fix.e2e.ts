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
import type { AxeResults } from 'axe-core';
import type { RequestRecord } from '../../server/index';
import { launchGlossa, TEST_KEY, type Glossa } from './harness';

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

/** Serious and critical axe findings inside the popover (axe walks its open shadow root). */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe.run(
    { include: ['glossa-selection-popover'] }, { resultTypes: ['violations'] },
  ));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

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
    const popover = notes.locator(HOST);
    await popover.locator('.translation').waitFor();
    await popover.getByRole('button', { name: 'Add to glossary' }).click();

    expect(await popover.getByLabel('Source phrase', { exact: true }).inputValue()).toBe('lighthouse keeper');
    expect(await popover.getByLabel('Target phrase', { exact: true }).inputValue()).not.toBe('');
    await popover.getByLabel('Target phrase', { exact: true }).fill('Leuchtturmwärter');
    const glossary = popover.getByLabel('Glossary', { exact: true });
    await notes.waitForFunction(() => !document.querySelector('glossa-selection-popover')?.shadowRoot?.querySelector('select[disabled]'));
    expect(await glossary.inputValue()).toBe(glossaryId);
    expect(await glossary.locator('option').allTextContents()).toEqual(['Harbour terms', 'New glossary…']);
    await popover.getByRole('button', { name: 'Add to glossary' }).click();
    await popover.getByText('Added to “Harbour terms”.').waitFor();
    await popover.getByText(/This page is not shown in this language pair/).waitFor();

    const patches = glossaryRequests(glossa.api.log, from, 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0].path).toBe(`/v3/glossaries/${glossaryId}`);
    expect(patches[0].params).toEqual({ dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'lighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' }] });
    expect(glossaryRequests(glossa.api.log, from, 'PUT')).toHaveLength(0);
    await notes.close();

    // The other tab's next translation: every block comes from the cache but the one with the phrase.
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

    const dialog = article.locator(HOST);
    await dialog.getByRole('dialog', { name: 'Fix translation' }).waitFor();
    expect(await dialog.locator('.term-sentence').textContent()).toBe('The harbour master opens the gates at dawn.');
    expect(await dialog.locator('.term-translated mark').textContent()).toBe(selected);
    expect(await dialog.getByLabel('Target phrase', { exact: true }).inputValue()).toBe(selected);
    // A mouse click on one word, the keyboard on the next: the phrase grows to both.
    await dialog.locator('.term-sentence .word', { hasText: /^harbour$/ }).click();
    await dialog.locator('.term-sentence .word', { hasText: /^master$/ }).focus();
    await article.keyboard.press('Enter');
    expect(await dialog.getByLabel('Source phrase', { exact: true }).inputValue()).toBe('harbour master');
    await dialog.getByLabel('Target phrase', { exact: true }).fill('Hafenmeister');
    await article.waitForFunction(() => !document.querySelector('glossa-selection-popover')?.shadowRoot?.querySelector('select[disabled]'));
    expect(await dialog.getByLabel('Glossary', { exact: true }).inputValue()).toBe(glossaryId);
    await dialog.getByLabel('Target phrase', { exact: true }).press('Enter');

    await dialog.getByText(/The page follows: 2 blocks translated again/).waitFor();
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
    expect(await dialog.getByText(/The page follows/).textContent()).toContain(`2 blocks translated again, ${billed} characters billed`);
    expect(await textOf(article, '#p1')).toContain('Hafenmeister');
    expect(await textOf(article, '#p2')).toContain('Hafenmeister');
    // Blocks without the whole phrase keep their translation (p5 holds "harbourmaster", one word).
    expect({ p3: await textOf(article, '#p3'), p4: await textOf(article, '#p4'), p5: await textOf(article, '#p5') }).toEqual(before);

    // Dark pages get the dark popover.
    await article.emulateMedia({ colorScheme: 'dark' });
    expect(await dialog.locator('.popover').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(31, 31, 36)');
    await article.emulateMedia({ colorScheme: 'light' });

    // The popup says what the fix cost.
    const popup = await glossa.openPopup(article);
    await popup.getByTestId('term-fix-report').waitFor();
    expect(await popup.getByTestId('term-fix-report').textContent()).toContain(`2 blocks translated again, ${billed} characters billed`);
    await popup.close();
    await article.bringToFront();
  });

  it('undoes the fix: the entry is removed with a PUT of the dictionary without it, and the page follows again', async () => {
    const dialog = article.locator(HOST);
    const from = glossa.api.log.length;
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await dialog.getByText('Undone.').waitFor();
    await dialog.getByText(/The page follows: 2 blocks translated again/).waitFor();

    const puts = glossaryRequests(glossa.api.log, from, 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].params).toEqual({ source_lang: 'en', target_lang: 'de', entries: 'quay\tKai\nlighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' });
    const requests = translateRequests(glossa.api.log, from);
    expect(requests).toHaveLength(1);
    expect((requests[0].params as { text: string[] }).text).toHaveLength(2);
    expect(await textOf(article, '#p1')).not.toContain('Hafenmeister');
    expect(await textOf(article, '#p2')).not.toContain('Hafenmeister');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a validation failure at its field and keeps what was typed', async () => {
    const translatedWords = (await textOf(article, '#p3')).split(' ');
    const selected = await selectText(article, '#p3', translatedWords[0]);
    await glossa.clickMenu('fix-translation', article, { selectionText: selected });
    const dialog = article.locator(HOST);
    await dialog.getByRole('dialog', { name: 'Fix translation' }).waitFor();
    const from = glossa.api.log.length;
    await dialog.getByLabel('Source phrase', { exact: true }).fill(' Boats');
    await dialog.getByLabel('Target phrase', { exact: true }).fill('Boote');
    await article.waitForFunction(() => !document.querySelector('glossa-selection-popover')?.shadowRoot?.querySelector('select[disabled]'));
    await dialog.getByRole('button', { name: 'Add to glossary' }).click();
    await dialog.getByText('This phrase starts or ends with a space.').waitFor();
    expect(await dialog.getByLabel('Source phrase', { exact: true }).inputValue()).toBe(' Boats');
    expect(await dialog.getByLabel('Target phrase', { exact: true }).inputValue()).toBe('Boote');
    expect(await dialog.getByLabel('Source phrase', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(glossaryRequests(glossa.api.log, from, 'PATCH')).toHaveLength(0);
    // The form with its error reads well in both schemes.
    for (const colorScheme of ['light', 'dark'] as const) {
      await article.emulateMedia({ colorScheme });
      expect(await axeFindings(article)).toEqual([]);
    }
    await article.emulateMedia({ colorScheme: 'light' });
    await article.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
