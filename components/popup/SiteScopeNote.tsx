// When the tab's site has Only/Never translate rules: how many, and a link to edit them.
import { browser } from 'wxt/browser';
import { t } from '@/utils/shared/i18n';
import type { TabInfo } from '@/utils/shared/protocol';

export function SiteScopeNote({ info }: { info: TabInfo | null | undefined }) {
  const rules = info?.scopeRules;
  if (!info || !rules) return null;
  const open = (e: Event) => {
    e.preventDefault();
    void browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}?site=${encodeURIComponent(info.hostname)}#site-scope` });
  };
  return (
    <p class="notice notice-info scope-note" role="status">
      {t('popupScopeRules', [String(rules.only), String(rules.never)])}{' '}
      <a href="#" onClick={open}>{t('popupScopeEdit')}</a>
    </p>
  );
}
