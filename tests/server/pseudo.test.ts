// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formalityMarker, GlossaryMatcher, pseudoTranslate } from '../../server/pseudo';

const words = (s: string) => s.match(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu) ?? [];

describe('pseudoTranslate', () => {
  it('styles each target language in its own readable way', () => {
    const text = 'Hello world';
    expect(pseudoTranslate(text, 'DE')).toBe('Hëllö wörld');
    expect(pseudoTranslate(text, 'FR')).toBe('Hêllô wôrld');
    expect(pseudoTranslate(text, 'ES')).toBe('Hélló wórld');
    expect(pseudoTranslate(text, 'IT')).toBe('Hèllò wòrld');
    expect(pseudoTranslate(text, 'RU')).toBe('Хелло ворлд');
    expect(pseudoTranslate(text, 'EL')).toBe('Ηελλο ωορλδ');
    expect(pseudoTranslate(text, 'JA')).toBe('Ｈｅｌｌｏ ｗｏｒｌｄ');
    expect(pseudoTranslate(text, 'ZH')).toBe('ＨＥＬＬＯ ＷＯＲＬＤ');
    expect(pseudoTranslate(text, 'KO')).toBe('Ⓗⓔⓛⓛⓞ ⓦⓞⓡⓛⓓ');
  });

  it('reads the target code case-insensitively', () => {
    expect(pseudoTranslate('Hello', 'pt-br')).toBe(pseudoTranslate('Hello', 'PT-BR'));
  });

  it('changes every word of any text for every target', () => {
    const targets = ['DE', 'FR', 'EN-US', 'RU', 'EL', 'JA', 'ZH-HANS', 'KO', 'AR', 'PL'];
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom(...targets), (text, target) => {
        const source = words(text).filter((w) => /\p{L}/u.test(w));
        const out = pseudoTranslate(text, target, { preserveFormatting: true });
        // A word wrapped in ‹ › (scripts a style cannot change) counts as changed.
        const translated = out.match(/‹?[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*›?/gu) ?? [];
        for (const word of source) expect(translated, `${word} → ${target} in ${JSON.stringify(out)}`).not.toContain(word);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps spaces, punctuation and digits', () => {
    expect(pseudoTranslate('  a, b; 42!\n', 'DE', { preserveFormatting: true })).toBe('  ä, b̈; 42!\n');
  });

  it('marks words the style cannot change otherwise', () => {
    expect(pseudoTranslate('für', 'DE', { preserveFormatting: true })).toBe('f̈ür');
    expect(pseudoTranslate('東京', 'DE')).toBe('‹東京›');
    expect(pseudoTranslate('Привет', 'RU')).toBe('‹Привет›');
  });

  it('transliterates Cyrillic and Greek words for Latin targets', () => {
    expect(pseudoTranslate('Привет', 'DE')).toBe('Prïvët');
    expect(pseudoTranslate('Καλημέρα', 'FR')).toBe('Kâlîmêrâ');
  });

  it('adds formality markers only for targets with formality', () => {
    expect(pseudoTranslate('Hi', 'DE', { formality: 'more' })).toBe('(Sie) Hï');
    expect(pseudoTranslate('Hi', 'DE', { formality: 'prefer_less' })).toBe('(du) Hï');
    expect(pseudoTranslate('Hi', 'JA', { formality: 'more' })).toBe('(です) Ｈｉ');
    expect(pseudoTranslate('Hi', 'EN-GB', { formality: 'prefer_more' })).toBe(pseudoTranslate('Hi', 'EN-GB'));
    expect(formalityMarker('ru', 'less')).toBe('(ты) ');
    expect(formalityMarker('DE', 'default')).toBe('');
  });

  it('puts glossary targets in verbatim, whole words only', () => {
    const glossary = [{ source: 'cat', target: 'Katze' }, { source: 'hot dog', target: 'Hotdog' }];
    expect(pseudoTranslate('A cat, a Hot Dog and a category', 'DE', { glossary, preserveFormatting: true })).toBe('Ä Katze, ä Hotdog änd ä cätëgörÿ');
  });

  it('matches phrases that start or end with punctuation', () => {
    const matcher = new GlossaryMatcher([{ source: '.NET', target: 'Punkt-NET' }, { source: 'C#', target: 'Cis' }]);
    expect(pseudoTranslate('I use .NET and C# daily', 'DE', { glossary: matcher, preserveFormatting: true })).toBe('Ï üsë Punkt-NET änd Cis däïlÿ');
  });
});

describe('GlossaryMatcher', () => {
  it('splits text into plain pieces and targets', () => {
    const m = new GlossaryMatcher([{ source: 'New York', target: 'NY' }, { source: 'new', target: 'neu' }]);
    expect(m.split('new york and new things')).toEqual([{ target: 'NY' }, ' and ', { target: 'neu' }, ' things']);
    expect(m.split('renewal')).toEqual(['renewal']);
  });

  it('ignores entries without any word character', () => {
    const m = new GlossaryMatcher([{ source: '++', target: 'plus' }]);
    expect(m.split('a ++ b')).toEqual(['a ++ b']);
  });
});
