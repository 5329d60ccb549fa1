// A React app (see apps/) with Glossa in Chromium: counter, list, toggled paragraph, timer, an
// element inserted into a sentence and a client-side route change stay correct after
// translation, after show original and after translating again (issue 16).
import { launchChromium } from './apps/chromium';
import { describeLiveApp } from './apps/suite';

describeLiveApp('react', launchChromium);
