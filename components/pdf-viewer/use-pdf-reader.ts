// The viewer's state: the open document, the paragraphs of the pages read so far, the pages on
// screen (translated first, as priority) and the pages ahead of the reader (translated behind
// them). Pages far from the screen are let go, so a 500-page PDF costs only what is read.
import { browser } from 'wxt/browser';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { findRepeatedMargins, groupParagraphs, needsTranslation, type PdfParagraph } from '@/utils/pdf/paragraphs';
import { sendMessage, type PageJobOptions } from '@/utils/shared/protocol';
import { watchTabState } from '@/utils/shared/tab-state';
import { openPdf, pageText, PasswordCancelled, type PasswordPrompt, type PdfDocument } from './pdf-document';
import { createPdfTranslator, type PdfTranslator } from './translator';

/** Pages read ahead of the last page on screen (their paragraphs are translated behind the screen's). */
const PAGES_AHEAD = 2;
/** Zoom steps of the toolbar (CSS pixels per PDF unit). */
export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** The zoom a document opens with: the largest step up to 125% at which a page and its translation fit side by side. */
export function openingScale(pageWidth: number, windowWidth = window.innerWidth): number {
  const fits = ZOOMS.filter((zoom) => zoom <= 1.25 && zoom * pageWidth * 2 + 64 <= windowWidth);
  return fits.at(-1) ?? ZOOMS[0];
}
/** Pages sampled at the start to tell repeated headers and footers. */
const MARGIN_SAMPLE = 6;

type PdfSource = { kind: 'url'; url: string; name: string } | { kind: 'file'; name: string };

type LoadProblem = 'fetch' | 'permission' | 'not-pdf' | 'password-cancelled';

export interface ReaderDocument {
  pdf: PdfDocument;
  source: PdfSource;
  pageCount: number;
  /** Size of the first page (page units): the stand-in size of pages not measured yet. */
  pageSize: { width: number; height: number };
  /** No text on any sampled page: a scan, which Glossa does not read (no OCR). */
  scanned: boolean;
  repeated: Set<string>;
}

export interface PdfReader {
  doc?: ReaderDocument;
  loading: boolean;
  problem?: { kind: LoadProblem; detail?: string; url?: string };
  job?: PageJobOptions;
  paragraphs: Map<number, PdfParagraph[]>;
  translator?: PdfTranslator;
  /** Bumped when a translation arrives (components re-read the translator). */
  revision: number;
  visible: number[];
  openBytes(data: Uint8Array, source: PdfSource): Promise<void>;
  openUrl(url: string): Promise<void>;
  setVisible(pages: number[]): void;
}

function fileName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return decodeURIComponent(last) || url;
  } catch {
    return url;
  }
}

