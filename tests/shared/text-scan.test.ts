// Every scan of page or response text is linear: each is fed a megabyte of the input that makes
// its former regular expression take quadratic time (minutes), and must finish well under a
// second; small inputs still give what the regular expressions gave.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { elementContent, joinLines, stripTags, trimWith, withoutElements, isHtmlSpace } from '../../utils/shared/text-scan';
import { htmlPhraseTester } from '../../utils/shared/term-match';
import { reorderInlineElements } from '../../server/reorder';
import { sameMarkup } from '../../utils/background/translation/markup-check';
import { plainFromHtml } from '../../utils/background/translation/plain-html';
import { exportFilename } from '../../utils/glossary/export';
import { trimPhrase } from '../../utils/glossary/entries';
import { createApiClient } from '../../utils/api/client';

const MB = 1024 * 1024;
/** `unit` repeated to one megabyte. */
const mb = (unit: string) => unit.repeat(Math.ceil(MB / unit.length));

async function timed<T>(run: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

// Generous: linear scans of a megabyte take milliseconds; the quadratic ones took minutes.
const WELL_UNDER_A_SECOND = 1_000;

describe('scans of page and response text on a megabyte of adversarial input', () => {
  const cases: [string, () => unknown][] = [
    ['the term matcher\'s tag stripping (1 MB of "<")', () => htmlPhraseTester(mb('<'))('Widget')],
    ['the term matcher on unclosed tags ("<b " repeated)', () => htmlPhraseTester(mb('<b '))('b')],
    ['the server\'s reorder fault ("<a " repeated)', () => reorderInlineElements(mb('<a '))],
    ['the server\'s reorder fault (unclosed comments)', () => reorderInlineElements(`<b>x</b> y ${mb('<!--')}`)],
    ['the server\'s reorder fault (quoted ">" without a tag end)', () => reorderInlineElements(mb('<a t="x>" '))],
    ['joining lines for a single-line field (1 MB of spaces)', () => joinLines(`${mb(' ')}x`)],
    ['trimming the translation\'s trailing white space (write-back)', () => trimWith(`a${mb(' ')}a`, isHtmlSpace, { start: false })],
    ['the markup check of an answer ("<a" and spaces)', () => sameMarkup('<b>x</b>', `<a${mb(' ')}`)],
    ['reading an answer as plain text ("<!--", "<a")', () => plainFromHtml(mb('<!--') + mb('<a'))],
    ['an export file name from a glossary name of dashes', () => exportFilename(`a${mb('-')}a`, 'EN', 'DE', 'tsv')],
    ['trimming a glossary phrase from the server', () => trimPhrase(`a${mb(' ')}a`)],
    ['an error page\'s title ("<title>" without an end)', () => elementContent(mb('<title>'), 'title')],
    ['an error page without its scripts ("<script>" without an end)', () => withoutElements(mb('<script>'), ['script', 'style'])],
  ];
  for (const [name, run] of cases) {
    it(name, async () => {
      const { ms } = await timed(run);
      expect(ms).toBeLessThan(WELL_UNDER_A_SECOND);
    });
  }

  it('the API client\'s reading of an HTML error page of a megabyte', async () => {
    const body = `<html><body>${mb('<script>')}<h2>Bad gateway</h2>`;
    const client = createApiClient({ baseUrl: 'https://api.test', authKey: 'k', retry: false, fetch: async () => new Response(body, { status: 502, headers: { 'content-type': 'text/html' } }) });
    const { ms, value } = await timed(() => client.translate({ text: ['x'], target_lang: 'DE' }).catch((err: Error) => err));
    expect(ms).toBeLessThan(WELL_UNDER_A_SECOND);
    expect(value).toMatchObject({ code: 'server' });
  });
});

describe('the same results as the regular expressions they replace', () => {
  const markupish = fc.stringMatching(/^[<>a-z "'/!-]{0,40}$/);

  it('strips tags as /<[^>]*>/g did', () => {
    fc.assert(fc.property(markupish, (html) => {
      expect(stripTags(html)).toBe(html.replace(/<[^>]*>/g, ''));
      expect(stripTags(html, ' ')).toBe(html.replace(/<[^>]*>/g, ' '));
    }));
  });

  it('joins lines as /\\s*\\n\\s*/g did, and trims as /\\s+$/ did', () => {
    const spacey = fc.stringMatching(/^[ \t\nab]{0,30}$/);
    fc.assert(fc.property(spacey, (text) => {
      expect(joinLines(text)).toBe(text.replace(/\s*\n\s*/g, ' '));
      expect(trimWith(text, isHtmlSpace, { start: false })).toBe(text.replace(/[ \t\n\r\f]+$/, ''));
      expect(trimWith(text, isHtmlSpace, { end: false })).toBe(text.replace(/^[ \t\n\r\f]+/, ''));
    }));
  });

  it('finds an element\'s content and drops scripts as the error-page expressions did', () => {
    expect(elementContent('<html><head><TITLE lang="en">Bad <b>gateway</b></TITLE></head>', 'title')).toBe('Bad <b>gateway</b>');
    expect(elementContent('<title>open', 'title')).toBeUndefined();
    expect(withoutElements('a<script>x()</script>b<STYLE>p{}</style>c<script>open', ['script', 'style'])).toBe('a b c<script>open');
  });

  it('reorders well-formed markup as before', () => {
    expect(reorderInlineElements('Click <a href="/x">here</a> to open <b>the file</b> now')).toBe('Click <b>the file</b> to open <a href="/x">here</a> now');
    expect(reorderInlineElements('<a>one</a><b>two</b>')).toBe('<a>one</a><b>two</b>');
    expect(reorderInlineElements('Text <br/> with <i>one</i> and <!-- c --> <span title="a>b">two</span>.')).toBe('Text <br/> with <span title="a>b">two</span> and <!-- c --> <i>one</i>.');
  });
});
