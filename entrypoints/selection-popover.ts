// Injected by the background into the frame that holds a selection, each time the user asks
// for its translation (context menu or shortcut) or to fix a translated term (context menu
// `fix-translation`) or writing help for a field (`translate-field`), and only then: the popover's UI (Preact, styles, sanitising, the term
// form frame's holder) stays out of the script every translated page loads.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { claimSelectionPopover, startSelectionPopover } from '@/utils/content/selection';
import { startTermFix } from '@/utils/content/term-fix';
import { startWritingHelp } from '@/utils/content/writing';

export default defineUnlistedScript(() => {
  // Injected again on every request: wire the frame only once.
  if (!claimSelectionPopover()) return;
  startSelectionPopover();
  startTermFix();
  startWritingHelp();
});
