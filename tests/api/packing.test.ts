// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utf8Length } from '../../utils/shared/utf8';
import { API_LIMITS, translateBody, type PackLimits } from '../../utils/api/packing';
// The product's measures and splitting, run over a whole list by the packing minimum benchmarks use.
import { packRequests, type PackResult } from '../../scripts/lib/packing-minimum';
import type { TranslateParams } from '../../utils/shared/api-types';

const encoder = new TextEncoder();
const bodyBytes = (params: TranslateParams) => encoder.encode(JSON.stringify(params)).length;

/** Reference greedy packing, measuring the whole body from scratch each time (slow, obviously right). */
function naiveGreedyCount(texts: string[], params: Omit<TranslateParams, 'text'>, limits: PackLimits): number {
  let count = 0;
  let current: string[] = [];
  for (const text of texts) {
    const next = [...current, text];
    if (current.length > 0 && (next.length > limits.maxTexts || bodyBytes({ ...params, text: next }) > limits.maxBytes)) {
      count++;
      current = [text];
    } else current = next;
  }
  return count + (current.length > 0 ? 1 : 0);
}

/** Checks everything a caller relies on and returns the texts as sent, in order. */
function checkPack(result: PackResult, segments: string[], params: Omit<TranslateParams, 'text'>, limits: PackLimits): string[] {
  const sent: string[] = [];
  const rebuilt = new Map<number, string>();
  let lastIndex = -1;
  for (const request of result.requests) {
    expect(request.params.text.length).toBeGreaterThan(0);
    expect(request.params.text.length).toBeLessThanOrEqual(limits.maxTexts);
    expect(bodyBytes(request.params)).toBeLessThanOrEqual(limits.maxBytes);
    // The client sends translateBody(params): it must be the size that was measured.
    expect(encoder.encode(translateBody(request.params)).length).toBe(bodyBytes(request.params));
    expect(request.indices).toHaveLength(request.params.text.length);
    expect({ ...request.params, text: undefined }).toEqual({ ...params, text: undefined });
    request.params.text.forEach((text, j) => {
      const index = request.indices[j];
      expect(index).toBeGreaterThanOrEqual(lastIndex); // order kept
      lastIndex = index;
      rebuilt.set(index, (rebuilt.get(index) ?? '') + text);
      sent.push(text);
    });
  }
  // Nothing lost, nothing duplicated: every segment is either sent whole (possibly in pieces) or reported.
  segments.forEach((segment, i) => {
    if (result.oversized.includes(i)) expect(rebuilt.has(i)).toBe(false);
    else expect(rebuilt.get(i)).toBe(segment);
  });
  expect(new Set(result.oversized).size).toBe(result.oversized.length);
  return sent;
}

const tinyLimits: PackLimits = { maxTexts: 5, maxBytes: 600 };

// Segments mixing ASCII, multi-byte letters, emoji and characters JSON escapes.
const piece = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('ä', 'ß', '中文', '😀', '👩‍👩‍👧', '"', '\\', '\n', '\u0001', '<b id="1">x</b>', ' ', '. '),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const segment = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const hugeSegment = fc.tuple(piece, fc.integer({ min: 1, max: 400 })).map(([p, n]) => `${p || 'x'} `.repeat(n));
const params = fc.record({
  target_lang: fc.constantFrom('DE', 'EN-GB', 'JA'),
  context: fc.option(fc.string({ unit: 'grapheme', maxLength: 20 }), { nil: undefined }),
  show_billed_characters: fc.constant(true),
}) as fc.Arbitrary<Omit<TranslateParams, 'text'>>;

