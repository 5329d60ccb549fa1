// Writing help in the apps and editors people write in, in Chromium: a React 19 controlled
// textarea and a Vue 3 v-model (the app's state follows the replacement, and Ctrl+Z), and real
// rich editors from npm, bundled at test time: Tiptap (ProseMirror), Lexical and Quill. After
// Replace, each editor's own model holds the translation with its bold text, link and list;
// Ctrl+Z gives back the draft's model exactly; the page logs no error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, type ChromiumGlossa } from '../e2e-lib/chromium-harness';
import { waitUntil } from '../e2e-lib/wait';
import { bundleEditors, editorsPage } from './writing/editors';
import { commandTranslateField, panelIn } from './writing/session';
import { createGlossary, panelOutcome, translateParams } from '../e2e-lib/writing-panel';

type Model = Record<string, unknown>;
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

describe('writing help in apps and rich editors (Chromium)', () => {
  let glossa: ChromiumGlossa;
  let page: Page;
  const errors: string[] = [];

  const model = (name: string): Promise<Model> => page.evaluate((n) => JSON.parse(JSON.stringify((window as unknown as { editorModels: Record<string, () => unknown> }).editorModels[n]())), name);

  /** Translates the focused field's whole draft and presses Replace; returns the preview. */
  async function translateAndReplace(selector: string): Promise<string> {
    const from = glossa.api.log.length;
    // The last test's panel may still offer Undo: the panel read below must be this field's.
    const panel = panelIn(glossa, page);
    if (await panel.isOpen()) {
      await panel.click('button', 'Cancel');
      await panel.waitForClosed();
    }
    await page.focus(selector);
    await commandTranslateField(glossa, page);
    const outcome = await panelOutcome(panel);
    expect(outcome.problem).toBeUndefined();
    // One request, or none when the same draft was translated before (kept in memory).
    expect(translateParams(glossa, from).length).toBeLessThanOrEqual(1);
    await panel.click('button:not([disabled])', 'Replace');
    return outcome.preview!;
  }

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ settings: { defaults: { targetLang: 'FR', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false } } });
    const glossaryId = await createGlossary(glossa, 'Support terms', 'en', 'de', 'contract\tVertrag\ninvoice\tRechnung');
    await glossa.setStorage({ defaultGlossaries: { 'en>de': glossaryId } });
    glossa.pages.set('/editors.js', await bundleEditors());
    glossa.pages.set('/editors.html', editorsPage('/editors.js'));
    page = await glossa.openPage('/editors.html');
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.waitForFunction(() => Object.keys((window as unknown as { editorModels?: object }).editorModels ?? {}).length === 3);
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('a React 19 controlled textarea: the app state follows Replace, and Ctrl+Z brings the draft back in one step', async () => {
    const draft = await page.inputValue('#react-reply');
    const preview = await translateAndReplace('#react-reply');
    await waitUntil(async () => (await page.textContent('#react-echo')) === preview, 'React state holding the translation', 10_000);
    expect(await page.inputValue('#react-reply')).toBe(preview);
    expect(preview).toContain('Rechnung');
    await page.keyboard.press('Control+z');
    await waitUntil(async () => (await page.textContent('#react-echo')) === draft, 'React state back to the draft', 10_000);
    expect(errors).toEqual([]);
  });

  it('a Vue 3 v-model textarea: the model follows Replace and Ctrl+Z', async () => {
    const draft = await page.inputValue('#vue-reply');
    const preview = await translateAndReplace('#vue-reply');
    await waitUntil(async () => (await page.textContent('#vue-echo')) === preview, 'Vue model holding the translation', 10_000);
    await page.keyboard.press('Control+z');
    await waitUntil(async () => (await page.textContent('#vue-echo')) === draft, 'Vue model back to the draft', 10_000);
    expect(errors).toEqual([]);
  });

  it('Tiptap (ProseMirror): its document holds the translation with bold, link and list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('tiptap');
    await translateAndReplace('#tiptap .ProseMirror');
    await waitUntil(async () => JSON.stringify(await model('tiptap')).includes('Vertrag'), 'the translation in Tiptap', 10_000);
    const after = JSON.stringify(await model('tiptap'));
    expect(after).toContain('"type":"bold"');
    expect(after).toContain('"href":"https://example.com/contract"');
    expect(after.match(/"type":"listItem"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    await page.keyboard.press('Control+z');
    await waitUntil(async () => JSON.stringify(await model('tiptap')) === JSON.stringify(before), 'the draft back in Tiptap', 10_000);
    expect(errors).toEqual([]);
  });

  it('Lexical: its editor state holds the translation with bold, link and list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('lexical');
    await translateAndReplace('#lexical');
    await waitUntil(async () => JSON.stringify(await model('lexical')).includes('Vertrag'), 'the translation in Lexical', 10_000);
    const after = JSON.stringify(await model('lexical'));
    expect(after).toMatch(/"format":1,[^}]*"text":"[^"]+"/);
    expect(after).toContain('"url":"https://example.com/contract"');
    expect(after.match(/"type":"listitem"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    await page.keyboard.press('Control+z');
    await waitUntil(async () => JSON.stringify(await model('lexical')) === JSON.stringify(before), 'the draft back in Lexical', 10_000);
    expect(errors).toEqual([]);
  });

  it('Quill: its contents hold the translation with bold, link and bullet list; Ctrl+Z restores the draft exactly', async () => {
    const before = await model('quill');
    await translateAndReplace('#quill .ql-editor');
    await waitUntil(async () => JSON.stringify(await model('quill')).includes('Vertrag'), 'the translation in Quill', 10_000);
    const after = JSON.stringify(await model('quill'));
    expect(after).toContain('"bold":true');
    expect(after).toContain('"link":"https://example.com/contract"');
    expect(after.match(/"list":"bullet"/g)).toHaveLength(2);
    expect(after).not.toContain('First point');
    // Exactly the draft's two bullet items, none empty: Quill merges equal newlines into one op, so count lines.
    const lines = quillLines(await model('quill') as QuillDelta);
    expect(lines.filter((line) => line.list === 'bullet').map((line) => line.text.trim() !== '')).toEqual([true, true]);
    expect(lines.map((line) => line.list ?? 'text')).toEqual(['text', 'bullet', 'bullet']);
    await page.keyboard.press('Control+z');
    await waitUntil(async () => JSON.stringify(await model('quill')) === JSON.stringify(before), 'the draft back in Quill', 10_000);
    expect(errors).toEqual([]);
  });

  it("the panel's Undo takes the replacement back in each rich editor, through the editor's own history", async () => {
    for (const [name, selector] of [['tiptap', '#tiptap .ProseMirror'], ['lexical', '#lexical'], ['quill', '#quill .ql-editor']] as const) {
      const before = JSON.stringify(await model(name));
      await translateAndReplace(selector);
      await waitUntil(async () => JSON.stringify(await model(name)).includes('Vertrag'), `the translation in ${name}`, 10_000);
      await panelIn(glossa, page).click('button', 'Undo');
      await waitUntil(async () => JSON.stringify(await model(name)) === before, `the draft back in ${name} after Undo`, 10_000);
    }
    expect(errors).toEqual([]);
  });
});
