// The collector's walk, as the scheduler sees it: while a pass runs, `active` says so, from the
// pass's very first slice on (that slice ends before the pass's first await).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCollector } from '../../utils/page/collector';
import { createRegistry } from '../../utils/page/units';

afterEach(() => vi.restoreAllMocks());

describe('the collector\'s walk', () => {
  it('is active from the first slice of a pass: the scheduler must not take the walk for done', async () => {
    const doc = document.implementation.createHTMLDocument('walk');
    // A document made here has no browsing context, so it counts as hidden: the walk would wait to be seen.
    Object.defineProperty(doc, 'hidden', { value: false });
    doc.body.innerHTML = Array.from({ length: 200 }, (_, i) => `<p>Paragraph number ${i} with some words</p>`).join('');
    // A clock that moves a millisecond per look: the first 8 ms slice ends within the first blocks.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const activeAtSlices: boolean[] = [];
    let tracked = 0;
    const collector = createCollector({
      doc, registry: createRegistry(),
      pageLanguage: () => 'en', languageAllowed: () => true, isOutput: () => false, pageLang: () => null,
      isStopped: () => false, watchRoot: () => true,
      track: () => void tracked++,
      onSlice: () => void activeAtSlices.push(collector.active),
      onPassStart: () => undefined, onPassEnd: () => undefined,
    });
    collector.push({ root: doc, fromMutation: false });
    const pass = collector.run();
    // The first slice ended synchronously, inside run(), while blocks were still coming.
    expect(activeAtSlices[0]).toBe(true);
    expect(tracked).toBeLessThan(200);
    await pass;
    expect(tracked).toBe(200);
    expect(activeAtSlices.length).toBeGreaterThan(1);
    expect(activeAtSlices.every(Boolean)).toBe(true);
    expect(collector.active).toBe(false);
  });
});
