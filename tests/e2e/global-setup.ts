// Builds the e2e variant of the extension once for the whole e2e run (its manifest also
// grants the test servers' host; see wxt.config.ts).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function setup(): void {
  if (process.env.GLOSSA_E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { cwd: resolve(__dirname, '../..'), stdio: 'inherit' });
}
