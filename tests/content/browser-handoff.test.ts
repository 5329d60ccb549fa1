// page-extras.js uses the page script's webextension-polyfill, handed over in their shared world.
import { describe, expect, it } from 'vitest';
import { handedOverBrowser, handOverBrowser, type PageBrowser } from '../../utils/content/browser-handoff';

const fakeBrowser = (id: string) => ({ runtime: { id } }) as unknown as PageBrowser;

describe('the page script hands its browser over to page-extras.js', () => {
  it('gives the extras the page script’s own browser object, the first one handed over', () => {
    const world = {};
    const first = fakeBrowser('first');
    handOverBrowser(first, world);
    // A second injection of page-engine.js into the same world does not replace it.
    handOverBrowser(fakeBrowser('second'), world);
    expect(handedOverBrowser(world)).toBe(first);
  });

  it('refuses to run in a world without the page script, rather than reaching no API', () => {
    expect(() => handedOverBrowser({})).toThrow(/after page-engine\.js/);
  });
});
