// Fixing a term where the reader sees it, in the run's browser against the local server: an
// entry added from a selection (PATCH merges exactly that entry; another tab of the pair picks it
// up on its next translation, re-requesting only the block that holds it), an entry added from
// the translated page through "Fix translation…" (only the blocks holding the phrase are sent
// again, with glossary_id, and now read the glossary's target), Undo (the entry removed with a
// PUT of the dictionary without it, the page follows again), and a validation failure that
// keeps what was typed. The forms run in Glossa's term form frame (an extension page the content
// script places on the page); and Glossa's content script itself can neither read nor write
// glossaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../server/index';
import { TEST_KEY } from '../e2e-lib/harness';
import { launchInPage, type InPage, type InPageBrowser, type TermForm } from '../e2e-lib/in-page';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { waitUntil } from '../e2e-lib/wait';
import { defaults, html, translateRequests } from '../e2e-lib/requests';

const firefox = e2eBrowser() === 'firefox';

const ARTICLE = html('Harbour notes', `
<p id="p1">The harbour master opens the gates at dawn.</p>
<p id="p2">Every harbour master keeps a log of the ships.</p>
<p id="p3">Boats leave the quay at noon.</p>
<p id="p4">The lighthouse keeper lives alone on the rock.</p>
<p id="p5">A harbourmaster is a single word here and must not change.</p>`);

const NOTES = html('Notes', '<p id="note">We met the lighthouse keeper yesterday.</p>');

const headers = { Authorization: `Service-Auth-Key ${TEST_KEY}` };
const glossaryRequests = (log: RequestRecord[], from: number, method: string) =>
  log.slice(from).filter((r) => r.method === method && r.path.startsWith('/v3/glossaries'));
const textOf = (page: InPage, selector: string) => page.evaluate((s) => document.querySelector(s)!.textContent ?? '', selector);
/** The term form frame sees the scheme (an extension frame: in Firefox another process, reached a moment after the page). */
const inScheme = (form: TermForm, scheme: 'light' | 'dark') =>
  waitUntil(() => form.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme), `the term form in the ${scheme} scheme`);

