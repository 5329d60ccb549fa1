// Hostile translations reach nothing in the page, in Chromium (the scenario:
// scenarios/hostile-responses.ts; the payloads: hostile-cases.ts, shared with Firefox).
import { launchChromium } from './apps/chromium';
import { describeHostileResponses } from './scenarios/hostile-responses';

describeHostileResponses(launchChromium);
