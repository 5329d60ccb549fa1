// Injected on demand by the background (scripting.executeScript, never declared in the
// manifest) into every page Glossa translates. Wiring only: the page engine and the page
// notice live in utils/. The selection popover is a script of its own
// (entrypoints/selection-popover.ts), so translated pages never load its UI.
import { claimContentScript, startPageEngine } from '@/utils/content/start-page-engine';
import { startTermRefresh } from '@/utils/content/term-fix/page';
import { startPointing, type Pointing } from '@/utils/content/pointing';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

// An unlisted script, not a WXT content script: nothing here uses WXT's content-script
// context (invalidation, location watching), which cost ~3 KB in every translated page.
export default defineUnlistedScript(() => {
  // The background may inject again into a page that already has Glossa: wire only once.
  if (!claimContentScript()) return;
  let pointing: Pointing | undefined;
  // What was translated paragraph by paragraph makes way for a page translation (the cache serves it).
  const page = startPageEngine(document, {}, { beforeStart: () => pointing?.clear() });
  // Translate this paragraph, Never translate this part, and the points of hover translation's listeners (page-hover.js).
  pointing = startPointing(page);
  // A term fixed from this page: the blocks holding it are translated again (the form is the term form frame's).
  startTermRefresh(page);
});
