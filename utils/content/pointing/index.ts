// Pointing in a page: the background's orders for the context menu `translate-paragraph`, the
// command `translate-paragraph` and the picker of `Never translate this part`, and the `point`
// that hover translation's listeners call (they live in the hover script, hover.ts, which loads
// this page script on the first point). Only this wiring lives in the page script: what acts on
// a point (pointer.ts) comes with the extras, loaded the first time the user points, and
// borrows the engine's walk (utils/page/point.ts). The translation comes from the background,
// which owns the key, the options and the cache.
import { onContentMessage } from '../../shared/messages-to-content';
import { sendMessage, type PointingSetup } from '../../shared/protocol';
import { EMPTY_SCOPE, type SiteScope } from '../../shared/site-scope';
import { decideForPage } from '../../page/language';
import { pointedTools, pointingContext } from '../../page/point';
import type { PointOutcome } from '../../page/pointed';
import { detectWithBrowser, type PageEngineWiring } from '../start-page-engine';
import { contentExtras, loadPageExtras } from '../page-extras';
import { resend } from '../resend';
import { noteContextTargets, recentContextTarget } from './context-target';
import { providePagePoint } from './page-point';
import type { Pointer, PointerWiring } from './pointer-types';

export interface Pointing {
  /** Hides what was translated block by block (a page translation is starting). */
  clear(): void;
}

/** `world` is the content scripts' global scope, where the hover script finds `point` and both note right-clicks. */
export function startPointing(page: PageEngineWiring, doc: Document = document, world: object = globalThis): Pointing {
  let setupLoad: Promise<PointingSetup> | undefined;
  let scopeJson = JSON.stringify(EMPTY_SCOPE);
  let rules: SiteScope = EMPTY_SCOPE;
  let pointer: Pointer | undefined;

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
    recentTarget: () => recentContextTarget(world),
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

  noteContextTargets(doc, world);
  // The hover script calls it (page-point.ts).
  providePagePoint(point, world);

  return {
    clear: () => pointer?.clear(),
  };
}
