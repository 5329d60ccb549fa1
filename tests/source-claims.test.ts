// Claims the READMEs and header comments make about where code may do something, checked
// against the source: who touches IndexedDB, who calls the permissions API, where a
// language-code pattern is written.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

const product = ['entrypoints', 'components', 'utils'].flatMap((dir) => sourceFiles(resolve(root, dir)));

/** Product files whose code (comments stripped) matches `pattern`, relative to the root. */
function filesMatching(pattern: RegExp): string[] {
  return product
    .filter((file) => pattern.test(readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1')))
    .map((file) => relative(root, file))
    .sort();
}

describe('what the folder READMEs claim', () => {
  it('IndexedDB is touched only by the translation cache, private storage and glossary drafts', () => {
    // utils/background/translation: the cache; utils/extension: Firefox's private items;
    // utils/glossary/drafts.ts: unsaved glossary edits (utils/glossary/README.md).
    expect(filesMatching(/idb-keyval|\bindexedDB\b/)).toEqual([
      'utils/background/translation/cache.ts',
      'utils/extension/private-storage.ts',
      'utils/glossary/drafts.ts',
    ]);
  });

  it('the local server uses the glossary rules but never the IndexedDB drafts', () => {
    const server = sourceFiles(resolve(root, 'server')).map((file) => readFileSync(file, 'utf8'));
    expect(server.some((text) => text.includes('utils/glossary/'))).toBe(true);
    expect(server.filter((text) => text.includes('glossary/drafts'))).toEqual([]);
  });

  it('no code that runs in a web page, and no leaf code, calls the permissions API', () => {
    const inPage = ['utils/page/', 'utils/content/', 'components/popover/', 'utils/shared/', 'utils/api/', 'utils/glossary/', 'entrypoints/page-', 'entrypoints/selection-'];
    const callers = filesMatching(/\bpermissions\.(request|contains|remove|getAll|onAdded|onRemoved)\b/);
    expect(callers.length).toBeGreaterThan(0);
    expect(callers.filter((file) => inPage.some((prefix) => file.startsWith(prefix)))).toEqual([]);
  });

  it('every language-code pattern is written in utils/shared/language-code.ts', () => {
    expect(filesMatching(/\[A-Za-z\]\{2,3\}|\[a-z\]\{2,3\}/)).toEqual(['utils/shared/language-code.ts']);
  });
});
