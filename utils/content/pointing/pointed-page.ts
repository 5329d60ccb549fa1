// The part of pointing that finds, translates and shows a pointed block: loaded with
// page-extras.js the first time the user points at something, so pages where nobody points
// never carry it. The listeners that notice a point stay in the page script (index.ts).
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

export function createPointedPage(doc: Document, setup: PointingSetup, wiring: PointedPageWiring): PointedPage {
  const win = doc.defaultView ?? window;
  const decision = decideForPage(doc, setup.sourceLang, detectWithBrowser);
  let language: LanguageDecision = { pageLanguage: '' };
  // The site's rules as last compiled, recompiled only when the page script was told of new ones.
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

  return {
    async point(node, hide) {
      language = await decision;
      // A page translation shown already has the block.
      if (wiring.pageTranslated()) return 'none';
      return blocks.toggle(node, hide);
    },
    clear: () => blocks.clear(),
  };
}
