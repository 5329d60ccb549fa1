// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_DICTIONARY_BYTES,
  MAX_PROBLEMS,
  checkDictionarySize,
  dictionaryBytes,
  entriesToCsv,
  entriesToTsv,
  parseCsvLine,
  parseEntries,
  trimEntries,
  validateEntries,
  validateName,
} from '../../utils/glossary/entries';
import { utf8Length } from '../../utils/shared/utf8';

const pairs = (r: { entries: { source: string; target: string }[] }) => r.entries.map((e) => [e.source, e.target]);

describe('parseEntries: TSV', () => {
  it('reads one entry per line with its 1-based line number', () => {
    const r = parseEntries('house\tHaus\ncar\tAuto', 'tsv');
    expect(r.entries).toEqual([
      { source: 'house', target: 'Haus', line: 1 },
      { source: 'car', target: 'Auto', line: 2 },
    ]);
    expect(r.problems).toEqual([]);
    expect(r.ignored).toBe(0);
  });

  it('accepts one final line break and CRLF line ends', () => {
    expect(pairs(parseEntries('a\tb\r\nc\td\r\n', 'tsv'))).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseEntries('a\tb\n', 'tsv').problems).toEqual([]);
  });

  it('treats an empty text as no entries and no problems', () => {
    expect(parseEntries('', 'tsv')).toMatchObject({ entries: [], problems: [], problemCount: 0 });
  });

  it('reports an empty line in the middle or a second final line break', () => {
    expect(parseEntries('a\tb\n\nc\td', 'tsv').problems).toMatchObject([{ line: 2, code: 'bad-format' }]);
    expect(parseEntries('a\tb\n\n', 'tsv').problems).toMatchObject([{ line: 2, code: 'bad-format' }]);
  });

  it('needs exactly one tab per line', () => {
    const r = parseEntries('no tab here\na\tb\tc\nok\tgut', 'tsv');
    expect(r.problems.map((p) => [p.line, p.code])).toEqual([[1, 'bad-format'], [2, 'bad-format']]);
    expect(r.problems[0].message).toBe('Line 1 has no tab between the source and the target phrase');
    expect(r.problems[1].message).toMatch(/^Line 2 has more than one tab/);
    expect(pairs(r)).toEqual([['ok', 'gut']]);
  });

  it('keeps quotes and commas literally in TSV', () => {
    expect(pairs(parseEntries('"quoted", yes\t"zitiert", ja', 'tsv'))).toEqual([['"quoted", yes', '"zitiert", ja']]);
  });
});

