// `npm start`: builds Glossa, starts the local API server with a demo key and glossary, serves
// the demo page, and opens Chromium with Glossa loaded and configured in a fresh profile.
// With a display the browser stays open for the user; without one (or with --headless) the
// tour runs, saves screenshots and prints a summary.
import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { startServer } from '../server/index';
import { buildExtension, BuildError } from './lib/build';
import { ChromiumMissingError, findChromium, launchWithExtension } from './lib/chromium';
import { configureDemo, DEMO_GLOSSARY_TERM, DEMO_KEY, translateUsage } from './lib/demo-setup';
import { ExtensionSession } from './lib/extension-session';
import { assertPortFree, isAddressInUse, PortTakenError } from './lib/ports';
import { HelpRequested, parseStartOptions, UsageError } from './lib/start-options';
import { serveFolder, type StaticServer } from './lib/static-server';
import { runTour } from './tour/run-tour';
import { runPdfTour } from './tour/pdf-tour';
import { runLocaleTour } from './tour/locale-tour';
import { formatSummary } from './tour/summary';

const root = resolve(import.meta.dirname, '..');
const startedAt = Date.now();
const say = (line: string) => console.log(`[glossa] ${line}`);

const cleanups: (() => Promise<unknown> | unknown)[] = [];

// Ctrl-C reaches npm and this process (npm passes it on as well), so a signal may arrive twice:
// the handler stays installed, and the first signal starts one orderly stop. Playwright's own
// handlers are off (handleSignals: false): they would end the process before the clean-up.
class Interrupted extends Error {}
/** True while main() itself waits on `interrupted` (the open browser, the tour). */
let mainHandlesStop = false;
let stopping = false;
const interrupted = new Promise<void>((stop) => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop();
      if (!mainHandlesStop) void cleanUp().finally(() => process.exit(130));
    });
  }
});
let cleaning: Promise<void> | undefined;
/** Stops everything started so far, newest first; every caller waits for the same one run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.splice(0).reverse()) await Promise.resolve().then(step).catch(() => undefined);
  })();
  return cleaning;
}

async function main(): Promise<number> {
  const options = parseStartOptions(process.argv.slice(2));
  findChromium(); // fail before the build when there is no browser to open
  const apiUrl = `http://127.0.0.1:${options.apiPort}`;
  await assertPortFree(options.apiPort, 'the local translation server (the address the demo build talks to)', 'Stop whatever uses it (another `npm start` or `npm run server`?) and try again.');
  await assertPortFree(options.demoPort, 'the demo page', 'Stop whatever uses it, or choose another port: npm start -- --demo-port 8791');

  say('building the extension (wxt build)…');
  const extensionDir = await buildExtension(root, apiUrl);

  let api: Awaited<ReturnType<typeof startServer>>;
  try {
    api = await startServer({ port: options.apiPort, host: '127.0.0.1', plan: 'paid', keys: [DEMO_KEY], seedDemo: true });
  } catch (err) {
    if (isAddressInUse(err)) throw new PortTakenError(options.apiPort, 'the local translation server', 'Another process took it a moment ago; stop it and try again.');
    throw err;
  }
  cleanups.push(() => api.close());
  let demo: StaticServer;
  try {
    demo = await serveFolder(resolve(root, 'demo'), options.demoPort);
  } catch (err) {
    if (isAddressInUse(err)) throw new PortTakenError(options.demoPort, 'the demo page', 'Choose another port: npm start -- --demo-port 8791');
    throw err;
  }
  cleanups.push(() => demo.close());
  say(`translation server on ${api.url} (key ${DEMO_KEY}), demo page on ${demo.url}/`);

  say(`starting Chromium (${options.mode})…`);
  const headed = options.mode === 'headed';
  const launched = await launchWithExtension(extensionDir, { headless: !headed, viewport: headed ? null : undefined, handleSignals: false });
  const { context } = launched;
  // Chromium's helper processes may still write into the profile for a moment after it closes.
  cleanups.push(() => rmSync(launched.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }));
  cleanups.push(() => context.close());
  const session = new ExtensionSession(context, launched.extensionId);
  closeWelcomeTabs(context);
  const glossary = await configureDemo(session, api.url);
  if (glossary) say(`demo glossary "${glossary.name}" is the default for English → German`);

  const page = context.pages().find((p) => p.url() === 'about:blank') ?? (await context.newPage());
  await page.goto(`${demo.url}/`);
  await page.bringToFront();

  if (headed) {
    say('Glossa is ready in the browser window:');
    say('  • click the Glossa icon in the toolbar (pin it from the puzzle-piece menu) and press "Translate page",');
    say('    or press Alt+Shift+G; press it again to show the original');
    say('  • select some text, right-click and choose "Translate selection"');
    say('  • right-click the Glossa icon → Options for the key, defaults and the glossary manager');
    say('Close the browser or press Ctrl-C to stop.');
    mainHandlesStop = true;
    await Promise.race([new Promise<void>((closed) => context.once('close', () => closed())), interrupted]);
    say('stopping…');
    return 0;
  }

  say('running the tour…');
  const setupMs = Date.now() - startedAt;
  mainHandlesStop = true;
  const figures = await Promise.race([
    runTour({ session, page, outDir: options.outDir, usage: () => translateUsage(api.log), setupMs, glossaryTerm: glossary ? DEMO_GLOSSARY_TERM : undefined, onStep: (step) => say(`  ${step}…`) }),
    interrupted.then(() => Promise.reject(new Interrupted('Tour interrupted.'))),
  ]);
  // Then the PDF viewer: its three views in both schemes, and its selection popover.
  say('opening a PDF in the viewer…');
  figures.screenshots.push(...await runPdfTour(session, options.outDir, figures.warnings));
  if (options.locales) {
    // Then every surface per UI language and scheme, each language in a browser of its own.
    say('shooting every surface in each UI language…');
    const locales = await Promise.race([
      runLocaleTour({ extensionDir, apiUrl: api.url, demoUrl: demo.url, outDir: options.outDir }),
      interrupted.then(() => Promise.reject(new Interrupted('Tour interrupted.'))),
    ]);
    figures.screenshots.push(...locales.screenshots);
    figures.warnings.push(...locales.warnings);
    figures.tourMs = Date.now() - startedAt - setupMs;
  }
  const shown = (path: string) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || '.');
  console.log(formatSummary({ ...figures, outDir: shown(options.outDir), screenshots: figures.screenshots.map(shown) }));
  return 0;
}

/** The first install opens the options page with a welcome; the demo profile is already configured. */
function closeWelcomeTabs(context: BrowserContext): void {
  const isWelcome = (url: string) => url.startsWith('chrome-extension://') && /\/options\.html.*welcome/.test(url);
  for (const page of context.pages()) if (isWelcome(page.url())) void page.close();
  context.on('page', (page) => {
    const check = () => {
      if (isWelcome(page.url())) void page.close();
    };
    check();
    page.once('domcontentloaded', check);
  });
}

const expected = [UsageError, ChromiumMissingError, PortTakenError, BuildError];
main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    await cleanUp();
    // Stopped by a signal: whatever failed after it was the stop itself.
    if (err instanceof Interrupted || stopping) process.exit(130);
    if (err instanceof HelpRequested) {
      console.log(err.message);
      process.exit(0);
    }
    const known = expected.some((type) => err instanceof type);
    console.error(`[glossa] ${known ? (err as Error).message : (err instanceof Error ? err.stack ?? err.message : String(err))}`);
    process.exit(1);
  });
