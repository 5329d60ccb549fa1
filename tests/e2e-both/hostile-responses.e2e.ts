// Hostile translations reach nothing in the page, in the run's browser (the scenario:
// scenarios/hostile-responses.ts; the payloads: hostile-cases.ts).
import { firefoxTitleSuffix, launchLiveBrowser } from '../e2e-lib/launch-live';
import { describeHostileResponses } from './scenarios/hostile-responses';

describeHostileResponses(launchLiveBrowser, firefoxTitleSuffix());
