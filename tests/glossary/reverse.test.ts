// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reverseEntries } from '../../utils/glossary/reverse';

describe('reverseEntries', () => {
  it('swaps sources and targets', () => {
    expect(reverseEntries([{ source: 'car', target: 'Auto' }, { source: 'house', target: 'Haus' }])).toEqual({
      entries: [{ source: 'Auto', target: 'car' }, { source: 'Haus', target: 'house' }],
      conflicts: [],
      skipped: 0,
    });
  });

  it('leaves out and reports every entry whose target is shared', () => {
    const result = reverseEntries([
      { source: 'car', target: 'Auto' },
      { source: 'automobile', target: 'Auto' },
      { source: 'house', target: 'Haus' },
    ]);
    expect(result.entries).toEqual([{ source: 'Haus', target: 'house' }]);
    expect(result.conflicts).toEqual([{ target: 'Auto', sources: ['car', 'automobile'] }]);
    expect(result.skipped).toBe(2);
  });

  it('produces no duplicate sources', () => {
    const entries = Array.from({ length: 500 }, (_, i) => ({ source: `s${i}`, target: `t${i % 300}` }));
    const { entries: reversed, skipped } = reverseEntries(entries);
    expect(new Set(reversed.map((e) => e.source)).size).toBe(reversed.length);
    expect(reversed.length + skipped).toBe(500);
  });
});
