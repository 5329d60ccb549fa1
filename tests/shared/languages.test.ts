import { describe, expect, it } from 'vitest';
import { FALLBACK_SOURCE_LANGUAGES, FALLBACK_TARGET_LANGUAGES, languageName, languageOptions, supportsFormality } from '../../utils/shared/languages';

describe('fallback language lists', () => {
  it('lists the spec’s 34 targets with its formality table', () => {
    expect(FALLBACK_TARGET_LANGUAGES).toHaveLength(34);
    const formal = FALLBACK_TARGET_LANGUAGES.filter((l) => l.supports_formality).map((l) => l.language).sort();
    expect(formal).toEqual(['DE', 'ES', 'FR', 'IT', 'JA', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RU']);
    expect(FALLBACK_TARGET_LANGUAGES.every((l) => l.name.length > 0)).toBe(true);
  });

  it('lists sources as base languages only', () => {
    const codes = FALLBACK_SOURCE_LANGUAGES.map((l) => l.language);
    expect(codes).toContain('EN');
    expect(codes).toContain('PT');
    expect(codes).toContain('ZH');
    expect(codes.some((c) => c.includes('-'))).toBe(false);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('languageName', () => {
  it('names codes in any case, variants included', () => {
    expect(languageName('DE', 'en')).toBe('German');
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('EN-GB', 'en')).toBe('British English');
    expect(languageName('ZH-HANS', 'en')).toBe('Simplified Chinese');
    expect(languageName('DE', 'de')).toBe('Deutsch');
  });

  it('falls back to the code for unknown codes', () => {
    expect(languageName('XX-QQ', 'en')).toBe('XX-QQ');
  });
});

describe('languageOptions and supportsFormality', () => {
  it('sorts by name and keeps a current code the list lacks', () => {
    const options = languageOptions([{ language: 'FR', name: 'French' }, { language: 'DE', name: 'German' }], 'XX');
    expect(options.map((o) => o.code)).toEqual(['FR', 'DE', 'XX']);
  });

  it('reads support from the list when it says, else the spec', () => {
    expect(supportsFormality('de')).toBe(true);
    expect(supportsFormality('EN-GB')).toBe(false);
    expect(supportsFormality('EN-GB', [{ language: 'EN-GB', name: 'x', supports_formality: true }])).toBe(true);
  });
});
