// Billed characters: the month's total and the sites that used them, as Glossa counted them
// from the API's billed_characters (the provider's own figure is the one that bills).
import type { UsageReport } from '../../utils/shared/protocol';
import { t } from '../../utils/shared/i18n';
import { formatMonth, formatNumber } from './format';

interface Props {
  /** null while loading. */
  report: UsageReport | null;
  loadError: string | null;
}

export function UsageSection({ report, loadError }: Props) {
  return (
    <section id="usage" class="options-section" aria-labelledby="usage-title">
      <h2 id="usage-title">{t('optionsUsageTitle')}</h2>
      <p class="section-intro">{t('optionsUsageIntro')}</p>
      {loadError && <p class="status status-warn">{loadError}</p>}
      {report === null && !loadError && <p>{t('optionsLoading')}</p>}
      {report && (
        <>
          <p>
            {t('optionsUsageMonth', formatMonth(report.month))} <span class="figure">{formatNumber(report.total)}</span>
          </p>
          {report.sites.length === 0 ? (
            <p class="empty">{t('optionsUsageNone')}</p>
          ) : (
            <table class="usage">
              <caption class="visually-hidden">{t('optionsUsagePerSite', formatMonth(report.month))}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('optionsUsageSite')}</th>
                  <th scope="col" class="number">
                    {t('optionsUsageCharacters')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.sites.map((row) => (
                  <tr key={row.site}>
                    <td>{row.site}</td>
                    <td class="number">{formatNumber(row.characters)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
