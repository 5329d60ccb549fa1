// Site rules: the sites translated as soon as they load, and those never translated. Rules are
// added from the popup; here they are reviewed and removed.
import type { SiteRules } from '../../utils/shared/settings';
import { t } from '../../utils/shared/i18n';
import { SiteRuleList } from './SiteRuleList';
import { StatusMessage, type Status } from './StatusMessage';

interface Props {
  rules: SiteRules;
  status: Status | null;
  onRemove(list: keyof SiteRules, host: string): void;
}

export function SiteRulesSection({ rules, status, onRemove }: Props) {
  return (
    <section id="site-rules" class="options-section" aria-labelledby="site-rules-title">
      <h2 id="site-rules-title">{t('optionsSiteRulesTitle')}</h2>
      <p class="section-intro">{t('optionsSiteRulesIntro')}</p>
      <div class="grid-2">
        <SiteRuleList title={t('optionsAlwaysTranslate')} hosts={rules.always} list="always" onRemove={onRemove} />
        <SiteRuleList title={t('optionsNeverTranslate')} hosts={rules.never} list="never" onRemove={onRemove} />
      </div>
      <StatusMessage status={status} />
    </section>
  );
}
