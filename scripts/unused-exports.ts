// Lists exports that no other file imports (product code under entrypoints, components, utils,
// server; imports counted from those folders, tests and scripts). An export only its own file
// uses should lose `export`; one only tests import is a test seam. Run: npx tsx scripts/unused-exports.ts
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const PRODUCT = ['entrypoints', 'components', 'utils', 'server'];
const READERS = [...PRODUCT, 'tests', 'scripts'];
const EXPORT = /^export\s+(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true }).map(String)
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts') && !f.includes('node_modules'))
    .map((f) => join(ROOT, dir, f));
}

const texts = new Map(READERS.flatMap(sourceFiles).map((file) => [file, readFileSync(file, 'utf8')]));
const rows: { file: string; name: string; usedBy: 'own file' | 'tests only' }[] = [];
for (const file of PRODUCT.flatMap(sourceFiles)) {
  // Entry points and Vite/WXT config are loaded by the framework, not imported.
  if (file.includes(`${join(ROOT, 'entrypoints')}`) && /export default/.test(texts.get(file) ?? '')) continue;
  for (const [, name] of (texts.get(file) ?? '').matchAll(EXPORT)) {
    const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
    const users = [...texts].filter(([other, text]) => other !== file && word.test(text) && /\bimport\b/.test(text)).map(([other]) => other);
    const productUsers = users.filter((u) => PRODUCT.some((dir) => u.startsWith(join(ROOT, dir))));
    if (productUsers.length === 0) rows.push({ file: relative(ROOT, file), name, usedBy: users.length ? 'tests only' : 'own file' });
  }
}
for (const row of rows) console.log(`${row.usedBy.padEnd(10)}  ${row.file}  ${row.name}`);
console.log(`${rows.filter((r) => r.usedBy === 'own file').length} exports used only in their own file, ${rows.filter((r) => r.usedBy === 'tests only').length} used only by tests and scripts`);
