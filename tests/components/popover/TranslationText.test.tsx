// A translation reads in its own language's direction, whatever the UI's.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { TranslationText } from '../../../components/popover/TranslationText';

afterEach(() => cleanup());

describe('translation text direction', () => {
  it('is right to left with lang for Arabic and Hebrew, left to right for German, auto when unknown', () => {
    const dirOf = (lang?: string) => {
      const { container } = render(<TranslationText nodes={['نص', { tag: 'b', children: ['مهم'] }]} lang={lang} />);
      const element = container.querySelector('.translation')!;
      const found = { dir: element.getAttribute('dir'), lang: element.getAttribute('lang') };
      cleanup();
      return found;
    };
    expect(dirOf('ar')).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(dirOf('he')).toEqual({ dir: 'rtl', lang: 'he' });
    expect(dirOf('de')).toEqual({ dir: 'ltr', lang: 'de' });
    expect(dirOf(undefined)).toEqual({ dir: 'auto', lang: null });
  });
});
