// Which translated block a node belongs to, with its original text beside the translation
// shown: the term form (in the popover's script) asks this of the page's engine.
import type { BlockResult } from '../shared/protocol';
import { BILINGUAL_TAG } from './bilingual';
import { plainOf } from './serialize';
import type { Scheduler } from './scheduler';
import type { BlockTexts } from './types';
import type { HtmlUnit, Registry, Unit } from './units';

interface BlockTextsDeps {
  registry: Registry;
  scheduler: Scheduler<Unit, BlockResult>;
  /** The source language the engine decided for the page, if any. */
  sourceLang(): string | undefined;
}

export function createBlockTexts(deps: BlockTextsDeps) {
  const { registry } = deps;

  /** The unit whose block holds `node`: its translation in place, or its bilingual copy. */
  function unitAt(node: Node): HtmlUnit | undefined {
    const box = (node.nodeType === 1 ? (node as Element) : node.parentElement)?.closest?.(BILINGUAL_TAG);
    if (box) return [...registry.units].find((u): u is HtmlUnit => u.kind === 'html' && u.bilingual === box);
    const owner = registry.ownerOf(node);
    return owner === 'own' ? undefined : owner;
  }

  return function blockTextsAt(node: Node): BlockTexts | undefined {
    const unit = unitAt(node);
    if (!unit || unit.state !== 'done') return undefined;
    const { block } = unit;
    const shown = unit.bilingual?.textContent ?? (block.element ? block.element.textContent : block.nodes.map((n) => n.textContent).join(''));
    const lang = deps.sourceLang() ?? unit.detectedLang;
    return { source: plainOf(block.source.html), translation: (shown ?? '').replace(/\s+/g, ' ').trim(), ...(lang ? { sourceLang: lang } : {}) };
  };
}
