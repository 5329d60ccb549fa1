import { describe, expect, it } from 'vitest';
import { phraseMayOccurInHtml, phraseOccursIn } from '../../utils/shared/term-match';

describe('phrase matching as the API applies glossaries', () => {
  it('matches the whole phrase, ignoring case and runs of whitespace', () => {
    expect(phraseOccursIn('The Harbour  Master waves', 'harbour master')).toBe(true);
    expect(phraseOccursIn('harbour master.', 'harbour master')).toBe(true);
    expect(phraseOccursIn('harbourmaster', 'harbour master')).toBe(false);
    expect(phraseOccursIn('The harbour masters', 'harbour master')).toBe(false);
    expect(phraseOccursIn('Theharbour master', 'harbour master')).toBe(false);
    expect(phraseOccursIn('Straße und Weg', 'STRASSE')).toBe(false);
    expect(phraseOccursIn('anything', '  ')).toBe(false);
  });

  it('errs towards a match in inline HTML: tags read as nothing and as a break, entities decoded', () => {
    expect(phraseMayOccurInHtml('The <b id="1">harbour</b> master', 'harbour master')).toBe(true);
    expect(phraseMayOccurInHtml('<b id="1">Wid</b>get sale', 'widget')).toBe(true);
    expect(phraseMayOccurInHtml('foo<br id="1">bar', 'bar')).toBe(true);
    expect(phraseMayOccurInHtml('Fish &amp; Chips', 'fish & chips')).toBe(true);
    expect(phraseMayOccurInHtml('Boats leave the quay', 'harbour master')).toBe(false);
  });
});
