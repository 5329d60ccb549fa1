// The run's browser as a harness (harness.ts), for suites in tests/e2e-both that drive pages
// directly: the calls both drivers' pages spell alike, and the harness of the browser that
// GLOSSA_E2E_BROWSER names (set by each e2e config; see launch-live.ts).
import type { GlossaHarness, LaunchOptions } from './harness';
import { e2eBrowser } from './launch-live';

/** What playwright-core's and puppeteer-core's pages both offer, spelled alike. */
export interface DriverPage {
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  title(): Promise<string>;
  url(): string;
  bringToFront(): Promise<void>;
  close(): Promise<void>;
  readonly mouse: { move(x: number, y: number): Promise<void> };
  readonly keyboard: { down(key: string): Promise<void>; up(key: string): Promise<void>; press(key: string): Promise<void> };
}

/** Starts the run's browser with Glossa: ChromiumGlossa or FirefoxGlossa, seen through the calls they share. */
export async function launchHarness(options: LaunchOptions = {}): Promise<GlossaHarness<DriverPage>> {
  // Each harness implements GlossaHarness for its own driver's page, which has every DriverPage call.
  if (e2eBrowser() === 'firefox') return (await (await import('./firefox-harness')).launchGlossaInFirefox(options)) as unknown as GlossaHarness<DriverPage>;
  return (await (await import('./chromium-harness')).launchGlossaInChromium(options)) as unknown as GlossaHarness<DriverPage>;
}
