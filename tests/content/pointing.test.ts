import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { removeAllListeners } from '../message-double';
import { background, move, press } from './pointing-double';

afterEach(() => {
  removeAllListeners();
  document.body.innerHTML = '';
});

describe('hover translation in the page', () => {
  it('follows the mouse only: a touch (a long press) is left alone, the mouse\'s paragraph is translated', async () => {
    document.body.innerHTML = '<p id="touched">Touched text here</p><p id="pointed">Pointed <b>text</b> here</p><input id="field">';
    const { sent, ready, hoverPage } = background('Alt');
    hoverPage(document);
    await ready();
    move(document.getElementById('touched')!, 'touch');
    press('Alt');
    move(document.querySelector('#pointed b')!, 'mouse');
    press('Alt');
    await vi.waitFor(() => expect(document.querySelector('#pointed > glossa-translation')).not.toBeNull());
    expect(sent).toEqual(['Pointed <b id="1">text</b> here']);
    expect(document.querySelector('#touched glossa-translation')).toBeNull();
    // Alt while typing in a field is the field's.
    press('Alt', document.getElementById('field')!);
    expect(document.querySelector('#pointed > glossa-translation')).not.toBeNull();
    // Pressed again over the same paragraph: hidden.
    press('Alt');
    await vi.waitFor(() => expect(document.querySelector('glossa-translation')).toBeNull());
    expect(sent).toHaveLength(1);
  });

  it('keeps to the site\'s rules: a paragraph in a part never translated is left alone', async () => {
    // A document of its own: the earlier tests' hover scripts still listen on the shared one.
    const doc = document.implementation.createHTMLDocument('rules');
    doc.body.innerHTML = '<aside class="promo"><p id="promo">Promoted text here</p></aside><p id="story">Story text here</p>';
    const { sent, ready, hoverPage } = background('Alt', { only: [], never: ['.promo'] });
    hoverPage(doc);
    await ready();
    move(doc.getElementById('promo')!, 'mouse');
    press('Alt', doc.body);
    move(doc.getElementById('story')!, 'mouse');
    press('Alt', doc.body);
    await vi.waitFor(() => expect(doc.querySelector('#story > glossa-translation')).not.toBeNull());
    expect(sent).toEqual(['Story text here']);
    expect(doc.querySelector('#promo glossa-translation')).toBeNull();
  });

  it('does nothing on a key press where hover translation is off', async () => {
    // A document of its own: the earlier tests' hover scripts, hover on, still listen on the shared one.
    const doc = document.implementation.createHTMLDocument('hover off');
    doc.body.innerHTML = '<p id="p">Some text here</p><p id="q">Other text here</p>';
    const { sent, ready, hoverPage } = background(null);
    // The page script is there too (the menu below injects it where it is not).
    hoverPage(doc, true);
    await ready();
    move(doc.getElementById('p')!, 'mouse', { altKey: true });
    press('Alt', doc.body);
    // The context menu still translates a paragraph: once it shows, a key press acted on would have sent its own.
    doc.getElementById('q')!.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, composed: true }));
    const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'pointAt', data: { via: 'menu' } }, { id: fakeBrowser.runtime.id });
    expect(replies.filter(Boolean)).toEqual([{ ok: true, value: { found: true } }]);
    expect(doc.querySelector('#q > glossa-translation')).not.toBeNull();
    expect(sent).toEqual(['Other text here']);
  });
});