describe('parseEntries: content rules', () => {
  it('rejects duplicate sources, naming both lines, and keeps the first', () => {
    const r = parseEntries('car\tAuto\nbus\tBus\ncar\tWagen', 'tsv');
    expect(r.problems).toEqual([
      { line: 3, code: 'duplicate-source', side: 'source', message: 'Line 3: the source phrase "car" already appears on line 1' },
    ]);
    expect(pairs(r)).toEqual([['car', 'Auto'], ['bus', 'Bus']]);
  });

  it('treats sources that differ in case as different', () => {
    expect(parseEntries('Car\tAuto\ncar\tWagen', 'tsv').problems).toEqual([]);
  });

  it('rejects empty phrases on either side', () => {
    const r = parseEntries('\tHaus\ncar\t', 'tsv');
    expect(r.problems).toEqual([
      { line: 1, code: 'empty', side: 'source', message: 'Line 1: the source phrase is empty' },
      { line: 2, code: 'empty', side: 'target', message: 'Line 2: the target phrase is empty' },
    ]);
    expect(r.entries).toEqual([]);
  });

  it.each([
    ['NUL', '\u0000'],
    ['vertical tab', '\u000b'],
    ['form feed', '\u000c'],
    ['carriage return', '\r'],
    ['DEL', '\u007f'],
    ['C1 control', '\u0091'],
    ['next line (NEL)', '\u0085'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
  ])('rejects a %s inside a phrase', (_name, ch) => {
    const r = parseEntries(`ab${ch}cd\tx\ny\tef${ch}gh`, 'tsv');
    expect(r.problems.map((p) => [p.line, p.code, p.side])).toEqual([
      [1, 'control-char', 'source'],
      [2, 'control-char', 'target'],
    ]);
    expect(r.problems[0].message).toMatch(/^Line 1: the source phrase contains /);
  });

  it('rejects a tab or a newline inside a quoted CSV phrase', () => {
    expect(parseEntries('"a\tb",c', 'csv').problems).toMatchObject([{ line: 1, code: 'control-char', side: 'source' }]);
  });

  it.each([
    ['space', ' '],
    ['no-break space', '\u00a0'],
    ['ideographic space', '\u3000'],
    ['em space', '\u2003'],
    ['narrow no-break space', '\u202f'],
    ['zero-width space', '\u200b'],
  ])('rejects a leading or trailing %s', (_name, ch) => {
    const r = parseEntries(`${ch}house\tHaus\ncar\tAuto${ch}`, 'tsv');
    expect(r.problems).toEqual([
      { line: 1, code: 'whitespace', side: 'source', message: 'Line 1: the source phrase has leading or trailing whitespace' },
      { line: 2, code: 'whitespace', side: 'target', message: 'Line 2: the target phrase has leading or trailing whitespace' },
    ]);
  });

  it('allows whitespace inside a phrase', () => {
    expect(parseEntries('New York\tNeu\u00a0York', 'tsv').problems).toEqual([]);
  });

  it('names a byte order mark instead of calling it whitespace', () => {
    expect(parseEntries('\ufeffhouse\tHaus', 'tsv').problems[0].message).toMatch(/byte order mark/);
  });

  it('limits each phrase to 1024 UTF-8 bytes, counting multi-byte characters', () => {
    const ok = 'a'.repeat(1024);
    const tooLong = 'a'.repeat(1025);
    const umlauts = 'ä'.repeat(513); // 1026 bytes in 513 characters
    const r = parseEntries(`${ok}\t${ok}\n${tooLong}\tx\ny\t${umlauts}`, 'tsv');
    expect(r.problems).toEqual([
      { line: 2, code: 'too-long', side: 'source', message: 'Line 2: the source phrase is 1025 bytes long; at most 1024 bytes are allowed' },
      { line: 3, code: 'too-long', side: 'target', message: 'Line 3: the target phrase is 1026 bytes long; at most 1024 bytes are allowed' },
    ]);
    expect(r.entries).toHaveLength(1);
  });

  it('reports both sides of one line', () => {
    expect(parseEntries(' a\t', 'tsv').problems.map((p) => p.side)).toEqual(['source', 'target']);
  });

  it('keeps every parsed line in rows, with or without problems, for an editor', () => {
    const r = parseEntries('a\tb\n c\td\nno tab', 'tsv');
    expect(r.rows).toEqual([
      { source: 'a', target: 'b', line: 1 },
      { source: ' c', target: 'd', line: 2 },
    ]);
  });

  it('caps detailed problems but counts them all, in line order', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 2 ? `dup\tx${i}` : `line ${i} without tab`));
    const r = parseEntries(lines.join('\n'), 'tsv');
    expect(r.problemCount).toBe(999);
    expect(r.problems).toHaveLength(MAX_PROBLEMS);
    const lineNos = r.problems.map((p) => p.line);
    expect(lineNos).toEqual([...lineNos].sort((a, b) => a - b));
    expect(lineNos[0]).toBe(1);
  });
});

describe('parseEntries: CSV', () => {
  it('reads plain and quoted fields with doubled quotes and commas', () => {
    const text = 'house,Haus\n"a, b","c ""d"" e"\n"plain",quoted\n"",x';
    const r = parseEntries(text, 'csv');
    expect(pairs(r)).toEqual([['house', 'Haus'], ['a, b', 'c "d" e'], ['plain', 'quoted']]);
    expect(r.problems).toMatchObject([{ line: 4, code: 'empty', side: 'source' }]);
  });

  it('keeps lines whose trailing codes match the pair by base language, case-insensitively', () => {
    const text = 'house,Haus,en,de\ncar,Auto,EN-GB,DE\nbus,Bus,en-us,de-DE';
    const r = parseEntries(text, 'csv', { source: 'EN', target: 'de' });
    expect(pairs(r)).toEqual([['house', 'Haus'], ['car', 'Auto'], ['bus', 'Bus']]);
    expect(r.ignored).toBe(0);
  });

  it('ignores, without an error, lines for another pair', () => {
    const text = 'house,Haus,en,de\nhouse,maison,en,fr\nHaus,house,de,en\ncar,Auto';
    const r = parseEntries(text, 'csv', { source: 'en', target: 'de' });
    expect(pairs(r)).toEqual([['house', 'Haus'], ['car', 'Auto']]);
    expect(r.ignored).toBe(2);
    expect(r.problems).toEqual([]);
  });

  it('does not count ignored lines as duplicates', () => {
    const r = parseEntries('house,maison,en,fr\nhouse,Haus,en,de', 'csv', { source: 'en', target: 'de' });
    expect(r.problems).toEqual([]);
    expect(pairs(r)).toEqual([['house', 'Haus']]);
  });

  it.each([
    ['an unclosed quote', '"house,Haus'],
    ['text after a closing quote', '"house"x,Haus'],
    ['a space before a quoted field', 'house, "Haus"'],
    ['a bare quote inside a field', 'ho"use,Haus'],
  ])('reports %s as bad quoting', (_name, line) => {
    const r = parseEntries(`ok,gut\n${line}`, 'csv');
    expect(r.problems).toMatchObject([{ line: 2, code: 'bad-quoting' }]);
    expect(r.problems[0].message).toMatch(/^Line 2: /);
  });

  it.each([
    ['one field', 'house'],
    ['three fields', 'house,Haus,en'],
    ['five fields', 'a,b,en,de,x'],
  ])('reports %s as bad format', (_name, line) => {
    expect(parseEntries(line, 'csv').problems).toMatchObject([{ line: 1, code: 'bad-format' }]);
  });

  it('reports language codes that are not codes', () => {
    expect(parseEntries('a,b,english,german', 'csv').problems).toMatchObject([{ code: 'bad-format' }]);
  });

  it('applies the content rules to CSV phrases too', () => {
    const r = parseEntries('" house",Haus\ncar,Auto\ncar,Wagen', 'csv');
    expect(r.problems.map((p) => p.code)).toEqual(['whitespace', 'duplicate-source']);
  });
});

