// Calls back when a glossary changes anywhere (a term fixed from a page, another options tab):
// every change bumps its revision in storage.local, which every extension page can watch.
import { useEffect, useRef } from 'preact/hooks';
import { storage } from 'wxt/utils/storage';

/** The storage key the background bumps glossary revisions under (translation/cache.ts). */
const REVISIONS_KEY = 'local:glossaryRevisions';

export function useGlossaryChanged(glossaryId: string, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => storage.watch<Record<string, number>>(REVISIONS_KEY, (next, previous) => {
    if ((next?.[glossaryId] ?? 0) !== (previous?.[glossaryId] ?? 0)) latest.current();
  }), [glossaryId]);
}
