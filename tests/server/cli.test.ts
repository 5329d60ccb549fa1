// @vitest-environment node
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../../server/cli';

const root = resolve(__dirname, '../..');
const tsx = resolve(root, 'node_modules/.bin/tsx');

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs the CLI until `until` matches its output (then stops it) or it exits. */
function runCli(args: string[], until?: RegExp): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tsx, ['server/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI did not finish: ${stdout} ${stderr}`));
    }, 15_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      if (until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ stdout, stderr, code });
    });
  });
}

describe('npm run server', () => {
  it('prints its address and plan, and stops cleanly', async () => {
    const run = await runCli(['--port', '0', '--plan', 'free'], /listening/);
    expect(run.stdout).toMatch(/^Glossa API server listening on http:\/\/127\.0\.0\.1:\d+ \(plan free; key glossa-demo-key; glossaries in memory\)/);
    expect(run.code).toBe(0);
  });

  it('exits with 1 and a clear message when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const { port } = blocker.address() as { port: number };
    try {
      const run = await runCli(['--port', String(port)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('exits with 2 and the usage for unknown flags', async () => {
    const run = await runCli(['--prot', '8787']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Usage: npm run server/);
  });
});

describe('parseCliOptions', () => {
  it('has the documented defaults', () => {
    expect(parseCliOptions([])).toMatchObject({ port: 8787, host: '127.0.0.1', plan: 'paid', keys: ['glossa-demo-key'], admin: false, seedDemo: false });
  });

  it('reads every flag', () => {
    expect(parseCliOptions(['--port', '9000', '--host', '0.0.0.0', '--plan', 'free', '--keys', 'a, b', '--data', '/tmp/x', '--glossary-limit', '5', '--faults', '--latency', '200', '--seed-demo'])).toMatchObject({
      port: 9000, host: '0.0.0.0', plan: 'free', keys: ['a', 'b'], dataDir: '/tmp/x', glossaryLimit: 5, admin: true, latencyMs: 200, seedDemo: true,
    });
  });

  it('rejects bad values', () => {
    expect(() => parseCliOptions(['--port', 'abc'])).toThrow(/--port must be a whole number/);
    expect(() => parseCliOptions(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseCliOptions(['--plan', 'gold'])).toThrow(/--plan must be free or paid/);
    expect(() => parseCliOptions(['--keys', ','])).toThrow(/at least one key/);
  });
});
