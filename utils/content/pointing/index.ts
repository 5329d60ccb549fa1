// Pointing in a page: hover translation (the modifier key over a paragraph, where the user
// turned it on), and the background's orders for the context menu `translate-paragraph`, the
// command `translate-paragraph` and the picker of `Never translate this part`. The block is
// found and shown by the page engine's code (utils/page/point.ts, pointed.ts); the translation
// comes from the background, which owns the key, the options and the cache.
import { browser } from 'wxt/browser';
import { onContentMessage } from '../../shared/messages-to-content';
import { sendMessage, type PointingSetup } from '../../shared/protocol';
import { EMPTY_SCOPE, hasScope, type SiteScope } from '../../shared/site-scope';
import { BILINGUAL_TAG } from '../../page/bilingual';
import type { CollectContext } from '../../page/collect';
import { preservesWhitespace } from '../../page/collector';
import { decideForPage, languageFilter, type LanguageDecision } from '../../page/language';
import { engineExtras } from '../../page/extras';
import { pointedTools } from '../../page/point';
import type { PointedBlocks, PointOutcome } from '../../page/pointed';
import type { ScopeMatcher } from '../../page/site-scope';
import { detectWithBrowser, resend, type PageEngineWiring } from '../start-page-engine';
import { contentExtras, loadPageExtras } from '../page-extras';

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

