// Writing help on the options page: what it does, and the writing target and formality
// remembered per site, each with Forget, and Forget all. The choices are made in the writing
// panel; this is where the user sees and clears them.
import { useEffect, useState } from 'preact/hooks';
import type { Formality } from '../../utils/shared/api-types';
import { t } from '../../utils/shared/i18n';
import { formalityDirection } from '../../utils/shared/formality';
import { languageName } from '../../utils/shared/languages';
import { sendMessage, type WritingPrefs } from '../../utils/shared/protocol';
import { StatusMessage, type Status } from './StatusMessage';
import { WritingButtonSites } from './WritingButtonSites';
import { Button } from '../ui/Button';

function formalityText(formality: Formality | undefined): string {
  const direction = formalityDirection(formality);
  if (direction === 'more') return t('writingFormalityMore');
  if (direction === 'less') return t('writingFormalityLess');
  return t('writingFormalityDefault');
}

export function WritingHelpSection() {
  const [prefs, setPrefs] = useState<WritingPrefs | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    sendMessage('writingPrefs', {}).then(setPrefs, (err: unknown) => {
      setPrefs({});
      setStatus({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    });
  }, []);

  const forget = async (site?: string) => {
    try {
      setPrefs(await sendMessage('clearWritingPrefs', site === undefined ? {} : { site }));
      setStatus(null);
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  };

  const sites = Object.keys(prefs ?? {}).sort();
  return (
    <section id="writing-help" class="options-section" aria-labelledby="writing-help-title">
      <h2 id="writing-help-title">{t('optionsWritingTitle')}</h2>
      <p class="section-intro">{t('optionsWritingIntro')}</p>
      {prefs === null ? (
        <p>{t('optionsLoading')}</p>
      ) : sites.length === 0 ? (
        <p class="empty">{t('optionsWritingEmpty')}</p>
      ) : (
        <>
          <table class="usage">
            <thead>
              <tr>
                <th scope="col">{t('optionsWritingSite')}</th>
                <th scope="col">{t('optionsWritingTarget')}</th>
                <th scope="col">{t('optionsWritingFormality')}</th>
                <td />
              </tr>
            </thead>
            <tbody>
              {sites.map((site) => (
                <tr key={site}>
                  <th scope="row">{site}</th>
                  <td>{prefs?.[site]?.targetLang ? languageName(prefs[site].targetLang!) : '—'}</td>
                  <td>{formalityText(prefs?.[site]?.formality)}</td>
                  <td>
                    <Button type="button" size="s" aria-label={t('optionsWritingForgetSite', site)} onClick={() => void forget(site)}>
                      {t('optionsWritingForget')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div class="actions">
            <Button type="button" onClick={() => void forget()}>{t('optionsWritingForgetAll')}</Button>
          </div>
        </>
      )}
      <StatusMessage status={status} />
      <WritingButtonSites />
    </section>
  );
}
