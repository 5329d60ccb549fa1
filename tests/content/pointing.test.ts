import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, removeAllListeners } from '../message-double';
import { startPointing } from '../../utils/content/pointing';
import type { PageEngineWiring } from '../../utils/content/start-page-engine';
import { upperCase } from '../page/fake-translator';
import { engineExtras, provideEngineExtras } from '../../utils/page/extras';

afterEach(() => {
  removeAllListeners();
  document.body.innerHTML = '';
});

const page: PageEngineWiring = { engine: () => undefined, stop: async () => undefined };

/** A stand-in background: hover on with `modifier`; records the blocks it is asked to translate. */
function background(modifier: 'Alt' | 'Control' | 'Shift' | null, scope: { only: string[]; never: string[] } = { only: [], never: [] }) {
  const sent: string[] = [];
  const setup = { asked: 0 };
  answer('pointingSetup', () => {
    setup.asked++;
    return { modifier, targetLang: 'DE', sourceLang: 'EN', scope };
  });
  answer('translatePointed', ({ data }) => {
    sent.push(data.block.text);
    return { result: { ok: true, text: upperCase(data.block.text) }, targetLang: 'DE', billedCharacters: data.block.text.length };
  });
  /** Resolves once the page script has its setup and listens (its listeners are added right after). */
  const ready = async () => {
    await vi.waitFor(() => expect(setup.asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { sent, ready };
}

const move = (target: Element, pointerType: string, init: MouseEventInit = {}) =>
  target.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, pointerType, ...init }));
const press = (key: string, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, altKey: key === 'Alt' }));

describe('hover translation in the page', () => {
  it('follows the mouse only: a touch (a long press) is left alone, the mouse\'s paragraph is translated', async () => {
    document.body.innerHTML = '<p id="touched">Touched text here</p><p id="pointed">Pointed <b>text</b> here</p><input id="field">';
    const { sent, ready } = background('Alt');
    startPointing(page, document);
    await ready();
    move(document.getElementById('touched')!, 'touch');
    press('Alt');
    move(document.querySelector('#pointed b')!, 'mouse');
    press('Alt');
    await vi.waitFor(() => expect(document.querySelector('#pointed > glossa-translation')).not.toBeNull());
    expect(sent).toEqual(['Pointed <b id="1">text</b> here']);
    expect(document.querySelector('#touched glossa-translation')).toBeNull();
    // Alt while typing in a field is the field's.
    press('Alt', document.getElementById('field')!);
    expect(document.querySelector('#pointed > glossa-translation')).not.toBeNull();
    // Pressed again over the same paragraph: hidden.
    press('Alt');
    await vi.waitFor(() => expect(document.querySelector('glossa-translation')).toBeNull());
    expect(sent).toHaveLength(1);
  });

  it('keeps to the site\'s rules: a paragraph in a part never translated is left alone', async () => {
    // A document of its own: the earlier tests' page scripts still listen on the shared one.
    const doc = document.implementation.createHTMLDocument('rules');
    doc.body.innerHTML = '<aside class="promo"><p id="promo">Promoted text here</p></aside><p id="story">Story text here</p>';
    const { sent, ready } = background('Alt', { only: [], never: ['.promo'] });
    startPointing(page, doc);
    await ready();
    move(doc.getElementById('promo')!, 'mouse');
    press('Alt', doc.body);
    move(doc.getElementById('story')!, 'mouse');
    press('Alt', doc.body);
    await vi.waitFor(() => expect(doc.querySelector('#story > glossa-translation')).not.toBeNull());
    expect(sent).toEqual(['Story text here']);
    expect(doc.querySelector('#promo glossa-translation')).toBeNull();
  });

  it('loads the code that shows a paragraph only when the first one is pointed at, and once', async () => {
    // fake-translator.ts registers the engine's extras up front; here they start unloaded, as in a page.
    const KEY = Symbol.for('glossa.engine-extras');
    const provided = engineExtras()!;
    delete (globalThis as Record<symbol, unknown>)[KEY];
    try {
      document.body.innerHTML = '<p id="one">First text here</p><p id="two">Second text here</p>';
      const { sent, ready } = background('Alt');
      let loads = 0;
      answer('loadPageExtras', async () => {
        loads++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        provideEngineExtras(provided);
      });
      startPointing(page, document);
      await ready();
      expect(loads).toBe(0);
      move(document.getElementById('one')!, 'mouse');
      press('Alt');
      await vi.waitFor(() => expect(document.querySelector('#one > glossa-translation')).not.toBeNull());
      move(document.getElementById('two')!, 'mouse');
      press('Alt');
      await vi.waitFor(() => expect(document.querySelector('#two > glossa-translation')).not.toBeNull());
      expect(loads).toBe(1);
      expect(sent).toEqual(['First text here', 'Second text here']);
    } finally {
      provideEngineExtras(provided);
    }
  });

  it('does nothing on a key press where hover translation is off', async () => {
    document.body.innerHTML = '<p id="p">Some text here</p>';
    const { sent, ready } = background(null);
    startPointing(page, document);
    await ready();
    move(document.getElementById('p')!, 'mouse', { altKey: true });
    press('Alt');
    await Promise.resolve();
    expect(sent).toEqual([]);
  });
});
