// Writing help in the apps and editors people write in: a React 19 controlled textarea and a
// Vue 3 v-model (the app's state follows the replacement, and Ctrl+Z), and real rich editors
// from npm, bundled at test time (tests/e2e/writing/editors.ts): Tiptap (ProseMirror), Lexical
// and Quill. After Replace, each editor's own model holds the translation with its bold text,
// link and list; Ctrl+Z (the editor's own history) gives back the draft's model exactly; the
// page logs no error. An editor that cancels the paste leaves the draft, and the panel says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchInPage, type InPage, type InPageBrowser } from '../e2e-lib/in-page';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { defaults } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';
import { createGlossary, panelOutcome, translateParams } from '../e2e-lib/writing-panel';
import { bundleEditors, editorsPage } from '../e2e/writing/editors';

const firefox = e2eBrowser() === 'firefox';
type QuillDelta = { ops: { insert: unknown; attributes?: { list?: string } }[] };

/** A Quill Delta as its lines: each line's text and the list kind its closing newline carries. */
function quillLines(delta: QuillDelta): { text: string; list?: string }[] {
  const lines: { text: string; list?: string }[] = [];
  let text = '';
  for (const op of delta.ops) {
    const insert = typeof op.insert === 'string' ? op.insert : '';
    const parts = insert.split('\n');
    parts.forEach((part, index) => {
      text += part;
      if (index === parts.length - 1) return;
      lines.push({ text, ...(op.attributes?.list ? { list: op.attributes.list } : {}) });
      text = '';
    });
  }
  return lines;
}

