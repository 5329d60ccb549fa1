// What pointing does once the user points (utils/content/pointing/index.ts listens): finds,
// translates and shows the pointed block, follows the hover modifier where hover translation
// is on, and opens the `Never translate this part` picker. Loaded with page-extras.js the first
// time it is needed, so pages where nobody points never carry it.
import { browser } from 'wxt/browser';
import { sendMessage, type PointingSetup } from '../../shared/protocol';
import type { SiteScope } from '../../shared/site-scope';
import { BILINGUAL_TAG } from '../../page/bilingual';
import type { CollectContext } from '../../page/collect';
import { preservesWhitespace } from '../../page/collector';
import { decideForPage, languageFilter, type LanguageDecision } from '../../page/language';
import { createPointedBlocks } from '../../page/pointed';
import { compileScope, type ScopeMatcher } from '../../page/site-scope';
import { detectWithBrowser, resend } from '../start-page-engine';
import type { PointedPage, PointedPageWiring } from '../page-extras';
import { openExclusionPicker } from './exclusion-picker';

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

/** Firefox names the element under the right-click; elsewhere undefined. */
function menuTargetElement(id: number | undefined): Element | undefined {
  const menus = (browser as unknown as { menus?: { getTargetElement?(id: number): Element | null } }).menus;
  if (id === undefined || typeof menus?.getTargetElement !== 'function') return undefined;
  return menus.getTargetElement(id) ?? undefined;
}

export function createPointedPage(doc: Document, setup: PointingSetup, wiring: PointedPageWiring): PointedPage {
  const win = doc.defaultView ?? window;
  const decision = decideForPage(doc, setup.sourceLang, detectWithBrowser);
  let language: LanguageDecision = { pageLanguage: '' };
  // The site's rules as last compiled, compiled again only when the page script was told of new ones.
  let compiledFor: SiteScope | undefined;
  let matcher: ScopeMatcher | undefined;
  const scopeMatcher = () => {
    const scope = wiring.scope();
    if (scope !== compiledFor) {
      compiledFor = scope;
      matcher = compileScope(scope, doc);
    }
    return matcher;
  };

  const context = (): CollectContext => ({
    isOwn: (node) => node.nodeType === 1 && (node as Element).localName === BILINGUAL_TAG,
    isTaken: () => false,
    languageAllowed: languageFilter(setup.targetLang, setup.sourceLang),
    pageLanguage: language.pageLanguage,
    preservesWhitespace: (el) => preservesWhitespace(win, el),
    scope: scopeMatcher(),
  });

  const blocks = createPointedBlocks(doc, context, (block) =>
    resend(() => sendMessage('translatePointed', { block: { text: block.source.html, format: 'html' }, ...(language.sourceLang ? { sourceLang: language.sourceLang } : {}) })));

  /** Shows (or, with `hide`, toggles) the block holding `node`; a page translation shown already has it. */
  async function point(node: Node, hide: boolean) {
    language = await decision;
    if (wiring.pageTranslated()) return 'none' as const;
    return blocks.toggle(node, hide);
  }

  const modifier = setup.modifier;
  if (modifier) {
    let pointer: Node | undefined;
    let lastShown: Node | undefined;
    doc.addEventListener('pointermove', (e) => {
      // Touch and pen are left alone: a long press keeps doing what the browser does.
      if (e.pointerType !== 'mouse') {
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
    doc.documentElement.addEventListener('pointerleave', () => {
      pointer = undefined;
    }, { passive: true });
    let acted = false;
    doc.addEventListener('keydown', (e) => {
      acted = false;
      if (e.key !== modifier || e.repeat || !pointer || typing(e)) return;
      acted = true;
      lastShown = pointer;
      void point(pointer, true);
    }, { capture: true });
    // Alt alone would also open the browser's menu bar (Firefox on Linux and Windows) when it is released.
    doc.addEventListener('keyup', (e) => {
      if (acted && e.key === modifier) e.preventDefault();
      acted = false;
    }, { capture: true });
  }

  return {
    async pointAt(order) {
      const hovered = [...doc.querySelectorAll(':hover')].at(-1);
      const selection = doc.getSelection();
      const active = deepActive(doc);
      const node = order.via === 'menu'
        ? wiring.recentTarget() ?? menuTargetElement(order.targetElementId) ?? hovered
        : (active && active !== doc.body && active !== doc.documentElement ? active : selection?.focusNode ?? undefined);
      if (!node) return { found: false };
      return { found: (await point(node, true)) !== 'none' };
    },
    pickExclusion(order) {
      const node = wiring.recentTarget() ?? menuTargetElement(order.targetElementId) ?? [...doc.querySelectorAll(':hover')].at(-1);
      const el = node && (node.nodeType === 1 ? (node as Element) : node.parentElement);
      if (!el || el === doc.body || el === doc.documentElement) return { shown: false };
      openExclusionPicker(el, doc);
      return { shown: true };
    },
    clear: () => blocks.clear(),
  };
}
