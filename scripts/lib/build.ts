// Builds the Chrome extension with `wxt build` for `npm start`. The production build already
// grants http://127.0.0.1/* (the plan addresses' host), which covers the demo page too.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export class BuildError extends Error {
  constructor(readonly output: string) {
    super(`Building the extension failed (wxt build):\n${output.trim().split('\n').slice(-30).join('\n')}`);
    this.name = 'BuildError';
  }
}

/** Runs `wxt build` in `root` with the paid-plan address set to `apiUrl`; returns the unpacked extension folder. */
export async function buildExtension(root: string, apiUrl: string): Promise<string> {
  const wxt = join(root, 'node_modules', '.bin', 'wxt');
  // The build bakes the plan addresses into the extension: point the paid plan at our server,
  // and build into the usual folder even when a test run has redirected builds elsewhere.
  const env: NodeJS.ProcessEnv = { ...process.env, GLOSSA_PAID_URL: apiUrl, NO_COLOR: '1' };
  delete env.GLOSSA_OUT_DIR;
  const output = await new Promise<string>((done, fail) => {
    const child = spawn(wxt, ['build'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('error', (err) => fail(new BuildError(`${err.message}\n${log}`)));
    child.once('close', (code) => (code === 0 ? done(log) : fail(new BuildError(log))));
  });
  const dir = join(root, '.output', 'chrome-mv3');
  if (!existsSync(join(dir, 'manifest.json'))) throw new BuildError(`No manifest.json in ${dir}.\n${output}`);
  return dir;
}
