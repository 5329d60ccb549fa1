// Builds the Firefox e2e variant of the extension once for the whole run (MV2, its manifest
// also grants the test servers' host; see wxt.config.ts), into a folder of this run's own.
// Firefox is looked for first, so a machine without it fails with the install command at once.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { findFirefox } from '../../scripts/lib/firefox';

const root = resolve(__dirname, '../..');

export default function setup(): (() => void) | void {
  findFirefox();
  if (process.env.GLOSSA_E2E_SKIP_BUILD === '1') return;
  const outDir = resolve(root, '.output', `e2e-firefox-run-${process.pid}`);
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], { cwd: root, stdio: 'inherit', env: { ...process.env, GLOSSA_OUT_DIR: outDir } });
  process.env.GLOSSA_E2E_FIREFOX_DIR = resolve(outDir, 'firefox-mv2-e2e');
  return () => rmSync(outDir, { recursive: true, force: true });
}
