// Server-rendered React and Vue pages that hydrate after Glossa has translated them, in
// Firefox (the scenario and what Glossa does there: tests/e2e/apps/hydration.ts; issue 16).
import { describeHydration } from '../e2e/apps/hydration';
import { launchFirefox } from './live-browser';

describeHydration(launchFirefox);
