// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sameMarkup } from '../../../utils/background/translation/markup-check';

describe('sameMarkup', () => {
  const sent = 'Tomatoes need <b id="1">sun</b> and <a id="2">water</a>.';

  it('accepts a translation with the tags that were sent, in another order', () => {
    expect(sameMarkup(sent, '<a id="2">Wasser</a> und <b id="1">Sonne</b> brauchen Tomaten.')).toBe(true);
    expect(sameMarkup('Plain text', 'Einfacher Text')).toBe(true);
    expect(sameMarkup('a &lt; b', 'a &lt; b')).toBe(true);
    // Spelling differences of the same tags (a real server may write void elements as `<br/>`).
    expect(sameMarkup('One<br id="1">two', "Eins<br id='1'/>zwei")).toBe(true);
  });

  it('refuses added, changed, missing or repeated markup', () => {
    expect(sameMarkup(sent, '<script>x()</script><b id="1">Sonne</b> <a id="2">Wasser</a>')).toBe(false);
    expect(sameMarkup(sent, '<b id="1" onclick="x()">Sonne</b> <a id="2">Wasser</a>')).toBe(false);
    expect(sameMarkup(sent, '<b id="1">Sonne</b> Wasser')).toBe(false);
    expect(sameMarkup(sent, '<b id="1">Sonne</b><b id="1">!</b> <a id="2">Wasser</a>')).toBe(false);
    expect(sameMarkup(sent, '<!--x--><b id="1">Sonne</b> <a id="2">Wasser</a>')).toBe(false);
    expect(sameMarkup('Plain text', 'Text <img src=x onerror=y>')).toBe(false);
    expect(sameMarkup('Plain text', 'Text <img src=x')).toBe(false);
  });
});