describe('packRequests', () => {
  it('keeps every request within both limits, loses and duplicates nothing, and needs no more requests than greedy (small limits)', () => {
    fc.assert(fc.property(fc.array(fc.oneof({ weight: 5, arbitrary: segment }, { weight: 1, arbitrary: hugeSegment }), { maxLength: 60 }), params, (segments, p) => {
      const result = packRequests(segments, p, tinyLimits);
      const sent = checkPack(result, segments, p, tinyLimits);
      // Plain text can always be split: nothing is refused.
      expect(result.oversized).toEqual([]);
      expect(result.requests.length).toBe(naiveGreedyCount(sent, p, tinyLimits));
    }), { numRuns: 300 });
  });

  it('packs to the greedy minimum when no segment needs splitting (real limits)', () => {
    const moderate = fc.tuple(segment, fc.integer({ min: 1, max: 600 })).map(([s, n]) => s.repeat(n));
    fc.assert(fc.property(fc.array(moderate, { maxLength: 160 }), params, (segments, p) => {
      const result = packRequests(segments, p);
      checkPack(result, segments, p, API_LIMITS);
      const sentIndices = result.requests.flatMap((r) => r.indices);
      if (new Set(sentIndices).size === sentIndices.length) {
        // No segment was split: greedy over the segments themselves is the minimum.
        expect(result.requests.length).toBe(naiveGreedyCount(segments, p, API_LIMITS));
      }
    }), { numRuns: 40 });
  });

  it('puts 50 tiny texts in one request and starts a second at the 51st', () => {
    const segments = Array.from({ length: 120 }, (_, i) => `t${i}`);
    const result = packRequests(segments, { target_lang: 'DE' });
    expect(result.requests.map((r) => r.params.text.length)).toEqual([50, 50, 20]);
    expect(result.requests[2].indices[0]).toBe(100);
  });

  it('counts the context and every parameter in the 128 KiB body, to the byte', () => {
    const context = 'Ü'.repeat(1000); // 2000 bytes, in every request
    const p = { target_lang: 'DE', context, tag_handling: 'html' as const, show_billed_characters: true };
    const base = encoder.encode(JSON.stringify({ ...p, text: [] })).length;
    // Two texts that fill the body exactly, then one more byte: the third text must go alone.
    const first = 'a'.repeat(60_000);
    const second = 'b'.repeat(API_LIMITS.maxBytes - base - (60_000 + 2) - 1 - 2);
    const exact = packRequests([first, second], p);
    expect(exact.requests).toHaveLength(1);
    expect(bodyBytes(exact.requests[0].params)).toBe(API_LIMITS.maxBytes);
    const over = packRequests([first, `${second}c`], p);
    expect(over.requests).toHaveLength(2);
  });

  it('measures multi-byte characters and emoji in UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('ä')).toBe(2);
    expect(utf8Length('中')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud800')).toBe(3);
    const emoji = '😀'.repeat(20_000); // 80,000 bytes but 40,000 UTF-16 units
    const result = packRequests([emoji, emoji], { target_lang: 'DE' });
    expect(result.requests).toHaveLength(2);
  });

  it('splits an oversized HTML block between elements and sentences into balanced pieces that rejoin exactly', () => {
    const paragraph = 'Das ist ein Satz mit <a id="1">einem Link</a> und <b id="2">fettem Text</b>. Noch ein Satz! ';
    const html = paragraph.repeat(3000); // ≈ 270 KB
    const result = packRequests([html], { target_lang: 'EN-US', tag_handling: 'html' });
    expect(result.oversized).toEqual([]);
    expect(result.requests.length).toBeGreaterThan(2);
    const pieces = result.requests.flatMap((r) => r.params.text);
    expect(pieces.join('')).toBe(html);
    for (const p of pieces) {
      expect((p.match(/<a /g) ?? []).length).toBe((p.match(/<\/a>/g) ?? []).length);
      expect((p.match(/<b /g) ?? []).length).toBe((p.match(/<\/b>/g) ?? []).length);
    }
    checkPack(result, [html], { target_lang: 'EN-US', tag_handling: 'html' }, API_LIMITS);
  });

  it('reports an HTML block whose single element is too large instead of sending it', () => {
    const huge = `<b id="1">${'x '.repeat(80_000)}</b>`;
    const result = packRequests(['before', huge, 'after'], { target_lang: 'DE', tag_handling: 'html' });
    expect(result.oversized).toEqual([1]);
    expect(result.requests.flatMap((r) => r.indices)).toEqual([0, 2]);
  });

  it('reports unbalanced oversized HTML rather than cutting it', () => {
    const broken = `<b id="1">${'x '.repeat(80_000)}`;
    expect(packRequests([broken], { target_lang: 'DE', tag_handling: 'html' }).oversized).toEqual([0]);
  });

  it('never cuts an entity or a surrogate pair when it has to cut long text', () => {
    const text = `${'&amp;😀'.repeat(30_000)}`;
    const result = packRequests([text], { target_lang: 'DE', tag_handling: 'html' });
    const pieces = result.requests.flatMap((r) => r.params.text);
    expect(pieces.join('')).toBe(text);
    for (const p of pieces) {
      expect(p).toMatch(/^(&amp;|😀)*$/u);
    }
  });

  it('returns nothing for no segments', () => {
    expect(packRequests([], { target_lang: 'DE' })).toEqual({ requests: [], oversized: [] });
  });
});
