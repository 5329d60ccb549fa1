import { describe, expect, it } from 'vitest';
import { plainText, sanitizeTranslation, textTranslation } from '../../../utils/content/selection/sanitize';
import type { SafeNode } from '../../../utils/shared/selection-types';
import { HOSTILE_PAYLOADS, ORIGINAL_HREFS, ORIGINAL_INLINE } from './hostile-payloads';

const ALLOWED = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'mark', 'small', 'br']);

function walk(nodes: readonly SafeNode[], visit: (node: Exclude<SafeNode, string>) => void): void {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    visit(node);
    if (node.tag !== 'br') walk(node.children, visit);
  }
}

describe('sanitizeTranslation', () => {
  it('keeps the formatting and takes link targets from the original selection', () => {
    const safe = sanitizeTranslation('Lies <a id="1">die Doku</a> und <b id="2">dies</b> jetzt.', ORIGINAL_INLINE);
    expect(safe.nodes).toEqual([
      'Lies ',
      { tag: 'a', href: 'https://docs.example/guide', children: ['die Doku'] },
      ' und ',
      { tag: 'b', children: ['dies'] },
      ' jetzt.',
    ]);
    expect(safe.text).toBe('Lies die Doku und dies jetzt.');
    expect(safe.removed).toBe(0);
  });

  it('keeps line breaks as br and as newlines in the text', () => {
    const safe = sanitizeTranslation('Eins<br>Zwei<br><br>Drei', ORIGINAL_INLINE);
    expect(safe.text).toBe('Eins\nZwei\n\nDrei');
  });

  it('keeps reordered ids and decodes entities into text', () => {
    const safe = sanitizeTranslation('<b id="2">Dies</b> &amp; <a id="1">Doku</a> &lt;3', ORIGINAL_INLINE);
    expect(plainText(safe.nodes)).toBe('Dies & Doku <3');
    expect(safe.nodes[0]).toEqual({ tag: 'b', children: ['Dies'] });
  });

  it('turns a plain-text translation into text and line breaks only', () => {
    expect(textTranslation('a <b>\nc').nodes).toEqual(['a <b>', { tag: 'br' }, 'c']);
  });

  describe(`${HOSTILE_PAYLOADS.length} hostile payloads`, () => {
    it('covers at least 30 distinct payloads', () => {
      expect(new Set(HOSTILE_PAYLOADS.map((p) => p.html)).size).toBeGreaterThanOrEqual(30);
    });

    for (const payload of HOSTILE_PAYLOADS) {
      it(`neutralises: ${payload.name}`, () => {
        const safe = sanitizeTranslation(payload.html, ORIGINAL_INLINE);
        const usedIds: string[] = [];
        walk(safe.nodes, (node) => {
          expect(ALLOWED.has(node.tag)).toBe(true);
          expect(Object.keys(node).sort()).toEqual(node.tag === 'br' ? ['tag'] : node.tag === 'a' && 'href' in node ? ['children', 'href', 'tag'] : ['children', 'tag']);
          if (node.tag === 'a' && node.href !== undefined) {
            expect(ORIGINAL_HREFS.has(node.href)).toBe(true);
            usedIds.push(node.href);
          }
        });
        // One original link can appear once at most, however often the response repeats its id.
        expect(usedIds.length).toBeLessThanOrEqual(1);
        if (payload.visible) expect(safe.text).toContain(payload.visible);
        // Code inside dropped elements is not shown as text either (only escaped text is).
        if (!payload.html.includes('&lt;') && !payload.html.includes('&#x3C;')) expect(safe.text).not.toContain('__glossaPwned');
      });
    }
  });
});
