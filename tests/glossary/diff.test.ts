// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDiff, diffRows, entryMap, hasChanges, planSave, type Phrase } from '../../utils/glossary/diff';

const original: Phrase[] = [
  { source: 'car', target: 'Auto' },
  { source: 'house', target: 'Haus' },
  { source: 'tree', target: 'Baum' },
];

describe('diffRows and planSave', () => {
  it('merges with only the new and changed entries when nothing was removed', () => {
    const rows = [{ source: 'boat', target: 'Boot' }, { source: 'car', target: 'Wagen' }, ...original.slice(1)];
    const diff = diffRows(entryMap(original), rows);
    expect(diff).toMatchObject({ added: [{ source: 'boat', target: 'Boot' }], changed: [{ source: 'car', target: 'Wagen' }], removed: [], unchanged: 2 });
    const plan = planSave(diff, rows);
    expect(plan).toEqual({ kind: 'merge', entries: [{ source: 'car', target: 'Wagen' }, { source: 'boat', target: 'Boot' }] });
  });

  it('replaces the whole dictionary and counts removals when a row was deleted', () => {
    const rows = [original[0], original[2]];
    const plan = planSave(diffRows(entryMap(original), rows), rows);
    expect(plan).toEqual({ kind: 'replace', entries: rows, removedCount: 1 });
  });

  it('treats an edited source as a removal plus an addition (PATCH cannot rename)', () => {
    const rows = [{ source: 'automobile', target: 'Auto' }, original[1], original[2]];
    const diff = diffRows(entryMap(original), rows);
    expect(diff.removed).toEqual([{ source: 'car', target: 'Auto' }]);
    expect(diff.added).toEqual([{ source: 'automobile', target: 'Auto' }]);
    expect(planSave(diff, rows).kind).toBe('replace');
  });

  it('replaces on request even without removals, and does nothing without changes', () => {
    const diff = diffRows(entryMap(original), original);
    expect(hasChanges(diff)).toBe(false);
    expect(planSave(diff, original)).toEqual({ kind: 'none' });
    expect(planSave(diff, original, 'replace')).toEqual({ kind: 'replace', entries: original, removedCount: 0 });
  });

  it('counts a second row with an original source as added, not as the original', () => {
    const rows = [...original, { source: 'car', target: 'Kfz' }];
    const diff = diffRows(entryMap(original), rows);
    expect(diff.changed).toEqual([]);
    expect(diff.added).toEqual([{ source: 'car', target: 'Kfz' }]);
  });

  it('applyDiff rebuilds exactly the edited dictionary (property)', () => {
    const phrase = fc.string({ minLength: 1, maxLength: 6 });
    fc.assert(fc.property(
      fc.uniqueArray(fc.record({ source: phrase, target: phrase }), { selector: (e) => e.source, maxLength: 30 }),
      fc.array(fc.tuple(fc.nat(40), fc.constantFrom('delete', 'change', 'add'), phrase), { maxLength: 20 }),
      (base, edits) => {
        const rows = base.map((e) => ({ ...e }));
        for (const [at, kind, text] of edits) {
          // A duplicate source never reaches a save (validation blocks it), so edits don't make one.
          if (kind === 'add') { if (!rows.some((r) => r.source === text)) rows.unshift({ source: text, target: text }); }
          else if (rows.length > 0 && kind === 'delete') rows.splice(at % rows.length, 1);
          else if (rows.length > 0) rows[at % rows.length] = { ...rows[at % rows.length], target: text };
        }
        const diff = diffRows(entryMap(base), rows);
        const rebuilt = applyDiff(base, diff);
        const sort = (list: Phrase[]) => [...list].map((e) => `${e.source}\t${e.target}`).sort();
        expect(sort(rebuilt)).toEqual(sort(rows));
        // What merge/replace sends, applied the way the server does, yields the rows.
        const plan = planSave(diff, rows);
        if (plan.kind === 'merge') {
          const server = entryMap(base);
          for (const e of plan.entries) server.set(e.source, e.target);
          expect(server).toEqual(entryMap(rows));
        }
      },
    ));
  });
});
