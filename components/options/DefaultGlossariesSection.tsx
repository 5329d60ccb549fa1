// Default glossary per language pair: whenever Glossa translates that pair it uses this glossary
// (the popup shows it and can change it for a page). Only glossaries with a dictionary for the
// pair are offered, since the API rejects any other.
import { useEffect, useState } from 'preact/hooks';
import type { Glossary } from '../../utils/shared/api-types';
import { t } from '../../utils/shared/i18n';
import { pairName } from '../../utils/shared/languages';
import { pairKey } from '../../utils/shared/language-code';
import { type DefaultGlossaries } from '../../utils/shared/settings';
import { StatusMessage, type Status } from './StatusMessage';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';

interface Props {
  /** null while loading. */
  glossaries: Glossary[] | null;
  /** Why the list could not be loaded (no key, server down …). */
  loadError: string | null;
  value: DefaultGlossaries;
  status: Status | null;
  /** Saves at once; `pair` is the pair that changed. */
  onChange(value: DefaultGlossaries, pair: string): void;
}

function pairsOf(glossaries: Glossary[], value: DefaultGlossaries): string[] {
  const pairs = new Set<string>(Object.keys(value));
  for (const glossary of glossaries) {
    for (const dictionary of glossary.dictionaries) pairs.add(pairKey(dictionary.source_lang, dictionary.target_lang));
  }
  return [...pairs].sort((a, b) => pairName(a).localeCompare(pairName(b)));
}

export function DefaultGlossariesSection({ glossaries, loadError, value, status, onChange }: Props) {
  const list = glossaries ?? [];
  const pairs = pairsOf(list, value);
  const [pair, setPair] = useState('');
  // Keep a valid pair selected as glossaries come and go.
  useEffect(() => {
    if (!pairs.includes(pair)) setPair(pairs[0] ?? '');
  }, [pairs.join(' '), pair]);

  const forPair = list.filter((glossary) => glossary.dictionaries.some((d) => pairKey(d.source_lang, d.target_lang) === pair));
  const nameOf = (id: string) => list.find((glossary) => glossary.glossary_id === id)?.name;
  const choose = (id: string) => {
    const next = { ...value };
    if (id) next[pair] = id;
    else delete next[pair];
    onChange(next, pair);
  };
  const assigned = Object.entries(value).sort(([a], [b]) => pairName(a).localeCompare(pairName(b)));

  return (
    <section id="default-glossaries" class="options-section" aria-labelledby="default-glossaries-title">
      <h2 id="default-glossaries-title">{t('optionsDefaultGlossariesTitle')}</h2>
      <p class="section-intro">{t('optionsDefaultGlossariesIntro')}</p>
      {loadError && <p class="status status-warn">{loadError}</p>}
      {glossaries === null && !loadError && <p class="empty">{t('optionsGlossariesLoading')}</p>}
      {glossaries !== null && pairs.length === 0 && <p class="empty">{t('optionsNoGlossaries')}</p>}

      {pairs.length > 0 && (
        <div class="grid-2">
          <div class="field">
            <label for="glossary-pair">{t('optionsPairSelectLabel')}</label>
            <Select id="glossary-pair" value={pair} onChange={(event) => setPair(event.currentTarget.value)}>
              {pairs.map((key) => (
                <option key={key} value={key}>
                  {pairName(key)}
                </option>
              ))}
            </Select>
          </div>
          <div class="field">
            <label for="pair-glossary">{t('optionsPairGlossaryLabel')}</label>
            <Select id="pair-glossary" value={value[pair] ?? ''} onChange={(event) => choose(event.currentTarget.value)}>
              <option value="">{t('optionsNoDefaultGlossary')}</option>
              {forPair.map((glossary) => {
                const entries = glossary.dictionaries.find((d) => pairKey(d.source_lang, d.target_lang) === pair)?.entry_count ?? 0;
                return (
                  <option key={glossary.glossary_id} value={glossary.glossary_id}>
                    {t(entries === 1 ? 'optionsGlossaryOptionOne' : 'optionsGlossaryOption', [glossary.name, String(entries)])}
                  </option>
                );
              })}
              {value[pair] && !forPair.some((glossary) => glossary.glossary_id === value[pair]) && (
                <option value={value[pair]}>{t('optionsMissingGlossary')}</option>
              )}
            </Select>
          </div>
        </div>
      )}

      {assigned.length > 0 && (
        <>
          <h3>{t('optionsAssignedDefaults')}</h3>
          <ul class="item-list">
            {assigned.map(([key, id]) => (
              <li key={key}>
                <span>
                  {pairName(key)}: <strong>{nameOf(id) ?? (glossaries === null ? id : t('optionsMissingGlossary'))}</strong>
                </span>
                <Button size="s"
                  onClick={() => {
                    const next = { ...value };
                    delete next[key];
                    onChange(next, key);
                    // The button goes away with its row: keep keyboard focus in the section.
                    document.getElementById('glossary-pair')?.focus();
                  }}
                >
                  {t('optionsRemove')}
                  <span class="visually-hidden"> {t('optionsDefaultFor', pairName(key))}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <StatusMessage status={status} />
    </section>
  );
}
