// Page scripts cannot reach Glossa's popover or page notice, in the run's browser; in Firefox
// the roots are created from the content scripts' sandbox (the scenario: scenarios/page-isolation.ts).
import { firefoxTitleSuffix, launchLiveBrowser } from '../e2e-lib/launch-live';
import { describePageIsolation } from './scenarios/page-isolation';

describePageIsolation(launchLiveBrowser, firefoxTitleSuffix());
