// What Quill is given on a whole-field replace: the last block's content bare, so it takes the
// editor's closing line (and its format) instead of leaving an empty line of that format.
import { describe, expect, it } from 'vitest';
import { withOpenLastBlock } from '../../../utils/content/writing/write-back';

function fragmentOf(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function htmlOf(fragment: DocumentFragment): string {
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

describe('withOpenLastBlock', () => {
  it('opens the last list item and keeps the items before it', () => {
    const draft = fragmentOf('<p>Danke <b>sehr</b>.</p><ul><li data-list="bullet">Erster</li><li data-list="bullet">Zweiter</li></ul>');
    expect(htmlOf(withOpenLastBlock(draft))).toBe('<p>Danke <b>sehr</b>.</p><ul><li data-list="bullet">Erster</li></ul>Zweiter');
    // The original is left as it was.
    expect(htmlOf(draft)).toContain('<li data-list="bullet">Zweiter</li>');
  });

  it('drops a list that held only the last item, and leaves inline endings alone', () => {
    expect(htmlOf(withOpenLastBlock(fragmentOf('<p>A</p><ol><li>B <i>c</i></li></ol>')))).toBe('<p>A</p>B <i>c</i>');
    expect(htmlOf(withOpenLastBlock(fragmentOf('<p>A</p>tail')))).toBe('<p>A</p>tail');
  });
});
