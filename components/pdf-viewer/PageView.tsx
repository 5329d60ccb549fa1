// One page of the PDF in the chosen view: side by side (the page, and its translation beside it
// at each paragraph's height), translation over the original (each paragraph's box covered by
// its translation, fitted by font size), or the bilingual text flow. Translations are text
// nodes only: nothing from a translation is ever parsed as markup.
import { memo } from 'preact/compat';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PdfParagraph } from '@/utils/pdf/paragraphs';
import { needsTranslation } from '@/utils/pdf/paragraphs';
import { t } from '@/utils/shared/i18n';
import { drawPage, pageLinks, type PdfDocument, type PdfLink } from './pdf-document';
import type { PdfTranslator, TranslationEntry } from './translator';

export type PdfView = 'side' | 'over' | 'flow';

interface Props {
  pdf: PdfDocument;
  index: number;
  scale: number;
  view: PdfView;
  /** Stand-in size until the page itself is measured (page units). */
  size: { width: number; height: number };
  /** The page's paragraphs once read; undefined before. */
  paragraphs?: PdfParagraph[];
  translator?: PdfTranslator;
  /** Re-render cue when translations arrive. */
  revision: number;
  targetLang?: string;
  /** Close to the screen: the page is drawn (far pages are let go to spare memory). */
  near: boolean;
  search?: string;
  /** Scrolls the viewer to a 0-based page (the PDF's internal links). */
  onGoToPage?(page: number): void;
}

function entryOf(translator: PdfTranslator | undefined, paragraph: PdfParagraph): TranslationEntry | undefined {
  return needsTranslation(paragraph) ? translator?.get(paragraph.text) : { state: 'done', text: paragraph.text };
}

function Translation({ paragraph, entry, lang, style, class: extra }: { paragraph: PdfParagraph; entry?: TranslationEntry; lang?: string; style?: Record<string, string>; class?: string }) {
  const state = entry?.state ?? 'waiting';
  const text = entry?.state === 'done' ? entry.text : entry?.state === 'failed' ? t('pdfTranslationFailed') : '…';
  return (
    <p class={`pdf-translation ${extra ?? ''}`} data-paragraph-id={paragraph.id} data-kind={paragraph.kind} data-state={state} lang={entry?.state === 'done' ? lang?.toLowerCase() : undefined} dir="auto" style={style} title={entry?.state === 'failed' ? entry.message : undefined}>
      {text}
    </p>
  );
}

/** The words under a link, for its accessible name: the paragraph it lies on, else its address. */
function linkLabel(link: PdfLink, paragraphs: PdfParagraph[]): string {
  const middle = link.box.y + link.box.height / 2;
  const under = paragraphs.find((p) => middle >= p.box.y && middle <= p.box.y + p.box.height && link.box.x < p.box.x + p.box.width && link.box.x + link.box.width > p.box.x);
  return under?.text ?? link.url ?? '';
}

/** The PDF's links over the page: web addresses open in a new tab (no opener), page links scroll. */
function LinkLayer({ links, scale, paragraphs, onGoToPage }: { links: PdfLink[]; scale: number; paragraphs: PdfParagraph[]; onGoToPage?(page: number): void }) {
  return (
    <div class="pdf-links">
      {links.map((link, i) => {
        const style = { left: `${link.box.x * scale}px`, top: `${link.box.y * scale}px`, width: `${link.box.width * scale}px`, height: `${link.box.height * scale}px` };
        const label = linkLabel(link, paragraphs);
        if (link.url) return <a key={i} href={link.url} target="_blank" rel="noopener noreferrer" title={link.url} aria-label={label} style={style} />;
        const page = link.page!;
        return (
          <a key={i} href={`#page-${page + 1}`} data-dest-page={page} title={t('pdfPageLabel', String(page + 1))} aria-label={label} style={style}
            onClick={(event) => {
              event.preventDefault();
              onGoToPage?.(page);
            }} />
        );
      })}
    </div>
  );
}

/** A paragraph's box covered with its translation, its font shrunk until the text fits. */
function CoverBox({ paragraph, entry, scale, lang }: { paragraph: PdfParagraph; entry?: TranslationEntry; scale: number; lang?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const text = entry?.state === 'done' ? entry.text : undefined;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let size = paragraph.size * scale;
    el.style.fontSize = `${size}px`;
    for (let step = 0; step < 12 && el.scrollHeight > el.clientHeight + 1 && size > 5; step++) {
      size *= 0.9;
      el.style.fontSize = `${size}px`;
    }
  }, [text, scale, paragraph]);
  if (!text) return null;
  const { x, y, width, height } = paragraph.box;
  return (
    <p ref={ref} class="pdf-translation pdf-cover" data-paragraph-id={paragraph.id} data-kind={paragraph.kind} data-state="done" lang={lang?.toLowerCase()} dir="auto"
      style={{ left: `${x * scale}px`, top: `${y * scale}px`, width: `${width * scale}px`, height: `${height * scale}px` }}>
      {text}
    </p>
  );
}

