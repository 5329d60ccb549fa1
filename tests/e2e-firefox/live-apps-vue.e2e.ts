// A Vue app (see tests/e2e/apps/) with Glossa in Firefox: counter, list, toggled paragraph, timer, an
// element inserted into a sentence (v-if) and a route change between views kept alive
// (<KeepAlive>) stay correct after translation, show original and translating again (issue 16).
import { launchFirefox } from './live-browser';
import { describeLiveApp } from '../e2e/apps/suite';

describeLiveApp('vue', launchFirefox);
