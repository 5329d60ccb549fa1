// Blocks translated one at a time because the user pointed at them: each shown under its
// original in the bilingual style (the same element a bilingual page translation writes, so the
// engine and other translators leave it alone), and hidden again on the second point. Pure DOM:
// the translate function is injected, and so are the engine's walk and answer check, which the
// page script has already (this code comes with the extras, loaded on the first point).
import type { BlockResult } from '../shared/protocol';
import { buildBilingual } from './bilingual';
import type { HtmlBlock } from './collect';
import type { Slot } from './serialize';
import type { ParseOutcome } from './write-back';

interface PointedReply {
  result: BlockResult;
  targetLang: string;
}

type TranslatePointed = (block: HtmlBlock) => Promise<PointedReply>;

/** What the page script lends: the same code a page translation finds, reads and marks blocks with. */
export interface PointedTools {
  /** The block a page translation would send that holds `node` (point.ts); undefined where there is none. */
  blockAt(node: Node): HtmlBlock | undefined;
  /** An answer checked against the block's slots (write-back.ts); nothing of it is in the page yet. */
  read(answer: string, slots: readonly Slot[]): ParseOutcome;
  /** The language tag and direction a translation into `targetLang` is marked with (page-marks.ts). */
  languageOf(targetLang: string): { tag: string; rightToLeft: boolean };
}

export type PointOutcome = 'shown' | 'hidden' | 'none' | 'failed';

export interface PointedBlocks {
  /** Shows the block holding `node` (or hides it when shown and `hide` allows); 'none' when no block is there. */
  toggle(node: Node, hide?: boolean): Promise<PointOutcome>;
  /** Removes every translation shown. */
  clear(): void;
  readonly count: number;
}

/** The node a block is known by: its element, or the first node of a run. */
const keyOf = (block: HtmlBlock): Node => block.element ?? block.nodes[0];

export function createPointedBlocks(doc: Document, tools: PointedTools, translate: TranslatePointed): PointedBlocks {
  const shown = new Map<Node, Element>();
  const pending = new Set<Node>();

  const insert = (block: HtmlBlock, box: Element) => {
    if (block.element) block.element.appendChild(box);
    else block.parent.insertBefore(box, block.nodes[block.nodes.length - 1].nextSibling);
  };

  /** The block already shown that holds `node` (its translation sits inside it or right after its run). */
  const shownAt = (node: Node): Node | undefined => {
    for (const [key, box] of shown) {
      if (!box.isConnected) continue;
      // A block element holds its translation: its siblings are other blocks.
      if (box.parentNode === key) {
        if (key.contains(node)) return key;
        continue;
      }
      for (let n: Node | null = key; n && n !== box; n = n.nextSibling) if (n === node || n.contains(node)) return key;
    }
    return undefined;
  };

  return {
    async toggle(node, hide = true) {
      const known = shownAt(node);
      const block = known ? undefined : tools.blockAt(node);
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
        const match = tools.read(result.text, block.source.slots);
        if (!match.ok) return 'failed';
    const { tag, rightToLeft } = tools.languageOf(targetLang);
        const copy = buildBilingual(doc, block.source, match.tree, tag, rightToLeft);
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
