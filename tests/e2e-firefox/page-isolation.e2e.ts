// Page scripts cannot reach Glossa's popover or page notice, in Firefox, where the roots are
// created from the content scripts' sandbox (the scenario: tests/e2e/scenarios/page-isolation.ts).
import { describePageIsolation } from '../e2e/scenarios/page-isolation';
import { launchFirefox } from './live-browser';

describePageIsolation(launchFirefox, ' in Firefox');
