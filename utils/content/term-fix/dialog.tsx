// The fix-translation dialog's UI: a host of Glossa's own (the selection popover's, with its
// closed shadow root and styles) holding TermFixDialog, anchored at the selection. It takes the
// popover's place on the page (one of them at a time). Only this module and what it imports
// draw anything; index.ts decides what to show.
import { render } from 'preact';
import { TermFixDialog } from '../../../components/popover/TermFixDialog';
import type { SelectionRect } from '../selection/capture';
import { openPopoverHost, placePopover, type OpenPopover } from '../selection/popover';
import { deepActiveElement } from '../selection/selected-range';
import { termFixApi } from './api';

export interface TermFixDialogData {
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
  const previous = deepActiveElement(doc) as HTMLElement | null;
  const dialog = openPopoverHost(doc, () => Promise.resolve(), (restoreFocus) => {
    if (restoreFocus && previous?.isConnected && previous !== doc.body && typeof previous.focus === 'function') previous.focus();
  });
  render(
    <TermFixDialog original={data.original} translation={data.translation} selected={data.selected} sourceLang={data.sourceLang}
      targetLang={data.targetLang} api={termFixApi} onClose={() => dialog.close()} />,
    dialog.mount,
  );
  placePopover(dialog.host, data.rect, doc.defaultView ?? window);
  return dialog;
}
