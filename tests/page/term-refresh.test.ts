import { afterEach, describe, expect, it } from 'vitest';
import { fakeTranslator, stopAllEngines, translateBody, upperCase } from './fake-translator';

afterEach(async () => {
  await stopAllEngines();
  document.body.innerHTML = '';
  document.title = '';
});

// After a glossary entry: the glossary's target for "harbour master", upper case for the rest.
const withGlossary = (text: string) => upperCase(text.replace(/harbour master/gi, '§')).replace(/§/g, 'Hafenmeister');

const PAGE = '<p id="a">The harbour master opens the <b>gates</b>.</p><p id="b">Every Harbour  Master keeps a log.</p>'
  + '<p id="c">Boats leave the quay.</p><p id="d">A harbourmaster is one word.</p><p id="e">The harbour master opens the <b>gates</b>.</p>';

describe('page engine: fixing a term', () => {
  it('translates again only the blocks whose original holds the whole phrase, once per distinct block', async () => {
    let transform = upperCase;
    const translator = fakeTranslator((text) => transform(text));
    const { engine } = await translateBody(PAGE, translator);
    const unaffected = document.getElementById('c')!.innerHTML;
    const gates = document.querySelector('#a b');
    transform = withGlossary;
    const calls = translator.calls.length;
    const outcome = await engine.retranslatePhrase('harbour master', 'EN');
    // One call, the two distinct blocks holding the phrase (the twin of #a shares its answer).
    expect(translator.calls.slice(calls).map((c) => c.blocks.map((b) => b.text))).toEqual([
      ['The harbour master opens the <b id="1">gates</b>.', 'Every Harbour Master keeps a log.'],
    ]);
    expect(translator.calls[calls].info).toMatchObject({ priority: 'viewport', sourceLang: 'EN' });
    expect(outcome.blocks).toBe(2);
    expect(outcome.billedCharacters).toBeGreaterThan(0);
    expect(document.getElementById('a')!.innerHTML).toBe('THE Hafenmeister OPENS THE <b>GATES</b>.');
    expect(document.getElementById('e')!.innerHTML).toBe('THE Hafenmeister OPENS THE <b>GATES</b>.');
    expect(document.getElementById('b')!.textContent).toBe('EVERY Hafenmeister KEEPS A LOG.');
    expect(document.getElementById('c')!.innerHTML).toBe(unaffected);
    expect(document.getElementById('d')!.textContent).toBe('A HARBOURMASTER IS ONE WORD.');
    // The page's own element is kept, and the page still restores exactly.
    expect(document.querySelector('#a b')).toBe(gates);
    expect(engine.progress().billedCharacters).toBeGreaterThan(outcome.billedCharacters);
    await engine.restore();
    expect(document.body.innerHTML).toBe(PAGE);
  });

  it('tells the original and the translation of the block a node is in', async () => {
    const { engine } = await translateBody(PAGE);
    const node = document.querySelector('#a b')!.firstChild!;
    expect(engine.blockTextsAt(node)).toEqual({ source: 'The harbour master opens the gates.', translation: 'THE HARBOUR MASTER OPENS THE GATES.', sourceLang: 'EN' });
    expect(engine.blockTextsAt(document.body)).toBeUndefined();
  });

  it('finds the block of a selection in a bilingual copy', async () => {
    const { engine } = await translateBody('<p id="a">The harbour master waves.</p>', fakeTranslator(), {
      job: { targetLang: 'DE', sourceLang: 'EN', formality: 'default', modelType: 'latency_optimized', bilingual: true },
    });
    const copy = document.querySelector('glossa-translation')!;
    expect(engine.blockTextsAt(copy.firstChild ?? copy)).toMatchObject({ source: 'The harbour master waves.', translation: 'THE HARBOUR MASTER WAVES.' });
  });
});
