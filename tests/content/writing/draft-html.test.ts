// A draft's HTML for the API and the translation rebuilt from the draft's own elements: nothing
// of the response but its text reaches the editor, whatever the server sends.
import { describe, expect, it } from 'vitest';
import { fragmentHtml, rebuildDraft, serialiseDraft, textDraftHtml } from '../../../utils/content/writing/draft-html';
import { HOSTILE_PAYLOADS } from '../selection/hostile-payloads';

function fragmentOf(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

const DRAFT = '<p>Thanks for the <b>quick</b> <span class="x">answer</span> about the <a href="https://example.com/c" onclick="x()">contract</a>.</p>'
  + '<ol><li data-list="bullet">First</li><li>Second<br>line</li></ol><script>alert(1)</script><img src="x">';

describe('serialiseDraft', () => {
  it('keeps structure and formatting as id-only tags, unwraps other elements and leaves out what is not text', () => {
    const { html, text, elements } = serialiseDraft(fragmentOf(DRAFT));
    expect(html).toBe('<p id="w1">Thanks for the <b id="w2">quick</b> answer about the <a id="w3">contract</a>.</p>'
      + '<ol id="w4"><li id="w5">First</li><li id="w6">Second<br>line</li></ol>');
    expect(text).toBe('Thanks for the quick answer about the contract.\nFirst\nSecond\nline');
    expect(elements.get('w3')).toEqual({ tag: 'a', attributes: [['href', 'https://example.com/c']] });
    expect(elements.get('w5')).toEqual({ tag: 'li', attributes: [['data-list', 'bullet']] });
  });

  it('drops link addresses that are not http(s) or mailto', () => {
    const { elements } = serialiseDraft(fragmentOf('<a href="javascript:alert(1)">x</a>'));
    expect(elements.get('w1')).toEqual({ tag: 'a', attributes: [] });
  });

  it('escapes a text field draft and keeps its line breaks', () => {
    expect(textDraftHtml('a < b & c\nnext')).toBe('a &lt; b &amp; c<br>next');
  });
});

describe('rebuildDraft', () => {
  const { elements } = serialiseDraft(fragmentOf(DRAFT));

  it("rebuilds the translation from the draft's elements, with the draft's own attributes", () => {
    const rebuilt = rebuildDraft('<p id="w1">Danke für die <b id="w2">schnelle</b> Antwort zum <a id="w3" href="https://evil.example" style="x">Vertrag</a>.</p><ol id="w4"><li id="w5">Erstens</li><li id="w6">Zweitens<br>Zeile</li></ol>', elements, document);
    expect(fragmentHtml(rebuilt.fragment, document)).toBe('<p>Danke für die <b>schnelle</b> Antwort zum <a href="https://example.com/c">Vertrag</a>.</p><ol><li data-list="bullet">Erstens</li><li>Zweitens<br>Zeile</li></ol>');
    expect(rebuilt.text).toBe('Danke für die schnelle Antwort zum Vertrag.\nErstens\nZweitens\nZeile');
    expect(rebuilt.removed).toBe(0);
  });

  it('uses an id once, and only for the tag it had in the draft', () => {
    const rebuilt = rebuildDraft('<b id="w2">a</b><b id="w2">b</b><i id="w1">c</i><u>d</u>', elements, document);
    expect(fragmentHtml(rebuilt.fragment, document)).toBe('<b>a</b>bcd');
    expect(rebuilt.removed).toBe(3);
  });

  it.each(HOSTILE_PAYLOADS.map((p) => [p.name, p] as const))('lets nothing of a hostile answer through: %s', (_name, payload) => {
    const rebuilt = rebuildDraft(payload.html, elements, document);
    const box = document.createElement('div');
    box.append(rebuilt.fragment);
    for (const el of box.querySelectorAll('*')) {
      expect(['p', 'b', 'a', 'ol', 'li', 'br']).toContain(el.localName);
      for (const attr of el.attributes) expect(['href', 'data-list']).toContain(attr.name);
      if (el.localName === 'a' && el.hasAttribute('href')) expect(el.getAttribute('href')).toBe('https://example.com/c');
    }
    if (payload.visible) expect(box.textContent).toContain(payload.visible);
    expect((window as unknown as { __glossaPwned?: number }).__glossaPwned).toBeUndefined();
  });
});
