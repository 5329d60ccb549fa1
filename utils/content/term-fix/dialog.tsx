// The fix-translation dialog as the page holds it: a host of Glossa's own (the selection
// popover's, with its closed shadow root and styles) holding the term form frame, anchored at
// the selection. The dialog itself runs in the frame (an extension page); this side hands over
// only the texts the page shows. It takes the popover's place on the page (one at a time).
import { render } from 'preact';
import { TermFormFrame } from '../../../components/popover/TermFormFrame';
import type { SelectionRect } from '../selection/capture';
import { openPopoverHost, placePopover, type OpenPopover } from '../selection/popover';
import { deepActiveElement } from '../selection/selected-range';
import { termFormOpener } from './api';

interface TermFixDialogData {
  document: Document;
  rect: SelectionRect;
  /** The original sentence and its translation, the selection within it. */
  original: string;
  translation: string;
  selected: string;
  sourceLang: string;
  targetLang: string;
}

/** Opens the dialog (closing a popover or dialog already open); Esc, Close or a click elsewhere closes it. */
export function openTermFixDialog(data: TermFixDialogData): OpenPopover {
  const doc = data.document;
  const view = doc.defaultView ?? window;
  const previous = deepActiveElement(doc) as HTMLElement | null;
  const dialog = openPopoverHost(doc, () => Promise.resolve(), (restoreFocus) => {
    if (restoreFocus && previous?.isConnected && previous !== doc.body && typeof previous.focus === 'function') previous.focus();
  });
  const { original, translation, selected, sourceLang, targetLang } = data;
  render(
    <TermFormFrame opener={termFormOpener} class="term-dialog-frame" loadingClass="term-opening"
      request={{ kind: 'fix', original, translation, selected, sourceLang, targetLang }}
      onResize={() => placePopover(dialog.host, data.rect, view)} onClose={() => dialog.close()} />,
    dialog.mount,
  );
  placePopover(dialog.host, data.rect, view);
  return dialog;
}
