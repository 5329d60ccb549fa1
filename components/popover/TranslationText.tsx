// Renders a sanitised translation (utils/content/selection/sanitize.ts): only the allow-listed inline
// tags, only Glossa's own attributes; text goes through Preact, which never parses it as HTML.
import type { ComponentChildren } from 'preact';
import type { SafeNode } from '../../utils/shared/selection-types';
import { textDirection } from '../../utils/shared/text-direction';

function renderNodes(nodes: readonly SafeNode[]): ComponentChildren[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return <br key={index} />;
    const inner = renderNodes(node.children);
    switch (node.tag) {
      case 'a':
        return node.href
          ? <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">{inner}</a>
          : <span key={index} class="link">{inner}</span>;
      case 'b': return <b key={index}>{inner}</b>;
      case 'strong': return <strong key={index}>{inner}</strong>;
      case 'i': return <i key={index}>{inner}</i>;
      case 'em': return <em key={index}>{inner}</em>;
      case 'u': return <u key={index}>{inner}</u>;
      case 's': return <s key={index}>{inner}</s>;
      case 'sub': return <sub key={index}>{inner}</sub>;
      case 'sup': return <sup key={index}>{inner}</sup>;
      case 'mark': return <mark key={index}>{inner}</mark>;
      case 'small': return <small key={index}>{inner}</small>;
    }
  });
}

/** The translation reads in its own language's direction (Arabic, Hebrew: right to left), whatever the UI's. */
export function TranslationText({ nodes, lang }: { nodes: readonly SafeNode[]; lang?: string }) {
  return <div class="translation" lang={lang} dir={lang ? textDirection(lang) : 'auto'}>{renderNodes(nodes)}</div>;
}
