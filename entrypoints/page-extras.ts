// Injected by the background into a translated page's frame the first time its page script
// needs code that most pages never use (utils/content/page-extras.ts): the page notice, the
// bilingual view, translating a fixed term again, and pointing at a paragraph (with the `Never
// translate this part` picker). Wiring only: it registers them in the content scripts' world,
// where page-engine.js finds them.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { provideContentExtras } from '@/utils/content/page-extras';
import { createStatusNotice } from '@/utils/content/status-notice';
import { createPointer } from '@/utils/content/pointing/pointer';
import '@/utils/page/extras-provided';

export default defineUnlistedScript(() => {
  provideContentExtras({ createStatusNotice, createPointer });
});