/** The focused element, inside open shadow roots too. */
function deepActive(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The innermost element the browser shows as hovered (it follows a resting mouse through loads and scrolls). */
function hoveredElement(doc: Document): Element | undefined {
  return [...doc.querySelectorAll(':hover')].at(-1);
}

/** Firefox names the element under the right-click; elsewhere undefined. */
function menuTargetElement(id: number | undefined): Element | undefined {
  const menus = (browser as unknown as { menus?: { getTargetElement?(id: number): Element | null } }).menus;
  if (id === undefined || typeof menus?.getTargetElement !== 'function') return undefined;
  return menus.getTargetElement(id) ?? undefined;
}

export function startPointing(page: PageEngineWiring, doc: Document = document): Pointing {
  const win = doc.defaultView ?? window;
  let setupLoad: Promise<PointingSetup> | undefined;
  let decision: Promise<LanguageDecision> | undefined;
  let setup: PointingSetup | undefined;
  let scopeJson = JSON.stringify(EMPTY_SCOPE);
  let rules: SiteScope = EMPTY_SCOPE;
  // Compiled by the extras' code when a paragraph is first pointed at (most sites have no rules).
  let matcher: ScopeMatcher | undefined;
  let compiled = true;
  let pointer: Node | undefined;
  let lastShown: Node | undefined;
  let contextTarget: { node: Node; at: number } | undefined;

  const applyScope = (scope: SiteScope) => {
    const json = JSON.stringify(scope);
    if (json === scopeJson) return false;
    scopeJson = json;
    rules = scope;
    compiled = false;
    return true;
  };

  const load = () => (setupLoad ??= resend(() => sendMessage('pointingSetup', {})).then((loaded) => {
    setup = loaded;
    applyScope(loaded.scope);
    decision ??= decideForPage(doc, loaded.sourceLang, detectWithBrowser);
    return loaded;
  }));

  const context = (language: LanguageDecision): CollectContext => ({
    isOwn: (node) => node.nodeType === 1 && (node as Element).localName === BILINGUAL_TAG,
    isTaken: () => false,
    languageAllowed: languageFilter(setup?.targetLang ?? '', setup?.sourceLang ?? ''),
    pageLanguage: language.pageLanguage,
    preservesWhitespace: (el) => preservesWhitespace(win, el),
    scope: matcher,
  });

  let language: LanguageDecision = { pageLanguage: '' };
  const tools = pointedTools(doc, () => context(language));
  let blocks: PointedBlocks | undefined;
  // The code that finds and shows a paragraph comes with the engine's extras, loaded the first
  // time one is pointed at: most translated pages never are.
  const pointedBlocks = async (): Promise<PointedBlocks | undefined> => {
    if (blocks) return blocks;
    if (!engineExtras()) await resend(loadPageExtras);
    const create = engineExtras()?.createPointedBlocks;
    blocks ??= create?.(doc, tools, (block) =>
      resend(() => sendMessage('translatePointed', { block: { text: block.source.html, format: 'html' }, ...(language.sourceLang ? { sourceLang: language.sourceLang } : {}) })));
    return blocks;
  };

  /** Shows (or, with `hide`, toggles) the block holding `node`; a page translation shown already has it. */
  async function point(node: Node, hide: boolean): Promise<PointOutcome> {
    await load();
    language = await decision!;
    if (page.engine()) return 'none';
    const shown = await pointedBlocks().catch(() => undefined);
    if (!shown) return 'failed';
    if (!compiled) {
      // The extras came with the pointed blocks: the site's rules are compiled by their code.
      matcher = hasScope(rules) ? engineExtras()?.compileScope(rules, doc) : undefined;
      compiled = true;
    }
    return shown.toggle(node, hide);
  }

  onContentMessage('pointAt', async ({ data }) => {
    const recent = contextTarget && Date.now() - contextTarget.at < CONTEXT_TARGET_MS ? contextTarget.node : undefined;
    const hovered = hoveredElement(doc);
    const selection = doc.getSelection();
    const active = deepActive(doc);
    const node = data.via === 'menu'
      ? recent ?? menuTargetElement(data.targetElementId) ?? hovered
      : (active && active !== doc.body && active !== doc.documentElement ? active : selection?.focusNode ?? undefined);
    if (!node) return { found: false };
    return { found: (await point(node, true)) !== 'none' };
  });

  onContentMessage('applySiteScope', ({ data }) => {
    if (!applyScope(data.scope)) return;
    page.engine()?.setScope(data.scope);
  });

  onContentMessage('pickExclusion', async ({ data }) => {
    const recent = contextTarget && Date.now() - contextTarget.at < CONTEXT_TARGET_MS ? contextTarget.node : undefined;
    const node = recent ?? menuTargetElement(data.targetElementId) ?? hoveredElement(doc);
    const el = node && (node.nodeType === 1 ? (node as Element) : node.parentElement);
    if (!el || el === doc.body || el === doc.documentElement) return { shown: false };
    // The picker's code is loaded only now: most translated pages never need it.
    await loadPageExtras();
    const open = contentExtras()?.openExclusionPicker;
    if (!open) return { shown: false };
    open(el, doc);
    return { shown: true };
  });

  doc.addEventListener('contextmenu', (e) => {
    const target = e.composedPath()[0];
    if (target instanceof Node) contextTarget = { node: target, at: Date.now() };
  }, { capture: true, passive: true });

  // Hover translation runs only where the user turned it on (the background says which modifier).
  void load().then((loaded) => {
    const modifier = loaded.modifier;
    if (!modifier) return;
    // A mouse that rested on the page since before these listeners (the page loading, hover
    // just turned on) has sent no move: the key then acts on what the browser shows hovered.
    let mouseLast = true;
    doc.addEventListener('pointermove', (e) => {
      // Touch and pen are left alone: a long press keeps doing what the browser does.
      mouseLast = e.pointerType === 'mouse';
      if (!mouseLast) {
        pointer = undefined;
        return;
      }
      const target = e.composedPath()[0];
      pointer = target instanceof Node ? target : undefined;
      // Held while moving: each paragraph reached is shown (never hidden) once.
      if (pointer && modifierHeld(modifier, e) && pointer !== lastShown) {
        lastShown = pointer;
        void point(pointer, false);
      }
    }, { capture: true, passive: true });
    let left = false;
    doc.documentElement.addEventListener('pointerleave', () => {
      pointer = undefined;
      left = true;
    }, { passive: true });
    doc.documentElement.addEventListener('pointerenter', () => {
      left = false;
    }, { passive: true });
    let acted = false;
    doc.addEventListener('keydown', (e) => {
      acted = false;
      if (e.key !== modifier || e.repeat || typing(e)) return;
      const target = pointer ?? (mouseLast && !left ? hoveredElement(doc) : undefined);
      if (!target) return;
      acted = true;
      lastShown = target;
      void point(target, true);
    }, { capture: true });
    // Alt alone would also open the browser's menu bar (Firefox on Linux and Windows) when it is released.
    doc.addEventListener('keyup', (e) => {
      if (acted && e.key === modifier) e.preventDefault();
      acted = false;
    }, { capture: true });
  }).catch(() => undefined);

  return {
    clear: () => blocks?.clear(),
  };
}
