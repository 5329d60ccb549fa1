// Content-script side of selection translation: answers the background's
// `showSelectionTranslation` (context menu or shortcut) by capturing this frame's selection and
// opening the popover. Frames without a selection answer late and negatively, so that when the
// background asks every frame, the frame that shows the popover answers first.
import { onMessage } from '../../shared/messages-to-content';
import { captureSelection } from './capture';
import { defaultPopoverDeps, openSelectionPopover, type PopoverDeps } from './popover';

const NEGATIVE_ANSWER_DELAY_MS = 300;

function later<T>(value: T, ms: number): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

/** Registers the message handler; returns a function that removes it. */
export function startSelectionPopover(win: Window = window, deps: PopoverDeps = defaultPopoverDeps): () => void {
  return onMessage('showSelectionTranslation', ({ data }) => {
    const broadcast = typeof data === 'object' && data !== null && data.onlyIfFocused === true;
    if (broadcast && !win.document.hasFocus()) return later({ shown: false }, NEGATIVE_ANSWER_DELAY_MS);
    const captured = captureSelection(win);
    if (!captured) return broadcast ? later({ shown: false }, NEGATIVE_ANSWER_DELAY_MS) : { shown: false };
    openSelectionPopover(captured, deps);
    return { shown: true };
  });
}
