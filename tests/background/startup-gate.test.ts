import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterStartup } from '@/utils/background/lifecycle';
import { holdHandlersUntil } from '@/utils/shared/startup-gate';

const root = join(__dirname, '..', '..');

describe('the background start-up gate', () => {
  it('holds an event handler until the gate opens, then runs it once', async () => {
    let open!: () => void;
    holdHandlersUntil(new Promise<void>((resolve) => (open = resolve)));
    const seen: string[] = [];
    const handler = afterStartup((tab: string) => void seen.push(tab));
    handler('tab 1');
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
    open();
    await expect.poll(() => seen).toEqual(['tab 1']);
    holdHandlersUntil(Promise.resolve());
  });

  it('is the gate of every listener the background registers (commands, menus, tabs, navigation, permissions, install)', () => {
    const files = [join(root, 'entrypoints', 'background.ts'), ...readdirSync(join(root, 'utils', 'background'), { recursive: true })
      .map(String).filter((f) => f.endsWith('.ts')).map((f) => join(root, 'utils', 'background', f))];
    const ungated: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        // A browser event (browser.x.onY.addListener) or a storage watch: its handler must be wrapped.
        if (!/\.(addListener|watch)\(/.test(line) || line.trim().startsWith('//')) return;
        if (/\.(addListener|watch)\((afterStartup\(|resync\))/.test(line)) return;
        ungated.push(`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(ungated).toEqual([]);
  });
});

describe('error details', () => {
  // A code is a lower-case word (`detail: 'permission'`); `detail: `HTTP 404`` is text for the user.
  it('are written by name from utils/shared/api-errors.ts, never as literals', () => {
    const literals: string[] = [];
    for (const dir of ['entrypoints', 'components', 'utils']) {
      for (const file of readdirSync(join(root, dir), { recursive: true }).map(String).filter((f) => /\.tsx?$/.test(f))) {
        const text = readFileSync(join(root, dir, file), 'utf8');
        for (const match of text.matchAll(/(?<!typeof\s+[\w.]*)\bdetail\s*(?:===|!==|:)\s*['"][a-z][a-z-]*['"]/g)) literals.push(`${dir}/${file}: ${text.slice(match.index, match.index + 40)}`);
      }
    }
    expect(literals).toEqual([]);
  });
});
