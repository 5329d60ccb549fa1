// @vitest-environment node
// The scripts Glossa injects into web pages stay small: nothing of pdf.js or the PDF viewer is
// reachable from them (the viewer is an extension page of its own).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile());
}

/** Every module an entrypoint reaches: local files and the packages they name. */
function reachable(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const local = resolveLocal(file, specifier);
      if (local) visit(local);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
    }
  };
  visit(join(ROOT, entry));
  return { files: [...files].map((f) => relative(ROOT, f)), packages: [...packages] };
}

describe('injected scripts', () => {
  for (const entry of ['entrypoints/page-engine.ts', 'entrypoints/selection-popover.ts']) {
    it(`${entry} reaches nothing of pdf.js or the PDF viewer`, () => {
      const { files, packages } = reachable(entry);
      expect(files.length).toBeGreaterThan(3);
      expect(packages.filter((p) => p.startsWith('pdfjs-dist'))).toEqual([]);
      expect(files.filter((f) => f.includes('pdf'))).toEqual([]);
    });
  }

  it('the viewer does reach pdf.js (the check above can fail)', () => {
    expect(reachable('entrypoints/pdf-viewer/main.tsx').packages).toContain('pdfjs-dist');
  });
});
