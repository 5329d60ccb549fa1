// Pointing in a page: hover translation (the modifier key over a paragraph, where the user
// turned it on), and the background's orders for the context menu `translate-paragraph`, the
// command `translate-paragraph` and the picker of `Never translate this part`. Only the
// listeners live in the page script: what acts on a point (pointer.ts) comes with the extras,
// loaded the first time the user points, and borrows the engine's walk (utils/page/point.ts).
// The translation comes from the background, which owns the key, the options and the cache.
import { onContentMessage } from '../../shared/messages-to-content';
import { sendMessage, type PointingSetup } from '../../shared/protocol';
import { EMPTY_SCOPE, type SiteScope } from '../../shared/site-scope';
import { decideForPage } from '../../page/language';
import { pointedTools, pointingContext } from '../../page/point';
import type { PointOutcome } from '../../page/pointed';
import { detectWithBrowser, resend, type PageEngineWiring } from '../start-page-engine';
import { contentExtras, loadPageExtras } from '../page-extras';
import { hoveredElement } from './hovered';
import type { Pointer, PointerWiring } from './pointer-types';

/** How long a right-click names the element a menu item acts on. */
const CONTEXT_TARGET_MS = 60_000;

export interface Pointing {
  /** Hides what was translated block by block (a page translation is starting). */
  clear(): void;
}

const modifierHeld = (modifier: string, e: MouseEvent | KeyboardEvent) =>
  (modifier === 'Alt' && e.altKey) || (modifier === 'Control' && e.ctrlKey) || (modifier === 'Shift' && e.shiftKey);

/** Typing in a field or an editable region: the modifier belongs to the text (Shift for capitals). */
function typing(e: Event): boolean {
  const el = e.composedPath()[0];
  if (!(el instanceof Element)) return false;
  return el.matches('input,textarea,select') || (el as HTMLElement).isContentEditable === true;
}

export function startPointing(page: PageEngineWiring, doc: Document = document): Pointing {
  let setupLoad: Promise<PointingSetup> | undefined;
  let scopeJson = JSON.stringify(EMPTY_SCOPE);
  let rules: SiteScope = EMPTY_SCOPE;
  let pointer: Pointer | undefined;
  let contextTarget: { node: Node; at: number } | undefined;

  const applyScope = (scope: SiteScope) => {
    const json = JSON.stringify(scope);
    if (json === scopeJson) return false;
    scopeJson = json;
    rules = scope;
    return true;
  };
  const setup = () => (setupLoad ??= resend(() => sendMessage('pointingSetup', {})).then((loaded) => {
    applyScope(loaded.scope);
    return loaded;
  }));

  const wiring: PointerWiring = {
    translating: () => !!page.engine(),
    doc,
    setup,
    scope: () => rules,
    recentTarget: () => (contextTarget && Date.now() - contextTarget.at < CONTEXT_TARGET_MS ? contextTarget.node : undefined),
    decide: (sourceLang) => decideForPage(doc, sourceLang, detectWithBrowser),
    tools: (place) => pointedTools(doc, () => pointingContext(doc, place())),
  };
  const loadPointer = async (): Promise<Pointer> => {
    if (!contentExtras()?.createPointer) await resend(loadPageExtras);
    const create = contentExtras()?.createPointer;
    if (!create) throw new Error('The page extras did not register the pointer');
    return (pointer ??= create(wiring));
  };
  // A page translation shown already has every paragraph: nothing to load for it.
  const point = (node: Node, hide: boolean): Promise<PointOutcome> =>
    page.engine() ? Promise.resolve('none') : loadPointer().then((loaded) => loaded.point(node, hide), () => 'failed');

  onContentMessage('pointAt', async ({ data }) => (page.engine() ? { found: false } : (await loadPointer()).pointAt(data)));

  onContentMessage('applySiteScope', ({ data }) => {
    if (!applyScope(data.scope)) return;
    page.engine()?.setScope(data.scope);
  });

  onContentMessage('pickExclusion', async ({ data }) => (await loadPointer()).pickExclusion(data));

  doc.addEventListener('contextmenu', (e) => {
    const target = e.composedPath()[0];
    if (target instanceof Node) contextTarget = { node: target, at: Date.now() };
  }, { capture: true, passive: true });

  // Hover translation runs only where the user turned it on (the background says which modifier).
  void setup().then((loaded) => {
    const modifier = loaded.modifier;
    if (!modifier) return;
    // A mouse that rested on the page since before these listeners (the page loading, hover
    // just turned on) has sent no move: the key then acts on what the browser shows hovered.
    let mouseLast = true;
    let target: Node | undefined;
    let lastShown: Node | undefined;
    doc.addEventListener('pointermove', (e) => {
      // Touch and pen are left alone: a long press keeps doing what the browser does.
      mouseLast = e.pointerType === 'mouse';
      if (!mouseLast) {
        target = undefined;
        return;
      }
      const moved = e.composedPath()[0];
      target = moved instanceof Node ? moved : undefined;
      // Held while moving: each paragraph reached is shown (never hidden) once.
      if (target && modifierHeld(modifier, e) && target !== lastShown) {
        lastShown = target;
        void point(target, false);
      }
    }, { capture: true, passive: true });
    let left = false;
    doc.documentElement.addEventListener('pointerleave', () => {
      target = undefined;
      left = true;
    }, { passive: true });
    doc.documentElement.addEventListener('pointerenter', () => {
      left = false;
    }, { passive: true });
    let acted = false;
    doc.addEventListener('keydown', (e) => {
      acted = false;
      if (e.key !== modifier || e.repeat || typing(e)) return;
      const under = target ?? (mouseLast && !left ? hoveredElement(doc) : undefined);
      if (!under) return;
      acted = true;
      lastShown = under;
      void point(under, true);
    }, { capture: true });
    // Alt alone would also open the browser's menu bar (Firefox on Linux and Windows) when it is released.
    doc.addEventListener('keyup', (e) => {
      if (acted && e.key === modifier) e.preventDefault();
      acted = false;
    }, { capture: true });
  }).catch(() => undefined);

  return {
    clear: () => pointer?.clear(),
  };
}
