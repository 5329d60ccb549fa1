// Blocks translated one at a time because the user pointed at them: each shown under its
// original in the bilingual style (the same element a bilingual page translation writes, so the
// engine and other translators leave it alone), and hidden again on the second point. Pure DOM:
// the translate function is injected.
import type { BlockResult } from '../shared/protocol';
import { isRightToLeft, langTagOf } from './page-marks';
import { buildBilingual } from './bilingual';
import type { CollectContext, HtmlBlock } from './collect';
import { blockAt } from './point';
import { createInertParser, matchTranslation } from './write-back';

interface PointedReply {
  result: BlockResult;
  targetLang: string;
}

type TranslatePointed = (block: HtmlBlock) => Promise<PointedReply>;

interface PointedBlocks {
  /** Shows the block holding `node` (or hides it when shown and `hide` allows); 'none' when no block is there. */
  toggle(node: Node, hide?: boolean): Promise<'shown' | 'hidden' | 'none' | 'failed'>;
  /** Removes every translation shown. */
  clear(): void;
  readonly count: number;
}

/** The node a block is known by: its element, or the first node of a run. */
const keyOf = (block: HtmlBlock): Node => block.element ?? block.nodes[0];

export function createPointedBlocks(doc: Document, context: () => CollectContext, translate: TranslatePointed): PointedBlocks {
  const shown = new Map<Node, Element>();
  const pending = new Set<Node>();
  const parse = createInertParser(doc);

  const insert = (block: HtmlBlock, box: Element) => {
    if (block.element) block.element.appendChild(box);
    else block.parent.insertBefore(box, block.nodes[block.nodes.length - 1].nextSibling);
  };

  /** The block already shown that holds `node` (its translation sits inside it or right after its run). */
  const shownAt = (node: Node): Node | undefined => {
    for (const [key, box] of shown) {
      if (!box.isConnected) continue;
      if (key.nodeType === 1 && box.parentNode === key && key.contains(node)) return key;
      for (let n: Node | null = key; n && n !== box; n = n.nextSibling) if (n === node || n.contains(node)) return key;
    }
    return undefined;
  };

  return {
    async toggle(node, hide = true) {
      const known = shownAt(node);
      const block = known ? undefined : blockAt(node, context());
      if (!known && !block) return 'none';
      const key = known ?? keyOf(block!);
      const box = shown.get(key);
      if (box?.isConnected) {
        if (!hide) return 'shown';
        box.remove();
        shown.delete(key);
        return 'hidden';
      }
      if (pending.has(key) || !block) return 'shown';
      pending.add(key);
      try {
        const { result, targetLang } = await translate(block);
        if (!result.ok) return 'failed';
        // The block changed while its translation travelled: nothing is shown for text no longer there.
        if (!block.nodes.every((n) => n.parentNode === block.parent)) return 'failed';
        const match = matchTranslation(parse(result.text), block.source.slots);
        if (!match.ok) return 'failed';
        const lang = langTagOf(targetLang);
        const copy = buildBilingual(doc, block.source, match.tree, lang, isRightToLeft(lang));
        copy.setAttribute('data-glossa-pointed', '');
        insert(block, copy);
        shown.set(key, copy);
        return 'shown';
      } catch {
        return 'failed';
      } finally {
        pending.delete(key);
      }
    },
    clear() {
      for (const box of shown.values()) box.remove();
      shown.clear();
    },
    get count() {
      return [...shown.values()].filter((box) => box.isConnected).length;
    },
  };
}
