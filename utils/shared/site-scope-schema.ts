// The JSON file of exported site rules, checked on import (options page) before anything is
// stored: host names as site rules store them, lists of strings of bounded size. Each selector
// is then tried by the page that imports it (selectorProblem), which names the first bad one.
import * as v from 'valibot';
import { normaliseHostname } from './hosts';
import { MAX_SELECTOR_LENGTH, MAX_SELECTORS_PER_LIST, type SiteScopes } from './site-scope';

const selectors = v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'an empty selector'), v.maxLength(MAX_SELECTOR_LENGTH))), v.maxLength(MAX_SELECTORS_PER_LIST));

const siteScopesFileSchema = v.object({
  glossaSiteRules: v.literal(1, 'not a Glossa site rules file'),
  sites: v.pipe(
    v.record(v.string(), v.object({ only: v.optional(selectors, []), never: v.optional(selectors, []) })),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const out: SiteScopes = {};
      for (const [host, scope] of Object.entries(dataset.value)) {
        const name = normaliseHostname(host);
        if (!name) {
          addIssue({ message: `"${host.slice(0, 80)}" is not a host name` });
          return NEVER;
        }
        out[name] = { only: [...new Set(scope.only)], never: [...new Set(scope.never)] };
      }
      return out;
    }),
  ),
});

/** The file a user downloads. */
export function siteScopesFile(scopes: SiteScopes): string {
  return JSON.stringify({ glossaSiteRules: 1, sites: scopes }, null, 2);
}

/** The scopes in an imported file, or the first reason it cannot be used. */
export function readSiteScopesFile(text: string, selectorProblem: (selector: string) => string): { ok: true; scopes: SiteScopes } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
  const parsed = v.safeParse(siteScopesFileSchema, data);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = (issue.path ?? []).map((p) => String(p.key)).join('.');
    return { ok: false, reason: path ? `${path}: ${issue.message}` : issue.message };
  }
  for (const [host, scope] of Object.entries(parsed.output.sites)) {
    for (const selector of [...scope.only, ...scope.never]) {
      const problem = selectorProblem(selector);
      if (problem) return { ok: false, reason: `${host}: ${selector}: ${problem}` };
    }
  }
  return { ok: true, scopes: parsed.output.sites };
}
