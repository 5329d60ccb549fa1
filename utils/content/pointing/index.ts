// Pointing in a page: hover translation (the modifier key over a paragraph, where the user
// turned it on), and the background's orders for the context menu `translate-paragraph`, the
// command `translate-paragraph` and the picker of `Never translate this part`. This page-script
// part only listens; the code that acts (pointed-page.ts) comes with page-extras.js when an
// order arrives or where hover translation is on. The translation comes from the background,
// which owns the key, the options and the cache.
import { onMessage } from '../../shared/messages-to-content';
import { sendMessage, type PointingSetup } from '../../shared/protocol';
import { EMPTY_SCOPE, type SiteScope } from '../../shared/site-scope';
import { resend, type PageEngineWiring } from '../start-page-engine';
import { contentExtras, loadPageExtras, type PointedPage } from '../page-extras';

/** How long a right-click names the element a menu item acts on. */
const CONTEXT_TARGET_MS = 60_000;

export interface Pointing {
  /** Hides what was translated block by block (a page translation is starting). */
  clear(): void;
}

export function startPointing(page: PageEngineWiring, doc: Document = document): Pointing {
  let setupLoad: Promise<PointingSetup> | undefined;
  let pointedLoad: Promise<PointedPage | undefined> | undefined;
  let pointed: PointedPage | undefined;
  let scope: SiteScope = EMPTY_SCOPE;
  let scopeJson = JSON.stringify(EMPTY_SCOPE);
  let contextTarget: { node: Node; at: number } | undefined;

  const applyScope = (next: SiteScope) => {
    const json = JSON.stringify(next);
    if (json === scopeJson) return false;
    scopeJson = json;
    scope = next;
    return true;
  };

  const load = () => (setupLoad ??= resend(() => sendMessage('pointingSetup', {})).then((loaded) => {
    applyScope(loaded.scope);
    return loaded;
  }));

  /** The acting code, loaded once (undefined where it could not be loaded). */
  const acting = () => (pointedLoad ??= load().then(async (setup) => {
    await resend(loadPageExtras);
    const create = contentExtras()?.createPointedPage;
    pointed = create?.(doc, setup, {
      scope: () => scope,
      pageTranslated: () => !!page.engine(),
      recentTarget: () => (contextTarget && Date.now() - contextTarget.at < CONTEXT_TARGET_MS ? contextTarget.node : undefined),
    });
    return pointed;
  }).catch(() => {
    pointedLoad = undefined;
    return undefined;
  }));

  onMessage('pointAt', async ({ data }) => (await acting())?.pointAt(data) ?? { found: false });

  onMessage('applySiteScope', ({ data }) => {
    if (!applyScope(data.scope)) return;
    page.engine()?.setScope(data.scope);
  });

  onMessage('pickExclusion', async ({ data }) => (await acting())?.pickExclusion(data) ?? { shown: false });

  doc.addEventListener('contextmenu', (e) => {
    const target = e.composedPath()[0];
    if (target instanceof Node) contextTarget = { node: target, at: Date.now() };
  }, { capture: true, passive: true });

  // Hover translation runs only where the user turned it on (the background says which modifier).
  void load().then((loaded) => {
    if (loaded.modifier) void acting();
  }).catch(() => undefined);

  return {
    clear: () => pointed?.clear(),
  };
}