describe('parseCsvLine', () => {
  it('splits strictly', () => {
    expect(parseCsvLine('a,b')).toEqual({ fields: ['a', 'b'] });
    expect(parseCsvLine('"a""b",')).toEqual({ fields: ['a"b', ''] });
    expect(parseCsvLine(',')).toEqual({ fields: ['', ''] });
    expect(parseCsvLine('"",""')).toEqual({ fields: ['', ''] });
    expect('error' in parseCsvLine('"a"b')).toBe(true);
  });
});

describe('writing entries', () => {
  const entries = [
    { source: 'plain', target: 'einfach' },
    { source: 'a, b', target: 'say "hi"' },
  ];

  it('writes TSV lines without a final line break', () => {
    expect(entriesToTsv(entries)).toBe('plain\teinfach\na, b\tsay "hi"');
  });

  it('quotes CSV fields only when needed', () => {
    expect(entriesToCsv(entries)).toBe('plain,einfach\n"a, b","say ""hi"""');
  });

  it('round-trips any valid entries through TSV and CSV', () => {
    const phrase = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
      .filter((s) => parseEntries(`${s}\tx`, 'tsv').problems.length === 0);
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(phrase, phrase), { selector: (t) => t[0], maxLength: 20 }), (list) => {
        const input = list.map(([source, target]) => ({ source, target }));
        expect(pairs(parseEntries(entriesToTsv(input), 'tsv'))).toEqual(list);
        expect(pairs(parseEntries(entriesToCsv(input), 'csv'))).toEqual(list);
      }),
      { numRuns: 200 },
    );
  });
});

describe('names, sizes and trimming', () => {
  it('validates glossary names', () => {
    expect(validateName('My terms')).toBeUndefined();
    expect(validateName('')).toMatchObject({ code: 'empty' });
    expect(validateName('   ')).toMatchObject({ code: 'empty' });
    expect(validateName(42)).toMatchObject({ code: 'empty' });
    expect(validateName('ä'.repeat(512))).toBeUndefined();
    expect(validateName('ä'.repeat(513))).toMatchObject({ code: 'too-long', message: 'The glossary name is 1026 bytes long; at most 1024 bytes are allowed' });
  });

  it('counts UTF-8 bytes, including surrogate pairs', () => {
    expect(utf8Length('aä€😀')).toBe(1 + 2 + 3 + 4);
    expect(utf8Length('\ud800')).toBe(3);
    expect(dictionaryBytes('a\tb')).toBe(3);
  });

  it('limits a dictionary to 10 MB', () => {
    expect(checkDictionarySize('a'.repeat(MAX_DICTIONARY_BYTES))).toBeUndefined();
    expect(checkDictionarySize('a'.repeat(MAX_DICTIONARY_BYTES + 1))).toMatchObject({ code: 'too-large', line: 0 });
    // 3.4 million euro signs are 10.2 MB although only 3.4 million characters.
    expect(checkDictionarySize('€'.repeat(3_400_000))?.message).toMatch(/10\.2 MB/);
  });

  it('trims Unicode whitespace so trimmed entries pass the rules', () => {
    const { rows } = parseEntries(' house\u00a0\tHaus \n\u3000car\tAuto', 'tsv');
    const trimmed = trimEntries(rows);
    expect(trimmed.map((e) => [e.source, e.target, e.line])).toEqual([['house', 'Haus', 1], ['car', 'Auto', 2]]);
    expect(validateEntries(trimmed).problems).toEqual([]);
  });
});

// Timing is measured by scripts/bench/server.bench.ts; this checks a full-size dictionary parses.
describe('size', () => {
  it('parses a 10 MB dictionary of over 100,000 entries completely', () => {
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < 9_900_000; i++) {
      const line = `source phrase number ${i} with some words\tZielausdruck Nummer ${i} mit Wörtern`;
      lines.push(line);
      size += utf8Length(line) + 1;
    }
    const text = lines.join('\n');
    const r = parseEntries(text, 'tsv');
    expect(checkDictionarySize(text)).toBeUndefined();
    expect(r.problems).toEqual([]);
    expect(r.entries.length).toBe(lines.length);
    expect(r.entries.length).toBeGreaterThan(100_000);
    expect(r.entries[r.entries.length - 1].line).toBe(lines.length);
  });
});