export function usePdfReader(askPassword: PasswordPrompt): PdfReader {
  const [doc, setDoc] = useState<ReaderDocument>();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<PdfReader['problem']>();
  const [job, setJob] = useState<PageJobOptions>();
  const [paragraphs, setParagraphs] = useState(() => new Map<number, PdfParagraph[]>());
  const [revision, setRevision] = useState(0);
  const [visible, setVisibleState] = useState<number[]>([]);
  const translatorRef = useRef<PdfTranslator | undefined>(undefined);
  const extracting = useRef(new Map<number, Promise<PdfParagraph[]>>());
  const docRef = useRef<ReaderDocument | undefined>(undefined);

  const openBytes = useCallback(async (data: Uint8Array, source: PdfSource) => {
    setLoading(true);
    setProblem(undefined);
    try {
      translatorRef.current?.stop();
      await docRef.current?.pdf.destroy();
      const file = source.kind === 'url' ? source.url : source.name;
      // The tab's job is settled while pdf.js parses, so the first screen's request finds it ready.
      const started = sendMessage('pdfViewerStart', { file }).then((reply) => setJob(reply.job), () => undefined);
      const pdf = await openPdf(data, askPassword);
      // Where the time to the first translated screen is measured from (the e2e tests and the figures).
      performance.clearMarks('glossa-pdf-open');
      performance.mark('glossa-pdf-open');
      const first = await pdf.getPage(1);
      const viewport = first.getViewport({ scale: 1 });
      const translator = createPdfTranslator(
        (texts, priority) => sendMessage('translatePdfBlocks', { texts, file, priority }),
        () => setRevision((r) => r + 1),
      );
      translatorRef.current = translator;
      // The first screen goes out at once, before the header sample and before any page is
      // drawn (drawing keeps pdf.js's worker busy); its headers are told apart just after.
      const firstScreen = Math.min(pdf.numPages, Math.max(1, Math.ceil(window.innerHeight / (viewport.height * openingScale(viewport.width)))));
      const screenText = await Promise.all(Array.from({ length: firstScreen }, async (_, i) => pageText(await pdf.getPage(i + 1))));
      void translator.request(screenText.flatMap((page) => groupParagraphs(page).filter(needsTranslation).map((p) => p.text)), true);
      const sample = [...screenText, ...await Promise.all(Array.from({ length: Math.max(0, Math.min(MARGIN_SAMPLE, pdf.numPages) - firstScreen) }, async (_, i) => pageText(await pdf.getPage(firstScreen + i + 1))))];
      const repeated = findRepeatedMargins(sample);
      const grouped = new Map(sample.map((page) => [page.page, groupParagraphs(page, repeated)]));
      // Texts the first screen's headers changed, if any, are asked for too (already known ones cost nothing).
      void translator.request([...grouped].filter(([page]) => page < firstScreen).flatMap(([, found]) => found.filter(needsTranslation).map((p) => p.text)), true);
      extracting.current = new Map([...grouped].map(([page, found]) => [page, Promise.resolve(found)]));
      const next: ReaderDocument = {
        pdf,
        source,
        pageCount: pdf.numPages,
        pageSize: { width: viewport.width, height: viewport.height },
        scanned: sample.every((page) => page.runs.every((run) => run.text.trim() === '')),
        repeated,
      };
      docRef.current = next;
      setParagraphs(grouped);
      setDoc(next);
      document.title = `${source.name} · Glossa`;
      await started;
    } catch (err) {
      setDoc(undefined);
      docRef.current = undefined;
      if (err instanceof PasswordCancelled) setProblem({ kind: 'password-cancelled' });
      else setProblem({ kind: 'not-pdf', detail: err instanceof Error ? err.message : String(err) });
    } finally {
      setLoading(false);
    }
  }, [askPassword]);

  const openUrl = useCallback(async (url: string) => {
    setLoading(true);
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'include' });
    } catch (err) {
      setLoading(false);
      // A cross-origin fetch without host access fails without a status: the viewer may ask for access.
      setProblem({ kind: 'permission', url, detail: err instanceof Error ? err.message : String(err) });
      return;
    }
    if (!response.ok) {
      setLoading(false);
      setProblem({ kind: 'fetch', url, detail: `HTTP ${response.status}` });
      return;
    }
    await openBytes(new Uint8Array(await response.arrayBuffer()), { kind: 'url', url, name: fileName(url) });
  }, [openBytes]);

  /** The page's paragraphs, grouped once. */
  const paragraphsOf = useCallback((page: number): Promise<PdfParagraph[]> => {
    const current = docRef.current;
    if (!current) return Promise.resolve([]);
    let pending = extracting.current.get(page);
    if (!pending) {
      pending = current.pdf.getPage(page + 1).then(async (proxy) => {
        const found = groupParagraphs(await pageText(proxy), current.repeated);
        if (docRef.current === current) setParagraphs((map) => new Map(map).set(page, found));
        return found;
      });
      extracting.current.set(page, pending);
    }
    return pending;
  }, []);

  // Pages on screen are read and translated first; then the pages ahead of the reader.
  useEffect(() => {
    const current = docRef.current;
    const translator = translatorRef.current;
    if (!current || !translator || visible.length === 0) return;
    let cancelled = false;
    void (async () => {
      const onScreen = await Promise.all(visible.map(paragraphsOf));
      if (cancelled) return;
      void translator.request(onScreen.flat().filter(needsTranslation).map((p) => p.text), true);
      const last = Math.max(...visible);
      const ahead = Array.from({ length: Math.max(0, Math.min(current.pageCount - 1, last + PAGES_AHEAD) - last) }, (_, i) => last + 1 + i);
      // The pages ahead go as one message: fewer, fuller requests.
      const found = await Promise.all(ahead.map(paragraphsOf));
      if (cancelled) return;
      void translator.request(found.flat().filter(needsTranslation).map((p) => p.text), false);
    })();
    return () => {
      cancelled = true;
    };
  }, [visible, doc, paragraphsOf]);

  // The popup's "go on" after a spending pause: what failed for it is asked for again.
  useEffect(() => {
    let paused = false;
    let unwatch: (() => void) | undefined;
    void browser.tabs.getCurrent().then((tab) => tab?.id).then((tabId) => {
      if (tabId === undefined) return;
      unwatch = watchTabState(tabId, (state) => {
        if (paused && !state.spend?.paused) void translatorRef.current?.retryFailed();
        paused = !!state.spend?.paused;
      });
    });
    return () => unwatch?.();
  }, []);

  const setVisible = useCallback((pages: number[]) => {
    setVisibleState((before) => (before.length === pages.length && before.every((p, i) => p === pages[i]) ? before : pages));
  }, []);

  return useMemo(() => ({
    doc, loading, problem, job, paragraphs, translator: translatorRef.current, revision, visible, openBytes, openUrl, setVisible,
  }), [doc, loading, problem, job, paragraphs, revision, visible, openBytes, openUrl, setVisible]);
}
