import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureViewerSelection, openViewerTermFix, refreshPhrase, type ViewerText } from '../../../utils/content/pdf/viewer-selection';
import type { PdfParagraph } from '../../../utils/pdf/paragraphs';

function paragraph(page: number, index: number, text: string): PdfParagraph {
  return { id: `${page}:${index}`, page, text, box: { x: 0, y: 0, width: 100, height: 10 }, size: 10, kind: 'body', dir: 'ltr', lines: 1 };
}

function viewer(pages: PdfParagraph[][], retranslate = vi.fn(async (texts: string[]) => texts.join('').length)): ViewerText & { retranslate: typeof retranslate } {
  const done = new Map(pages.flat().map((p) => [p.text, { state: 'done' as const, text: `FR ${p.text}` }]));
  return {
    paragraphs: new Map(pages.map((found, page) => [page, found])),
    translator: { get: (text) => done.get(text), retranslate },
    retranslate,
  };
}

function selectIn(node: Node, start: number, end: number): void {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.replaceChildren();
});

describe('the PDF viewer selection glue', () => {
  it('takes a selection in a translation as plain text, with the translation as unbilled context', () => {
    document.body.innerHTML = '<div class="pdf-row" data-page="0"><p class="pdf-translation" data-paragraph-id="0:0">Le  chat dort\nsur le tapis.</p></div>';
    selectIn(document.querySelector('.pdf-translation')!.firstChild!, 4, 13);
    const selected = captureViewerSelection(viewer([[paragraph(0, 0, 'The cat sleeps on the mat.')]]));
    expect(selected?.captured).toMatchObject({ format: 'text', text: 'chat dort', context: 'Le chat dort sur le tapis.', tooLong: false });
  });

  it('takes nothing from a collapsed selection', () => {
    document.body.innerHTML = '<p class="pdf-translation" data-paragraph-id="0:0">Le chat</p>';
    selectIn(document.querySelector('p')!.firstChild!, 2, 2);
    expect(captureViewerSelection(viewer([]))).toBeUndefined();
  });

  it('opens no term form for words selected outside a translation', () => {
    document.body.innerHTML = '<div class="pdf-row" data-page="0"><span class="text-layer">The cat sleeps on the mat.</span></div>';
    selectIn(document.querySelector('.text-layer')!.firstChild!, 4, 7);
    expect(openViewerTermFix(viewer([[paragraph(0, 0, 'The cat sleeps on the mat.')]]), { sourceLang: 'EN', targetLang: 'FR' })).toBe(false);
    expect(document.body.children).toHaveLength(1);
  });

  it('translates again each distinct paragraph holding a fixed phrase, and nothing else', async () => {
    const reader = viewer([
      [paragraph(0, 0, 'The cat sleeps.'), paragraph(0, 1, 'A dog barks.'), paragraph(0, 2, '42')],
      [paragraph(1, 0, 'The cat sleeps.'), paragraph(1, 1, 'Every cat purrs.')],
    ]);
    const refreshed = await refreshPhrase(reader, 'cat');
    expect(reader.retranslate).toHaveBeenCalledExactlyOnceWith(['The cat sleeps.', 'Every cat purrs.']);
    expect(refreshed).toEqual({ blocks: 2, billedCharacters: 'The cat sleeps.Every cat purrs.'.length });
    expect(await refreshPhrase(reader, '  ')).toEqual({ blocks: 0, billedCharacters: 0 });
    expect(reader.retranslate).toHaveBeenCalledOnce();
  });
});
