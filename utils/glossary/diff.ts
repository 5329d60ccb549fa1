// What an edit did to a dictionary, and how to save it with the fewest risky calls: the API's
// PATCH merges (adds and overwrites, never removes), so only additions and changes may use it;
// any removal needs PUT of the whole dictionary, which the user must confirm first.
import type { GlossaryEntry } from './entries';

export type Phrase = Pick<GlossaryEntry, 'source' | 'target'>;

/** A row of the dictionary editor; `id` is stable across edits so rows keep their identity. */
export interface EditorRow extends Phrase {
  id: number;
}

interface DictionaryDiff {
  /** Rows whose source is not in the original (also duplicates and unfinished rows). */
  added: Phrase[];
  /** Original sources that now have another target. */
  changed: Phrase[];
  /** Original entries no longer present (deleted rows, or rows whose source was edited). */
  removed: Phrase[];
  /** Original entries still present with the same target. */
  unchanged: number;
}

type SavePlan =
  | { kind: 'none' }
  | { kind: 'merge'; entries: Phrase[] }
  | { kind: 'replace'; entries: Phrase[]; removedCount: number };

/** Map of the original dictionary, source → target, in its order. */
export function entryMap(entries: readonly Phrase[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const e of entries) if (!map.has(e.source)) map.set(e.source, e.target);
  return map;
}

/** Compares the editor's rows with the dictionary as it was opened. O(n) with map lookups. */
export function diffRows(original: ReadonlyMap<string, string>, rows: readonly Phrase[]): DictionaryDiff {
  const added: Phrase[] = [];
  const changed: Phrase[] = [];
  const seen = new Set<string>();
  let unchanged = 0;
  for (const row of rows) {
    const before = original.get(row.source);
    if (before !== undefined && !seen.has(row.source)) {
      seen.add(row.source);
      if (before === row.target) unchanged++;
      else changed.push({ source: row.source, target: row.target });
    } else {
      added.push({ source: row.source, target: row.target });
    }
  }
  const removed: Phrase[] = [];
  if (seen.size < original.size) {
    for (const [source, target] of original) if (!seen.has(source)) removed.push({ source, target });
  }
  return { added, changed, removed, unchanged };
}

export function hasChanges(diff: DictionaryDiff): boolean {
  return diff.added.length > 0 || diff.changed.length > 0 || diff.removed.length > 0;
}

/**
 * Merge when the edit only added or changed entries; replace (PUT everything) when anything
 * was removed or the user asked for it. `rows` is what the dictionary should hold afterwards.
 */
export function planSave(diff: DictionaryDiff, rows: readonly Phrase[], mode: 'auto' | 'replace' = 'auto'): SavePlan {
  if (mode === 'replace' || diff.removed.length > 0) {
    return { kind: 'replace', entries: rows.map(({ source, target }) => ({ source, target })), removedCount: diff.removed.length };
  }
  if (diff.added.length === 0 && diff.changed.length === 0) return { kind: 'none' };
  return { kind: 'merge', entries: [...diff.changed, ...diff.added] };
}

/**
 * Rebuilds the editor's rows from the original and a diff (used to restore a draft): removed
 * entries left out, changed targets applied, added rows first as the editor shows new rows.
 */
export function applyDiff(original: readonly Phrase[], diff: Pick<DictionaryDiff, 'added' | 'changed' | 'removed'>): Phrase[] {
  const removed = new Set(diff.removed.map((e) => e.source));
  const changed = entryMap(diff.changed);
  const rows: Phrase[] = diff.added.map(({ source, target }) => ({ source, target }));
  for (const e of original) {
    if (removed.has(e.source)) continue;
    rows.push({ source: e.source, target: changed.get(e.source) ?? e.target });
  }
  return rows;
}
