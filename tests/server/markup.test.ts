// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeMarkupText, segmentMarkup } from '../../server/markup';

const translated = (src: string, mode: 'html' | 'xml' = 'html', ignoreTags?: string[]) =>
  segmentMarkup(src, { mode, ignoreTags }).filter((s) => s.translate).map((s) => s.text);

describe('segmentMarkup', () => {
  it('joins back to the exact input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom('html' as const, 'xml' as const), (src, mode) => {
        expect(segmentMarkup(src, { mode }).map((s) => s.text).join('')).toBe(src);
      }),
      { numRuns: 500 },
    );
    const tricky = fc.array(fc.constantFrom('<b>', '</b>', '<a href="x>y">', '<!--', '-->', '<script>', '</script>', '&amp;', '&', '<', '>', 'text', '"', "'", '<br/>', '<![CDATA[', ']]>', '<?x', '?>'), { maxLength: 30 });
    fc.assert(
      fc.property(tricky, (parts) => {
        const src = parts.join('');
        expect(segmentMarkup(src, { mode: 'html' }).map((s) => s.text).join('')).toBe(src);
      }),
      { numRuns: 500 },
    );
  });

  it('offers only text outside tags, comments and entities', () => {
    expect(translated('<p title="a > b">One &amp; two<!-- three --></p>')).toEqual(['One ', ' two']);
  });

  it('treats quoted > inside attributes as part of the tag', () => {
    expect(translated('<a title="x > y" data-q=\'<b>\'>Link</a>')).toEqual(['Link']);
  });

  it('never offers script or style content, even with tags inside', () => {
    expect(translated('<script>if (a < b) document.write("<p>x</p>")</script>after<style>a>b{}</style>')).toEqual(['after']);
  });

  it('handles void elements and unclosed paragraphs in html', () => {
    expect(translated('<p>one<br>two<img src=a><p>three')).toEqual(['one', 'two', 'three']);
  });

  it('honours translate="no" including nested elements, and translate="yes" inside', () => {
    expect(translated('<div translate=no>skip <b>this</b> <i translate="yes">but this</i></div> and this')).toEqual(['but this', ' and this']);
    expect(translated("<span TRANSLATE='NO'>x</span>y")).toEqual(['y']);
  });

  it('ignores ignore_tags content case-insensitively in html, exactly in xml', () => {
    expect(translated('<CODE>x</CODE><code>y</code>z', 'html', ['code'])).toEqual(['z']);
    expect(translated('<Code>x</Code><code>y</code>', 'xml', ['code'])).toEqual(['x']);
  });

  it('keeps translate="yes" from overriding ignore_tags', () => {
    expect(translated('<code><b translate="yes">x</b></code>', 'html', ['code'])).toEqual([]);
  });

  it('ignores stray end tags', () => {
    expect(translated('a</b>c<code>d</i>e</code>f', 'html', ['code'])).toEqual(['a', 'c', 'f']);
  });

  it('reads self-closing tags in xml', () => {
    expect(translated('<x/><k>no</k><k/>yes', 'xml', ['k'])).toEqual(['yes']);
  });

  it('keeps a "<" that starts no tag as text', () => {
    expect(translated('1 < 2 <3')).toEqual(['1 < 2 <3']);
  });
});

describe('escapeMarkupText', () => {
  it('escapes &, < and >', () => {
    expect(escapeMarkupText('R&D <x>')).toBe('R&amp;D &lt;x&gt;');
  });
});
