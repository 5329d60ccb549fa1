// Per-site Only/Never translate rules: the scope a page translation of a site starts with, the
// picker's `Never translate this part` (and its undo), and pushing a changed scope at once to
// every open tab of the site, wherever the change was made (options page or picker).
import { browser } from 'wxt/browser';
import { t } from '../shared/i18n';
import { afterStartup } from './lifecycle';
import { onBackgroundMessage } from '../shared/messages-to-background';
import { sendMessage, type MessageSender } from '../shared/protocol';
import { EMPTY_SCOPE, withoutEmpty, type SiteScope, type SiteScopes } from '../shared/site-scope';
import { siteScopesItem } from '../extension/pointing-store';
import { hostnameOf } from './site-rules';

export async function scopeFor(hostname: string): Promise<SiteScope> {
  if (!hostname) return EMPTY_SCOPE;
  return (await siteScopesItem.getValue())[hostname] ?? EMPTY_SCOPE;
}

let pending: Promise<unknown> = Promise.resolve();

/** Changes one site's scope; changes run one after another so quick ones all land. */
function updateScope(hostname: string, change: (scope: SiteScope) => SiteScope): Promise<SiteScope> {
  const next = pending.catch(() => undefined).then(async () => {
    const all = await siteScopesItem.getValue();
    const updated = change(all[hostname] ?? EMPTY_SCOPE);
    await siteScopesItem.setValue(withoutEmpty({ ...all, [hostname]: updated }));
    return updated;
  });
  pending = next;
  return next;
}

export async function handleExcludeElement(data: { selector: string; undo?: boolean }, sender: MessageSender): Promise<SiteScope> {
  const hostname = hostnameOf(sender.url ?? sender.tab?.url);
  // Nothing about a private window's sites is recorded (docs/privacy.md).
  if (!hostname || sender.tab?.incognito) throw Object.assign(new Error(t('pointingNoRuleHere')), { code: 'bad-request' });
  return updateScope(hostname, (scope) => ({
    only: scope.only,
    never: data.undo ? scope.never.filter((s) => s !== data.selector) : [...new Set([...scope.never, data.selector])],
  }));
}

/**
 * Sends the sites' scopes to every tab that shows one of them (tabs without Glossa ignore it; a
 * page that has this scope already changes nothing). Every site that had or has rules is sent:
 * a worker woken by the change may have read the new value as the old one.
 */
async function pushScopes(before: SiteScopes, after: SiteScopes): Promise<void> {
  const changed = new Set([...Object.keys(before), ...Object.keys(after)]);
  if (changed.size === 0) return;
  const tabs = await browser.tabs.query({});
  await Promise.all(tabs.map(async (tab) => {
    const host = hostnameOf(tab.url);
    if (tab.id === undefined || !changed.has(host)) return;
    await sendMessage('applySiteScope', { scope: after[host] ?? EMPTY_SCOPE }, tab.id, 'all').catch(() => undefined);
  }));
}

export function registerSiteScopeService(): void {
  onBackgroundMessage('excludeElement', ({ data, sender }) => handleExcludeElement(data, sender));
  let known: Promise<SiteScopes> = siteScopesItem.getValue().catch(() => ({}));
  siteScopesItem.watch(afterStartup((value: SiteScopes | null) => {
    const previous = known;
    known = Promise.resolve(value ?? {});
    void previous.then((before) => pushScopes(before, value ?? {})).catch(() => undefined);
  }));
}
