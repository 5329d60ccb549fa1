// Page fidelity and right to left in Chromium (the scenario: scenarios/page-fidelity.ts).
import { launchChromium } from './apps/chromium';
import { describePageFidelity } from './scenarios/page-fidelity';

describePageFidelity(launchChromium);
