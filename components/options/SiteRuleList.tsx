// One list of site rules (always or never translate), each host with its remove button.
import type { SiteRules } from '../../utils/shared/settings';
import { t } from '../../utils/shared/i18n';
import { Button } from '../ui/Button';

interface Props {
  title: string;
  hosts: string[];
  list: keyof SiteRules;
  onRemove(list: keyof SiteRules, host: string): void;
}

export function SiteRuleList({ title, hosts, list, onRemove }: Props) {
  const headingId = `rules-${list}-title`;
  return (
    <div>
      <h3 id={headingId}>{title}</h3>
      {hosts.length === 0 ? (
        <p class="empty">{t('optionsNoSites')}</p>
      ) : (
        <ul class="item-list" aria-labelledby={headingId}>
          {hosts.map((host) => (
            <li key={host}>
              <span>{host}</span>
              <Button size="s" onClick={() => onRemove(list, host)}>
                {t('optionsRemove')}
                <span class="visually-hidden"> {host}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
