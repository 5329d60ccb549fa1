// `npm start` as a user without a display runs it: the headless tour must end with exit code 0,
// screenshots of every step and a summary with real figures. And its two clear failures:
// no Chromium, and a port already taken.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runStart(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 170_000): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // As on a server or in CI: no display.
  delete childEnv.DISPLAY;
  delete childEnv.WAYLAND_DISPLAY;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error(`npm start did not finish within ${timeoutMs / 1000} s\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** The number printed after `label` in the summary. */
function figure(stdout: string, label: string): number {
  const match = new RegExp(`${label}\\s+([\\d,.]+)`).exec(stdout);
  if (!match) throw new Error(`The summary has no "${label}" line:\n${stdout}`);
  return Number(match[1].replace(/,/g, ''));
}

describe('npm start', () => {
  it('runs the headless tour without a display: exit 0, screenshots, summary', async () => {
    const out = mkdtempSync(join(tmpdir(), 'glossa-tour-'));
    try {
      const run = await runStart(['--out', out]);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toContain('Glossa tour finished');
      for (const name of ['page-translated.png', 'page-translated-end.png', 'page-original.png', 'page-side-by-side.png', 'selection-popover.png', 'writing-panel.png', 'popup.png', 'popup-dark.png', 'hover-paragraph.png', 'options.png', 'glossary-manager.png', 'glossary-entries.png']) {
        const file = join(out, name);
        // The tour's warnings say why a picture is missing.
        expect(existsSync(file), `${name} missing\n${run.stdout}`).toBe(true);
        const bytes = readFileSync(file);
        expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${name} is not a PNG`).toBe(true);
        expect(bytes.length, `${name} looks empty`).toBeGreaterThan(5_000);
      }
      // The translated page and the original differ, so the two pictures must too.
      expect(readFileSync(join(out, 'page-translated.png')).equals(readFileSync(join(out, 'page-original.png')))).toBe(false);
      expect(figure(run.stdout, 'blocks translated')).toBeGreaterThan(10);
      expect(figure(run.stdout, 'API requests')).toBeGreaterThanOrEqual(2);
      expect(figure(run.stdout, 'billed characters')).toBeGreaterThan(1000);
      expect(run.stdout).toMatch(/first translated text\s+[\d.]+ s after the command/);
      expect(run.stdout).not.toContain('warning:');
      expect(run.stdout).toMatch(/API requests\s+\d+ \(\d+ for the page, \d+ for the selection, 1 for writing help\)/);

      // The build it ran is store-ready: icons in every size, the same set on the toolbar.
      const extension = join(root, '.output/chrome-mv3');
      const manifest = JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8'));
      expect(Object.keys(manifest.icons).sort((a, b) => Number(a) - Number(b))).toEqual(['16', '32', '48', '96', '128']);
      expect(Object.keys(manifest.action.default_icon)).toEqual(expect.arrayContaining(['16', '32']));
      for (const path of [...Object.values(manifest.icons), ...Object.values(manifest.action.default_icon)] as string[]) {
        expect(readFileSync(join(extension, path)).subarray(0, 8).equals(PNG_SIGNATURE), path).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);

  it('names the install command when Chromium is missing', async () => {
    const run = await runStart(['--headless'], { CHROMIUM_PATH: '/nonexistent/chromium' }, 60_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('sudo apt-get install -y chromium');
    expect(run.stderr).toContain('/nonexistent/chromium');
  });

  it('says which port is taken instead of failing halfway', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await runStart(['--headless', '--demo-port', String(port)], {}, 60_000);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(run.stderr).toContain('--demo-port');
    } finally {
      blocker.close();
    }
  });
});
