// Finding and launching the system Firefox with Glossa installed as a temporary add-on, driven
// over WebDriver BiDi by puppeteer-core (Playwright's Firefox cannot install add-ons), plus a
// handle on Firefox's privileged (chrome) scope for what no web API reaches: firing the
// add-on's command and menu handlers, and the Gecko profiler.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

export class FirefoxMissingError extends Error {
  constructor(tried: string[]) {
    super(
      `Firefox was not found (tried ${tried.join(', ')}). Install it with:\n` +
        '  sudo apt-get install -y firefox-esr\n' +
        'or set FIREFOX_PATH to a Firefox executable.',
    );
    this.name = 'FirefoxMissingError';
  }
}

export function findFirefox(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.FIREFOX_PATH;
  if (override) {
    if (existsSync(override)) return override;
    throw new FirefoxMissingError([override]);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new FirefoxMissingError(CANDIDATES);
  return found;
}

/** The part of puppeteer's BiDi connection used here (puppeteer-core is pinned: it is not public API). */
interface BidiConnection {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown };
  exceptionDetails?: { text: string };
}

/**
 * Code run in Firefox's parent process with chrome privileges (needs --remote-allow-system-access).
 * `ext` is the add-on's Extension object and `win` the front browser window.
 */
export class ChromeScope {
  constructor(
    private readonly connection: BidiConnection,
    private readonly context: string,
    private readonly addonId: string,
  ) {}

  /** Evaluates `body` (statements; `return` a JSON-serialisable value) in an async function. */
  async run<R>(body: string): Promise<R> {
    const expression = `(async () => {
      const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
      const ext = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(this.addonId)});
      const win = Services.wm.getMostRecentWindow('navigator:browser');
      const result = await (async () => { ${body} })();
      return JSON.stringify(result === undefined ? null : result);
    })()`;
    const { result } = await this.connection.send('script.evaluate', {
      expression,
      target: { context: this.context },
      awaitPromise: true,
      resultOwnership: 'none',
    });
    const evaluated = result as unknown as EvaluateResult;
    if (evaluated.type === 'exception') throw new Error(`Privileged evaluation failed: ${evaluated.exceptionDetails?.text ?? 'unknown error'}`);
    return JSON.parse(String(evaluated.result?.value)) as R;
  }
}

export interface LaunchedFirefox {
  browser: Browser;
  addonId: string;
  /** moz-extension://<uuid>, fixed before start through extensions.webextensions.uuids. */
  extensionUrl: string;
  chrome: ChromeScope;
}

/** Launches Firefox (headless by default) in a fresh profile and installs the unpacked add-on at `extensionDir`. */
export async function launchFirefoxWithExtension(extensionDir: string, options: { headless?: boolean; lang?: string } = {}): Promise<LaunchedFirefox> {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8')) as { browser_specific_settings?: { gecko?: { id?: string } } };
  const addonId = manifest.browser_specific_settings?.gecko?.id;
  if (!addonId) throw new Error(`${extensionDir}/manifest.json has no browser_specific_settings.gecko.id: is it a Firefox build?`);
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? true,
    // Lets BiDi open moz-extension:// pages and evaluate in the chrome scope.
    args: ['--remote-allow-system-access'],
    defaultViewport: { width: 1280, height: 800 },
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }),
      // Headless, nobody can answer a permission prompt: optional permissions are granted at once.
      'extensions.webextOptionalPermissionPrompts': false,
      // A dead proxy: requests leaving the machine fail at once (loopback is never proxied).
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': 9,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': 9,
      // Another UI language needs Debian's language pack (firefox-esr-l10n-<lang>).
      'intl.locale.requested': options.lang ?? 'en-US',
      'intl.accept_languages': options.lang ? `${options.lang}, en-US, en` : 'en-US, en',
    },
  });
  try {
    const installed = await browser.installExtension(extensionDir);
    if (installed !== addonId) throw new Error(`Firefox installed the add-on as ${installed}, expected ${addonId}.`);
    const connection = (browser as unknown as { connection: BidiConnection }).connection;
    const { result: tree } = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
    const contexts = (tree.contexts ?? []) as { context: string; url: string }[];
    const window = contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
    if (!window) throw new Error('The browser window is not reachable in the chrome scope (is --remote-allow-system-access honoured?).');
    return { browser, addonId, extensionUrl: `moz-extension://${uuid}`, chrome: new ChromeScope(connection, window.context, addonId) };
  } catch (err) {
    await browser.close().catch(() => undefined);
    throw err;
  }
}
