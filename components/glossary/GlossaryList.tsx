// Every glossary with its name, language pairs (entry counts) and creation time; sortable,
// searchable; each dictionary opens in the editor; rename and delete act from here.
import { useMemo, useState } from 'preact/hooks';
import { formatDateTime, t, tCount } from '../../utils/shared/i18n';
import { sendMessage } from '../../utils/shared/protocol';
import type { Glossary } from '../../utils/shared/api-types';
import { validateName } from '../../utils/glossary/entries';
import { describeProblem } from '../../utils/glossary/problem-text';
import { languageName, pairName } from '../../utils/shared/languages';
import { confirmAction, useManager } from './manager-context';
import { EmptyState } from '../ui/EmptyState';
import { FieldError } from '../ui/FieldError';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/TextInput';
import { errorText } from '../ui/error-text';

type SortKey = 'name' | 'created' | 'entries';

interface Props {
  glossaries: readonly Glossary[];
  /** Glossary ids with a saved draft (unsaved edits). */
  drafted: ReadonlySet<string>;
  onOpen: (glossary: Glossary, sourceLang: string, targetLang: string) => void;
  onAddPair: (glossary: Glossary) => void;
}

function totalEntries(g: Glossary): number {
  return g.dictionaries.reduce((sum, d) => sum + d.entry_count, 0);
}

function sortGlossaries(list: readonly Glossary[], key: SortKey, ascending: boolean): Glossary[] {
  const sorted = [...list].sort((a, b) => {
    if (key === 'created') return a.creation_time.localeCompare(b.creation_time);
    if (key === 'entries') return totalEntries(a) - totalEntries(b);
    return a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  });
  return ascending ? sorted : sorted.reverse();
}

function filterGlossaries(list: readonly Glossary[], query: string): Glossary[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  return list.filter((g) =>
    g.name.toLocaleLowerCase().includes(needle)
    || g.dictionaries.some((d) => `${d.source_lang}>${d.target_lang} ${languageName(d.source_lang)} ${languageName(d.target_lang)}`.toLocaleLowerCase().includes(needle)));
}

export function GlossaryList({ glossaries, drafted, onOpen, onAddPair }: Props) {
  const { ask, notify, refresh } = useManager();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'created', ascending: false });
  const [renaming, setRenaming] = useState<{ id: string; name: string; error: string } | null>(null);
  const shown = useMemo(() => sortGlossaries(filterGlossaries(glossaries, query), sort.key, sort.ascending), [glossaries, query, sort]);

  const sortButton = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
        <Button kind="quiet" class="glossa-gl-sort" onClick={() => setSort({ key, ascending: active ? !sort.ascending : key !== 'created' })}>
          {label}
          <span aria-hidden="true" class="glossa-gl-sort-mark">{active ? (sort.ascending ? '▲' : '▼') : '↕'}</span>
        </Button>
      </th>
    );
  };

  const rename = async (g: Glossary, name: string) => {
    const problem = validateName(name);
    if (problem) {
      setRenaming({ id: g.glossary_id, name, error: describeProblem(problem) });
      return;
    }
    try {
      await sendMessage('glossaryPatch', { id: g.glossary_id, name });
      setRenaming(null);
      notify({ kind: 'info', text: t('glossaryRenamed', name) });
      await refresh();
    } catch (err) {
      setRenaming({ id: g.glossary_id, name, error: errorText(err) });
    }
  };

  const remove = async (g: Glossary) => {
    const ok = await confirmAction(
      ask,
      t('glossaryDeleteGlossaryTitle'),
      [t('glossaryDeleteGlossaryBody', [g.name, String(g.dictionaries.length), String(totalEntries(g))])],
      t('glossaryDeleteGlossary'),
    );
    if (!ok) return;
    try {
      await sendMessage('glossaryDeleteGlossary', { id: g.glossary_id });
      notify({ kind: 'info', text: t('glossaryDeleted', g.name) });
    } catch (err) {
      notify({ kind: 'error', text: t('glossaryActionFailed', errorText(err)) });
    }
    await refresh();
  };

  return (
    <div class="glossa-gl-list">
      <div class="glossa-gl-toolbar">
        <label for="glossa-gl-search">{t('glossarySearchGlossaries')}</label>
        <TextInput id="glossa-gl-search" type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
      </div>
      {shown.length === 0 ? (
        <EmptyState title={glossaries.length === 0 ? t('glossaryNone') : t('glossaryNoMatch')} />
      ) : (
        <table class="glossa-gl-glossaries">
          <caption class="g-visually-hidden">{t('glossaryListCaption')}</caption>
          <thead>
            <tr>
              {sortButton('name', t('glossaryColumnName'))}
              {sortButton('entries', t('glossaryColumnPairs'))}
              {sortButton('created', t('glossaryColumnCreated'))}
              <th scope="col">{t('glossaryColumnActions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((g) => (
              <tr key={g.glossary_id}>
                <th scope="row">
                  {renaming?.id === g.glossary_id ? (
                    <form onSubmit={(e) => { e.preventDefault(); void rename(g, renaming.name); }}>
                      <label for={`glossa-gl-rename-${g.glossary_id}`}>{t('glossaryNewName')}</label>
                      <TextInput
                        id={`glossa-gl-rename-${g.glossary_id}`}
                        value={renaming.name}
                        aria-invalid={renaming.error ? 'true' : undefined}
                        onInput={(e) => setRenaming({ id: g.glossary_id, name: e.currentTarget.value, error: '' })}
                      />
                      <Button type="submit">{t('glossarySaveName')}</Button>
                      <Button onClick={() => setRenaming(null)}>{t('glossaryCancel')}</Button>
                      <FieldError message={renaming.error} live />
                    </form>
                  ) : (
                    <>
                      {g.name}
                      {drafted.has(g.glossary_id) && <span class="glossa-gl-badge">{t('glossaryHasDraft')}</span>}
                    </>
                  )}
                </th>
                <td>
                  <ul class="glossa-gl-pairs">
                    {g.dictionaries.map((d) => (
                      <li key={`${d.source_lang}>${d.target_lang}`}>
                        <span>{tCount('glossaryPairWithCount', d.entry_count, [languageName(d.source_lang), languageName(d.target_lang)])}</span>{' '}
                        <Button
                          aria-label={t('glossaryOpenPairLabel', [pairName(`${d.source_lang}>${d.target_lang}`), g.name])}
                          onClick={() => onOpen(g, d.source_lang, d.target_lang)}
                        >
                          {t('glossaryOpen')}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </td>
                <td><time dateTime={g.creation_time}>{formatDateTime(new Date(g.creation_time))}</time></td>
                <td class="glossa-gl-actions">
                  <Button aria-label={t('glossaryRenameLabel', g.name)} onClick={() => setRenaming({ id: g.glossary_id, name: g.name, error: '' })}>
                    {t('glossaryRename')}
                  </Button>
                  <Button aria-label={t('glossaryAddPairLabel', g.name)} onClick={() => onAddPair(g)}>
                    {t('glossaryAddPair')}
                  </Button>
                  <Button kind="danger" aria-label={t('glossaryDeleteGlossaryLabel', g.name)} onClick={() => void remove(g)}>
                    {t('glossaryDeleteGlossary')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
