// The e2e build and harness for the suites that run the real extension (first-screen,
// pointing): built once per bench process into a folder of its own, removed when the process
// ends. The harness reads the build's folder once, when first imported, so every suite of the
// process must use this one build (a second build in another folder went unseen).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

let harness: Promise<typeof import('../../tests/e2e-lib/chromium-harness')> | undefined;

/** The Chromium harness of tests/e2e-lib, on this process's e2e build. */
export function e2eHarness(): Promise<typeof import('../../tests/e2e-lib/chromium-harness')> {
  harness ??= (async () => {
    const outDir = resolve(ROOT, '.output', `bench-e2e-${process.pid}`);
    execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, GLOSSA_OUT_DIR: outDir } });
    process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
    process.env.GLOSSA_E2E_EXTENSION_DIR = resolve(outDir, 'chrome-mv3-e2e');
    // The e2e harness is CommonJS-minded (its page server finds its pages by __dirname); the bench runs as ES module.
    (globalThis as unknown as { __dirname?: string }).__dirname ??= resolve(ROOT, 'tests/e2e-lib');
    return import('../../tests/e2e-lib/chromium-harness');
  })();
  return harness;
}
