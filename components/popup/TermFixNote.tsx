// The popup's line about the last term fixed on this page: how many blocks were translated
// again and what that billed (the rest of the page kept its translations).
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/utils/shared/i18n';
import { termFixReportItem, type TermFixReport } from '@/utils/shared/term-fix-report';

export function TermFixNote({ tabId, url }: { tabId?: number; url?: string }) {
  const [report, setReport] = useState<TermFixReport | null>(null);
  useEffect(() => {
    if (tabId === undefined) return undefined;
    const item = termFixReportItem(tabId);
    void item.getValue().then(setReport, () => undefined);
    return item.watch((value) => setReport(value ?? null));
  }, [tabId]);
  if (!report?.followed || report.url !== url) return null;
  return (
    <p class="notice term-fix-note" data-testid="term-fix-report">
      {t('termFixPopupReport', [report.phrase, String(report.blocks), String(report.billedCharacters)])}
    </p>
  );
}
