// The reverse direction of a dictionary (targets become sources). Two sources sharing a target
// cannot both be reversed: picking one would silently guess, so the whole group is left out
// and reported, and the user decides.
import type { Phrase } from './diff';

interface ReverseConflict {
  /** The shared target, which would become a duplicate source. */
  target: string;
  sources: string[];
}

interface ReverseResult {
  entries: Phrase[];
  /** Groups of entries that could not be reversed because their targets are equal. */
  conflicts: ReverseConflict[];
  /** Number of entries left out (sum of the conflicts' sources). */
  skipped: number;
}

export function reverseEntries(entries: readonly Phrase[]): ReverseResult {
  const byTarget = new Map<string, string[]>();
  for (const e of entries) {
    const group = byTarget.get(e.target);
    if (group) group.push(e.source);
    else byTarget.set(e.target, [e.source]);
  }
  const reversed: Phrase[] = [];
  const conflicts: ReverseConflict[] = [];
  let skipped = 0;
  for (const [target, sources] of byTarget) {
    if (sources.length === 1) reversed.push({ source: target, target: sources[0] });
    else {
      conflicts.push({ target, sources });
      skipped += sources.length;
    }
  }
  return { entries: reversed, conflicts, skipped };
}
