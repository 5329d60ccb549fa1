// Per-site rules on what a page translates: `Only translate` (CSS selectors of the parts to
// translate, e.g. the article) and `Never translate` (parts to leave alone). Plain data and
// rules only: the page engine applies them (utils/page/site-scope.ts), the background stores them.

export interface SiteScope {
  /** When not empty, only blocks inside (or holding) an element matching one of these are translated. */
  only: string[];
  /** Elements matching one of these are never translated (their whole subtree). */
  never: string[];
}

/** Site scopes by hostname (as site rules key them). */
export type SiteScopes = Record<string, SiteScope>;

export const EMPTY_SCOPE: SiteScope = { only: [], never: [] };
export const MAX_SELECTORS_PER_LIST = 100;
export const MAX_SELECTOR_LENGTH = 1000;

/** Whether a scope changes anything. */
export function hasScope(scope: SiteScope | undefined): scope is SiteScope {
  return !!scope && (scope.only.length > 0 || scope.never.length > 0);
}

/**
 * Why a selector cannot be used, in the browser's own words ('' when it can): the selector is
 * tried on an empty fragment of `doc`, which parses it exactly as the page engine will.
 */
export function selectorProblem(selector: string, doc: Document): string {
  const trimmed = selector.trim();
  if (!trimmed) return 'empty';
  if (trimmed.length > MAX_SELECTOR_LENGTH) return `longer than ${MAX_SELECTOR_LENGTH} characters`;
  try {
    doc.createDocumentFragment().querySelector(trimmed);
    return '';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Selectors one per line, trimmed, blank lines and repeats dropped. */
export function selectorLines(text: string): string[] {
  return [...new Set(text.split('\n').map((line) => line.trim()).filter(Boolean))];
}

/** `incoming` added to `current`: each site's lists joined without repeats. */
export function mergeScopes(current: SiteScopes, incoming: SiteScopes): SiteScopes {
  const merged: SiteScopes = { ...current };
  for (const [host, scope] of Object.entries(incoming)) {
    const before = merged[host] ?? EMPTY_SCOPE;
    merged[host] = { only: [...new Set([...before.only, ...scope.only])], never: [...new Set([...before.never, ...scope.never])] };
  }
  return merged;
}

/** The scopes without sites that have no rule left. */
export function withoutEmpty(scopes: SiteScopes): SiteScopes {
  return Object.fromEntries(Object.entries(scopes).filter(([, scope]) => hasScope(scope)));
}
