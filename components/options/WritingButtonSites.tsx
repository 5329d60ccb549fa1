// The sites where the writing help's field button is on (turned on from the popup), each with
// Remove: the button leaves that site's open tabs at once, and Glossa gives the site's access
// back unless always-translate, hover translation or the API address still needs it.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { sendMessage } from '../../utils/shared/protocol';
import { StatusMessage, type Status } from './StatusMessage';
import { Button } from '../ui/Button';

export function WritingButtonSites() {
  const [sites, setSites] = useState<string[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    sendMessage('writingButtonSites', {}).then(setSites, (err: unknown) => {
      setSites([]);
      setStatus({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    });
  }, []);

  const remove = async (site: string) => {
    try {
      const change = await sendMessage('setWritingButtonSite', { site, on: false });
      setSites(change.sites);
      setStatus({ kind: 'ok', text: change.released ? t('optionsWritingButtonRemovedAccess', site) : t('optionsWritingButtonRemoved', site) });
      document.getElementById('writing-button-title')?.focus();
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <div class="writing-button-sites">
      <h3 id="writing-button-title" tabIndex={-1}>{t('optionsWritingButtonTitle')}</h3>
      <p class="field-hint">{t('optionsWritingButtonIntro')}</p>
      {sites === null ? (
        <p>{t('optionsLoading')}</p>
      ) : sites.length === 0 ? (
        <p class="empty">{t('optionsWritingButtonEmpty')}</p>
      ) : (
        <ul class="item-list" aria-labelledby="writing-button-title">
          {sites.map((site) => (
            <li key={site}>
              <span>{site}</span>
              <Button type="button" size="s" onClick={() => void remove(site)}>
                {t('optionsRemove')}
                <span class="visually-hidden"> {site}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <StatusMessage status={status} />
    </div>
  );
}
