// Command-line options of `npm start`, parsed without side effects so they can be tested.
import { resolve } from 'node:path';

export type StartMode = 'headed' | 'headless';

export interface StartOptions {
  mode: StartMode;
  /** Where the headless tour saves its screenshots. */
  outDir: string;
  /** Port of the local API server: the build's paid-plan address points here. */
  apiPort: number;
  /** Port of the demo page server (also on 127.0.0.1, which the build already grants). */
  demoPort: number;
  /** The headless tour also shoots every surface in each UI language (`npm run screenshots`). */
  locales?: true;
}

export const DEFAULT_API_PORT = 8787;
export const DEFAULT_DEMO_PORT = 8790;
export const DEFAULT_OUT_DIR = '.tour';

export const START_USAGE = `Usage: npm start -- [--headed | --headless] [--out DIR] [--demo-port PORT] [--locales]

  --headed      open a browser window and leave it open (default when a display is available)
  --headless    run the tour without a window, save screenshots and exit (default without a display)
  --out DIR     folder for the tour's screenshots (default ${DEFAULT_OUT_DIR}/)
  --demo-port   port of the demo page server (default ${DEFAULT_DEMO_PORT})
  --locales     the headless tour also shoots every surface in en, de and ar, light and dark`;

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${START_USAGE}`);
    this.name = 'UsageError';
  }
}

/** --help: the usage goes to stdout and the exit code is 0. */
export class HelpRequested extends UsageError {}

function parsePort(flag: string, value: string | undefined): number {
  const port = Number(value);
  if (!value || !Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`${flag} needs a port number between 1 and 65535, got "${value ?? ''}".`);
  return port;
}

/** A display is there when X11 or Wayland says so; SSH sessions and CI have neither. */
export function hasDisplay(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

export function parseStartOptions(argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): StartOptions {
  let mode: StartMode | undefined;
  let outDir = DEFAULT_OUT_DIR;
  let demoPort = DEFAULT_DEMO_PORT;
  let locales = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--headed':
      case '--headless': {
        const wanted = flag.slice(2) as StartMode;
        if (mode && mode !== wanted) throw new UsageError('Choose either --headed or --headless, not both.');
        mode = wanted;
        break;
      }
      case '--out': {
        const dir = value();
        if (!dir || dir.startsWith('--')) throw new UsageError('--out needs a folder.');
        outDir = dir;
        break;
      }
      case '--demo-port':
        demoPort = parsePort(flag, value());
        break;
      case '--locales':
        locales = true;
        break;
      case '--help':
      case '-h':
        throw new HelpRequested('npm start: builds Glossa and opens it in Chromium with the local server and the demo page.');
      default:
        throw new UsageError(`Unknown option "${arg}".`);
    }
  }
  if (demoPort === DEFAULT_API_PORT) throw new UsageError(`--demo-port cannot be ${DEFAULT_API_PORT}: the local API server uses it.`);
  return {
    mode: mode ?? (hasDisplay(env) ? 'headed' : 'headless'),
    outDir: resolve(cwd, outDir),
    apiPort: DEFAULT_API_PORT,
    demoPort,
    ...(locales ? { locales: true as const } : {}),
  };
}
