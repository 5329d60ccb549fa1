// Finding and launching the system Chromium with Glossa loaded; shared by the e2e harness
// and `npm start`.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export class ChromiumMissingError extends Error {
  constructor(tried: string[]) {
    super(
      `Chromium was not found (tried ${tried.join(', ')}). Install it with:\n` +
        '  sudo apt-get install -y chromium\n' +
        'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
    this.name = 'ChromiumMissingError';
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.CHROMIUM_PATH;
  if (override) {
    if (existsSync(override)) return override;
    throw new ChromiumMissingError([override]);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new ChromiumMissingError(CANDIDATES);
  return found;
}

export interface LaunchedExtension {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  profileDir: string;
}

/** Launches Chromium in a fresh profile with the unpacked extension at `extensionDir`. */
export async function launchWithExtension(extensionDir: string, options: {
    headless?: boolean;
    viewport?: { width: number; height: number } | null;
    /** false when the caller stops the browser itself on Ctrl-C (Playwright would exit the process at once). */
    handleSignals?: boolean;
    /** The browser's UI language (`--lang` and LANGUAGE; Debian's Chromium needs the chromium-l10n package for others than en-US). */
    lang?: string;
  } = {}): Promise<LaunchedExtension> {
  const profileDir = mkdtempSync(join(tmpdir(), 'glossa-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: findChromium(),
    headless: options.headless ?? true,
    // On Linux the browser's own locale (i18n.getUILanguage, @@bidi_dir) follows LANGUAGE; --lang alone only picks the extensions' strings.
    ...(options.lang ? { env: { ...process.env, LANGUAGE: options.lang.replace('-', '_') } } : {}),
    handleSIGINT: options.handleSignals ?? true,
    handleSIGTERM: options.handleSignals ?? true,
    // null lets a headed window size the page itself.
    viewport: options.viewport === undefined ? { width: 1280, height: 800 } : options.viewport,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${options.lang ?? 'en-US'}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;
  return { context, worker, extensionId, profileDir };
}