function PageViewImpl({ pdf, index, scale, view, size, paragraphs, translator, targetLang, near, search, onGoToPage }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<{ width: number; height: number }>();
  const [links, setLinks] = useState<PdfLink[]>([]);
  const drawn = view !== 'flow' && near;

  // The page's links are read once it is drawn (a far page holds nothing of pdf.js).
  useEffect(() => {
    if (!drawn) return;
    let gone = false;
    void pdf.getPage(index + 1).then((page) => pageLinks(pdf, page)).then((found) => !gone && setLinks(found), () => undefined);
    return () => {
      gone = true;
    };
  }, [pdf, index, drawn]);

  useEffect(() => {
    if (!drawn || !canvas.current || !textLayer.current) return;
    let cancel: (() => void) | undefined;
    let gone = false;
    void pdf.getPage(index + 1).then((page) => {
      if (gone || !canvas.current || !textLayer.current) return;
      const viewport = page.getViewport({ scale: 1 });
      setMeasured((before) => (before?.width === viewport.width && before.height === viewport.height ? before : { width: viewport.width, height: viewport.height }));
      const { drawn: done, handle } = drawPage(page, scale, canvas.current, textLayer.current);
      cancel = () => {
        handle.cancel();
        page.cleanup();
      };
      void done.then(() => canvas.current?.setAttribute('data-drawn', 'true'), () => undefined);
    });
    return () => {
      gone = true;
      cancel?.();
    };
  }, [pdf, index, scale, drawn]);

  // The viewer's search marks the text layer's runs that hold the words searched for.
  useEffect(() => {
    const layer = textLayer.current;
    if (!layer) return;
    const needle = search?.trim().toLowerCase();
    for (const span of layer.querySelectorAll('span')) span.classList.toggle('pdf-search-hit', !!needle && (span.textContent ?? '').toLowerCase().includes(needle));
  });

  const page = measured ?? size;
  const width = page.width * scale;
  const height = page.height * scale;
  const body = paragraphs ?? [];
  const label = t('pdfPageLabel', String(index + 1));

  if (view === 'flow') {
    return (
      <section class="pdf-row pdf-row-flow" data-page={index} aria-label={label} style={{ minHeight: paragraphs ? undefined : `${Math.min(height, 400)}px` }}>
        <h2 class="pdf-flow-page">{label}</h2>
        {body.map((paragraph) => (
          <div class="pdf-flow-pair" key={paragraph.id}>
            <p class="pdf-original" dir="auto">{paragraph.text}</p>
            <Translation paragraph={paragraph} entry={entryOf(translator, paragraph)} lang={targetLang} />
          </div>
        ))}
      </section>
    );
  }

  return (
    <section class={`pdf-row pdf-row-${view}`} data-page={index} aria-label={label}>
      <div class="pdf-page" style={{ width: `${width}px`, height: `${height}px`, '--total-scale-factor': String(scale), '--scale-round-x': '1px', '--scale-round-y': '1px' }}>
        {drawn && <canvas ref={canvas} aria-hidden="true" />}
        {drawn && <div ref={textLayer} class="textLayer" />}
        {view === 'over' && body.map((paragraph) => <CoverBox key={paragraph.id} paragraph={paragraph} entry={entryOf(translator, paragraph)} scale={scale} lang={targetLang} />)}
        {drawn && links.length > 0 && <LinkLayer links={links} scale={scale} paragraphs={body} onGoToPage={onGoToPage} />}
      </div>
      {view === 'side' && (
        <div class="pdf-side" style={{ width: `${width}px`, minHeight: `${height}px`, paddingTop: `${(body[0]?.box.y ?? 0) * scale}px` }}>
          {body.map((paragraph, i) => {
            const next = body[i + 1];
            // Each translation starts at its paragraph's height on the page, unless the one before runs longer.
            const room = next && next.box.y > paragraph.box.y ? (next.box.y - paragraph.box.y) * scale : 0;
            return <Translation key={paragraph.id} paragraph={paragraph} entry={entryOf(translator, paragraph)} lang={targetLang} style={{ minHeight: `${room}px` }} />;
          })}
        </div>
      )}
    </section>
  );
}

/** Pages re-render when their own inputs change; a translation arriving re-renders only pages with paragraphs. */
export const PageView = memo(PageViewImpl, (before, after) => {
  const keys = Object.keys(after) as (keyof Props)[];
  return keys.every((key) => key === 'revision' ? !after.paragraphs || before.revision === after.revision : before[key] === after[key]);
});
