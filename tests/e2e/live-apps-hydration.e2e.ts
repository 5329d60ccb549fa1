// Server-rendered React and Vue pages that hydrate after Glossa has translated them, in
// Chromium (the scenario and what Glossa does there: apps/hydration.ts; issue 16).
import { launchChromium } from './apps/chromium';
import { describeHydration } from './apps/hydration';

describeHydration(launchChromium);
