// Site rules: hostnames the user chose to always or never translate. Rules match a hostname
// exactly (www.example.com and example.com are different sites, as the browser's own
// permission prompts treat them).
import { siteRulesItem } from '../extension/settings-store';
import type { SiteRule } from '../shared/protocol';
import type { SiteRules } from '../shared/settings';

export { siteHostname as hostnameOf, normaliseHostname } from '../shared/hosts';

export function ruleFor(hostname: string, rules: SiteRules): SiteRule {
  if (!hostname) return 'none';
  if (rules.never.includes(hostname)) return 'never';
  if (rules.always.includes(hostname)) return 'always';
  return 'none';
}

/** A hostname as the rules store it, or undefined when the input is not one. */
/** The rules with `hostname` set to `rule`; a site is never in both lists. */
export function withRule(rules: SiteRules, hostname: string, rule: SiteRule): SiteRules {
  const always = rules.always.filter((h) => h !== hostname);
  const never = rules.never.filter((h) => h !== hostname);
  if (rule === 'always') always.push(hostname);
  if (rule === 'never') never.push(hostname);
  return { always, never };
}

let pending: Promise<unknown> = Promise.resolve();

/** Stores a rule; updates run one after another so two quick changes both land. */
export function setSiteRule(hostname: string, rule: SiteRule): Promise<SiteRules> {
  const next = pending.catch(() => undefined).then(async () => {
    const updated = withRule(await siteRulesItem.getValue(), hostname, rule);
    await siteRulesItem.setValue(updated);
    return updated;
  });
  pending = next;
  return next;
}
