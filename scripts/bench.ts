// `npm run bench`: runs every suite in scripts/bench/ and prints a table, or with --json one
// JSON object per figure (name, value, unit, ranOn, target) so runs can be compared.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import type { BenchSuite, Figure } from './bench/figure';
import { installExtensionDouble } from './bench/extension-double';

const json = process.argv.includes('--json');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const dir = resolve(import.meta.dirname, 'bench');
const suites = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const machine = `${os.cpus().length}x ${os.cpus()[0]?.model.trim() ?? 'cpu'}, node ${process.version}`;
const rows: Figure[] = [];
await installExtensionDouble();
for (const file of suites) {
  const suite = (await import(pathToFileURL(resolve(dir, file)).href)).default as BenchSuite;
  if (!json) process.stderr.write(`running ${file}…\n`);
  for (const figure of await suite()) {
    rows.push(figure);
    if (json) console.log(JSON.stringify({ ...figure, machine }));
  }
}

if (!json) {
  const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 1));
  const table = rows.map((r) => [r.name, `${fmt(r.value)} ${r.unit}`, r.target ?? '', r.ranOn]);
  const head = ['figure', 'value', 'target', 'ran on'];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`Glossa benchmarks on ${machine}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
}
