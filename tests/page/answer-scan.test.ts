// Answers read without a document where the scan can tell: the outcome must be the one the
// inert document and the full check give, for every hostile case and for ordinary answers.
import { describe, expect, it, vi } from 'vitest';
import { readTranslation, scanAnswer } from '../../utils/page/answer-scan';
import { serializeBlock, type Slot } from '../../utils/page/serialize';
import { createInertParser, matchTranslation } from '../../utils/page/write-back';
import { CASES } from '../e2e-both/hostile-cases';

function slotsOf(html: string): Slot[] {
  document.body.innerHTML = `<p>${html}</p>`;
  const p = document.querySelector('p')!;
  return serializeBlock([...p.childNodes], { statusOf: (el) => (el.localName === 'code' ? 'opaque' : 'inline'), preservesWhitespace: () => false }).slots;
}

const BOLD = slotsOf('Case 1001 has <b>bold words</b> in it.');
const PLAIN = slotsOf('Case 1002 has no markup.');
const MIXED = slotsOf('Read <a href="/doc">the docs</a>, run <code>make</code> and <b>enjoy</b>.');

const ORDINARY = [
  'Fall 1001 hat <b id="1">fette Wörter</b> darin.',
  '<b id="1">Fett</b> zuerst',
  'Nur Text ohne Element',
  '',
  '   ',
  'a < b und c > d',
  'Tom &amp; Jerry &lt;3',
  'Zeile\r\nzwei',
  'Null\u0000zeichen',
  '<B ID="1">GROSS</B>',
  '<b id=1>ohne Anführungszeichen</b>',
  '<!-- Kommentar --><b id="1">fett</b>',
  '</b><b id="1">fett</b>',
  '<tr><b id="1">fett</b>',
  '<image src=x><b id="1">fett</b>',
  '<a id="1">X</a> <code id="2"></code> <b id="3">Y</b>',
  'Y <b id="3">B</b> then <a id="1">A</a> <code id="2"></code>',
];

describe('readTranslation', () => {
  const parse = createInertParser(document);
  const payloads = [...CASES.map((c) => c.payload), ...ORDINARY];

  for (const [name, slots] of [['one bold element', BOLD], ['no elements', PLAIN], ['three elements', MIXED]] as const) {
    it(`gives the outcome of the full check for every hostile and ordinary answer (${name})`, () => {
      for (const payload of payloads) {
        const full = matchTranslation(parse(payload), slots);
        const read = readTranslation(payload, slots, parse);
        expect(read.ok, payload).toBe(full.ok);
        if (read.ok && full.ok) expect(read.tree, payload).toEqual(full.tree);
      }
    });
  }

  it('builds no document for an answer that is only text, nor for one whose first element the block never sent', () => {
    const spy = vi.fn(parse);
    expect(readTranslation('Fall ohne Markup', PLAIN, spy)).toEqual({ ok: true, tree: [['Fall ohne Markup']] });
    expect(readTranslation('<script>window.__pwned=1</script><b id="1">fett</b>', BOLD, spy).ok).toBe(false);
    expect(readTranslation('Vorne <img src=x onerror=alert(1)><b id="1">fett</b>', BOLD, spy).ok).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it('leaves to the parser what only it can tell', () => {
    expect(scanAnswer('<b id="1" onclick="x">fett</b>', BOLD)).toBe('parse');
    expect(scanAnswer('<body onload="x"><b id="1">fett</b>', BOLD)).toBe('parse');
    expect(scanAnswer('<!--><img src=x>--><b id="1">fett</b>', BOLD)).toBe('parse');
    expect(scanAnswer('Tom &amp; Jerry', PLAIN)).toBe('parse');
    expect(scanAnswer('<img src=x><b id="1">fett</b>', BOLD)).toBe('foreign');
    expect(scanAnswer('Nur Text', BOLD)).toBe('text');
  });
});
