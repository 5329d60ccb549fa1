// Addresses of PDFs and of Glossa's PDF viewer (an extension page: entrypoints/pdf-viewer/).

/** The viewer's path inside the extension. */
export const PDF_VIEWER_PATH = '/pdf-viewer.html';

/** Whether an address names a PDF by its path (…/file.pdf, with any query or fragment). */
export function looksLikePdfUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const { protocol, pathname } = new URL(url);
    return /^(https?|file):$/.test(protocol) && /\.pdf$/i.test(pathname);
  } catch {
    return false;
  }
}

/** The viewer's address for a PDF at `file` (the viewer's origin is passed in: shared code has no browser). */
export function pdfViewerUrl(extensionOrigin: string, file: string): string {
  return `${extensionOrigin.replace(/\/$/, '')}${PDF_VIEWER_PATH}?file=${encodeURIComponent(file)}`;
}

/** The PDF address a viewer address carries, or undefined (a local file, or not the viewer). */
export function fileOfViewerUrl(viewerUrl: string | undefined): string | undefined {
  if (!viewerUrl) return undefined;
  try {
    const url = new URL(viewerUrl);
    if (url.pathname !== PDF_VIEWER_PATH) return undefined;
    const file = url.searchParams.get('file');
    return file && /^https?:/i.test(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Match patterns of links to PDFs, for the `translate-pdf-link` menu item. */
export const PDF_LINK_PATTERNS = ['*://*/*.pdf', '*://*/*.pdf?*', '*://*/*.pdf#*', '*://*/*.PDF', '*://*/*.PDF?*'];
