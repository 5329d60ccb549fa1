// Page fidelity and right to left in Firefox (the scenario: tests/e2e/scenarios/page-fidelity.ts).
import { describePageFidelity } from '../e2e/scenarios/page-fidelity';
import { launchFirefox } from './live-browser';

describePageFidelity(launchFirefox, ' in Firefox');
