// Fixing a term where the reader sees it, in Chromium against the local server: an entry added
// from a selection (PATCH merges exactly that entry; another tab of the pair picks it up on its
// next translation, re-requesting only the block that holds it), an entry added from the
// translated page through "Fix translation…" (only the blocks holding the phrase are sent
// again, with glossary_id, and now read the glossary's target), Undo (the entry removed with a
// PUT of the dictionary without it, the page follows again), and a validation failure that
// keeps what was typed. The forms run in Glossa's term form frame (an extension page the content
// script places on the page), reached here as a Playwright frame; and Glossa's content script
// itself can neither read nor write glossaries.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Frame, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import type { RequestRecord } from '../../server/index';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { popoverIn } from '../e2e-lib/closed-roots-chromium';
import { waitUntil } from '../e2e-lib/wait';

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

/** The term form frame Glossa shows on `page` (an extension page: the form runs out of the page's reach). */
async function formFrame(glossa: ChromiumGlossa, page: Page): Promise<Frame> {
  let found: Frame | undefined;
  await waitUntil(() => {
    found = page.frames().find((frame) => frame.url().startsWith(`${glossa.extensionUrl}/term-form.html#`));
    return !!found;
  }, 'the term form frame', 15_000);
  return found!;
}

/** Serious and critical axe findings in the term form frame. */
async function axeFindings(frame: Frame): Promise<string[]> {
  if (!(await frame.evaluate(() => 'axe' in globalThis))) await frame.evaluate(axeSource);
  const violations = await frame.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(results.violations)) as Result[];
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** The value of a field of the form, found by its id. */
const valueOf = (frame: Frame, id: string) => frame.locator(`#${id}`).inputValue();

/**
 * Types into a field of the form as a keyboard user would: focus, select all, then the keys.
 * (Headless Chromium does not always deliver a mouse click into the form frame once it has resized.)
 */
async function typeInto(page: Page, frame: Frame, id: string, text: string): Promise<void> {
  await frame.locator(`#${id}`).focus();
  await page.keyboard.press('ControlOrMeta+A');
  if (text) await page.keyboard.type(text);
  else await page.keyboard.press('Backspace');
}

/** Waits until the form shows text matching `pattern`; returns that text. */
async function waitForText(frame: Frame, pattern: RegExp): Promise<string> {
  let found = '';
  await waitUntil(async () => {
    const shown = ((await frame.locator('body').textContent()) ?? '').replace(/\s+/g, ' ');
    found = pattern.exec(shown)?.[0] ?? '';
    return found !== '';
  }, `text matching ${pattern}`, 20_000);
  return found;
}

/** The glossary picker has loaded its glossaries. */
const glossariesLoaded = (frame: Frame) => frame.locator('#glossa-term-glossary:not([disabled])').waitFor();

/** Glossa's content script world of the page's top frame, over the DevTools protocol. */
async function contentWorld(glossa: ChromiumGlossa, page: Page): Promise<{ cdp: CDPSession; run<R>(expression: string): Promise<R> }> {
  const cdp = await glossa.context.newCDPSession(page);
  const contexts: { id: number; origin: string; type: string; frameId: string }[] = [];
  cdp.on('Runtime.executionContextCreated', (event: { context: { id: number; origin: string; auxData?: { type?: string; frameId?: string } } }) => {
    contexts.push({ id: event.context.id, origin: event.context.origin, type: event.context.auxData?.type ?? '', frameId: event.context.auxData?.frameId ?? '' });
  });
  await cdp.send('Runtime.enable');
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const world = contexts.find((c) => c.type === 'isolated' && c.frameId === frameTree.frame.id && c.origin.startsWith(glossa.extensionUrl));
  if (!world) throw new Error('Glossa\'s content script does not run in the page');
  return {
    cdp,
    async run<R>(expression: string): Promise<R> {
      const reply = (await cdp.send('Runtime.evaluate', { expression, contextId: world.id, awaitPromise: true, returnByValue: true })) as { result: { value?: R }; exceptionDetails?: { text: string } };
      if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.text);
      return reply.result.value as R;
    },
  };
}

const textOf = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.textContent ?? '');

