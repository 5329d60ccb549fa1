// A stand-in background and pointer events for pointing in a page: the hover script
// (utils/content/pointing/hover-script.ts) and the page script it loads (utils/content/pointing).
import { expect, vi } from 'vitest';
import { answer } from '../message-double';
import type { PageEngineWiring } from '../../utils/content/start-page-engine';
import { startPointing } from '../../utils/content/pointing';
import { startHoverScript } from '../../utils/content/pointing/hover-script';
import { provideContentExtras } from '../../utils/content/page-extras';
import { createPointer } from '../../utils/content/pointing/pointer';
import { createStatusNotice } from '../../utils/content/status-notice';
import { upperCase } from '../page/fake-translator';

export const page: PageEngineWiring = { engine: () => undefined, stop: async () => undefined };

/** A stand-in background: hover on with `modifier`; records the blocks it is asked to translate. */
export function background(modifier: 'Alt' | 'Control' | 'Shift' | null, scope: { only: string[]; never: string[] } = { only: [], never: [] }) {
  const sent: string[] = [];
  const setup = { asked: 0, extrasLoaded: 0, pageScriptLoaded: 0 };
  // The background's side of loadPageExtras: it injects page-extras.js, which registers these.
  answer('loadPageExtras', async () => {
    setup.extrasLoaded++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    provideContentExtras({ createStatusNotice, createPointer });
  });
  answer('pointingSetup', () => {
    setup.asked++;
    return { modifier, targetLang: 'DE', sourceLang: 'EN', scope };
  });
  answer('translatePointed', ({ data }) => {
    sent.push(data.block.text);
    return { result: { ok: true, text: upperCase(data.block.text) }, targetLang: 'DE', billedCharacters: data.block.text.length };
  });
  /**
   * A page of a hover site: the hover script runs in `doc`, in a world of its own (`world`), and
   * the background's side of loadPageScript starts the page script's pointing there, as
   * injecting page-engine.js does. `withPageScript`: the page script is there from the start.
   */
  const hoverPage = (doc: Document, withPageScript = false) => {
    const world = {};
    const startPageScript = () => {
      setup.pageScriptLoaded++;
      startPointing(page, doc, world);
    };
    // page-engine.js and page-extras.js in one injection.
    answer('loadPageScript', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      startPageScript();
      provideContentExtras({ createStatusNotice, createPointer });
    });
    startHoverScript(doc, world);
    if (withPageScript) startPageScript();
  };
  /** Resolves once the hover script has its setup and listens (its listeners are added right after). */
  const ready = async () => {
    await vi.waitFor(() => expect(setup.asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { sent, ready, setup, hoverPage };
}

export const move = (target: Element, pointerType: string, init: MouseEventInit = {}) =>
  target.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, pointerType, ...init }));
export const press = (key: string, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, altKey: key === 'Alt' }));
