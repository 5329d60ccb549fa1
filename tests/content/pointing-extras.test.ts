// In a file of its own: the extras are loaded once per world, and here the world starts
// without them, as a page of a hover site does (only the hover script in it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeAllListeners } from '../message-double';
import { contentExtras } from '../../utils/content/page-extras';
import { background, move, press } from './pointing-double';

afterEach(() => {
  removeAllListeners();
  document.body.innerHTML = '';
});

describe('pointing loads its code on the first point', () => {
  it('loads the page script and the code that shows a paragraph only when the first one is pointed at, and once', async () => {
    document.body.innerHTML = '<p id="one">First text here</p><p id="two">Second text here</p>';
    const { sent, ready, setup, hoverPage } = background('Alt');
    hoverPage(document);
    await ready();
    expect(setup.pageScriptLoaded).toBe(0);
    expect(setup.extrasLoaded).toBe(0);
    expect(contentExtras()).toBeUndefined();
    move(document.getElementById('one')!, 'mouse');
    press('Alt');
    await vi.waitFor(() => expect(document.querySelector('#one > glossa-translation')).not.toBeNull());
    move(document.getElementById('two')!, 'mouse');
    press('Alt');
    await vi.waitFor(() => expect(document.querySelector('#two > glossa-translation')).not.toBeNull());
    // Both came in the one injection the first point asked for.
    expect(setup.pageScriptLoaded).toBe(1);
    expect(setup.extrasLoaded).toBe(0);
    expect(contentExtras()?.createPointer).toBeDefined();
    expect(sent).toEqual(['First text here', 'Second text here']);
  });
});
