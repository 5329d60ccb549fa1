// Each module's share of the script every translated page loads (page-engine.js), of the one
// loaded on first need (page-extras.js) and of the one every page of a hover site loads
// (page-hover.js), read from the real build's source maps: a WXT build of just those
// entrypoints with source maps into a folder of its own.
// `npx tsx scripts/bench/script-size.ts` prints the table.
import { readFileSync, rmSync } from 'node:fs';
import { resolve, relative } from 'node:path';
import { build } from 'wxt';

const ROOT = resolve(import.meta.dirname, '../..');
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = BASE64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Bytes of generated code per original source (what no source maps to is "(bundler)"). */
export function bytesPerSource(code: string, map: SourceMap): Map<string, number> {
  const lines = code.split('\n');
  const shares = new Map<string, number>();
  const add = (name: string, bytes: number) => shares.set(name, (shares.get(name) ?? 0) + bytes);
  let source = 0;
  map.mappings.split(';').forEach((lineMap, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    let from = 0;
    let owner: string | undefined;
    const close = (to: number) => add(owner ?? '(bundler)', Buffer.byteLength(line.slice(from, to)));
    for (const segment of lineMap ? lineMap.split(',') : []) {
      const fields = decodeSegment(segment);
      column += fields[0];
      close(column);
      from = column;
      if (fields.length >= 4) {
        source += fields[1];
        owner = map.sources[source];
      } else owner = undefined;
    }
    close(line.length + 1);
  });
  return shares;
}

/** Shortens a source path to the project's own path (or the package's name). */
function label(source: string, mapDir: string): string {
  if (source === '(bundler)') return source;
  const path = relative(ROOT, resolve(mapDir, source));
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return pkg ? `npm:${pkg[1]}` : path;
}

export interface ScriptShares {
  script: string;
  bytes: number;
  modules: { module: string; bytes: number }[];
}

/** Builds the page scripts with source maps and returns each module's share of each. */
export async function measureScriptShares(): Promise<ScriptShares[]> {
  const outDir = resolve(ROOT, '.output', `script-size-${process.pid}`);
  try {
    await build({
      root: ROOT,
      outDir,
      filterEntrypoints: ['page-engine', 'page-extras', 'page-hover'],
      logger: { debug() {}, log() {}, info() {}, warn() {}, error: console.error, fatal: console.error, success() {}, level: 0 },
      vite: () => ({ build: { sourcemap: true } }),
    });
    return ['page-engine.js', 'page-extras.js', 'page-hover.js'].map((script) => {
      const dir = resolve(outDir, 'chrome-mv3');
      const code = readFileSync(resolve(dir, script), 'utf8');
      const map = JSON.parse(readFileSync(resolve(dir, `${script}.map`), 'utf8')) as SourceMap;
      const merged = new Map<string, number>();
      for (const [source, bytes] of bytesPerSource(code, map)) {
        const name = label(source, dir);
        merged.set(name, (merged.get(name) ?? 0) + bytes);
      }
      const modules = [...merged].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes);
      // The source map comment is not part of the shipped script's weight.
      const bytes = Buffer.byteLength(code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, ''));
      return { script, bytes, modules };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { script, bytes, modules } of await measureScriptShares()) {
    console.log(`${script}: ${(bytes / 1000).toFixed(2)} kB`);
    for (const { module, bytes: b } of modules) console.log(`${String(b).padStart(7)}  ${(100 * b / bytes).toFixed(1).padStart(5)}%  ${module}`);
  }
}
