// The two halves of fixing a term in a tab: the page's content script (page-engine.js) translates
// again the blocks holding a phrase when the background asks, and tells the popover's script,
// injected later into the same world, which block a selection is in; the popover's script opens
// the fix-translation dialog there, in the popover's place.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { TermFormRequest } from '../../../utils/shared/protocol';
import { answer, removeAllListeners } from '../../message-double';
import { startTermRefresh } from '../../../utils/content/term-fix/page';
import { pageBlocks } from '../../../utils/content/term-fix/page-blocks';
import { openTermFix, startTermFix } from '../../../utils/content/term-fix';
import { currentPopover } from '../../../utils/content/selection/popover';
import { fakeTranslator, stopAllEngines, translateBody, upperCase } from '../../page/fake-translator';

const PAGE = '<p id="a">The harbour master waves. Boats leave.</p><p id="b">Every harbour master keeps a log.</p><p id="c">Boats leave the quay.</p>';

async function deliver(type: string, data: unknown, sender: object = { id: fakeBrowser.runtime.id }): Promise<{ ok: boolean; value?: unknown; error?: { code?: string } }> {
  const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender as never);
  return replies.find(Boolean) as never;
}

/** Selects `text` inside the element's first text node. */
function select(id: string, text: string): void {
  const node = document.getElementById(id)!.firstChild as Text;
  const at = node.data.indexOf(text);
  window.getSelection()!.setBaseAndExtent(node, at, node, at + text.length);
}

beforeEach(() => removeAllListeners());
afterEach(async () => {
  currentPopover()?.close(false);
  await stopAllEngines();
  document.body.innerHTML = '';
});

describe('fixing a term in a tab', () => {
  it('the page script translates again only the blocks holding the phrase, and only for the extension', async () => {
    let transform = upperCase;
    const translator = fakeTranslator((text) => transform(text));
    const { engine } = await translateBody(PAGE, translator);
    startTermRefresh({ engine: () => engine }, {});
    transform = (text) => upperCase(text).replace(/HARBOUR MASTER/g, 'Hafenmeister');
    const sentBefore = translator.calls.length;

    const fromTab = await deliver('refreshTermInPage', { phrase: 'harbour master', sourceLang: 'EN' }, { id: fakeBrowser.runtime.id, tab: { id: 3 } });
    expect(fromTab).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(translator.calls.length).toBe(sentBefore);

    const reply = await deliver('refreshTermInPage', { phrase: 'harbour master', sourceLang: 'EN' });
    expect(reply.value).toMatchObject({ blocks: 2 });
    expect(translator.calls.slice(sentBefore).map((c) => c.blocks.map((b) => b.text))).toEqual([
      ['The harbour master waves. Boats leave.', 'Every harbour master keeps a log.'],
    ]);
    expect(document.getElementById('a')!.textContent).toBe('THE Hafenmeister WAVES. BOATS LEAVE.');
    expect(document.getElementById('c')!.textContent).toBe('BOATS LEAVE THE QUAY.');
  });

  it('the popover script opens the dialog with the sentence of the selected block, beside its translation', async () => {
    const { engine } = await translateBody(PAGE);
    const world = {};
    startTermRefresh({ engine: () => engine }, world);
    select('a', 'BOATS');
    const open = vi.fn();
    expect(openTermFix(pageBlocks(world), { sourceLang: '', targetLang: 'de' }, window, open)).toBe(true);
    expect(open).toHaveBeenCalledWith(expect.objectContaining({
      original: 'Boats leave.', translation: 'BOATS LEAVE.', selected: 'BOATS', sourceLang: 'EN', targetLang: 'DE',
    }));
    // Outside any translated block, or without the page's script, nothing opens.
    document.body.insertAdjacentHTML('beforeend', '<p id="x">untouched</p>');
    select('x', 'untouched');
    expect(openTermFix(pageBlocks(world), { sourceLang: 'EN', targetLang: 'DE' }, window, open)).toBe(false);
    expect(openTermFix(undefined, { sourceLang: 'EN', targetLang: 'DE' }, window, open)).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('answers the context menu with the form frame in a closed root, in the popover\'s place, handing over only the texts the page shows', async () => {
    const { engine } = await translateBody(PAGE);
    startTermRefresh({ engine: () => engine });
    startTermFix(window);
    const asked: TermFormRequest[] = [];
    const url = `${fakeBrowser.runtime.getURL('/term-form.html')}#3b0c1f5e-2a44-4c1e-9d3e-7a1b2c3d4e5f`;
    // The background's side (utils/background/term-form.ts) stands in here.
    answer('termFormOpen', ({ data }) => {
      asked.push(data);
      return { url };
    });
    select('b', 'HARBOUR MASTER');
    expect((await deliver('showTermFix', { sourceLang: 'EN', targetLang: 'DE' })).value).toEqual({ shown: true });
    const dialog = currentPopover()!;
    expect(dialog.host.shadowRoot).toBeNull();
    await vi.waitFor(() => expect(dialog.shadow.querySelector('iframe')?.getAttribute('src')).toBe(url));
    expect(asked).toEqual([{
      kind: 'fix', original: 'Every harbour master keeps a log.', translation: 'EVERY HARBOUR MASTER KEEPS A LOG.', selected: 'HARBOUR MASTER', sourceLang: 'EN', targetLang: 'DE',
    }]);
    // The form itself (its fields, the glossaries) is the frame's: nothing of it in the page's document.
    expect(dialog.shadow.querySelector('input, select, form')).toBeNull();
    dialog.close();
    expect(document.querySelector('glossa-selection-popover')).toBeNull();
  });
});
