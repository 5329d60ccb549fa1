// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { textToRows, trimText, validateRows, validateText } from '../../utils/glossary/validate';

describe('validateText', () => {
  it('reports problems with their line and counts CSV lines for another pair', () => {
    const csv = 'car,Auto\nhouse,Haus,en,fr\n"a, b",x\ncar,Wagen\n tree,Baum\n';
    const result = validateText(csv, 'csv', { source: 'en', target: 'de' });
    expect(result.ignored).toBe(1);
    expect(result.entries.map((e) => e.source)).toEqual(['car', 'a, b']);
    expect(result.problems.map((p) => [p.line, p.code])).toEqual([[4, 'duplicate-source'], [5, 'whitespace']]);
    expect(result.trimmable).toBe(true);
  });

  it('rejects a dictionary over 10 MB', () => {
    const line = `${'x'.repeat(1000)}\t${'y'.repeat(1000)}\n`;
    const big = Array.from({ length: 5100 }, (_, i) => `${i}${line}`).join('');
    const result = validateText(big, 'tsv');
    expect(result.problems[0]).toMatchObject({ line: 0, code: 'too-large' });
  });
});

describe('trimText', () => {
  it('trims the phrases of TSV and CSV lines and then validates', () => {
    expect(trimText(' car \tAuto \nhouse\tHaus', 'tsv')).toBe('car\tAuto\nhouse\tHaus');
    const csv = trimText('" a, b ", x ,EN,DE\r\n', 'csv');
    expect(csv).toBe('"a, b",x,EN,DE\r\n');
    expect(validateText(csv, 'csv', { source: 'en', target: 'de' }).problemCount).toBe(0);
  });
});

describe('validateRows and textToRows', () => {
  it('numbers problems by row', () => {
    const result = validateRows([{ source: 'a', target: 'b' }, { source: '', target: 'c' }, { source: 'a', target: 'd' }, { source: 'e', target: 'x\ny' }]);
    expect(result.problems.map((p) => [p.line, p.code, p.side])).toEqual([[2, 'empty', 'source'], [3, 'duplicate-source', 'source'], [4, 'control-char', 'target']]);
    expect(result.entries).toEqual([{ source: 'a', target: 'b' }]);
  });

  it('keeps unfinished lines as rows to fix, drops other pairs', () => {
    expect(textToRows('a\tb\nonly\n', 'tsv')).toEqual([{ source: 'a', target: 'b' }, { source: 'only', target: '' }]);
    expect(textToRows('a,b,en,fr\nc,d,en,de', 'csv', { source: 'en', target: 'de' })).toEqual([{ source: 'c', target: 'd' }]);
  });
});
