// Selection translation, Add to glossary and Fix translation in the viewer, as on a web page:
// the background's `translate-selection` (menu or shortcut) and `fix-translation` (menu) reach
// this page itself (it is an extension page: nothing is injected), which opens the page's own
// popover or term form frame at the selection. A fixed term then translates again the viewer's
// paragraphs that hold it (`refreshTermInPage`, sent by the background after the form saved).
// The viewer component (components/pdf-viewer) does not import this: entrypoints/pdf-viewer
// hands `connectViewerSelection` to it, so components never depend on the content glue.
import { browser } from 'wxt/browser';
import { needsTranslation, type PdfParagraph } from '../../pdf/paragraphs';
import { MAX_CONTEXT_CHARS, MAX_SELECTION_CHARS } from '../../shared/limits';
import { onContentMessage } from '../../shared/messages-to-content';
import { sendMessage } from '../../shared/protocol';
import { phraseOccursIn } from '../../shared/term-match';
import type { CapturedSelection } from '../selection/capture';
import { currentPopover, defaultPopoverDeps, openSelectionPopover, type PopoverDeps } from '../selection/popover';
import { exposeShadowRoot } from '../test-hooks';
import { openTermFixDialog } from '../term-fix/dialog';
import { alignSentences } from '../term-fix/sentences';

/** A paragraph's translation as the viewer holds it. */
type ViewerTranslation = { state: 'done'; text: string; detectedSourceLang?: string } | { state: 'pending' | 'failed' };

/** What this glue reads of the viewer: the open file, the paragraphs read so far and their translations. */
export interface ViewerText {
  doc?: { source: { kind: 'url'; url: string } | { kind: 'file'; name: string } };
  paragraphs: ReadonlyMap<number, readonly PdfParagraph[]>;
  translator?: {
    get(text: string): ViewerTranslation | undefined;
    /** Translates the texts again; resolves the characters billed. */
    retranslate(texts: string[]): Promise<number>;
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The paragraph a node of the viewer belongs to: a translation carries its paragraph's id. */
function paragraphById(reader: ViewerText, id: string | undefined): PdfParagraph | undefined {
  if (!id) return undefined;
  for (const found of reader.paragraphs.values()) {
    const paragraph = found.find((p) => p.id === id);
    if (paragraph) return paragraph;
  }
  return undefined;
}

function elementOf(node: Node): Element | null {
  return node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
}

/** The translation element (side, over or flow view) the selection starts in, if any. */
function translationAt(range: Range): HTMLElement | null {
  return elementOf(range.startContainer)?.closest<HTMLElement>('.pdf-translation[data-paragraph-id]') ?? null;
}

/**
 * The text around the selection, sent as unbilled context: the translation it was selected in,
 * else the page's paragraph whose text holds the selected words.
 */
function contextOf(reader: ViewerText, range: Range, selected: string): string {
  const translation = translationAt(range);
  let context = translation ? oneLine(translation.textContent ?? '') : '';
  if (!context) {
    const page = Number(elementOf(range.startContainer)?.closest<HTMLElement>('.pdf-row')?.dataset.page);
    const needle = selected.toLowerCase();
    const paragraph = (reader.paragraphs.get(page) ?? []).find((p) => oneLine(p.text).toLowerCase().includes(needle));
    context = paragraph ? oneLine(paragraph.text) : '';
  }
  return context === selected ? '' : context.slice(0, MAX_CONTEXT_CHARS);
}

/** The selection as the page's popover takes it: plain text (the viewer's text has no markup to keep). */
export function captureViewerSelection(reader: ViewerText, win: Window = window): { captured: CapturedSelection; range: Range } | undefined {
  const selection = win.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return undefined;
  const range = selection.getRangeAt(0);
  const text = oneLine(selection.toString());
  if (!text) return undefined;
  const box = range.getBoundingClientRect();
  const captured: CapturedSelection = {
    format: 'text',
    source: text,
    text,
    context: contextOf(reader, range, text),
    inline: new Map(),
    rect: { top: box.top, left: box.left, bottom: box.bottom, right: box.right },
    tooLong: text.length > MAX_SELECTION_CHARS,
    document: win.document,
  };
  return { captured, range };
}

function popoverDeps(file: () => string): PopoverDeps {
  return {
    ...defaultPopoverDeps,
    translate: (request) => sendMessage('translatePdfSelection', { text: request.text ?? '', context: request.context, targetLang: request.targetLang, file: file() }),
    // An extension page opens the options itself.
    openOptions: () => browser.runtime.openOptionsPage(),
  };
}

/** Opens the fix-translation form for a selection in a translation; false when it is not in one. */
export function openViewerTermFix(reader: ViewerText, langs: { sourceLang: string; targetLang: string }, win: Window = window): boolean {
  const selected = captureViewerSelection(reader, win);
  if (!selected) return false;
  const paragraph = paragraphById(reader, translationAt(selected.range)?.dataset.paragraphId);
  const entry = paragraph ? reader.translator?.get(paragraph.text) : undefined;
  if (!paragraph || entry?.state !== 'done') return false;
  const sourceLang = (langs.sourceLang || entry.detectedSourceLang || '').toUpperCase();
  if (!sourceLang) return false;
  const text = selected.captured.text;
  const pair = alignSentences(oneLine(paragraph.text), oneLine(entry.text), text, { source: sourceLang, target: langs.targetLang });
  openTermFixDialog({ document: win.document, rect: selected.captured.rect, ...pair, selected: text, sourceLang, targetLang: langs.targetLang.toUpperCase() });
  return true;
}

/** Translates again every paragraph read so far whose original holds `phrase`. */
export async function refreshPhrase(reader: ViewerText, phrase: string): Promise<{ blocks: number; billedCharacters: number }> {
  const translator = reader.translator;
  if (!translator || !phrase.trim()) return { blocks: 0, billedCharacters: 0 };
  const texts = [...new Set([...reader.paragraphs.values()].flat().filter(needsTranslation).map((p) => p.text))]
    .filter((text) => phraseOccursIn(text, phrase));
  const billedCharacters = texts.length ? await translator.retranslate(texts) : 0;
  return { blocks: texts.length, billedCharacters };
}

/**
 * Answers the background's selection, fix and refresh messages, reading the viewer as it is
 * when each message comes; returns the function that stops answering.
 */
export function connectViewerSelection(current: () => ViewerText): () => void {
  exposeShadowRoot('popover', () => currentPopover()?.shadow ?? null);
  const file = () => {
    const source = current().doc?.source;
    return source?.kind === 'url' ? source.url : source?.name ?? '';
  };
  const offs = [
    onContentMessage('showSelectionTranslation', () => {
      const selected = captureViewerSelection(current());
      if (selected) openSelectionPopover(selected.captured, popoverDeps(file));
      return { shown: !!selected };
    }),
    onContentMessage('showTermFix', ({ data }) => ({ shown: openViewerTermFix(current(), data) })),
    onContentMessage('refreshTermInPage', ({ data }) => refreshPhrase(current(), data.phrase)),
  ];
  return () => offs.forEach((off) => off());
}
