// Writing help in real rich editors in Firefox: Tiptap (ProseMirror), Lexical and Quill from npm,
// bundled at test time as in the Chromium suite (tests/e2e/writing/editors.ts). After Replace, its own
// document holds the translation with its bold text, link and list; Firefox's undo (Ctrl+Z,
// the editor's own history) gives back the draft's document exactly; the page logs no error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { defaults } from '../e2e-lib/requests';
import { bundleEditors, editorsPage } from '../e2e/writing/editors';
import { createGlossary } from '../e2e-lib/writing-panel';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';
import { waitUntil } from '../e2e-lib/wait';
import { popoverIn, type GlossaRoot } from '../e2e-lib/closed-roots-firefox';

type Model = Record<string, unknown>;

describe('writing help in rich editors (Firefox)', () => {
  let glossa: FirefoxGlossa;
  let page: Page;
  let panel: GlossaRoot;
  const errors: string[] = [];
  const model = async (name: string): Promise<string> => page.evaluate((n) => JSON.stringify((window as unknown as { editorModels: Record<string, () => Model> }).editorModels[n]()), name);
  const translateRequests = () => glossa.api.log.filter((r) => r.path === '/v2/translate');

  /** The preview once the translation is shown and Replace can be pressed. */
  const ready = () => panel.waitFor((root) => {
    const preview = root.querySelector('.writing-preview');
    const replace = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Replace');
    if (preview && replace && !replace.disabled) return preview.textContent ?? '';
    const alert = root.querySelector('[role="alert"]');
    if (alert) throw new Error(`The panel says: ${alert.textContent}`);
    return null;
  });

  async function translateAndReplace(selector: string): Promise<void> {
    if (await panel.isOpen()) {
      await panel.click('button', 'Cancel');
      await panel.waitForClosed();
    }
    await page.focus(selector);
    await glossa.dispatchCommand('translate-field', page);
    expect(await ready()).toContain('Vertrag');
    await panel.click('button', 'Replace');
  }

  async function undo(): Promise<void> {
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
  }

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('FR') } });
    // The pair's default glossary makes "contract" come out as "Vertrag": a word to look for in each model.
    const glossaryId = await createGlossary(glossa as never, 'Support terms', 'en', 'de', 'contract\tVertrag\ninvoice\tRechnung');
    await glossa.setStorage({ defaultGlossaries: { 'en>de': glossaryId } });
    glossa.pages.set('/editors.js', await bundleEditors());
    glossa.pages.set('/editors.html', editorsPage('/editors.js'));
    page = await glossa.openPage('/editors.html');
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.waitForFunction(() => Object.keys((window as unknown as { editorModels?: object }).editorModels ?? {}).length === 3);
    panel = popoverIn(page, glossa);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('Tiptap (ProseMirror): its document holds the translation with bold, link and list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('tiptap');
    await translateAndReplace('#tiptap .ProseMirror');
    expect((translateRequests().at(-1)!.params as { text: string[] }).text[0]).toMatch(/<strong id="w\d+">quick<\/strong>|<b id="w\d+">quick<\/b>/);
    await waitUntil(async () => (await model('tiptap')).includes('Vertrag'), 'the translation in Tiptap');
    const after = await model('tiptap');
    expect(after).toContain('"type":"bold"');
    expect(after).toContain('"href":"https://example.com/contract"');
    expect(after.match(/"type":"listItem"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    await undo();
    await waitUntil(async () => (await model('tiptap')) === before, 'the draft back in Tiptap');
    expect(errors).toEqual([]);
  });

  it('Lexical: its editor state holds the translation with bold, link and list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('lexical');
    await translateAndReplace('#lexical');
    await waitUntil(async () => (await model('lexical')).includes('Vertrag'), 'the translation in Lexical');
    const after = await model('lexical');
    expect(after).toMatch(/"format":1,[^}]*"text":"[^"]+"/);
    expect(after).toContain('"url":"https://example.com/contract"');
    expect(after.match(/"type":"listitem"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    // What the page shows is what Lexical holds.
    expect(await page.$eval('#lexical', (host) => host.textContent)).toContain('Vertrag');
    await undo();
    await waitUntil(async () => (await model('lexical')) === before, 'the draft back in Lexical');
    expect(errors).toEqual([]);
  });

  it('Quill: its contents hold the translation with bold, link and bullet list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('quill');
    await translateAndReplace('#quill .ql-editor');
    await waitUntil(async () => (await model('quill')).includes('Vertrag'), 'the translation in Quill');
    const after = await model('quill');
    expect(after).toContain('"bold":true');
    expect(after).toContain('"link":"https://example.com/contract"');
    expect(after.match(/"list":"bullet"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    await undo();
    await waitUntil(async () => (await model('quill')) === before, 'the draft back in Quill');
    expect(errors).toEqual([]);
  });

  it("the panel's Undo takes the replacement back in Lexical and Quill, through the editor's own history", async () => {
    for (const [name, selector] of [['lexical', '#lexical'], ['quill', '#quill .ql-editor']] as const) {
      const before = await model(name);
      await translateAndReplace(selector);
      await waitUntil(async () => (await model(name)).includes('Vertrag'), `the translation in ${name}`);
      await panel.click('button', 'Undo');
      await waitUntil(async () => (await model(name)) === before, `the draft back in ${name} after Undo`);
    }
    expect(errors).toEqual([]);
  });

  it('an editor that cancels the paste and takes nothing: the panel says so, not "Replaced", and the draft stays', async () => {
    // Like a page whose editor cannot read the paste: it cancels the browser's default and writes nothing.
    glossa.pages.set('/stubborn.html', `<!doctype html><html lang="de"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Editor</title></head><body>
<div id="stubborn" contenteditable="true"><p>Please sign the <b>contract</b> today.</p></div>
<script>document.getElementById('stubborn').addEventListener('paste', (event) => event.preventDefault());</script></body></html>`);
    const stubborn = await glossa.openPage('/stubborn.html');
    const stubbornPanel = popoverIn(stubborn, glossa);
    const draft = await stubborn.$eval('#stubborn', (host) => host.innerHTML);
    await stubborn.focus('#stubborn');
    await glossa.dispatchCommand('translate-field', stubborn);
    await stubbornPanel.waitFor((root) => [...root.querySelectorAll('button')].some((b) => b.textContent === 'Replace' && !b.disabled));
    await stubbornPanel.click('button', 'Replace');
    const said = await stubbornPanel.waitFor((root) => root.querySelector('[role="alert"]')?.textContent);
    expect(said).toContain('did not take the translation');
    const shown = await stubbornPanel.waitFor((root) => ({ text: root.textContent ?? '', buttons: [...root.querySelectorAll('button')].map((b) => b.textContent) }));
    expect(shown.text).not.toContain('Replaced');
    expect(shown.buttons).toContain('Copy');
    expect(shown.buttons).not.toContain('Undo');
    expect(await stubborn.$eval('#stubborn', (host) => host.innerHTML)).toBe(draft);
    await stubborn.close();
  });
});
