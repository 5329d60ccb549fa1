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

/** Every UI locale Glossa ships beside English and German (issue 24). */
const UI_LOCALES = ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt_BR', 'tr', 'uk', 'zh_CN'];
/** Words that stay the same in every language on purpose. */
const SAME_EVERYWHERE = ['Glossa', 'API', 'TSV', 'CSV', 'UTF-8', 'HTTP', 'MB'];
/** Messages that may equal English in a locale because the word is the same there (lang → keys). */
// Key names (Alt, Ctrl, Shift) are printed on keyboards in every one of these locales.
const KEY_NAMES = ['pointingModifierAlt', 'pointingModifierControl', 'pointingModifierShift'];
const SAME_ON_PURPOSE: Record<string, string[]> = {
  de: ['glossaryColumnName', 'glossaryFormat', 'termFixOriginalLabel', 'pdfExportOriginal', 'pdfZoom', 'pdfOptionTitle', ...KEY_NAMES],
  es: ['optionsPlanLabel', ...KEY_NAMES],
  fr: ['pdfPage', 'pdfPageLabel', ...KEY_NAMES],
  it: ['pdfPasswordLabel', ...KEY_NAMES],
  pt_BR: ['optionsUsageSite', 'pointingSiteLabel', 'optionsWritingSite', ...KEY_NAMES],
  ...Object.fromEntries(['nl', 'pl', 'uk', 'tr', 'ja', 'zh_CN', 'ko', 'ar'].map((lang) => [lang, KEY_NAMES])),
};
/** Plural forms a locale may leave to `other`: Romance "many" covers only round millions, where "other" reads right. */
const OPTIONAL_FORMS: Record<string, string[]> = { fr: ['many'], es: ['many'], it: ['many'], pt_BR: ['many'] };

function flatten(files: Record<string, Catalogue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const catalogue of Object.values(files)) {
    for (const [key, entry] of Object.entries(catalogue)) out[key] = String((entry as { message?: unknown }).message ?? '');
  }
  return out;
}

/** Keys whose message is still the English text, per locale ("fr: a, b"); empty when none are. */
function englishLeft(tree: LocaleTree): string[] {
  const english = flatten(tree[BASE]);
  const lines: string[] = [];
  for (const [lang, files] of Object.entries(tree)) {
    if (lang === BASE) continue;
    const ours = flatten(files);
    const left = Object.keys(english).filter((key) => {
      if (ours[key] !== english[key] || SAME_ON_PURPOSE[lang]?.includes(key)) return false;
      const words = SAME_EVERYWHERE.reduce((text, word) => text.replaceAll(word, ''), english[key].replace(/\$\d|\$\w+\$/g, ''));
      return /\p{L}/u.test(words);
    });
    if (left.length > 0) lines.push(`${lang}: ${left.join(', ')}`);
  }
  return lines;
}

/** Keys missing from each locale, one line per locale ("uk: a, b"), so they can be filled after a merge. */
function missingKeys(tree: LocaleTree): string[] {
  const english = Object.keys(flatten(tree[BASE]));
  return Object.entries(tree)
    .filter(([lang]) => lang !== BASE)
    .map(([lang, files]) => {
      const ours = flatten(files);
      return [lang, english.filter((key) => !(key in ours))] as const;
    })
    .filter(([, missing]) => missing.length > 0)
    .map(([lang, missing]) => `${lang}: ${missing.join(', ')}`);
}

const PLURAL = /\{count,\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;

/** Plural messages whose forms do not cover what the language's plural rules ask for. */
function pluralProblems(tree: LocaleTree): string[] {
  const english = flatten(tree[BASE]);
  const problems: string[] = [];
  for (const [lang, files] of Object.entries(tree)) {
    const ours = flatten(files);
    const needed = new Intl.PluralRules(lang.replace('_', '-')).resolvedOptions().pluralCategories;
    for (const [key, message] of Object.entries(english)) {
      if (!PLURAL.test(message) || !(key in ours)) continue;
      PLURAL.lastIndex = 0;
      const blocks = [...ours[key].matchAll(PLURAL)];
      if (blocks.length === 0) {
        problems.push(`${lang}: ${key} has no plural form`);
        continue;
      }
      for (const block of blocks) {
        const forms = new Set([...block[1].matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{/g)].map((m) => m[1]));
        const lacking = needed.filter((category) => !forms.has(category) && !OPTIONAL_FORMS[lang]?.includes(category));
        if (lacking.length > 0) problems.push(`${lang}: ${key} lacks the plural forms ${lacking.join(', ')}`);
      }
    }
  }
  return problems;
}

describe('UI languages', () => {
  const tree = readLocales(localesDir);

  it('ships every UI locale, each naming itself in uiLocale', () => {
    expect(Object.keys(tree).sort()).toEqual(expect.arrayContaining(UI_LOCALES));
    for (const lang of Object.keys(tree)) expect(flatten(tree[lang]).uiLocale, lang).toBe(lang.replace('_', '-'));
  });

  it('has every key in every locale (lists the missing keys per locale)', () => {
    expect(missingKeys(tree)).toEqual([]);
  });

  it('leaves no English string where a locale exists (lists them per locale)', () => {
    expect(englishLeft(tree)).toEqual([]);
  });

  it('gives counted messages every plural form the language needs', () => {
    expect(pluralProblems(tree)).toEqual([]);
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
  it('names the English strings left and the keys missing, per locale', () => {
    const en = { 'a.json': { aGo: { message: 'Go' }, aName: { message: 'Glossa' }, aStop: { message: 'Stop $1' } } };
    const fr = { 'a.json': { aGo: { message: 'Go' }, aName: { message: 'Glossa' } } };
    expect(englishLeft({ en, fr })).toEqual(['fr: aGo']);
    expect(missingKeys({ en, fr })).toEqual(['fr: aStop']);
  });

  it('asks for the plural forms the language has', () => {
    const en = { 'a.json': { aCount: { message: '{count, plural, one {# entry} other {# entries}}' } } };
    const pl = { 'a.json': { aCount: { message: '{count, plural, one {# wpis} other {# wpisu}}' } } };
    expect(pluralProblems({ en, pl })).toEqual(['pl: aCount lacks the plural forms few, many']);
  });

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
