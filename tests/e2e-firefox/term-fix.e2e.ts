// Fixing a term in Firefox: "Fix translation…" opens Glossa's term form frame (an extension page
// the content script places on the page), the form there adds the entry with one PATCH and the
// page follows; and Glossa's own content script of the translated tab can neither read nor
// write glossaries, nor change a default glossary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'puppeteer-core';
import { defaults, html } from '../e2e-lib/requests';
import { launchGlossaInFirefox, TEST_KEY, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitUntil } from '../e2e-lib/wait';

const ARTICLE = html('Harbour notes', `
<p id="p1">The harbour master opens the gates at dawn.</p>
<p id="p2">Boats leave the quay at noon.</p>`);

const headers = { Authorization: `Service-Auth-Key ${TEST_KEY}`, 'Content-Type': 'application/json' };

describe('term form frame in Firefox', () => {
  let glossa: FirefoxGlossa;
  let page: Page;
  let glossaryId: string;

  const entries = async () => {
    const response = await fetch(`${glossa.api.url}/v3/glossaries/${glossaryId}/entries?source_lang=en&target_lang=de`, { headers });
    return response.text();
  };
  const glossaryNames = async () => {
    const list = (await (await fetch(`${glossa.api.url}/v3/glossaries`, { headers })).json()) as { glossaries: { name: string }[] };
    return list.glossaries.map((g) => g.name).sort();
  };

  /**
   * The term form frame on the page. BiDi reports moz-extension:// navigations late or never (its
   * frame.url() stays about:blank), so each child frame is asked where it is.
   */
  async function formFrame(): Promise<Frame> {
    let found: Frame | undefined;
    await waitUntil(async () => {
      for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
        const href = await frame.evaluate(() => location.href).catch(() => '');
        if (href.startsWith(`${glossa.extensionUrl}/term-form.html#`)) found = frame;
      }
      return !!found;
    }, 'the term form frame');
    return found!;
  }

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('DE', { sourceLang: 'EN' }) } });
    const response = await fetch(`${glossa.api.url}/v3/glossaries`, {
      method: 'POST', headers,
      body: JSON.stringify({ name: 'Harbour terms', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'quay\tKai', entries_format: 'tsv' }] }),
    });
    glossaryId = ((await response.json()) as { glossary_id: string }).glossary_id;
    await glossa.setStorage({ defaultGlossaries: { 'en>de': glossaryId } });
    glossa.pages.set('/harbour.html', ARTICLE);
    page = await glossa.openPage('/harbour.html');
    await glossa.dispatchCommand('translate-page', page);
    await glossa.waitForPhase(page, 'translated');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('fixes a term in the frame: one PATCH, and the page follows', async () => {
    const selected = await page.evaluate(() => {
      const node = document.getElementById('p1')!.firstChild as Text;
      const words = node.data.split(' ');
      const at = node.data.indexOf(words[1]);
      getSelection()!.setBaseAndExtent(node, at, node, at + words[1].length);
      return getSelection()!.toString();
    });
    const from = glossa.api.log.length;
    await glossa.clickMenu('fix-translation', page, { selectionText: selected });
    const form = await formFrame();
    await form.waitForSelector('.term-sentence');
    expect(await form.$eval('.term-sentence', (el) => el.textContent)).toBe('The harbour master opens the gates at dawn.');
    await form.waitForSelector('#glossa-term-glossary:not([disabled])');
    expect(await form.$eval('#glossa-term-glossary', (el) => (el as HTMLSelectElement).value)).toBe(glossaryId);
    await form.$eval('#glossa-term-source', (el) => (el as HTMLInputElement).select());
    await form.type('#glossa-term-source', 'harbour master');
    await form.$eval('#glossa-term-target', (el) => (el as HTMLInputElement).select());
    await form.type('#glossa-term-target', 'Hafenmeister');
    await form.click('.term-actions button[type="submit"]');
    await form.waitForFunction(() => /The page follows: 1 blocks translated again/.test(document.body.textContent ?? ''), { polling: 100, timeout: 20_000 });
    const patches = glossa.api.log.slice(from).filter((r) => r.method === 'PATCH');
    expect(patches.map((p) => p.params)).toEqual([{ dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'harbour master\tHafenmeister', entries_format: 'tsv' }] }]);
    await glossa.waitForText(page, 'Hafenmeister');
  });

  it('Glossa\'s own content script of the translated tab can neither read glossary entries, nor write one, nor change a default glossary', async () => {
    const before = { entries: await entries(), names: await glossaryNames(), defaults: await glossa.stored('defaultGlossaries') };
    const from = glossa.api.log.length;
    const attempts: [string, unknown][] = [
      ['glossaryList', {}],
      ['glossaryEntries', { id: glossaryId, sourceLang: 'en', targetLang: 'de' }],
      ['termFixOptions', { sourceLang: 'en', targetLang: 'de' }],
      ['termFixSave', { source: 'quay', target: 'x', sourceLang: 'en', targetLang: 'de', glossaryId }],
      ['termFixSave', { source: 'quay', target: 'Planted', sourceLang: 'en', targetLang: 'de', glossaryId, replace: true }],
      ['termFixSave', { source: 'gate', target: 'Planted', sourceLang: 'en', targetLang: 'de', glossaryId: '', newName: 'Planted' }],
      ['glossaryPatch', { id: glossaryId, dictionary: { source_lang: 'en', target_lang: 'de', entries: 'gate\tPlanted', entries_format: 'tsv' } }],
      ['saveSettings', { defaultGlossaries: { 'en>de': 'planted-id' } }],
      ['termFixRefresh', { glossaryId: 'planted-id', source: 'gate', sourceLang: 'en', targetLang: 'de' }],
      ['termFormData', { handle: '3b0c1f5e-2a44-4c1e-9d3e-7a1b2c3d4e5f' }],
    ];
    const replies = await glossa.inContentWorld(page, async (list) => {
      const api = (globalThis as unknown as { browser: typeof chrome }).browser;
      const out: { type: string; reply: string }[] = [];
      for (const [type, data] of list) {
        try {
          out.push({ type, reply: JSON.stringify(await api.runtime.sendMessage({ glossa: type, data })) });
        } catch (err) {
          out.push({ type, reply: JSON.stringify({ threw: String(err) }) });
        }
      }
      return out;
    }, attempts);
    expect(replies).toHaveLength(attempts.length);
    for (const { type, reply } of replies) expect({ type, reply: JSON.parse(reply) }).toMatchObject({ type, reply: { ok: false, error: { code: 'forbidden' } } });
    expect(glossa.api.log.slice(from).filter((r) => r.path.startsWith('/v3/glossaries'))).toEqual([]);
    expect({ entries: await entries(), names: await glossaryNames(), defaults: await glossa.stored('defaultGlossaries') }).toEqual(before);
  });
});