describe(`writing help in apps and rich editors (${firefox ? 'Firefox' : 'Chromium'})`, () => {
  let glossa: InPageBrowser;
  let page: InPage;
  let errors: string[] = [];

  /** An editor's own model, as JSON. */
  const model = (name: string): Promise<string> => page.evaluate((n) => JSON.stringify((window as unknown as { editorModels: Record<string, () => unknown> }).editorModels[n]()), name);
  const valueOf = (selector: string) => page.evaluate((s) => (document.querySelector(s) as HTMLTextAreaElement).value, selector);
  const textOf = (selector: string) => page.evaluate((s) => document.querySelector(s)!.textContent, selector);

  /** Translates the focused field's whole draft and presses Replace; returns the preview. */
  async function translateAndReplace(selector: string): Promise<string> {
    const from = glossa.api.log.length;
    // The last test's panel may still offer Undo: the panel read below must be this field's.
    const panel = page.popover();
    if (await panel.isOpen()) {
      await panel.click('button', 'Cancel');
      await panel.waitForClosed();
    }
    await page.focus(selector);
    await page.translateFieldCommand();
    const outcome = await panelOutcome(panel);
    expect(outcome.problem).toBeUndefined();
    // One request, or none when the same draft was translated before (kept in memory).
    expect(translateParams(glossa, from).length).toBeLessThanOrEqual(1);
    await panel.click('button:not([disabled])', 'Replace');
    return outcome.preview!;
  }

  beforeAll(async () => {
    glossa = await launchInPage({ settings: { defaults: defaults('FR') } });
    // The pair's default glossary makes "contract" come out as "Vertrag": a word to look for in each model.
    const glossaryId = await createGlossary(glossa, 'Support terms', 'en', 'de', 'contract\tVertrag\ninvoice\tRechnung');
    await glossa.setStorage({ defaultGlossaries: { 'en>de': glossaryId } });
    glossa.pages.set('/editors.js', await bundleEditors());
    glossa.pages.set('/editors.html', editorsPage('/editors.js'));
    page = await glossa.open('/editors.html');
    errors = page.recordErrors();
    await page.waitIn(() => Object.keys((window as unknown as { editorModels?: object }).editorModels ?? {}).length === 3, null, 'the three editors');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('a React 19 controlled textarea: the app state follows Replace, and Ctrl+Z brings the draft back in one step', async () => {
    const draft = await valueOf('#react-reply');
    const preview = await translateAndReplace('#react-reply');
    await waitUntil(async () => (await textOf('#react-echo')) === preview, 'React state holding the translation', 10_000);
    expect(await valueOf('#react-reply')).toBe(preview);
    expect(preview).toContain('Rechnung');
    await page.press('Control+z');
    await waitUntil(async () => (await textOf('#react-echo')) === draft, 'React state back to the draft', 10_000);
    expect(errors).toEqual([]);
  });

  it('a Vue 3 v-model textarea: the model follows Replace and Ctrl+Z', async () => {
    const draft = await valueOf('#vue-reply');
    const preview = await translateAndReplace('#vue-reply');
    await waitUntil(async () => (await textOf('#vue-echo')) === preview, 'Vue model holding the translation', 10_000);
    await page.press('Control+z');
    await waitUntil(async () => (await textOf('#vue-echo')) === draft, 'Vue model back to the draft', 10_000);
    expect(errors).toEqual([]);
  });

  it('Tiptap (ProseMirror): its document holds the translation with bold, link and list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('tiptap');
    expect(await translateAndReplace('#tiptap .ProseMirror')).toContain('Vertrag');
    expect((translateParams(glossa).at(-1) as { text: string[] }).text[0]).toMatch(/<strong id="w\d+">quick<\/strong>|<b id="w\d+">quick<\/b>/);
    await waitUntil(async () => (await model('tiptap')).includes('Vertrag'), 'the translation in Tiptap', 10_000);
    const after = await model('tiptap');
    expect(after).toContain('"type":"bold"');
    expect(after).toContain('"href":"https://example.com/contract"');
    expect(after.match(/"type":"listItem"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    await page.press('Control+z');
    await waitUntil(async () => (await model('tiptap')) === before, 'the draft back in Tiptap', 10_000);
    expect(errors).toEqual([]);
  });

  it('Lexical: its editor state holds the translation with bold, link and list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('lexical');
    expect(await translateAndReplace('#lexical')).toContain('Vertrag');
    await waitUntil(async () => (await model('lexical')).includes('Vertrag'), 'the translation in Lexical', 10_000);
    const after = await model('lexical');
    expect(after).toMatch(/"format":1,[^}]*"text":"[^"]+"/);
    expect(after).toContain('"url":"https://example.com/contract"');
    expect(after.match(/"type":"listitem"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    // What the page shows is what Lexical holds.
    expect(await textOf('#lexical')).toContain('Vertrag');
    await page.press('Control+z');
    await waitUntil(async () => (await model('lexical')) === before, 'the draft back in Lexical', 10_000);
    expect(errors).toEqual([]);
  });

  it('Quill: its contents hold the translation with bold, link and bullet list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('quill');
    expect(await translateAndReplace('#quill .ql-editor')).toContain('Vertrag');
    await waitUntil(async () => (await model('quill')).includes('Vertrag'), 'the translation in Quill', 10_000);
    const after = await model('quill');
    expect(after).toContain('"bold":true');
    expect(after).toContain('"link":"https://example.com/contract"');
    expect(after.match(/"list":"bullet"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    // Exactly the draft's two bullet items, none empty: Quill merges equal newlines into one op, so count lines.
    const lines = quillLines(JSON.parse(await model('quill')) as QuillDelta);
    expect(lines.filter((line) => line.list === 'bullet').map((line) => line.text.trim() !== '')).toEqual([true, true]);
    expect(lines.map((line) => line.list ?? 'text')).toEqual(['text', 'bullet', 'bullet']);
    await page.press('Control+z');
    await waitUntil(async () => (await model('quill')) === before, 'the draft back in Quill', 10_000);
    expect(errors).toEqual([]);
  });

  it("the panel's Undo takes the replacement back in each rich editor, through the editor's own history", async () => {
    for (const [name, selector] of [['tiptap', '#tiptap .ProseMirror'], ['lexical', '#lexical'], ['quill', '#quill .ql-editor']] as const) {
      const before = await model(name);
      expect(await translateAndReplace(selector)).toContain('Vertrag');
      await waitUntil(async () => (await model(name)).includes('Vertrag'), `the translation in ${name}`, 10_000);
      await page.popover().click('button', 'Undo');
      await waitUntil(async () => (await model(name)) === before, `the draft back in ${name} after Undo`, 10_000);
    }
    expect(errors).toEqual([]);
  });

  it('an editor that cancels the paste and takes nothing: the panel says so, not "Replaced", and the draft stays', async () => {
    // Like a page whose editor cannot read the paste: it cancels the browser's default and writes nothing.
    glossa.pages.set('/stubborn.html', `<!doctype html><html lang="de"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Editor</title></head><body>
<div id="stubborn" contenteditable="true"><p>Please sign the <b>contract</b> today.</p></div>
<script>document.getElementById('stubborn').addEventListener('paste', (event) => event.preventDefault());</script></body></html>`);
    const stubborn = await glossa.open('/stubborn.html');
    const stubbornPanel = stubborn.popover();
    const draft = await stubborn.evaluate(() => document.getElementById('stubborn')!.innerHTML);
    await stubborn.focus('#stubborn');
    await stubborn.translateFieldCommand();
    await stubbornPanel.waitFor((root) => [...root.querySelectorAll('button')].some((b) => b.textContent === 'Replace' && !b.disabled));
    await stubbornPanel.click('button', 'Replace');
    const said = await stubbornPanel.waitFor((root) => root.querySelector('[role="alert"]')?.textContent);
    expect(said).toContain('did not take the translation');
    const shown = await stubbornPanel.waitFor((root) => ({ text: root.textContent ?? '', buttons: [...root.querySelectorAll('button')].map((b) => b.textContent) }));
    expect(shown.text).not.toContain('Replaced');
    expect(shown.buttons).toContain('Copy');
    expect(shown.buttons).not.toContain('Undo');
    expect(await stubborn.evaluate(() => document.getElementById('stubborn')!.innerHTML)).toBe(draft);
    await stubborn.close();
  });
});
