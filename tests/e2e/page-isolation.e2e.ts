// Page scripts cannot reach Glossa's popover or page notice, in Chromium (the scenario:
// scenarios/page-isolation.ts).
import { launchChromium } from './apps/chromium';
import { describePageIsolation } from './scenarios/page-isolation';

describePageIsolation(launchChromium);
