import { beforeEach, describe, expect, it } from 'vitest';
import { captureRange, captureSelection, MAX_SELECTION_CHARS, type CapturedSelection } from '../../../utils/content/selection/capture';
import { CONTEXT_HEADING_CHARS, CONTEXT_NEIGHBOUR_CHARS, MAX_CONTEXT_CHARS } from '../../../utils/content/selection/context';
import { serialiseFragment } from '../../../utils/content/selection/selection-markup';

function select(range: Range): void {
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

function rangeOver(startNode: Node, startOffset: number, endNode: Node, endOffset: number): Range {
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset);
  return range;
}

function text(id: string): Text {
  const el = document.getElementById(id)!;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  return walker.nextNode() as Text;
}

beforeEach(() => {
  document.body.innerHTML = '';
  window.getSelection()?.removeAllRanges();
  (document.activeElement as HTMLElement | null)?.blur?.();
});

describe('captureSelection', () => {
  it('serialises inline formatting as id-only tags and keeps http(s) link targets', () => {
    document.body.innerHTML = '<p id="p">Read <a id="a" href="/docs?x=1" class="nav" onclick="evil()">the <b>new</b> docs</a> and <em style="color:red">more</em> <span>here</span>.</p>';
    const p = document.getElementById('p')!;
    select(rangeOver(p, 0, p, p.childNodes.length));
    const captured = captureSelection(window)!;
    expect(captured.format).toBe('html');
    expect(captured.source).toBe('Read <a id="1">the <b id="2">new</b> docs</a> and <em id="3">more</em> here.');
    expect(captured.text).toBe('Read the new docs and more here.');
    expect(captured.inline.get('1')).toEqual({ tag: 'a', href: new URL('/docs?x=1', document.baseURI).href });
    expect(captured.inline.get('2')).toEqual({ tag: 'b' });
    expect(captured.inline.get('3')).toEqual({ tag: 'em' });
    expect(captured.source).not.toMatch(/class|onclick|style|href/);
  });

  it('keeps the link and formatting around a selection made inside them', () => {
    document.body.innerHTML = '<p>See <a href="https://example.com/guide"><i>the full <b id="b">guide here</b></i></a>.</p>';
    const bold = text('b');
    select(rangeOver(bold, 0, bold, 5));
    const captured = captureSelection(window)!;
    expect(captured.source).toBe('<a id="1"><i id="2"><b id="3">guide</b></i></a>');
    expect(captured.inline.get('1')).toEqual({ tag: 'a', href: 'https://example.com/guide' });
  });

  it('never keeps javascript: or data: link targets', () => {
    document.body.innerHTML = '<p id="p"><a href="javascript:alert(1)">one</a> <a href=" JAVASCRIPT:alert(2)">two</a> <a href="data:text/html,x">three</a></p>';
    const p = document.getElementById('p')!;
    select(rangeOver(p, 0, p, p.childNodes.length));
    const captured = captureSelection(window)!;
    expect([...captured.inline.values()]).toEqual([{ tag: 'a' }, { tag: 'a' }, { tag: 'a' }]);
  });

  it('escapes page text that looks like markup', () => {
    document.body.innerHTML = '<p id="p">a &lt;b id="1"&gt; &amp; &lt;script&gt;</p>';
    select(rangeOver(text('p'), 0, text('p'), text('p').length));
    expect(captureSelection(window)!.source).toBe('a &lt;b id="1"&gt; &amp; &lt;script&gt;');
  });

  it('captures a partial selection inside formatting with the paragraph as context', () => {
    document.body.innerHTML = '<article><p id="p">The quick <strong id="s">brown fox jumps</strong> over the lazy dog.</p><p>Other paragraph.</p></article>';
    const strong = text('s');
    select(rangeOver(strong, 6, strong, 15));
    const captured = captureSelection(window)!;
    expect(captured.source).toBe('<strong id="1">fox jumps</strong>');
    expect(captured.text).toBe('fox jumps');
    // The paragraph after it comes along (see 'context' below).
    expect(captured.context).toBe('The quick brown fox jumps over the lazy dog.\nOther paragraph.');
  });

  it('joins several paragraphs with line breaks and uses both paragraphs as context', () => {
    document.body.innerHTML = '<div><p id="one">First paragraph here.</p>\n  <p id="two">Second <i>one</i> follows.</p></div>';
    select(rangeOver(text('one'), 6, document.getElementById('two')!.lastChild!, 4));
    const captured = captureSelection(window)!;
    expect(captured.source).toBe('paragraph here.<br><br>Second <i id="1">one</i> fol');
    expect(captured.text).toBe('paragraph here.\n\nSecond one fol');
    expect(captured.context).toBe('First paragraph here.\nSecond one follows.');
  });

  it('does nothing for an empty or whitespace-only selection', () => {
    document.body.innerHTML = '<p id="p">word   \n\t  word</p>';
    expect(captureSelection(window)).toBeNull();
    const node = text('p');
    select(rangeOver(node, 2, node, 2));
    expect(captureSelection(window)).toBeNull();
    select(rangeOver(node, 4, node, 11));
    expect(captureSelection(window)).toBeNull();
  });

  it('skips script and style content inside the selection', () => {
    document.body.innerHTML = '<p id="p">Before<script>var secret = 1;</script><style>p{}</style> after <b><script>x()</script></b></p>';
    const p = document.getElementById('p')!;
    select(rangeOver(p, 0, p, p.childNodes.length));
    const captured = captureSelection(window)!;
    expect(captured.source).toBe('Before after');
    expect(captured.inline.size).toBe(0);
  });

  it('captures a selection in a textarea as plain text with Replace information', () => {
    document.body.innerHTML = '<label>Note <textarea id="t">Hello dear world, how are you?</textarea></label>';
    const area = document.getElementById('t') as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(6, 16);
    const captured = captureSelection(window)!;
    expect(captured.format).toBe('text');
    expect(captured.source).toBe('dear world');
    expect(captured.context).toBe('Hello dear world, how are you?');
    expect(captured.editable).toMatchObject({ kind: 'field', element: area, start: 6, end: 16, text: 'dear world' });
  });

  it('offers no Replace in a read-only field and never reads password fields', () => {
    document.body.innerHTML = '<input id="r" readonly value="read only text"><input id="pw" type="password" value="hunter2 secret">';
    const readOnly = document.getElementById('r') as HTMLInputElement;
    readOnly.focus();
    readOnly.setSelectionRange(0, 4);
    const captured = captureSelection(window)!;
    expect(captured.source).toBe('read');
    expect(captured.editable).toBeUndefined();
    const password = document.getElementById('pw') as HTMLInputElement;
    password.focus();
    password.setSelectionRange(0, 7);
    expect(captureSelection(window)).toBeNull();
  });

  it('marks selections in contenteditable as replaceable', () => {
    document.body.innerHTML = '<div id="ed" contenteditable="true"><p id="p">Editable <b>text</b> here</p></div>';
    const p = document.getElementById('p')!;
    select(rangeOver(p, 0, p, 2));
    const captured = captureSelection(window)!;
    expect(captured.source).toBe('Editable <b id="1">text</b>');
    expect(captured.editable?.kind).toBe('contenteditable');
    expect(captured.editable && 'host' in captured.editable && captured.editable.host.id).toBe('ed');
  });

  it('captures a range inside an open shadow root with its own paragraph as context', () => {
    document.body.innerHTML = '<div id="host"></div>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>Shadow <u>underlined</u> words inside.</p>';
    const p = root.querySelector('p')!;
    const captured = captureRange(rangeOver(p, 1, p, 2), document)!;
    expect(captured.source).toBe('<u id="1">underlined</u>');
    expect(captured.context).toBe('Shadow underlined words inside.');
  });

  it('flags selections longer than the limit instead of sending them', () => {
    document.body.innerHTML = `<p id="p">${'word '.repeat(MAX_SELECTION_CHARS / 4)}</p>`;
    const p = document.getElementById('p')!;
    select(rangeOver(p, 0, p, 1));
    expect(captureSelection(window)!.tooLong).toBe(true);
  });

  it('keeps the line breaks of preformatted text', () => {
    document.body.innerHTML = '<pre id="pre">line one\n  line two</pre>';
    const pre = document.getElementById('pre')!;
    const range = document.createRange();
    range.selectNodeContents(pre);
    select(range);
    expect(captureSelection(window)!.source).toBe('line one<br>  line two');
  });

  it('keeps line breaks and table cells readable', () => {
    const holder = document.createElement('div');
    holder.innerHTML = '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>line<br>next';
    const fragment = document.createDocumentFragment();
    fragment.append(...Array.from(holder.childNodes));
    const { html, text: plain } = serialiseFragment(fragment, document.baseURI);
    expect(html).toBe('a b<br>c d<br><br>line<br>next');
    expect(plain).toBe('a b\nc d\n\nline\nnext');
  });
});

