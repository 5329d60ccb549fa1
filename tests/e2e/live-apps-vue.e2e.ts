// A Vue app (see apps/) with Glossa in Chromium: counter, list, toggled paragraph, timer, an
// element inserted into a sentence (v-if) and a route change between views kept alive
// (<KeepAlive>) stay correct after translation, show original and translating again (issue 16).
import { launchChromium } from './apps/chromium';
import { describeLiveApp } from './apps/suite';

describeLiveApp('vue', launchChromium);
