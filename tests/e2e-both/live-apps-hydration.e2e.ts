// Server-rendered React and Vue pages that hydrate after Glossa has translated them, in the
// run's browser (the scenario and what Glossa does there: apps/hydration.ts; issue 16).
import { launchLiveBrowser } from '../e2e-lib/launch-live';
import { describeHydration } from './apps/hydration';

describeHydration(launchLiveBrowser);