describe('selections inside shadow roots, as browsers report them', () => {
  it('finds the shadow root selection when the document selection is collapsed next to the host', () => {
    document.body.innerHTML = '<p>Light text</p><div id="host"></div>';
    const host = document.getElementById('host')!;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>Deep <b>shadow</b> text.</p>';
    const inner = document.createRange();
    inner.selectNodeContents(root.querySelector('p')!);
    // Older Chromium: the document reports a collapsed range beside the host; the root has its own selection.
    const outer = document.createRange();
    outer.setStart(document.body, 1);
    outer.collapse(true);
    const fakeSelection = { rangeCount: 1, getRangeAt: () => outer } as unknown as Selection;
    Object.assign(root, { getSelection: () => ({ rangeCount: 1, getRangeAt: () => inner }) });
    const win = { document, getSelection: () => fakeSelection } as unknown as Window;
    const captured = captureSelection(win)!;
    expect(captured.source).toBe('Deep <b id="1">shadow</b> text.');
  });

  it('uses getComposedRanges with the open shadow roots where the browser has it', () => {
    document.body.innerHTML = '<div id="host"></div>';
    const host = document.getElementById('host')!;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>Composed <i>range</i> here.</p>';
    const p = root.querySelector('p')!;
    const outer = document.createRange();
    outer.selectNode(host);
    let askedFor: ShadowRoot[] = [];
    const selection = {
      rangeCount: 1,
      getRangeAt: () => outer,
      getComposedRanges: (options: { shadowRoots: ShadowRoot[] }) => {
        askedFor = options.shadowRoots;
        return [{ startContainer: p, startOffset: 1, endContainer: p, endOffset: 2, collapsed: false }];
      },
    } as unknown as Selection;
    const captured = captureSelection({ document, getSelection: () => selection } as unknown as Window)!;
    expect(askedFor).toEqual([root]);
    expect(captured.source).toBe('<i id="1">range</i>');
    expect(captured.context).toBe('Composed range here.');
  });
});

