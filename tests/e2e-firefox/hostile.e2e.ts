// Hostile translations reach nothing in the page, in Firefox (the scenario:
// tests/e2e/scenarios/hostile-responses.ts; the payloads: tests/e2e/hostile-cases.ts).
import { describeHostileResponses } from '../e2e/scenarios/hostile-responses';
import { launchFirefox } from './live-browser';

describeHostileResponses(launchFirefox, ' in Firefox');
