// What each site translates: its Only/Never translate selectors (SiteScopeEditor), a site to
// add, and the rules exported to or imported from a JSON file (checked whole before anything
// is stored; merged into the rules or replacing them). Changes reach open pages at once
// (the background pushes them); rules the page picker adds show up here as they are saved.
import { useEffect, useState } from 'preact/hooks';
import { siteScopesItem } from '../../utils/extension/pointing-store';
import { normaliseHostname } from '../../utils/shared/hosts';
import { t } from '../../utils/shared/i18n';
import { EMPTY_SCOPE, mergeScopes, selectorProblem, withoutEmpty, type SiteScope, type SiteScopes } from '../../utils/shared/site-scope';
import { readSiteScopesFile, siteScopesFile } from '../../utils/shared/site-scope-schema';
import { SiteScopeEditor } from './SiteScopeEditor';
import { StatusMessage, type Status } from './StatusMessage';
import { Button } from '../ui/Button';
import { Radio } from '../ui/Radio';
import { TextInput } from '../ui/TextInput';
import { FieldError } from '../ui/FieldError';

interface Props {
  /** The site the options were opened for (`?site=` from the popup): shown first, ready to edit. */
  site: string;
}

export function SiteScopeSection({ site }: Props) {
  const [scopes, setScopes] = useState<SiteScopes>({});
  const [added, setAdded] = useState<string[]>(site ? [site] : []);
  const [newHost, setNewHost] = useState('');
  const [newHostError, setNewHostError] = useState('');
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [status, setStatus] = useState<Status | null>(null);
  // Bumped when stored rules change under the editors, so they start from what is stored.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    void siteScopesItem.getValue().then(setScopes);
    return siteScopesItem.watch((value) => {
      setScopes(value ?? {});
      setGeneration((g) => g + 1);
    });
  }, []);

  const store = async (next: SiteScopes) => {
    const clean = withoutEmpty(next);
    await siteScopesItem.setValue(clean);
    setScopes(clean);
    setGeneration((g) => g + 1);
  };

  const save = async (host: string, scope: SiteScope) => {
    await store({ ...scopes, [host]: scope });
    setStatus({ kind: 'ok', text: t('scopeSaved', host) });
  };
  const remove = async (host: string) => {
    const { [host]: _removed, ...rest } = scopes;
    setAdded((list) => list.filter((h) => h !== host));
    await store(rest);
    setStatus({ kind: 'ok', text: t('scopeRemoved', host) });
  };
  const add = () => {
    const host = normaliseHostname(newHost);
    if (!host) {
      setNewHostError(t('pointingSiteInvalid'));
      return;
    }
    setAdded((list) => (list.includes(host) ? list : [...list, host]));
    setNewHost('');
  };

  const exportRules = () => {
    const url = URL.createObjectURL(new Blob([siteScopesFile(scopes)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'glossa-site-rules.json' });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const importRules = async (file: File | undefined) => {
    if (!file) return;
    const read = readSiteScopesFile(await file.text(), (selector) => selectorProblem(selector, document));
    if (!read.ok) {
      setStatus({ kind: 'error', text: t('scopeImportInvalid', read.reason) });
      return;
    }
    await store(mode === 'replace' ? read.scopes : mergeScopes(scopes, read.scopes));
    setStatus({ kind: 'ok', text: t('scopeImported', String(Object.keys(read.scopes).length)) });
  };

  const hosts = [...new Set([...added, ...Object.keys(scopes)])];
  return (
    <section id="site-scope" class="options-section" aria-labelledby="site-scope-title">
      <h2 id="site-scope-title">{t('scopeTitle')}</h2>
      <p class="section-intro">{t('scopeIntro')}</p>
      {hosts.length === 0 ? <p class="empty">{t('scopeNone')}</p> : (
        <ul class="scope-list">
          {hosts.map((host) => <SiteScopeEditor key={`${host}:${generation}`} host={host} scope={scopes[host] ?? EMPTY_SCOPE} onSave={save} onRemove={remove} />)}
        </ul>
      )}
      <div class="field">
        <label for="scope-add">{t('scopeAddLabel')}</label>
        <div class="field-row">
          <TextInput id="scope-add" value={newHost} placeholder="www.example.com" aria-invalid={newHostError ? 'true' : 'false'} aria-describedby="scope-add-error"
            onInput={(e) => {
              setNewHost(e.currentTarget.value);
              setNewHostError('');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') add();
            }} />
          <Button onClick={add}>{t('scopeAdd')}</Button>
        </div>
        <FieldError id="scope-add-error" message={newHostError} />
      </div>
      <div class="actions">
        <Button onClick={exportRules} disabled={Object.keys(scopes).length === 0}>{t('scopeExport')}</Button>
        <label class="checkbox">
          <Radio name="scope-import-mode" checked={mode === 'merge'} onChange={() => setMode('merge')} />
          <span>{t('scopeImportMerge')}</span>
        </label>
        <label class="checkbox">
          <Radio name="scope-import-mode" checked={mode === 'replace'} onChange={() => setMode('replace')} />
          <span>{t('scopeImportReplace')}</span>
        </label>
        <label class="file-button">
          {t('scopeImportLabel')}
          <input type="file" accept="application/json,.json" class="visually-hidden" onChange={(e) => {
            const input = e.currentTarget;
            void importRules(input.files?.[0]).finally(() => {
              input.value = '';
            });
          }} />
        </label>
      </div>
      <StatusMessage status={status} />
    </section>
  );
}
