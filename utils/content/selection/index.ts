// Content-script side of selection translation, loaded only when a selection is translated
// (entrypoints/selection-popover.ts): answers the background's `showSelectionTranslation`
// (context menu or shortcut) by capturing this frame's selection and opening the popover.
// Frames without a selection answer late and negatively, so that when the background asks
// every frame, the frame that shows the popover answers first.
import { onContentMessage } from '../../shared/messages-to-content';
import { captureSelection } from './capture';
import { currentPopover, defaultPopoverDeps, openSelectionPopover, type PopoverDeps } from './popover';
import { exposeShadowRoot } from '../test-hooks';

const NEGATIVE_ANSWER_DELAY_MS = 300;

function later<T>(value: T, ms: number): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

const CLAIM = Symbol.for('glossa.selection-popover');

/** True the first time in a frame: the background injects the script for every request. */
export function claimSelectionPopover(scope: Record<symbol, unknown> = globalThis as unknown as Record<symbol, unknown>): boolean {
  if (scope[CLAIM]) return false;
  scope[CLAIM] = true;
  return true;
}

/** Registers the message handler; returns a function that removes it. */
export function startSelectionPopover(win: Window = window, deps: PopoverDeps = defaultPopoverDeps): () => void {
  exposeShadowRoot('popover', () => currentPopover()?.shadow ?? null);
  return onContentMessage('showSelectionTranslation', ({ data }) => {
    const broadcast = data.onlyIfFocused === true;
    if (broadcast && !win.document.hasFocus()) return later({ shown: false }, NEGATIVE_ANSWER_DELAY_MS);
    const captured = captureSelection(win);
    if (!captured) return broadcast ? later({ shown: false }, NEGATIVE_ANSWER_DELAY_MS) : { shown: false };
    openSelectionPopover(captured, deps);
    return { shown: true };
  });
}
