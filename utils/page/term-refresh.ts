// After a glossary entry was added from the page: translating again exactly the blocks
// whose original holds the entry's source phrase (which block a node belongs to is
// block-texts.ts). Loaded on first need (extras.ts). Only those blocks are sent, in calls of at
// most one batch each through the engine's translate function (the background's one pipeline), and every other
// block keeps its translation. A failed answer keeps the translation shown.
import { PAGE_BATCH_LIMIT } from '../shared/limits';
import type { BlockRequest, BlockResult } from '../shared/protocol';
import { phraseTester } from '../shared/term-match';
import { resendBlock } from './block-state';
import type { Scheduler } from './scheduler';
import { billedOf, validReply } from './sender';
import { plainOf } from './serialize';
import type { RefreshOutcome, TranslateFn } from './types';
import { requestOf, type Registry, type Unit } from './units';
import type { Writer } from './writer';

interface TermRefreshDeps {
  registry: Registry;
  scheduler: Scheduler<Unit, BlockResult>;
  writer: Writer;
  /** Runs a DOM write the mutation observer must not take for the page's. */
  ownWrite(write: () => void): void;
  translate: TranslateFn;
  isStopped(): boolean;
  /** The source language the engine decided for the page, if any. */
  sourceLang(): string | undefined;
  onBilled(characters: number): void;
}

/** The original text of a unit, as the glossary sees it. */
function sourceOf(unit: Unit): string {
  if (unit.kind === 'html') return plainOf(unit.block.source.html);
  return unit.kind === 'attribute' ? unit.block.text : unit.original;
}

/** Groups cut into calls the background accepts: the engine's batch limit (a larger block alone). */
function batches<G extends { request: BlockRequest }>(groups: G[]): G[][] {
  const out: G[][] = [];
  let current: G[] = [];
  let characters = 0;
  for (const group of groups) {
    const size = group.request.text.length;
    if (current.length >= PAGE_BATCH_LIMIT.blocks || (current.length > 0 && characters + size > PAGE_BATCH_LIMIT.characters)) {
      out.push(current);
      current = [];
      characters = 0;
    }
    current.push(group);
    characters += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

export function createTermRefresh(deps: TermRefreshDeps) {
  const { registry, scheduler, writer } = deps;

  /** Puts the new translation in place of the one shown (the writer checks it like any answer). */
  function rewrite(unit: Unit, result: BlockResult): void {
    if (deps.isStopped() || unit.state !== 'done' || !result.ok) return;
    deps.ownWrite(() => writer.undo(unit));
    resendBlock(unit);
    unit.sentVersion = unit.version;
    writer.push([{ unit, result }]);
  }

  return {
    /** Sends again, once each, the translated blocks whose original holds `phrase`; resolves once they are written. */
    async retranslatePhrase(phrase: string, sourceLang?: string): Promise<RefreshOutcome> {
      const byKey = new Map<string, { request: BlockRequest; units: Unit[] }>();
      for (const unit of registry.units) {
        if (unit.state !== 'done' || !phraseTester(sourceOf(unit))(phrase)) continue;
        const group = byKey.get(unit.key);
        if (group) group.units.push(unit);
        else byKey.set(unit.key, { request: requestOf(unit), units: [unit] });
      }
      const groups = [...byKey.values()];
      if (groups.length === 0 || deps.isStopped()) return { blocks: 0, billedCharacters: 0 };
      const lang = sourceLang || deps.sourceLang();
      let billed = 0;
      for (const chunk of batches(groups)) {
        const reply = await deps.translate(chunk.map((g) => g.request), { priority: 'viewport', ...(lang ? { sourceLang: lang } : {}) });
        const results = validReply(reply, chunk.length);
        billed += billedOf(reply);
        deps.onBilled(billedOf(reply));
        chunk.forEach((group, i) => {
          const result = results[i];
          // Twins found later share the new translation.
          if (result.ok) scheduler.learn(group.units[0].key, result);
          for (const unit of group.units) rewrite(unit, result);
        });
      }
      await writer.drained();
      return { blocks: groups.length, billedCharacters: billed };
    },
  };
}

export type TermRefresh = ReturnType<typeof createTermRefresh>;
