// "Always translate this site" and "Never translate this site" for the tab's hostname.
import type { SiteRule } from '@/utils/shared/protocol';
import { t } from '@/utils/shared/i18n';
import { Switch } from '../ui/Switch';

interface Props {
  hostname: string;
  rule: SiteRule;
  disabled: boolean;
  onToggle(rule: Exclude<SiteRule, 'none'>, on: boolean): void;
}

export function SiteRuleToggles({ hostname, rule, disabled, onToggle }: Props) {
  return (
    <fieldset class="rules" disabled={disabled}>
      <legend>{hostname ? t('popupRulesFor', hostname) : t('popupRulesNoSite')}</legend>
      <label class="check">
        <Switch checked={rule === 'always'} disabled={disabled} onChange={(e) => onToggle('always', e.currentTarget.checked)} />
        <span>{t('popupAlwaysTranslate')}</span>
      </label>
      <label class="check">
        <Switch checked={rule === 'never'} disabled={disabled} onChange={(e) => onToggle('never', e.currentTarget.checked)} />
        <span>{t('popupNeverTranslate')}</span>
      </label>
    </fieldset>
  );
}
