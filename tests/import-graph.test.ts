// @vitest-environment node
// The house has no import loops: every import among entrypoints/, components/, utils/ and
// server/ (type-only imports too) is followed, and any cycle is named file by file. The
// boundaries of code injected into pages are checked here too (see CONTENT_SCRIPT_FOLDERS).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SOURCES = ['entrypoints', 'components', 'utils', 'server'];
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, raw: string): string | undefined {
  const specifier = raw.replace(/\?.*$/, ''); // `tokens.css?inline` is the file tokens.css
  let base: string;
  if (specifier.startsWith('@/') || specifier.startsWith('~/')) base = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every cycle found by a depth-first walk, each as a list of files relative to the root. */
export function importCycles(files: string[]): string[][] {
  const edges = new Map(files.map((file) => [file, [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolveImport(file, m[1])).filter((f): f is string => !!f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(ROOT, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import graph', () => {
  it('has no import loop', () => {
    const files = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(importCycles(files)).toEqual([]);
  });
});

/**
 * What ships in the scripts Glossa injects into web pages (the entrypoints defined with
 * defineUnlistedScript/defineContentScript: page engine, page extras, selection popover, writing
 * button). Every file they reach, imports of any kind followed, lies in one of these folders.
 */
const CONTENT_SCRIPT_FOLDERS = ['utils/content', 'utils/page', 'utils/shared', 'components/popover', 'components/ui'];

/** Static, type-only, re-export, side-effect and dynamic imports alike. */
const ANY_IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  return [...text.matchAll(ANY_IMPORT)].map((m) => resolveImport(file, m[1] ?? m[2])).filter((f): f is string => !!f);
}

/** Imports from `file` (given its text) into utils/content: the content glue may import components, never the reverse. */
export function contentGlueImports(file: string, text?: string): string[] {
  const glue = join(ROOT, 'utils', 'content') + '/';
  return importsOf(file, text).filter((target) => target.startsWith(glue)).map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
}

function injectedEntrypoints(): string[] {
  return sourceFiles(join(ROOT, 'entrypoints')).filter((file) => /\bdefine(?:Unlisted|Content)Script\b/.test(readFileSync(file, 'utf8')));
}

/** Imports that bring code (a type import brings none into the bundle). */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^(?:import|export) type [^;]*;/gm, '');
  return importsOf(file, text);
}

function reachableFrom(entries: string[], follow: (file: string) => string[] = importsOf): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (/\.(ts|tsx)$/.test(file)) follow(file).forEach(walk);
  };
  entries.forEach(walk);
  return seen;
}

describe('boundaries of injected code', () => {
  it('components never import utils/content, not even a type', () => {
    const files = sourceFiles(join(ROOT, 'components'));
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => contentGlueImports(file))).toEqual([]);
  });

  it('the check sees type-only, re-exported and dynamic imports from a component', () => {
    const component = join(ROOT, 'components', 'popover', 'SelectionPopover.tsx');
    const text = [
      "import type { PopoverStatus } from '../../utils/content/selection/popover';",
      "export { errorKind } from '@/utils/content/selection/error-text';",
      "const later = () => import('../../utils/content/selection/replace');",
      "import { t } from '../../utils/shared/i18n';",
    ].join('\n');
    expect(contentGlueImports(component, text)).toEqual([
      'components/popover/SelectionPopover.tsx -> utils/content/selection/popover.tsx',
      'components/popover/SelectionPopover.tsx -> utils/content/selection/error-text.ts',
      'components/popover/SelectionPopover.tsx -> utils/content/selection/replace.ts',
    ]);
  });

  it('scripts injected into pages reach only the content-script folders', () => {
    const entries = injectedEntrypoints();
    expect(entries.map((file) => relative(ROOT, file)).sort()).toEqual([
      'entrypoints/browser-polyfill.ts',
      'entrypoints/page-engine.ts',
      'entrypoints/page-extras.ts',
      'entrypoints/page-hover.ts',
      'entrypoints/selection-popover.ts',
      'entrypoints/writing-button.ts',
    ]);
    const outside = [...reachableFrom(entries)]
      .filter((file) => !entries.includes(file))
      .map((file) => relative(ROOT, file))
      .filter((file) => !CONTENT_SCRIPT_FOLDERS.some((folder) => file.startsWith(`${folder}/`)));
    expect(outside).toEqual([]);
  });

  it('the hover script, loaded into every page of a hover site, brings none of the page engine', () => {
    const reached = [...reachableFrom([join(ROOT, 'entrypoints/page-hover.ts')], valueImportsOf)].map((file) => relative(ROOT, file));
    expect(reached).toContain('utils/content/pointing/hover.ts');
    expect(reached.filter((file) => file.startsWith('utils/page/') || file.endsWith('start-page-engine.ts'))).toEqual([]);
  });
});
