// Plural forms chosen by Intl.PluralRules in the UI language, numbers formatted with Intl, and
// the direction of text in a language.
import { describe, expect, it } from 'vitest';
import { selectPlural, tCount } from '../../utils/shared/i18n';
import { textDirection } from '../../utils/shared/text-direction';

const ENTRIES = '{count, plural, one {# entry} other {# entries}}';
const POLISH = '{count, plural, one {# wpis} few {# wpisy} many {# wpisów} other {# wpisu}}';
const ARABIC = '{count, plural, zero {لا إدخالات} one {إدخال واحد} two {إدخالان} few {# إدخالات} many {# إدخالًا} other {# إدخال}}';

describe('plural messages', () => {
  it('picks the form the language asks for, with the count formatted for it', () => {
    expect(selectPlural(ENTRIES, 1, 'en')).toBe('1 entry');
    expect(selectPlural(ENTRIES, 20000, 'en')).toBe('20,000 entries');
    expect([1, 3, 5, 22, 1.5].map((n) => selectPlural(POLISH, n, 'pl'))).toEqual(['1 wpis', '3 wpisy', '5 wpisów', '22 wpisy', '1,5 wpisu']);
    expect([0, 1, 2, 3, 11, 100].map((n) => selectPlural(ARABIC, n, 'ar').replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))))
      .toEqual(['لا إدخالات', 'إدخال واحد', 'إدخالان', '3 إدخالات', '11 إدخالًا', '100 إدخال']);
  });

  it('keeps the text around the plural block and falls back to "other"', () => {
    expect(selectPlural(`Saved: ${ENTRIES}.`, 2, 'en')).toBe('Saved: 2 entries.');
    expect(selectPlural('{count, plural, other {#件}}', 1, 'ja')).toBe('1件');
    expect(selectPlural('{count, plural, =0 {none} other {#}}', 0, 'en')).toBe('none');
  });

  it('fills a counted message from the locale files (English in unit tests)', () => {
    expect(tCount('glossaryEntryCount', 1)).toBe('1 entry.');
    expect(tCount('glossaryPairWithCount', 1234, ['English', 'German'])).toBe('English → German: 1,234 entries');
  });
});

describe('text direction', () => {
  it('is right to left for Arabic, Hebrew and Persian in any spelling of the code, else left to right', () => {
    expect(['AR', 'ar', 'he-IL', 'fa', 'iw'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
    expect(['DE', 'en-GB', 'ZH-HANS', '', undefined].map(textDirection)).toEqual(['ltr', 'ltr', 'ltr', 'ltr', 'ltr']);
  });
});
