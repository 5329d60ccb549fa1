// `Open PDFs in Glossa`: every PDF the browser navigates to opens in Glossa's viewer instead
// (with a way back to the browser's viewer there). Turning it on asks, from the click, for the
// permissions it needs: to see navigations, and to read PDFs from any site.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../utils/shared/i18n';
import { OPEN_PDFS_PERMISSIONS, openPdfsInGlossaItem } from '../../utils/shared/pdf-settings';
import { StatusMessage, type Status } from './StatusMessage';
import { Checkbox } from '../ui/Checkbox';

export function PdfSection() {
  const [on, setOn] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    void openPdfsInGlossaItem.getValue().then(setOn);
  }, []);

  const change = async (wanted: boolean) => {
    setStatus(null);
    if (wanted) {
      const request = { permissions: [...OPEN_PDFS_PERMISSIONS.permissions], origins: [...OPEN_PDFS_PERMISSIONS.origins] };
      const granted = (await browser.permissions.contains(request).catch(() => false)) || (await browser.permissions.request(request).catch(() => false));
      if (!granted) {
        setStatus({ kind: 'error', text: t('pdfOptionDenied') });
        return;
      }
    }
    await openPdfsInGlossaItem.setValue(wanted);
    setOn(wanted);
  };

  return (
    <section id="pdf" class="options-section" aria-labelledby="pdf-title">
      <h2 id="pdf-title">{t('pdfOptionTitle')}</h2>
      <div class="checkbox">
        <Checkbox id="pdf-open" checked={on} aria-describedby="pdf-open-help" onChange={(event) => void change(event.currentTarget.checked)} />
        <label for="pdf-open">{t('pdfOptionOpen')}</label>
      </div>
      <p id="pdf-open-help" class="section-intro">{t('pdfOptionHelp')}</p>
      <StatusMessage status={status} />
    </section>
  );
}
