// Plain text sent inside HTML requests: escaping must be undone exactly by an HTML parser, and
// reading a translation back must give what a parser's textContent gives, never markup.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapePlainForHtml, plainFromHtml } from '../../../utils/background/translation/plain-html';

const parsedText = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body.textContent;

describe('plain text inside HTML requests', () => {
  it('escapes only what a parser would read as markup, so billing stays the same', () => {
    expect(escapePlainForHtml('Fish & chips, 3 < 4 > 2')).toBe('Fish & chips, 3 < 4 > 2');
    expect(escapePlainForHtml('AT&T ?a=1&rft_id=2 <b>bold</b> &amp; </p> <!-- x --> &#169; &copy2024 &nothing &x;'))
      .toBe('AT&T ?a=1&rft_id=2 &lt;b>bold&lt;/b> &amp;amp; &lt;/p> &lt;!-- x --> &amp;#169; &amp;copy2024 &amp;nothing &amp;x;');
  });

  it.each([
    'Fish & chips', 'AT&T', '<b>not bold</b>', '&amp; &lt; &#169; &#x1F600;', 'a<b', '</p>', '<?x?>', 'x &copy y', '5 > 3 && 2 < 4', '&copy2024 &nothing &notin; &rft_id=1&amp=2', 'AT&T a=1&b=2',
  ])('a parser reads the escaped text %j back exactly', (text) => {
    expect(parsedText(escapePlainForHtml(text))).toBe(text);
    expect(plainFromHtml(escapePlainForHtml(text))).toBe(text);
  });

  it('round-trips any text through escaping and reading back', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('&', '<', '>', 'a', 'b', '#', '1', 'x', ';', '/', '!', '?', ' ', '-', 'é', 'amp', 'copy', 'not', 'lt') }), (text) => {
      expect(plainFromHtml(escapePlainForHtml(text))).toBe(text);
    }), { numRuns: 500 });
  });

  it.each([
    ['Hallo <b>Welt</b>', 'Hallo Welt'],
    ['<img src=x onerror="alert(1)">Bild', 'Bild'],
    ['a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &nbsp;e', 'a <b> & "c" \'d\' \u00a0e'],
    ['&#65;&#x42;&#0;&#xD800;', 'AB\ufffd\ufffd'],
    ['x <!-- hidden --> y', 'x  y'],
    ['3 < 4 and 5 > 4', '3 < 4 and 5 > 4'],
    ['&unknown; &copy;', '&unknown; &copy;'],
  ])('reads %j as the text %j', (html, text) => {
    expect(plainFromHtml(html)).toBe(text);
  });

  it('never returns a whole tag from markup in a translation', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('<', '>', 'b', 'i', 'm', 'g', '/', ' ', '=', '"', 'x', '!', '-') }), (html) => {
      expect(plainFromHtml(html)).not.toMatch(/<\/?[A-Za-z][^<>]*>/);
    }), { numRuns: 500 });
  });
});