describe(`fixing a term in place${firefox ? ' in Firefox' : ''}`, () => {
  let glossa: InPageBrowser;
  let article: InPage;
  let glossaryId: string;

  beforeAll(async () => {
    glossa = await launchInPage({ settings: { defaults: defaults('DE', { sourceLang: 'EN' }) } });
    const response = await fetch(`${glossa.api.url}/v3/glossaries`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Harbour terms', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'quay\tKai', entries_format: 'tsv' }] }),
    });
    glossaryId = ((await response.json()) as { glossary_id: string }).glossary_id;
    await glossa.setStorage({ defaultGlossaries: { 'en>de': glossaryId } });
    glossa.pages.set('/harbour.html', ARTICLE);
    glossa.pages.set('/notes.html', NOTES);
    article = await glossa.open('/harbour.html');
    await article.translatePage();
    await article.waitForPhase('translated');
    expect(await textOf(article, '#p3')).toContain('Kai');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('adds an entry from a selection with one PATCH, and another tab of the pair re-requests only the block that holds it', async () => {
    const notes = await glossa.open('/notes.html');
    const from = glossa.api.log.length;
    const selected = await notes.selectText('#note', 'lighthouse keeper');
    await notes.translateSelectionMenu({ selectionText: selected });
    await notes.popoverText();
    await notes.popover().click('.footer button', 'Add to glossary');
    const form = await notes.termForm();
    // The popover (in the page's process) holds the frame, never the form's fields.
    expect(await notes.popover().evaluate((root) => root.querySelectorAll('input, form').length)).toBe(0);

    expect(await form.value('#glossa-term-source')).toBe('lighthouse keeper');
    expect(await form.value('#glossa-term-target')).not.toBe('');
    await form.typeInto('#glossa-term-target', 'Leuchtturmwärter');
    await form.waitFor('#glossa-term-glossary:not([disabled])');
    expect(await form.value('#glossa-term-glossary')).toBe(glossaryId);
    expect(await form.texts('#glossa-term-glossary option')).toEqual(['Harbour terms', 'New glossary…']);
    await form.click('.term-actions button[type="submit"]', /Add to glossary/);
    await form.waitForText(/Added to “Harbour terms”\./);
    await form.waitForText(/This page is not shown in this language pair/);

    const patches = glossaryRequests(glossa.api.log, from, 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0].path).toBe(`/v3/glossaries/${glossaryId}`);
    expect(patches[0].params).toEqual({ dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'lighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' }] });
    expect(glossaryRequests(glossa.api.log, from, 'PUT')).toHaveLength(0);
    await notes.close();

    // The other tab's next translation: every block comes from the cache but the one with the phrase.
    await article.bringToFront();
    await article.translatePage();
    await article.waitForPhase('original');
    const again = glossa.api.log.length;
    await article.translatePage();
    await article.waitForPhase('translated');
    await article.waitForText('Leuchtturmwärter');
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
    const selected = await article.selectText('#p1', translatedWords.slice(1, 3).join(' '));
    const from = glossa.api.log.length;
    await article.fixTranslationMenu({ selectionText: selected });

    const dialog = await article.termForm();
    expect(await dialog.text('[role="dialog"] #glossa-fix-title')).toBe('Fix translation');
    expect(await dialog.text('.term-sentence')).toBe('The harbour master opens the gates at dawn.');
    expect(await dialog.text('.term-translated mark')).toBe(selected);
    expect(await dialog.value('#glossa-term-target')).toBe(selected);
    // A mouse click on one word, the keyboard on the next: the phrase grows to both.
    await dialog.click('.term-sentence .word', /^harbour$/);
    await dialog.focus('.term-sentence .word', /^master$/);
    await article.press('Enter');
    expect(await dialog.value('#glossa-term-source')).toBe('harbour master');
    await dialog.waitFor('#glossa-term-glossary:not([disabled])');
    expect(await dialog.value('#glossa-term-glossary')).toBe(glossaryId);
    await dialog.typeInto('#glossa-term-target', 'Hafenmeister');
    await article.press('Enter');

    const follows = await dialog.waitForText(/The page follows: 2 blocks translated again, \d+ characters billed/);
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
    await article.waitForText('Hafenmeister');
    expect(await textOf(article, '#p1')).toContain('Hafenmeister');
    expect(await textOf(article, '#p2')).toContain('Hafenmeister');
    // Blocks without the whole phrase keep their translation (p5 holds "harbourmaster", one word).
    expect({ p3: await textOf(article, '#p3'), p4: await textOf(article, '#p4'), p5: await textOf(article, '#p5') }).toEqual(before);

    // Dark pages get the dark popover.
    await article.colorScheme('dark');
    await inScheme(dialog, 'dark');
    expect(await dialog.evaluate(() => getComputedStyle(document.querySelector('.popover')!).backgroundColor, null)).toBe('rgb(48, 49, 52)');
    await article.colorScheme('light');

    // The popup says what the fix cost.
    expect(await glossa.popupText(article, 'term-fix-report')).toContain(`2 blocks translated again, ${billed} characters billed`);
  });

  it('undoes the fix: the entry is removed with a PUT of the dictionary without it, and the page follows again', async () => {
    const dialog = await article.termForm();
    const from = glossa.api.log.length;
    // By keyboard: headless Chromium does not always deliver a mouse click into a frame that has just resized.
    await dialog.focus('.term-done button', /Undo/);
    await article.press('Enter');
    await dialog.waitForText(/Undone\. The page follows: 2 blocks translated again/);

    const puts = glossaryRequests(glossa.api.log, from, 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].params).toEqual({ source_lang: 'en', target_lang: 'de', entries: 'quay\tKai\nlighthouse keeper\tLeuchtturmwärter', entries_format: 'tsv' });
    const requests = translateRequests(glossa.api.log, from);
    expect(requests).toHaveLength(1);
    expect((requests[0].params as { text: string[] }).text).toHaveLength(2);
    expect(await textOf(article, '#p1')).not.toContain('Hafenmeister');
    expect(await textOf(article, '#p2')).not.toContain('Hafenmeister');
    // By keyboard: headless Chromium can route a mouse click into a frame that just resized to a stale spot.
    await dialog.focus('.term-actions button', /Close/);
    await article.pressToClose('Enter');
  });

  it('shows a validation failure at its field and keeps what was typed', async () => {
    const translatedWords = (await textOf(article, '#p3')).split(' ');
    const selected = await article.selectText('#p3', translatedWords[0]);
    await article.fixTranslationMenu({ selectionText: selected });
    const dialog = await article.termForm();
    await dialog.waitFor('[role="dialog"] #glossa-fix-title');
    const from = glossa.api.log.length;
    await dialog.typeInto('#glossa-term-source', ' Boats');
    await dialog.typeInto('#glossa-term-target', 'Boote');
    await dialog.waitFor('#glossa-term-glossary:not([disabled])');
    await dialog.focus('.term-actions button[type="submit"]', /Add to glossary/);
    await article.press('Enter');
    await dialog.waitForText(/This phrase starts or ends with a space\./);
    expect(await dialog.value('#glossa-term-source')).toBe(' Boats');
    expect(await dialog.value('#glossa-term-target')).toBe('Boote');
    expect(await dialog.attribute('#glossa-term-source', 'aria-invalid')).toBe('true');
    expect(glossaryRequests(glossa.api.log, from, 'PATCH')).toHaveLength(0);
    // The form with its error reads well in both schemes.
    for (const colorScheme of ['light', 'dark'] as const) {
      await article.colorScheme(colorScheme);
      await inScheme(dialog, colorScheme);
      expect(await dialog.axeFindings()).toEqual([]);
    }
    await article.colorScheme('light');
    await article.pressToClose('Escape');
  });

  it('Glossa\'s own content script of the translated tab can neither read glossary entries, nor write one, nor change a default glossary', async () => {
    const serverGlossaries = async () => {
      const list = (await (await fetch(`${glossa.api.url}/v3/glossaries`, { headers })).json()) as { glossaries: { glossary_id: string; name: string }[] };
      const entries = await (await fetch(`${glossa.api.url}/v3/glossaries/${glossaryId}/entries?source_lang=en&target_lang=de`, { headers })).text();
      return { list: list.glossaries.map((g) => `${g.glossary_id} ${g.name}`).sort(), entries };
    };
    const before = await serverGlossaries();
    const defaultsBefore = await glossa.stored('defaultGlossaries');
    const jobBefore = (await article.tabState()) as unknown as { job?: { glossaryId?: string } };
    const from = glossa.api.log.length;

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
    const { replies, storage } = await article.inContentWorld(async (list) => {
      const api = ((globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome) as typeof chrome;
      const out: { type: string; reply: string }[] = [];
      for (const [type, data] of list) {
        try {
          out.push({ type, reply: JSON.stringify(await api.runtime.sendMessage({ glossa: type, data })) });
        } catch (err) {
          out.push({ type, reply: JSON.stringify({ threw: String(err) }) });
        }
      }
      // Nor can it read what the background keeps for forms (storage.session) or the defaults (storage.local).
      const read = async (area: 'local' | 'session') => {
        try {
          return JSON.stringify(await api.storage[area].get(null));
        } catch {
          return 'refused';
        }
      };
      return { replies: out, storage: JSON.stringify({ local: await read('local'), session: await read('session') }) };
    }, attempts);
    expect(replies).toHaveLength(attempts.length);
    for (const { type, reply } of replies) expect({ type, reply: JSON.parse(reply) }).toMatchObject({ type, reply: { ok: false, error: { code: 'forbidden' } } });
    const stored = JSON.parse(storage) as { local: string; session: string };
    expect(stored.session).not.toContain(glossaryId);
    expect(stored.local).not.toContain(glossaryId);

    expect(glossa.api.log.slice(from).filter((r) => r.path.startsWith('/v3/glossaries'))).toEqual([]);
    expect(await serverGlossaries()).toEqual(before);
    expect(await glossa.stored('defaultGlossaries')).toEqual(defaultsBefore);
    expect(((await article.tabState()) as unknown as { job?: { glossaryId?: string } }).job?.glossaryId).toBe(jobBefore.job?.glossaryId);
  });
});
