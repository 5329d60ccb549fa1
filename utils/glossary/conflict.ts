// Was the dictionary changed elsewhere (another device, another tab) since it was opened?
// Checked before any replace, because PUT would silently drop the other change.
import type { Phrase } from './diff';

/**
 * Order-independent fingerprint of a dictionary's entries (the server may return them in
 * another order without any change): entry count plus the sums of two FNV-1a hashes of each
 * `source<TAB>target`, computed in one pass without building the line.
 */
export function fingerprintEntries(entries: readonly Phrase[]): string {
  let sumA = 0;
  let sumB = 0;
  for (const e of entries) {
    let a = 0x811c9dc5;
    let b = 0x12345679;
    const { source, target } = e;
    for (let i = 0; i < source.length; i++) {
      const c = source.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x01000193);
    }
    a = Math.imul(a ^ 9, 0x01000193);
    b = Math.imul(b ^ 9, 0x01000193);
    for (let i = 0; i < target.length; i++) {
      const c = target.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x01000193);
    }
    sumA = (sumA + (a >>> 0)) >>> 0;
    sumB = (sumB + (b >>> 0)) >>> 0;
  }
  return `${entries.length}:${sumA.toString(16)}:${sumB.toString(16)}`;
}

interface DictionaryChanges {
  /** Entries on the server that were not there when the dictionary was opened. */
  added: number;
  /** Entries that were there but are gone. */
  removed: number;
  /** Entries whose target differs. */
  changed: number;
}

/** Differences between the dictionary as opened and as the server holds it now. */
export function compareDictionaries(opened: ReadonlyMap<string, string>, current: readonly Phrase[]): DictionaryChanges {
  let added = 0;
  let changed = 0;
  let kept = 0;
  const seen = new Set<string>();
  for (const e of current) {
    if (seen.has(e.source)) continue;
    seen.add(e.source);
    const before = opened.get(e.source);
    if (before === undefined) added++;
    else {
      kept++;
      if (before !== e.target) changed++;
    }
  }
  return { added, removed: opened.size - kept, changed };
}

export function isConflict(changes: DictionaryChanges): boolean {
  return changes.added > 0 || changes.removed > 0 || changes.changed > 0;
}
