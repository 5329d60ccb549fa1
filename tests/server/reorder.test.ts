// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reorderInlineElements } from '../../server/reorder';
import { translateCall, useServer } from './helpers';

const server = useServer();

describe('translations that reorder inline elements', () => {
  it('swaps the first and last top-level elements of a sentence, with their content, and keeps the text between', () => {
    expect(reorderInlineElements('Read <a id="1">the guide</a> and <b id="2">the <i>notes</i></b> for help.'))
      .toBe('Read <b id="2">the <i>notes</i></b> and <a id="1">the guide</a> for help.');
    expect(reorderInlineElements('Read <a id="1">A</a>, <em id="2">B</em><br> and <b id="3">C</b>.'))
      .toBe('Read <b id="3">C</b>, <em id="2">B</em><br> and <a id="1">A</a>.');
  });

  it('leaves markup alone that is no sentence with two elements', () => {
    for (const markup of ['Just words.', 'One <a id="1">link</a> only.', '<button id="1">Add</button> <button id="2">Remove</button>', 'A<br>B<img src="x"> C']) {
      expect(reorderInlineElements(markup)).toBe(markup);
    }
  });

  it('is a server mode for translate requests only, after the pseudo-translation', async () => {
    server().faults.add({ fault: 'reorder' });
    const res = await translateCall(server(), { text: ['Read <a id="1">the guide</a> and <b id="2">the notes</b> for help.', 'Plain text.'], target_lang: 'DE', tag_handling: 'html' });
    expect(res.data.translations.map((t: { text: string }) => t.text)).toEqual(['Rëäd <b id="2">thë nötës</b> änd <a id="1">thë güïdë</a> för hëlp.', 'Pläïn tëxt.']);
  });
});
