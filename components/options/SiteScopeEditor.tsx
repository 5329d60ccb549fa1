// One site's `Only translate` and `Never translate` selectors, one per line. Each line is tried
// as the page engine will use it; a bad one is refused at its field with the browser's reason.
import { useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { selectorLines, selectorProblem, type SiteScope } from '../../utils/shared/site-scope';
import { Button } from '../ui/Button';
import { FieldError } from '../ui/FieldError';

interface Props {
  host: string;
  scope: SiteScope;
  onSave(host: string, scope: SiteScope): Promise<void>;
  onRemove(host: string): Promise<void>;
}

/** The first bad line of a field, named for the user ('' when every line works). */
function problemOf(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    const problem = selectorProblem(lines[i], document);
    if (problem) return t('scopeLineProblem', [String(i + 1), problem]);
  }
  return '';
}

const fieldId = (host: string, list: string) => `scope-${list}-${host.replace(/[^a-z0-9]/gi, '-')}`;

export function SiteScopeEditor({ host, scope, onSave, onRemove }: Props) {
  const [only, setOnly] = useState(scope.only.join('\n'));
  const [never, setNever] = useState(scope.never.join('\n'));
  const onlyProblem = problemOf(only);
  const neverProblem = problemOf(never);
  const changed = only !== scope.only.join('\n') || never !== scope.never.join('\n');

  const field = (list: 'only' | 'never', label: string, value: string, problem: string, set: (v: string) => void) => {
    const id = fieldId(host, list);
    return (
      <div class="field">
        <label for={id}>{label}<span class="visually-hidden"> ({host})</span></label>
        <textarea id={id} rows={3} spellcheck={false} value={value} aria-invalid={problem ? 'true' : 'false'} aria-describedby={`${id}-problem`}
          onInput={(e) => set(e.currentTarget.value)} />
        <FieldError id={`${id}-problem`} message={problem} />
      </div>
    );
  };

  return (
    <li class="scope-site">
      <h3>{host}</h3>
      <div class="grid-2">
        {field('only', t('scopeOnlyLabel'), only, onlyProblem, setOnly)}
        {field('never', t('scopeNeverLabel'), never, neverProblem, setNever)}
      </div>
      <div class="actions">
        <Button kind="primary" disabled={!changed || !!onlyProblem || !!neverProblem}
          onClick={() => void onSave(host, { only: selectorLines(only), never: selectorLines(never) })}>
          {t('scopeSave', host)}
        </Button>
        <Button onClick={() => void onRemove(host)}>{t('scopeRemove', host)}</Button>
      </div>
    </li>
  );
}
