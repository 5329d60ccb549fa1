import { describe, expect, it } from 'vitest';
import { glossaryRevisionOf, recordEntryChange } from '../../../utils/background/translation/term-revisions';
import { bumpGlossaryRevision } from '../../../utils/background/translation/cache';

const harbour = 'The <b id="1">harbour</b> master waves.';
const quay = 'Boats leave the quay.';

describe('glossary revisions per phrase', () => {
  it('retires only the texts that hold a changed entry, until the glossary changes as a whole', async () => {
    const start = await glossaryRevisionOf('g');
    await recordEntryChange('g', 'harbour master');
    const afterEntry = await glossaryRevisionOf('g');
    expect(afterEntry(harbour)).not.toBe(start(harbour));
    expect(afterEntry(quay)).toBe(start(quay));

    // A second change of the same entry (undo) retires its texts again, and only those.
    await recordEntryChange('g', 'harbour master');
    const afterUndo = await glossaryRevisionOf('g');
    expect(afterUndo(harbour)).not.toBe(afterEntry(harbour));
    expect(afterUndo(quay)).toBe(start(quay));

    // An edit in the glossary manager retires everything, entry changes included.
    await bumpGlossaryRevision('g');
    const afterFull = await glossaryRevisionOf('g');
    expect(afterFull(quay)).not.toBe(start(quay));
    expect(afterFull(harbour)).not.toBe(afterUndo(harbour));
    expect(afterFull(harbour)).toBe(afterFull(quay));

    // Other glossaries are untouched.
    expect((await glossaryRevisionOf('other'))(harbour)).toBe(0);
  });

  it('keeps one revision per text whatever order the changes came in', async () => {
    await recordEntryChange('h', 'quay');
    await recordEntryChange('h', 'harbour master');
    const revisionOf = await glossaryRevisionOf('h');
    expect(revisionOf('The harbour master walks to the quay.')).toBe(2);
    expect(revisionOf(quay)).toBe(1);
    expect(revisionOf('Nothing to see.')).toBe(0);
  });
});