describe('fixing a term in place', () => {
  let glossa: ChromiumGlossa;
  let article: Page;
  let glossaryId: string;

  beforeAll(async () => {
    glossa = await launchGlossaInChromium();
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
    const form = await formFrame(glossa, notes);
    // The popover (in the page's process) holds the frame, never the form's fields.
    expect(await popover.evaluate((root) => root.querySelectorAll('input, form').length)).toBe(0);

    expect(await valueOf(form, 'glossa-term-source')).toBe('lighthouse keeper');
    expect(await valueOf(form, 'glossa-term-target')).not.toBe('');
    await typeInto(notes, form, 'glossa-term-target', 'Leuchtturmwärter');
    await glossariesLoaded(form);
    expect(await valueOf(form, 'glossa-term-glossary')).toBe(glossaryId);
    expect(await form.locator('#glossa-term-glossary option').allTextContents()).toEqual(['Harbour terms', 'New glossary…']);
    await form.locator('.term-actions button[type="submit"]', { hasText: 'Add to glossary' }).click();
    await waitForText(form, /Added to “Harbour terms”\./);
    await waitForText(form, /This page is not shown in this language pair/);

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

    const dialog = await formFrame(glossa, article);
    expect(await dialog.locator('[role="dialog"] #glossa-fix-title').textContent()).toBe('Fix translation');
    expect(await dialog.locator('.term-sentence').textContent()).toBe('The harbour master opens the gates at dawn.');
    expect(await dialog.locator('.term-translated mark').textContent()).toBe(selected);
    expect(await valueOf(dialog, 'glossa-term-target')).toBe(selected);
    // A mouse click on one word, the keyboard on the next: the phrase grows to both.
    await dialog.locator('.term-sentence .word', { hasText: /^harbour$/ }).click();
    await dialog.locator('.term-sentence .word', { hasText: /^master$/ }).focus();
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
    expect(await dialog.locator('.popover').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(48, 49, 52)');
    await article.emulateMedia({ colorScheme: 'light' });

    // The popup says what the fix cost.
    const popup = await glossa.openPopup(article);
    await popup.getByTestId('term-fix-report').waitFor();
    expect(await popup.getByTestId('term-fix-report').textContent()).toContain(`2 blocks translated again, ${billed} characters billed`);
    await popup.close();
    await article.bringToFront();
  });

  it('undoes the fix: the entry is removed with a PUT of the dictionary without it, and the page follows again', async () => {
    const dialog = await formFrame(glossa, article);
    const from = glossa.api.log.length;
    // By keyboard: headless Chromium does not always deliver a mouse click into a frame that has just resized.
    await dialog.locator('.term-done button', { hasText: 'Undo' }).focus();
    await article.keyboard.press('Enter');
    await waitForText(dialog, /Undone\. The page follows: 2 blocks translated again/);

    const puts = glossaryRequests(glossa.api.log, from, 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].params).toEqual({ source_lang: 'en', target_lang: 'de', entries: 'quay\tKai\nlighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' });
    const requests = translateRequests(glossa.api.log, from);
    expect(requests).toHaveLength(1);
    expect((requests[0].params as { text: string[] }).text).toHaveLength(2);
    expect(await textOf(article, '#p1')).not.toContain('Hafenmeister');
    expect(await textOf(article, '#p2')).not.toContain('Hafenmeister');
    // By keyboard: headless Chromium can route a mouse click into a frame that just resized to a stale spot.
    await dialog.locator('.term-actions button', { hasText: 'Close' }).focus();
    await article.keyboard.press('Enter');
    await article.locator(HOST).waitFor({ state: 'detached' });
  });

  it('shows a validation failure at its field and keeps what was typed', async () => {
    const translatedWords = (await textOf(article, '#p3')).split(' ');
    const selected = await selectText(article, '#p3', translatedWords[0]);
    await glossa.clickMenu('fix-translation', article, { selectionText: selected });
    const dialog = await formFrame(glossa, article);
    await dialog.locator('[role="dialog"] #glossa-fix-title').waitFor();
    const from = glossa.api.log.length;
    await typeInto(article, dialog, 'glossa-term-source', ' Boats');
    await typeInto(article, dialog, 'glossa-term-target', 'Boote');
    await glossariesLoaded(dialog);
    await dialog.locator('.term-actions button[type="submit"]', { hasText: 'Add to glossary' }).focus();
    await article.keyboard.press('Enter');
    await waitForText(dialog, /This phrase starts or ends with a space\./);
    expect(await valueOf(dialog, 'glossa-term-source')).toBe(' Boats');
    expect(await valueOf(dialog, 'glossa-term-target')).toBe('Boote');
    expect(await dialog.locator('#glossa-term-source').getAttribute('aria-invalid')).toBe('true');
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
  it('Glossa\'s own content script of the translated tab can neither read glossary entries, nor write one, nor change a default glossary', async () => {
    const serverGlossaries = async () => {
      const headers = { Authorization: `Service-Auth-Key ${TEST_KEY}` };
      const list = (await (await fetch(`${glossa.api.url}/v3/glossaries`, { headers })).json()) as { glossaries: { glossary_id: string; name: string }[] };
      const entries = await (await fetch(`${glossa.api.url}/v3/glossaries/${glossaryId}/entries?source_lang=en&target_lang=de`, { headers })).text();
      return { list: list.glossaries.map((g) => `${g.glossary_id} ${g.name}`).sort(), entries };
    };
    const before = await serverGlossaries();
    const defaultsBefore = await glossa.inWorker(async () => (await chrome.storage.local.get('defaultGlossaries')).defaultGlossaries);
    const jobBefore = (await glossa.tabState(article)) as unknown as { job?: { glossaryId?: string } };
    const from = glossa.api.log.length;

    const world = await contentWorld(glossa, article);
    const attempts: [string, unknown][] = [
      ['glossaryList', {}],
      ['glossaryGet', { id: glossaryId }],
      ['glossaryEntries', { id: glossaryId, sourceLang: 'en', targetLang: 'de' }],
      ['termFixOptions', { sourceLang: 'en', targetLang: 'de' }],
      // A source looked up by guessing: the "exists" answer would tell its current target.
      ['termFixSave', { source: 'quay', target: 'x', sourceLang: 'en', targetLang: 'de', glossaryId }],
      ['termFixSave', { source: 'quay', target: 'Planted', sourceLang: 'en', targetLang: 'de', glossaryId, replace: true }],
      ['termFixSave', { source: 'gate', target: 'Planted', sourceLang: 'en', targetLang: 'de', glossaryId: '', newName: 'Planted' }],
      ['glossaryPatch', { id: glossaryId, dictionary: { source_lang: 'en', target_lang: 'de', entries: 'gate\tPlanted', entries_format: 'tsv' } }],
      ['glossaryCreate', { name: 'Planted', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'gate\tPlanted', entries_format: 'tsv' }] }],
      ['saveSettings', { defaultGlossaries: { 'en>de': 'planted-id' } }],
      ['termFixRefresh', { glossaryId: 'planted-id', source: 'gate', sourceLang: 'en', targetLang: 'de' }],
      ['termFormData', { handle: '3b0c1f5e-2a44-4c1e-9d3e-7a1b2c3d4e5f' }],
    ];
    const replies = await world.run<{ type: string; reply: string }[]>(`(async () => {
      const api = globalThis.chrome ?? globalThis.browser;
      const out = [];
      for (const [type, data] of ${JSON.stringify(attempts)}) {
        try { out.push({ type, reply: JSON.stringify(await api.runtime.sendMessage({ glossa: type, data })) }); }
        catch (err) { out.push({ type, reply: 'threw: ' + (err && err.message) }); }
      }
      return out;
    })()`);
    for (const { type, reply } of replies) expect({ type, reply: JSON.parse(reply) }).toMatchObject({ type, reply: { ok: false, error: { code: 'forbidden' } } });
    // Nor can it read what the background keeps for forms (storage.session) or the defaults (storage.local).
    const storage = await world.run<string>(`(async () => {
      const api = globalThis.chrome ?? globalThis.browser;
      const read = async (area) => { try { return JSON.stringify(await api.storage[area].get(null)); } catch (err) { return 'refused'; } };
      return JSON.stringify({ local: await read('local'), session: await read('session') });
    })()`);
    expect(storage).not.toContain(glossaryId);
    await world.cdp.detach();

    expect(glossa.api.log.slice(from).filter((r) => r.path.startsWith('/v3/glossaries'))).toEqual([]);
    expect(await serverGlossaries()).toEqual(before);
    expect(await glossa.inWorker(async () => (await chrome.storage.local.get('defaultGlossaries')).defaultGlossaries)).toEqual(defaultsBefore);
    expect(((await glossa.tabState(article)) as unknown as { job?: { glossaryId?: string } }).job?.glossaryId).toBe(jobBefore.job?.glossaryId);
  });
});
