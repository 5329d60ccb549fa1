// The page's side of fixing a term, in the content script every translated page loads (kept
// small: the form and the dialog are the popover's script). It answers the background's
// `refreshTermInPage` (the engine translates again the blocks that hold a phrase, through the
// background's one pipeline) and lets the popover's script find the block of a selection.
import { onContentMessage } from '../../shared/messages-to-content';
import type { PageEngine } from '../../page/engine';
import { exposePageBlocks } from './page-blocks';

interface TermRefreshWiring {
  /** The page engine of this frame, while a translation is shown. */
  engine(): PageEngine | undefined;
}

/** Registers this frame's part; returns a function that removes the message handler. */
export function startTermRefresh(wiring: TermRefreshWiring, scope: object = globalThis): () => void {
  exposePageBlocks({ blockTextsAt: (node) => wiring.engine()?.blockTextsAt(node) }, scope);
  return onContentMessage('refreshTermInPage', async ({ data }) => {
    const engine = wiring.engine();
    if (!engine || !data.phrase.trim()) return { blocks: 0, billedCharacters: 0 };
    return engine.retranslatePhrase(data.phrase, data.sourceLang || undefined);
  });
}
