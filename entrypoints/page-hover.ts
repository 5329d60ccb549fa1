// Registered by the background on the sites where the user turned hover translation on (never
// declared in the manifest), so it loads into every page of those sites: only the listeners
// for the modifier and right-clicks. The page script (page-engine.js) comes on the first
// point, and pointing goes on there (utils/content/pointing). Wiring only.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startHoverScript } from '@/utils/content/pointing/hover-script';

export default defineUnlistedScript(() => {
  startHoverScript(document);
});
