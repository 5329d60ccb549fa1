// Page fidelity and right to left, in the run's browser (the scenario: scenarios/page-fidelity.ts).
import { firefoxTitleSuffix, launchLiveBrowser } from '../e2e-lib/launch-live';
import { describePageFidelity } from './scenarios/page-fidelity';

describePageFidelity(launchLiveBrowser, firefoxTitleSuffix());
