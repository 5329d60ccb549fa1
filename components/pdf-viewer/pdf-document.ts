// The viewer's only door to pdf.js: opening a document (its worker is a file of the extension,
// nothing is loaded from elsewhere, and nothing is evaluated: MV3 pages forbid eval), reading a
// page's positioned text for the paragraph grouping, and drawing a page with its text layer.
import { GlobalWorkerOptions, PasswordResponses, TextLayer, getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PdfPageText } from '@/utils/pdf/paragraphs';
import { textRuns } from '@/utils/pdf/text-runs';

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;
type PdfPage = PDFPageProxy;

/** Asks the user for the document's password; `retry` says the last one was wrong. Resolves undefined to give up. */
export type PasswordPrompt = (retry: boolean) => Promise<string | undefined>;

export class PasswordCancelled extends Error {
  readonly code = 'password-cancelled';
}

export async function openPdf(data: Uint8Array, askPassword: PasswordPrompt): Promise<PdfDocument> {
  const task = getDocument({
    data,
    // MV3 extension pages forbid eval: pdf.js then interprets PostScript functions instead of compiling them.
    isEvalSupported: false,
    // No WebAssembly either (it would need 'wasm-unsafe-eval'); pdf.js falls back to its JS decoders.
    useWasm: false,
    // Only the system's fonts stand in for the 14 standard ones: nothing is fetched from anywhere.
    useSystemFonts: true,
    enableXfa: false,
  });
  task.onPassword = (update: (password: string) => void, reason: number) => {
    void askPassword(reason === PasswordResponses.INCORRECT_PASSWORD).then((password) => {
      if (password === undefined) void task.destroy();
      else update(password);
    });
  };
  try {
    return await task.promise;
  } catch (err) {
    if (task.destroyed) throw new PasswordCancelled('cancelled');
    throw err;
  }
}

/** A page's text runs in page units, origin top left (the grouping's input). */
export async function pageText(page: PdfPage): Promise<PdfPageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  return { page: page.pageNumber - 1, width: viewport.width, height: viewport.height, runs: textRuns(content.items, viewport.transform) };
}

interface DrawnPage {
  cancel(): void;
}

/** Draws the page into `canvas` and its selectable text into `textLayer`, at `scale` CSS pixels per unit. */
export function drawPage(page: PdfPage, scale: number, canvas: HTMLCanvasElement, textLayer: HTMLElement): { drawn: Promise<void>; handle: DrawnPage } {
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${viewport.width}px`;
  canvas.style.height = `${viewport.height}px`;
  const render = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
  textLayer.replaceChildren();
  const text = new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport });
  const drawn = Promise.all([render.promise, text.render()]).then(() => undefined);
  return {
    drawn,
    handle: {
      cancel() {
        render.cancel();
        text.cancel();
      },
    },
  };
}

export interface OutlineEntry {
  title: string;
  /** 0-based page, or undefined when the entry points nowhere in the document. */
  page?: number;
  children: OutlineEntry[];
}

/** The 0-based page a destination (named, or explicit) points at; undefined when it points nowhere in the document. */
async function destinationPage(pdf: PdfDocument, target: unknown): Promise<number | undefined> {
  try {
    const dest = typeof target === 'string' ? await pdf.getDestination(target) : target;
    const ref = Array.isArray(dest) ? dest[0] : undefined;
    const page = typeof ref === 'number' ? ref : ref ? await pdf.getPageIndex(ref) : undefined;
    return page !== undefined && page >= 0 && page < pdf.numPages ? page : undefined;
  } catch {
    return undefined;
  }
}

/** The document's outline (bookmarks) with each entry's page, or [] when it has none. */
export async function outlineOf(pdf: PdfDocument): Promise<OutlineEntry[]> {
  const outline = (await pdf.getOutline().catch(() => null)) ?? [];
  const resolve = async (items: typeof outline): Promise<OutlineEntry[]> =>
    Promise.all(items.map(async (item) => ({ title: String(item.title ?? ''), page: await destinationPage(pdf, item.dest), children: await resolve(item.items ?? []) })));
  return resolve(outline);
}

export interface PdfLink {
  /** Where the link sits, in page units, origin top left. */
  box: { x: number; y: number; width: number; height: number };
  /** A web or mail address (only these schemes are kept: the PDF is untrusted). */
  url?: string;
  /** The 0-based page an internal link goes to. */
  page?: number;
}

/** The page's link annotations that go somewhere Glossa can follow. */
export async function pageLinks(pdf: PdfDocument, page: PdfPage): Promise<PdfLink[]> {
  const viewport = page.getViewport({ scale: 1 });
  const annotations = (await page.getAnnotations({ intent: 'display' }).catch(() => [])) as { subtype?: string; rect?: number[]; url?: unknown; dest?: unknown }[];
  const links = await Promise.all(annotations.filter((a) => a.subtype === 'Link' && a.rect?.length === 4).map(async (a): Promise<PdfLink | undefined> => {
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(a.rect!);
    const box = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
    if (typeof a.url === 'string' && /^(https?|mailto):/i.test(a.url)) return { box, url: a.url };
    const target = a.dest === undefined ? undefined : await destinationPage(pdf, a.dest);
    return target === undefined ? undefined : { box, page: target };
  }));
  return links.filter((link): link is PdfLink => link !== undefined);
}
