// Injected on demand by the background (scripting.executeScript, never declared in the
// manifest). Wiring only: the page engine and the selection popover live in utils/.
import { claimContentScript, startPageEngine } from '@/utils/content/start-page-engine';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { startSelectionPopover } from '@/utils/content/selection';

export default defineContentScript({
  // Runtime registration without matches: nothing in the manifest, no host permission added.
  registration: 'runtime',
  main() {
    // The background may inject again into a page that already has Glossa: wire only once.
    if (!claimContentScript()) return;
    startPageEngine();

    // ── selection popover (owned by the selection popover engineer) ──
    startSelectionPopover();
    // ── end selection popover ──
  },
});
