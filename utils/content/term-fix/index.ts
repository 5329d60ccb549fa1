// The popover's side of fixing a term, loaded with the popover's script only when the user
// asks: answers the background's `showTermFix` (the context menu `fix-translation`) by opening
// the term form frame with the selected block's original beside its translation. The block comes from
// the page engine of this frame (page-blocks.ts); a selection outside a block Glossa
// translated opens nothing.
import { onContentMessage } from '../../shared/messages-to-content';
import { captureSelection } from '../selection/capture';
import { selectedRange } from '../selection/selected-range';
import { openTermFixDialog } from './dialog';
import { pageBlocks, type PageBlocks } from './page-blocks';
import { alignSentences } from './sentences';

/** The tab's languages as the background sends them: the job's source ('' = detected) and target. */
interface TermFixLanguages {
  sourceLang: string;
  targetLang: string;
}

/**
 * Opens the fix-translation dialog for the current selection; false when the selection is not
 * in a block Glossa translated. `open` draws it (tests pass their own).
 */
export function openTermFix(blocks: PageBlocks | undefined, langs: TermFixLanguages, win: Window = window, open = openTermFixDialog): boolean {
  const range = selectedRange(win);
  const captured = captureSelection(win);
  if (!blocks || !range || !captured) return false;
  const texts = blocks.blockTextsAt(range.startContainer);
  const sourceLang = (langs.sourceLang || texts?.sourceLang || '').toUpperCase();
  if (!texts || !sourceLang) return false;
  const selected = captured.text.replace(/\s+/g, ' ').trim();
  const pair = alignSentences(texts.source, texts.translation, selected, { source: sourceLang, target: langs.targetLang });
  open({ document: captured.document, rect: captured.rect, ...pair, selected, sourceLang, targetLang: langs.targetLang.toUpperCase() });
  return true;
}

/** Registers the dialog's message handler; returns a function that removes it. */
export function startTermFix(win: Window = window): () => void {
  return onContentMessage('showTermFix', ({ data }) => ({ shown: openTermFix(pageBlocks(), data, win) }));
}
