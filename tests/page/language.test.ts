import { describe, expect, it } from 'vitest';
import { baseOf, decideSourceLanguage, keepPageDecision, languageFilter, textSample } from '../../utils/page/language';

const reliable = (language: string, percentage = 95) => ({ isReliable: true, languages: [{ language, percentage }] });

describe('decideSourceLanguage', () => {
  it('uses the language the user fixed', () => {
    expect(decideSourceLanguage({ fixedSource: 'en-GB', pageLang: 'de', detected: reliable('fr') })).toEqual({ sourceLang: 'EN', pageLanguage: 'en' });
  });
  it('sends the source when detection is reliable and agrees with the page', () => {
    expect(decideSourceLanguage({ fixedSource: '', pageLang: 'de-AT', detected: reliable('de') })).toEqual({ sourceLang: 'DE', pageLanguage: 'de' });
  });
  it('sends the source when detection is reliable and the page declares nothing', () => {
    expect(decideSourceLanguage({ fixedSource: '', pageLang: '', detected: reliable('zh-CN') })).toEqual({ sourceLang: 'ZH', pageLanguage: 'zh' });
  });
  it('leaves it out when page and detection disagree, trusting the text for skipping', () => {
    expect(decideSourceLanguage({ fixedSource: '', pageLang: 'en', detected: reliable('fr') })).toEqual({ pageLanguage: 'fr' });
  });
  it('leaves it out when detection is unsure or missing', () => {
    expect(decideSourceLanguage({ fixedSource: '', pageLang: 'en', detected: { isReliable: false, languages: [{ language: 'en', percentage: 60 }] } })).toEqual({ pageLanguage: 'en' });
    expect(decideSourceLanguage({ fixedSource: '', pageLang: 'en', detected: reliable('en', 40) })).toEqual({ pageLanguage: 'en' });
    expect(decideSourceLanguage({ fixedSource: '', pageLang: '', detected: undefined })).toEqual({ pageLanguage: '' });
  });
  it('never sends a language the API does not know as a source', () => {
    expect(decideSourceLanguage({ fixedSource: '', pageLang: '', detected: reliable('la') })).toEqual({ sourceLang: undefined, pageLanguage: 'la' });
  });
  it('maps generic Norwegian to Bokmål', () => {
    expect(baseOf('no')).toBe('nb');
  });
});

describe('keepPageDecision', () => {
  const en = { sourceLang: 'EN', pageLanguage: 'en' };
  it('keeps the source language of the document\'s earlier translation', () => {
    expect(keepPageDecision({ declared: 'en', decision: en }, { declared: 'en', decision: { pageLanguage: 'en' } })).toEqual(en);
    expect(keepPageDecision({ declared: '', decision: { pageLanguage: '' } }, { declared: '', decision: en })).toEqual({ pageLanguage: 'en' });
  });
  it('decides anew when the page declares another language or its text reads as one', () => {
    expect(keepPageDecision({ declared: 'en', decision: en }, { declared: 'fr', decision: { sourceLang: 'FR', pageLanguage: 'fr' } })).toEqual({ sourceLang: 'FR', pageLanguage: 'fr' });
    expect(keepPageDecision({ declared: '', decision: en }, { declared: '', decision: { sourceLang: 'FR', pageLanguage: 'fr' } })).toEqual({ sourceLang: 'FR', pageLanguage: 'fr' });
    expect(keepPageDecision(undefined, { declared: '', decision: en })).toEqual(en);
  });
});

describe('languageFilter', () => {
  it('skips text in the target language and, with a fixed source, in other languages', () => {
    const auto = languageFilter('EN-US', '');
    expect([auto('en'), auto('en-GB'), auto('de'), auto('')]).toEqual([false, false, true, true]);
    const fixed = languageFilter('DE', 'FR');
    expect([fixed('fr-CA'), fixed('es'), fixed('de'), fixed('')]).toEqual([true, false, false, true]);
  });
});

describe('textSample', () => {
  it('takes visible prose, not scripts or code', () => {
    document.body.innerHTML = '<script>var x = 1;</script><p>Bonjour   tout le monde</p><code>let y</code><p>Encore</p>';
    expect(textSample(document)).toBe('Bonjour tout le monde Encore ');
  });
});
