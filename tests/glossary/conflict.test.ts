// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compareDictionaries, fingerprintEntries, isConflict } from '../../utils/glossary/conflict';
import { entryMap } from '../../utils/glossary/diff';

const a = [{ source: 'car', target: 'Auto' }, { source: 'house', target: 'Haus' }];

describe('conflict check', () => {
  it('fingerprints ignore order but see every change', () => {
    expect(fingerprintEntries([...a].reverse())).toBe(fingerprintEntries(a));
    expect(fingerprintEntries([a[0], { source: 'house', target: 'Häuschen' }])).not.toBe(fingerprintEntries(a));
    expect(fingerprintEntries([a[0]])).not.toBe(fingerprintEntries(a));
  });

  it('reports what changed on the server since opening', () => {
    const now = [{ source: 'car', target: 'Wagen' }, { source: 'tree', target: 'Baum' }];
    const changes = compareDictionaries(entryMap(a), now);
    expect(changes).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(isConflict(changes)).toBe(true);
    expect(isConflict(compareDictionaries(entryMap(a), [...a].reverse()))).toBe(false);
  });
});