describe('context: the section heading and the paragraphs around the selection', () => {
  const ARTICLE = [
    '<article><h2 id="hours">Opening hours</h2>',
    '<p id="a">The quay is busy in the morning.</p>',
    '<p id="b">Boats leave at <b>noon</b>.</p>',
    '<p id="c">Tickets are sold at the pier.</p>',
    '<h2 id="prices">Prices</h2>',
    '<p id="d">Adults pay five euros.</p></article>',
  ].join('');

  function selectAll(id: string): CapturedSelection {
    const el = document.getElementById(id)!;
    select(rangeOver(el, 0, el, el.childNodes.length));
    return captureSelection(window)!;
  }

  it('a whole paragraph: its section heading and the paragraphs before and after, not itself again', () => {
    document.body.innerHTML = ARTICLE;
    expect(selectAll('b').context).toBe('Opening hours\nThe quay is busy in the morning.\nTickets are sold at the pier.');
  });

  it('a heading: the paragraphs before and after it (a heading is its own section title)', () => {
    document.body.innerHTML = ARTICLE;
    expect(selectAll('prices').context).toBe('Tickets are sold at the pier.\nAdults pay five euros.');
    expect(selectAll('hours').context).toBe('The quay is busy in the morning.');
  });

  it('the first paragraph under a heading: the heading once, then the paragraph after', () => {
    document.body.innerHTML = ARTICLE;
    expect(selectAll('a').context).toBe('Opening hours\nBoats leave at noon.');
  });

  it('a word: its paragraph, with the heading and the neighbours around it', () => {
    document.body.innerHTML = ARTICLE;
    const noon = document.querySelector('#b b')!.firstChild!;
    select(rangeOver(noon, 0, noon, 4));
    expect(captureSelection(window)!.context).toBe('Opening hours\nThe quay is busy in the morning.\nBoats leave at noon.\nTickets are sold at the pier.');
  });

  it('long neighbours are cut, keeping the side next to the selection; the whole stays within the limit', () => {
    const long = (tag: string) => Array.from({ length: 400 }, (_, i) => `${tag}${i}`).join(' ');
    document.body.innerHTML = `<h1 id="h">${long('title')}</h1><p id="before">${long('before')}</p><p id="own">${long('own')}</p><p id="after">${long('after')}</p>`;
    const own = text('own');
    const at = own.data.indexOf('own200 ');
    select(rangeOver(own, at, own, at + 'own200'.length));
    const parts = captureSelection(window)!.context.split('\n');
    expect(parts).toHaveLength(4);
    const [heading, before, ownPart, after] = parts;
    expect(heading.startsWith('title0 title1')).toBe(true);
    expect(heading.length).toBeLessThanOrEqual(CONTEXT_HEADING_CHARS);
    expect(before.endsWith('before398 before399')).toBe(true);
    expect(before.length).toBeLessThanOrEqual(CONTEXT_NEIGHBOUR_CHARS);
    expect(after.startsWith('after0 after1')).toBe(true);
    expect(after.length).toBeLessThanOrEqual(CONTEXT_NEIGHBOUR_CHARS);
    expect(ownPart).toContain('own200');
    expect(parts.join('\n').length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
  });

  it('skips hidden, script and empty neighbours; a paragraph with nothing readable around it gets no context', () => {
    document.body.innerHTML = '<p id="before">Visible before.</p><script>var x = "script";</script><div hidden><p>Hidden text.</p></div><p> </p><p id="own">Selected paragraph.</p><template><p>Template</p></template>';
    expect(selectAll('own').context).toBe('Visible before.');
    document.body.innerHTML = '<main><p id="alone">Alone here.</p><button>Button label</button></main>';
    expect(selectAll('alone').context).toBe('');
  });

  it('stays inside the shadow tree the selection is in', () => {
    document.body.innerHTML = '<h2>Page heading</h2><p>Page paragraph.</p><div id="host"></div>';
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p id="s1">Card title text.</p><p id="s2">Card body text.</p>';
    const p = shadow.getElementById('s2')!;
    const range = document.createRange();
    range.selectNodeContents(p);
    expect(captureRange(range)!.context).toBe('Card title text.');
  });
});

