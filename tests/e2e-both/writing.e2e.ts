// Writing help in the run's browser against the local server: a draft in a textarea, an input, a
// contenteditable with bold, a link and a list, and a field in a same-origin frame is translated
// into the page's language on the `translate-field` command or the editable menu item, shown in
// the panel, and written into the field only on Replace, as one user edit that Ctrl+Z takes back.
// Secret fields send nothing; a change typed during the request leaves the field alone.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../server/index';
import { HOSTILE_PAYLOADS } from '../content/selection/hostile-payloads';
import { launchInPage, type InPage, type InPageBrowser } from '../e2e-lib/in-page';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { defaults } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';
import { choice, createGlossary, panelOutcome, pick, readAs, translateParams } from '../e2e-lib/writing-panel';

const firefox = e2eBrowser() === 'firefox';
const DRAFT = 'Thank you for your message.\nWe will send the translation of the contract tomorrow.';
const RICH = '<p>Thank you for the <b>quick</b> answer about the <a href="https://example.com/contract">contract</a>.</p><ul><li>First point of the offer</li><li>Second point</li></ul>';

const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Antwort</title></head><body>
<h1>Kundenservice</h1>
<label for="reply">Antwort</label><textarea id="reply" rows="4" cols="60"></textarea>
<label for="subject">Betreff</label><input id="subject" type="text">
<label for="secret">Passwort</label><input id="secret" type="password" value="Secret words are never sent">
<label for="card">Karte</label><input id="card" type="text" autocomplete="cc-number" value="Card number words">
<div id="editor" contenteditable="true" translate="no" aria-label="Nachricht">${RICH}</div>
<iframe id="frame" src="/writing-frame.html" width="500" height="160"></iframe>
</body></html>`;

const FRAME = `<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body>
<textarea id="framed" rows="3" cols="40">Please call me back about the invoice.</textarea></body></html>`;

describe(`writing help in ${firefox ? 'Firefox' : 'Chromium'}`, () => {
  let glossa: InPageBrowser;
  let page: InPage;
  let glossaryId: string;
  const panel = () => page.popover();
  const valueOf = (selector: string) => page.evaluate((s) => (document.querySelector(s) as HTMLInputElement).value, selector);
  const editor = (what: 'innerHTML' | 'innerText') => page.evaluate((w) => document.getElementById('editor')![w], what);

  async function fill(selector: string, value: string): Promise<void> {
    await page.evaluate(({ selector, value }) => {
      const field = document.querySelector(selector) as HTMLTextAreaElement;
      field.value = value;
      field.focus();
      field.setSelectionRange(value.length, value.length);
    }, { selector, value });
  }

  beforeAll(async () => {
    glossa = await launchInPage({ settings: { defaults: defaults('FR') } });
    glossaryId = await createGlossary(glossa, 'Support terms', 'en', 'de', 'contract\tVertrag\ninvoice\tRechnung');
    await glossa.setStorage({ defaultGlossaries: { 'en>de': glossaryId } });
    glossa.pages.set('/writing.html', PAGE);
    glossa.pages.set('/writing-frame.html', FRAME);
  });
  beforeEach(async () => {
    await page?.close();
    page = await glossa.open('/writing.html');
    glossa.api.log.length = 0;
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('translates a textarea into the page language with the default glossary, changes nothing before Replace, and Ctrl+Z brings the draft back', async () => {
    await fill('#reply', DRAFT);
    await page.translateFieldCommand();
    const sent = DRAFT.replace('\n', '<br>');
    const expected = readAs(pseudoTranslate(sent, 'DE', { tagHandling: 'html', glossary: [{ source: 'contract', target: 'Vertrag' }, { source: 'invoice', target: 'Rechnung' }] }));
    const outcome = await panelOutcome(panel());
    expect(outcome.preview).toBe(expected);
    expect(expected).toContain('Vertrag');
    expect(await valueOf('#reply')).toBe(DRAFT);

    const [params] = translateParams(glossa);
    expect(params).toMatchObject({ text: [sent], target_lang: 'DE', source_lang: 'EN', glossary_id: glossaryId, tag_handling: 'html' });
    expect(params.context).toBeUndefined();
    expect(params.formality).toBeUndefined();
    expect((await choice(panel(), 'Target language')).value).toBe('DE');
    expect((await choice(panel(), 'Glossary')).text).toBe('Support terms');
    expect(await panel().text('.billed')).toBe(`${sent.length} characters billed`);

    await panel().click('button:not([disabled])', 'Replace');
    await waitUntil(async () => (await valueOf('#reply')) === expected, 'the translation in the field', 10_000);
    expect(await panel().text('.footer button')).toBe('Undo');
    await page.press('Control+z');
    await waitUntil(async () => (await valueOf('#reply')) === DRAFT, 'the draft back after Ctrl+Z', 10_000);
  });

  it('remembers a formality and target picked for the site, sends formality, and translates only the selected part of an input', async () => {
    await page.evaluate(() => {
      const input = document.querySelector('#subject') as HTMLInputElement;
      input.value = 'Re: Your invoice from March';
      input.focus();
      input.setSelectionRange(4, 16);
    });
    await page.translateFieldMenu();
    await panelOutcome(panel());
    expect(translateParams(glossa)[0].text).toEqual(['Your invoice']);
    await pick(panel(), 'Target language', 'DE');
    await panelOutcome(panel());
    await pick(panel(), 'Formality', 'more');
    await waitUntil(() => translateParams(glossa).some((p) => p.formality === 'prefer_more'), 'a request with formality', 10_000);
    const preview = (await panelOutcome(panel())).preview!;
    await panel().click('button:not([disabled])', 'Replace');
    await waitUntil(async () => (await valueOf('#subject')) === `Re: ${preview} from March`, 'only the selection replaced', 10_000);
    expect(await glossa.stored('writingPrefs')).toEqual({ '127.0.0.1': { targetLang: 'DE', formality: 'more' } });
  });

  it('sends nothing from a password field or a card-number field, and says why', async () => {
    for (const selector of ['#secret', '#card']) {
      await page.focus(selector);
      await page.translateFieldCommand();
      const outcome = await panelOutcome(panel());
      expect(outcome.problem).toMatch(/does not translate password, payment or one-time-code fields/);
      await page.press('Escape');
      await panel().waitForClosed();
    }
    expect(glossa.api.log.filter((r) => r.path === '/v2/translate')).toHaveLength(0);
  });

  it('keeps bold, the link and the list of a contenteditable (even marked translate="no") from the editable menu, builds them from the draft, and Ctrl+Z restores it exactly', async () => {
    const before = await editor('innerHTML');
    await page.focus('#editor');
    await page.translateFieldMenu();
    const outcome = await panelOutcome(panel());
    expect(outcome.preview).toBeTruthy();
    const [params] = translateParams(glossa);
    const sent = (params.text as string[])[0];
    expect(sent).toMatch(/^<p id="w\d+">Thank you for the <b id="w\d+">quick<\/b> answer about the <a id="w\d+">contract<\/a>\.<\/p><ul id="w\d+"><li id="w\d+">First point of the offer<\/li><li id="w\d+">Second point<\/li><\/ul>$/);
    expect(await editor('innerHTML')).toBe(before);

    await panel().click('button:not([disabled])', 'Replace');
    await waitUntil(async () => (await editor('innerText')).includes('Vertrag'), 'the translation in the editor', 10_000);
    const written = await page.evaluate(() => {
      const el = document.getElementById('editor')!;
      return { bold: el.querySelectorAll('b').length, href: el.querySelector('a')?.getAttribute('href'), items: el.querySelectorAll('ul > li').length, ids: el.querySelectorAll('[id]').length };
    });
    expect(written).toEqual({ bold: 1, href: 'https://example.com/contract', items: 2, ids: 0 });
    await page.press('Control+z');
    await waitUntil(async () => (await editor('innerHTML')) === before, 'the draft back after Ctrl+Z', 10_000);
  });

  it('leaves the field untouched when the user types while the translation is on its way', async () => {
    // A draft not translated before: drafts already translated come from memory without a request.
    const draft = 'Could you send me the signed contract before Friday?';
    await fill('#reply', draft);
    glossa.api.faults.add({ fault: 'delay', delayMs: 4000, path: '/v2/translate', times: 1 });
    await page.translateFieldCommand();
    await waitUntil(() => glossa.api.log.some((r) => r.path === '/v2/translate'), 'the request at the server', 10_000);
    await page.focus('#reply');
    await page.type(' Regards');
    const outcome = await panelOutcome(panel());
    expect(outcome.problem).toMatch(/changed the text while it was being translated/);
    expect(await valueOf('#reply')).toBe(`${draft} Regards`);
    glossa.api.faults.clear();
  });

  it('offers Undo after Replace, which brings the draft back', async () => {
    await fill('#reply', DRAFT);
    await page.translateFieldCommand();
    const { preview } = await panelOutcome(panel());
    await panel().click('button:not([disabled])', 'Replace');
    await waitUntil(async () => (await valueOf('#reply')) === preview, 'the translation in the field', 10_000);
    await panel().click('button', 'Undo');
    await waitUntil(async () => (await valueOf('#reply')) === DRAFT, 'the draft back after Undo', 10_000);
    await panel().waitForClosed();
  });

  it('says why when the request fails, and leaves the field as it is', async () => {
    const draft = 'Please confirm the new delivery address for the parcel.';
    await fill('#reply', draft);
    glossa.api.faults.add({ fault: 'status', status: 500, path: '/v2/translate' });
    try {
      await page.translateFieldCommand();
      expect((await panelOutcome(panel())).problem).toMatch(/translation server had a problem/);
      expect(await valueOf('#reply')).toBe(draft);
      expect(await panel().count('button:not([disabled])')).toBeGreaterThan(0);
      expect(await panel().evaluate((root) => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Replace')?.disabled)).toBe(true);
    } finally {
      glossa.api.faults.clear();
    }
  });

  it('translates only the selected part of a rich editor', async () => {
    await page.evaluate(() => {
      const rich = document.getElementById('editor')!;
      rich.focus();
      const first = rich.querySelector('li')!.firstChild as Text;
      getSelection()!.setBaseAndExtent(first, 0, first, 'First point'.length);
    });
    await page.translateFieldCommand();
    const { preview } = await panelOutcome(panel());
    expect(translateParams(glossa).at(-1)!.text).toEqual(['First point']);
    await panel().click('button:not([disabled])', 'Replace');
    // Firefox's own insertText may turn the space after the insertion into a no-break space.
    const items = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('#editor li')].map((li) => li.innerText.replace(/\u00a0/g, ' ')));
    await waitUntil(async () => (await items())[0] !== 'First point of the offer', 'the selection replaced', 10_000);
    expect(await items()).toEqual([`${preview} of the offer`, 'Second point']);
    expect(await page.evaluate(() => (document.querySelector('#editor b') as HTMLElement).innerText)).toBe('quick');
  });

  it('writes nothing of a hostile answer into the editor but its text', async () => {
    const payloads = HOSTILE_PAYLOADS.filter((p) => p.visible);
    for (const payload of payloads) {
      // The last payload's panel may still offer Undo: the panel read below must be this draft's.
      if (await panel().isOpen()) {
        await panel().click('button', 'Cancel');
        await panel().waitForClosed();
      }
      // The draft's ids are w1 (p), w2 (b), w3 (a)…: aim the payloads' ids at them.
      const aim = (text: string) => text.replace(/id="1"/g, 'id="w3"').replace(/id="2"/g, 'id="w2"');
      glossa.api.faults.add({ fault: 'hostile', payload: aim(payload.html), path: '/v2/translate', times: 1 });
      await page.evaluate(({ rich, n }) => {
        const field = document.getElementById('editor') as HTMLElement;
        field.innerHTML = rich;
        // A draft of its own each time: nothing comes from memory.
        field.querySelector('li')!.textContent = `Point number ${n}`;
        field.focus();
      }, { rich: RICH, n: payloads.indexOf(payload) });
      await page.translateFieldCommand();
      const outcome = await panelOutcome(panel());
      if (outcome.problem) continue; // nothing readable left: said so, nothing written
      await panel().click('button:not([disabled])', 'Replace');
      await waitUntil(async () => (await editor('innerText')).includes(aim(payload.visible!)), `${payload.name} written as text`, 10_000);
      const found = await page.evaluate(() => {
        const bad: string[] = [];
        for (const el of document.querySelectorAll('#editor *')) {
          if (!['p', 'b', 'a', 'ul', 'li', 'br'].includes(el.localName)) bad.push(`<${el.localName}>`);
          for (const attr of el.attributes) if (!(el.localName === 'a' && attr.name === 'href' && attr.value === 'https://example.com/contract')) bad.push(`${attr.name} on <${el.localName}>`);
        }
        return { bad, pwned: (window as unknown as { __glossaPwned?: unknown }).__glossaPwned ?? null };
      });
      expect(found, payload.name).toEqual({ bad: [], pwned: null });
    }
    glossa.api.faults.clear();
  });

  // The Firefox harness reaches Glossa's world (and so the panel) in the top frame only.
  it.skipIf(firefox)('translates a textarea in a same-origin frame', async () => {
    const frame = await page.frame('/writing-frame.html');
    await frame.focus('#framed');
    await page.translateFieldCommand();
    const root = frame.popover();
    const outcome = await panelOutcome(root);
    expect(outcome.preview).toMatch(/Pl[ëe]{1,2}[äa]s[ëe] c[äa]ll/);
    await root.click('button:not([disabled])', 'Replace');
    await waitUntil(async () => (await frame.value('#framed')) === outcome.preview, 'the framed field replaced', 10_000);
  });
});
