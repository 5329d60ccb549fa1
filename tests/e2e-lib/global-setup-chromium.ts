// Builds the e2e variant of the extension once for the whole e2e run (its manifest also
// grants the test servers' host; see wxt.config.ts), into a folder of this run's own so that
// runs in parallel never load a half-written build.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');

export default function setup(): (() => void) | void {
  if (process.env.GLOSSA_E2E_SKIP_BUILD === '1') return;
  const outDir = resolve(root, '.output', `e2e-run-${process.pid}`);
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { cwd: root, stdio: 'inherit', env: { ...process.env, GLOSSA_OUT_DIR: outDir } });
  process.env.GLOSSA_E2E_EXTENSION_DIR = resolve(outDir, 'chrome-mv3-e2e');
  return () => rmSync(outDir, { recursive: true, force: true });
}
