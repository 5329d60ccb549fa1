// The report shown before anything is sent: how many entries are ready, every problem with its
// line (or row) and reason, CSV lines ignored for another pair, and the one-click trim fix.
import { t, tCount } from '../../utils/shared/i18n';
import { describeProblem } from '../../utils/glossary/problem-text';
import type { ValidationResult } from '../../utils/glossary/validate';
import { Button } from '../ui/Button';

interface Props {
  result: ValidationResult;
  unit: 'line' | 'row';
  onTrim?: () => void;
  /** Moves to the row of a problem (table editor). */
  onJump?: (line: number) => void;
}

export function ValidationReport({ result, unit, onTrim, onJump }: Props) {
  const hidden = result.problemCount - result.problems.length;
  return (
    <section class="glossa-gl-report" aria-label={t('glossaryReportLabel')}>
      <p role="status">
        {tCount('glossaryReportReady', result.entries.length)}
        {result.ignored > 0 ? ` ${t('glossaryReportIgnored', String(result.ignored))}` : ''}
      </p>
      {result.problemCount > 0 && (
        <div role="alert">
          <p class="glossa-gl-error-text">{t('glossaryReportProblems', String(result.problemCount))}</p>
          <ul class="glossa-gl-problems">
            {result.problems.map((problem, i) => (
              <li key={i}>
                {onJump && problem.line > 0 ? (
                  <Button kind="quiet" onClick={() => onJump(problem.line)}>
                    {describeProblem(problem, unit)}
                  </Button>
                ) : describeProblem(problem, unit)}
              </li>
            ))}
          </ul>
          {hidden > 0 && <p>{t('glossaryReportMore', String(hidden))}</p>}
          {result.trimmable && onTrim && (
            <Button onClick={onTrim}>{t('glossaryTrimWhitespace')}</Button>
          )}
        </div>
      )}
    </section>
  );
}
