// A Vue app (see apps/) with Glossa in the run's browser: counter, list, toggled paragraph,
// timer, an element inserted into a sentence and a client-side route change stay correct after
// translation, after show original and after translating again (issue 16).
import { launchLiveBrowser } from '../e2e-lib/launch-live';
import { describeLiveApp } from './apps/suite';

describeLiveApp('vue', launchLiveBrowser);
