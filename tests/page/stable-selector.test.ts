import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { looksGenerated, stableSelector } from '../../utils/page/stable-selector';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Exactly `el` in its tree, and the selector parses. */
function namesOnly(selector: string, el: Element): boolean {
  const root = el.getRootNode() as Document | ShadowRoot;
  const hits = root.querySelectorAll(selector);
  return hits.length === 1 && hits[0] === el && el.matches(selector);
}

describe('stableSelector: readable, stable names', () => {
  it('uses a word-like id', () => {
    document.body.innerHTML = '<div><nav id="main-menu"><a href="/">Home</a></nav></div>';
    expect(stableSelector(document.querySelector('nav')!)).toBe('#main-menu');
  });

  it('passes over generated ids and classes for word-like ones', () => {
    document.body.innerHTML = '<header id="r-1832745"><nav class="css-1x9kq2 site-nav sc-AxjAm">x</nav></header><nav class="footer-nav">y</nav>';
    const nav = document.querySelector('.site-nav')!;
    const selector = stableSelector(nav);
    expect(selector).toBe('nav.site-nav');
    expect(selector).not.toMatch(/1832745|css-1x9|AxjAm/);
  });

  it('names one element when ids are duplicated', () => {
    document.body.innerHTML = '<p id="note">a</p><p id="note">b</p><p id="note">c</p>';
    const second = document.querySelectorAll('p')[1];
    const selector = stableSelector(second);
    expect(namesOnly(selector, second)).toBe(true);
    expect(selector).not.toBe('#note');
  });

  it('anchors on an ancestor with a stable id', () => {
    document.body.innerHTML = '<main id="content"><section><p>a</p><p>b</p></section></main><section><p>c</p><p>d</p></section>';
    const p = document.querySelectorAll('p')[1];
    const selector = stableSelector(p);
    expect(selector.startsWith('#content')).toBe(true);
    expect(namesOnly(selector, p)).toBe(true);
  });

  it('works inside a shadow root, relative to it', () => {
    document.body.innerHTML = '<product-card></product-card>';
    const root = document.querySelector('product-card')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<div class="price">9 €</div><div class="name">Tea</div>';
    const name = root.querySelector('.name')!;
    expect(stableSelector(name)).toBe('div.name');
  });

  it('tells generated names from words', () => {
    for (const name of ['css-1x9kq2', 'sc-AxjAm', 'jsx-2938472', '_3xYz1', 'a8f3c2d1e9', 'r-1832745', 'ember123']) expect(looksGenerated(name), name).toBe(true);
    for (const name of ['site-nav', 'article-body', 'main', 'navBar', 'product_title', 'h2', 'col-md-6']) expect(looksGenerated(name), name).toBe(false);
  });
});

const TAGS = ['div', 'p', 'span', 'nav', 'section', 'ul', 'li', 'a', 'em', 'article'];
const WORDS = ['menu', 'nav', 'item', 'site-nav', 'footer', 'price', 'note', 'main', 'title'];
const GENERATED = ['css-1x9kq2', 'sc-AxjAm', 'r-1832745', '_3xYz1', 'a8f3c2d1e9'];
// Odd names too: digits first, dots, colons, quotes, spaces would break an unescaped selector.
const ODD = ['1st', 'a.b', 'x:y', 'q"r', 'ü-ber', '-9', 'we ird', '[x]'];

interface Node_ {
  tag: string;
  id?: string;
  classes: string[];
  children: Node_[];
}

const nameArb = fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...GENERATED), fc.constantFrom(...ODD));
const nodeArb: fc.Memo<Node_> = fc.memo((depth) =>
  fc.record({
    tag: fc.constantFrom(...TAGS),
    id: fc.option(nameArb, { nil: undefined }),
    classes: fc.array(nameArb, { maxLength: 3 }),
    children: depth > 1 ? fc.array(nodeArb(depth - 1), { maxLength: 4 }) : fc.constant([]),
  }),
);

function build(parent: Node, node: Node_): void {
  const el = document.createElement(node.tag);
  if (node.id !== undefined) el.id = node.id;
  for (const c of node.classes) if (!/\s/.test(c)) el.classList.add(c);
  parent.appendChild(el);
  for (const child of node.children) build(el, child);
}

describe('stableSelector on generated markup (fast-check)', () => {
  it('always gives a valid selector that matches the chosen element and only it', () => {
    fc.assert(
      fc.property(fc.array(nodeArb(4), { minLength: 1, maxLength: 4 }), fc.boolean(), fc.nat(), (trees, inShadow, pick) => {
        document.body.innerHTML = '';
        let root: ParentNode = document.body;
        if (inShadow) {
          const host = document.createElement('shadow-host');
          document.body.appendChild(host);
          root = host.attachShadow({ mode: 'open' });
        }
        for (const tree of trees) build(root as Node, tree);
        const all = [...root.querySelectorAll('*')];
        const el = all[pick % all.length];
        const selector = stableSelector(el);
        expect(() => document.createDocumentFragment().querySelector(selector)).not.toThrow();
        expect(namesOnly(selector, el)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
