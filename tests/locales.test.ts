// @vitest-environment node
// Every locale must carry exactly the English keys, file by file, with the same placeholders,
// and every key the code asks for must exist: a missing string shows up as its bare key.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '..');
const localesDir = join(root, 'locales');
const BASE = 'en';

type Catalogue = Record<string, Record<string, unknown>>;
/** lang → file → catalogue */
type LocaleTree = Record<string, Record<string, Catalogue>>;

function readLocales(dir: string): LocaleTree {
  const tree: LocaleTree = {};
  for (const lang of readdirSync(dir).filter((d) => statSync(join(dir, d)).isDirectory())) {
    tree[lang] = {};
    for (const file of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json'))) {
      tree[lang][file] = JSON.parse(readFileSync(join(dir, lang, file), 'utf8')) as Catalogue;
    }
  }
  return tree;
}

/** Substitutions ($1…$9) and named placeholders ($name$) a message uses; `$$` is a literal dollar. */
function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  for (const match of message.matchAll(/\$\$|\$([1-9])|\$([A-Za-z0-9_@]+)\$/g)) {
    if (match[0] === '$$') continue;
    found.add(match[1] ? `$${match[1]}` : `$${match[2].toLowerCase()}$`);
  }
  return [...found].sort();
}

/** Problems with a locale tree, as sentences naming file and key; empty when it is complete. */
function localeProblems(tree: LocaleTree, base = BASE): string[] {
  const problems: string[] = [];
  const baseFiles = tree[base];
  if (!baseFiles) return [`no ${base} locale`];
  for (const [lang, files] of Object.entries(tree)) {
    const seen = new Map<string, string>();
    for (const [file, catalogue] of Object.entries(files)) {
      for (const [key, entry] of Object.entries(catalogue)) {
        const where = `${lang}/${file}: ${key}`;
        if (!/^[A-Za-z0-9_]+$/.test(key)) problems.push(`${where}: key may use only letters, digits and _`);
        const message = (entry as { message?: unknown })?.message;
        if (typeof message !== 'string' || message.trim() === '') problems.push(`${where}: no message`);
        const first = seen.get(key.toLowerCase());
        if (first) problems.push(`${where}: key also defined in ${lang}/${first}`);
        seen.set(key.toLowerCase(), file);
      }
    }
    if (lang === base) continue;
    for (const file of Object.keys(baseFiles)) {
      if (!files[file]) problems.push(`${lang}/${file}: file missing`);
    }
    for (const [file, catalogue] of Object.entries(files)) {
      const english = baseFiles[file];
      if (!english) {
        problems.push(`${lang}/${file}: file has no ${base} counterpart`);
        continue;
      }
      for (const key of Object.keys(english)) {
        if (!(key in catalogue)) problems.push(`${lang}/${file}: missing key ${key}`);
      }
      for (const [key, entry] of Object.entries(catalogue)) {
        if (!(key in english)) {
          problems.push(`${lang}/${file}: extra key ${key}`);
          continue;
        }
        const ours = placeholdersOf(String((entry as { message?: unknown }).message ?? ''));
        const theirs = placeholdersOf(String((english[key] as { message?: unknown }).message ?? ''));
        if (ours.join() !== theirs.join()) {
          problems.push(`${lang}/${file}: ${key} uses placeholders [${ours.join(', ')}] but ${base} uses [${theirs.join(', ')}]`);
        }
      }
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** Literal keys the code passes to t(…) or names as __MSG_key__ in the manifest. */
function keysUsedByCode(): Map<string, string> {
  const used = new Map<string, string>();
  const files = ['entrypoints', 'components', 'utils'].flatMap((d) => sourceFiles(join(root, d))).concat(join(root, 'wxt.config.ts'));
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    // The first argument of t(…) / getMessage(…): a literal, or the literals of a conditional
    // (keys are area-prefixed camelCase, which tells them from values compared in the condition).
    for (const call of code.matchAll(/\b(?:t|getMessage)\(\s*([^,()]*)/g)) {
      for (const m of call[1].matchAll(/['"]([a-z]+[A-Z][A-Za-z0-9_]*)['"]/g)) used.set(m[1], relative(root, file));
    }
    for (const m of code.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)) used.set(m[1], relative(root, file));
  }
  return used;
}

describe('locale files', () => {
  const tree = readLocales(localesDir);

  it('has English and German', () => {
    expect(Object.keys(tree).sort()).toEqual(expect.arrayContaining(['de', 'en']));
  });

  it('gives every locale exactly the English keys, file by file, with the same placeholders', () => {
    expect(localeProblems(tree)).toEqual([]);
  });

  it('defines every key the code and the manifest ask for', () => {
    const english = new Set(Object.values(tree[BASE]).flatMap((catalogue) => Object.keys(catalogue)));
    const missing = [...keysUsedByCode()].filter(([key]) => !english.has(key)).map(([key, file]) => `${key} (used in ${file})`);
    expect(missing).toEqual([]);
  });
});

describe('store listing strings', () => {
  const tree = readLocales(localesDir);
  // Chrome allows a 75-character name (and cuts what it shows at 45) and a 132-character description.
  it.each(Object.keys(tree))('fit the stores\' limits in %s', (lang) => {
    const all = Object.assign({}, ...Object.values(tree[lang])) as Catalogue;
    const message = (key: string) => String((all[key] as { message?: unknown } | undefined)?.message ?? '');
    expect(message('extName').length).toBeGreaterThan(0);
    expect(message('extName').length).toBeLessThanOrEqual(45);
    expect(message('extDescription').length).toBeGreaterThan(0);
    expect(message('extDescription').length).toBeLessThanOrEqual(132);
  });
});

describe('the locale check itself', () => {
  const en = { 'popup.json': { popupGo: { message: 'Translate $1 of $2' }, popupStop: { message: 'Stop' } } };

  it('accepts a complete translation', () => {
    expect(localeProblems({ en, de: { 'popup.json': { popupGo: { message: '$1 von $2 übersetzen' }, popupStop: { message: 'Anhalten' } } } })).toEqual([]);
  });

  it('reports a missing key, an extra key and a missing file', () => {
    const problems = localeProblems({
      en: { ...en, 'options.json': { optionsSave: { message: 'Save' } } },
      de: { 'popup.json': { popupGo: { message: '$1 von $2' }, popupExtra: { message: 'Mehr' } } },
    });
    expect(problems).toEqual(expect.arrayContaining([
      'de/options.json: file missing',
      'de/popup.json: missing key popupStop',
      'de/popup.json: extra key popupExtra',
    ]));
    expect(problems).toHaveLength(3);
  });

  it('reports a placeholder the translation drops or invents', () => {
    const problems = localeProblems({ en, de: { 'popup.json': { popupGo: { message: '$1 übersetzen' }, popupStop: { message: 'Stopp $1' } } } });
    expect(problems).toEqual([
      'de/popup.json: popupGo uses placeholders [$1] but en uses [$1, $2]',
      'de/popup.json: popupStop uses placeholders [$1] but en uses []',
    ]);
  });

  it('reports a key defined in two files and an empty message', () => {
    const problems = localeProblems({ en: { 'a.json': { shared: { message: 'x' } }, 'b.json': { shared: { message: ' ' } } } });
    expect(problems).toEqual(['en/b.json: shared: no message', 'en/b.json: shared: key also defined in en/a.json']);
  });

  it('reads $$ as a literal dollar and named placeholders case-insensitively', () => {
    expect(placeholdersOf('Costs $$5 for $1 and $Count$')).toEqual(['$1', '$count$']);
  });
});
