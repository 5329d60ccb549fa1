// A Svelte app (see tests/e2e/apps/) with Glossa in Firefox: counter, list, toggled paragraph, timer, an
// element inserted into a sentence and a client-side route change stay correct after
// translation, after show original and after translating again (issue 16).
import { launchFirefox } from './live-browser';
import { describeLiveApp } from '../e2e/apps/suite';

describeLiveApp('svelte', launchFirefox);
