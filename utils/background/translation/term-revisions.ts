// Glossary revisions that know which phrase changed. Any glossary change bumps its revision
// (translation/cache.ts), which retires every cached translation made with it. A change of one
// entry (a term fixed from a page) retires only the translations whose text holds that source
// phrase: the revision a text is cached under is the glossary's last full change, or the last
// entry change whose phrase occurs in the text, whichever is later. So fixing a term re-bills
// the blocks it affects and nothing else, in every tab and after reloads.
import { definePrivateItem } from '../../extension/private-storage';
import { htmlPhraseTester } from '../../shared/term-match';
import { bumpGlossaryRevision, glossaryRevision } from './cache';

interface EntryChange {
  /** The glossary revision this change produced. */
  revision: number;
  source: string;
}

/** Entry changes per glossary id, oldest first; a revision not listed here was a full change. Fixed phrases say what the user reads: private storage. */
export const entryChangesItem = definePrivateItem<Record<string, EntryChange[]>>('glossaryEntryChanges', {});

/** Older entry changes are forgotten: their revisions then count as full changes (safe, only costlier). */
const MAX_ENTRY_CHANGES = 200;

let writes: Promise<unknown> = Promise.resolve();

/**
 * Bumps the glossary's revision for a change of the entry with this source phrase. Without a
 * phrase (a fix made in a private window, which writes nothing of it to disk) it is a full change.
 */
export function recordEntryChange(glossaryId: string, source: string | undefined): Promise<void> {
  const next = writes.catch(() => undefined).then(async () => {
    const before = await glossaryRevision(glossaryId);
    await bumpGlossaryRevision(glossaryId);
    if (source === undefined) return;
    const after = await glossaryRevision(glossaryId);
    // Another change came in between: leave this one a full change, which retires everything.
    if (after !== before + 1) return;
    const all = await entryChangesItem.getValue();
    const list = [...(all[glossaryId] ?? []), { revision: after, source }].slice(-MAX_ENTRY_CHANGES);
    await entryChangesItem.setValue({ ...all, [glossaryId]: list });
  });
  writes = next;
  return next;
}

/** The revision to cache a text under, per text, for the glossary as it is now. */
export async function glossaryRevisionOf(glossaryId: string): Promise<(text: string) => number> {
  await writes.catch(() => undefined);
  const [current, all] = await Promise.all([glossaryRevision(glossaryId), entryChangesItem.getValue()]);
  const changes = (all[glossaryId] ?? []).filter((c) => c.revision <= current);
  const entryRevisions = new Set(changes.map((c) => c.revision));
  let base = current;
  while (entryRevisions.has(base)) base--;
  const relevant = changes.filter((c) => c.revision > base);
  if (relevant.length === 0) return () => base;
  return (text) => {
    const occurs = htmlPhraseTester(text);
    // Newest first: the first change that applies is the revision.
    for (let i = relevant.length - 1; i >= 0; i--) if (occurs(relevant[i].source)) return relevant[i].revision;
    return base;
  };
}
