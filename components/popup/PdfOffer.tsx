// On a tab showing a PDF the popup offers Glossa's viewer (the browser's own viewer has no text
// Glossa can reach); on the viewer's tab it says that this tab's figures are the PDF's.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/utils/shared/i18n';
import { PDF_VIEWER_PATH, looksLikePdfUrl } from '@/utils/shared/pdf-url';
import { sendMessage } from '@/utils/shared/protocol';
import { sitePermissionPattern } from '@/utils/shared/hosts';
import { Button } from '../ui/Button';

type PdfTabKind = 'pdf' | 'viewer' | undefined;

/** What the tab shows: a PDF at a web address, Glossa's viewer, or something else. */
export function usePdfTabKind(tabId: number | undefined): { kind: PdfTabKind; url?: string } {
  const [found, setFound] = useState<{ kind: PdfTabKind; url?: string }>({ kind: undefined });
  useEffect(() => {
    if (tabId === undefined) return;
    void browser.tabs.get(tabId).then((tab) => {
      const url = tab.url ?? tab.pendingUrl;
      if (url?.startsWith(browser.runtime.getURL(PDF_VIEWER_PATH))) setFound({ kind: 'viewer', url });
      else if (looksLikePdfUrl(url)) setFound({ kind: 'pdf', url });
    }, () => undefined);
  }, [tabId]);
  return found;
}

export function PdfOffer({ tabId, kind, url }: { tabId?: number; kind: PdfTabKind; url?: string }) {
  const [error, setError] = useState<string>();
  if (kind === 'viewer') return <p class="notice notice-info" role="status">{t('pdfPopupViewer')}</p>;
  if (kind !== 'pdf' || tabId === undefined) return null;
  const open = async () => {
    setError(undefined);
    try {
      // The viewer reads the file from its server: asked for here, from the click, unless granted.
      const pattern = url && /^https?:/.test(url) ? sitePermissionPattern(url) : undefined;
      if (pattern && !(await browser.permissions.contains({ origins: [pattern] }))) await browser.permissions.request({ origins: [pattern] });
      await sendMessage('openPdfViewer', { tabId });
      window.close();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <>
      <Button class="main primary" onClick={() => void open()}>{t('pdfPopupTranslate')}</Button>
      {error && <p class="notice notice-error" role="alert">{error}</p>}
    </>
  );
}
