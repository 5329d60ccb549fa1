// The browser of this run for the suites written once (tests/e2e/*.e2e.ts that both configs
// include): vitest.e2e.config.ts sets GLOSSA_E2E_BROWSER=chromium, vitest.e2e-firefox.config.ts
// sets firefox. Each launcher is loaded only when chosen, so a run never loads the other driver.
import type { LaunchLiveBrowser, LiveBrowser } from './live-browser';

export type E2eBrowser = 'chromium' | 'firefox';

/** The run's browser; Chromium when no config set it (a file run on its own). */
export function e2eBrowser(): E2eBrowser {
  return process.env.GLOSSA_E2E_BROWSER === 'firefox' ? 'firefox' : 'chromium';
}

/** Launches the run's browser with Glossa, as the shared scenarios drive it. */
export const launchLiveBrowser: LaunchLiveBrowser = async (options): Promise<LiveBrowser> =>
  e2eBrowser() === 'firefox' ? (await import('./live-firefox')).launchFirefox(options) : (await import('./live-chromium')).launchChromium(options);

/** What a shared suite appends to its title in Firefox, so each browser's test names stay as they were. */
export function firefoxTitleSuffix(): string {
  return e2eBrowser() === 'firefox' ? ' in Firefox' : '';
}
