// Problems from entries.ts in the interface language: the rule broken, where, and which side.
import { t } from '../shared/i18n';
import type { EntryProblem } from './entries';

/** `unit` names what `line` counts: lines of pasted text or a file, or rows of the table. */
export function describeProblem(problem: EntryProblem, unit: 'line' | 'row' = 'line'): string {
  if (problem.line === 0) {
    if (problem.code === 'too-large') return t('glossaryProblemTooLarge');
    if (problem.code === 'too-long') return t('glossaryProblemNameTooLong');
    return t('glossaryProblemNameEmpty');
  }
  const where = t(unit === 'row' ? 'glossaryProblemRow' : 'glossaryProblemLine', String(problem.line));
  const side = problem.side === 'target' ? 'Target' : 'Source';
  switch (problem.code) {
    case 'empty':
      return t(`glossaryProblemEmpty${side}`, where);
    case 'control-char':
      return t(`glossaryProblemControl${side}`, where);
    case 'whitespace':
      return t(`glossaryProblemWhitespace${side}`, where);
    case 'too-long':
      return t(`glossaryProblemTooLong${side}`, where);
    case 'duplicate-source':
      return t('glossaryProblemDuplicate', where);
    case 'bad-quoting':
      return t('glossaryProblemQuoting', where);
    case 'too-large':
      return t('glossaryProblemTooLarge');
    default:
      return t('glossaryProblemFormat', where);
  }
}
