// Registered by the background for the sites where the user turned writing help on (and only
// there): the small button on the focused field that opens the writing panel.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startWritingButton } from '@/utils/content/writing/button-script';

export default defineUnlistedScript(() => {
  startWritingButton();
});
