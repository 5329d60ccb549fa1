// Formality normalisation, decided here only: Glossa stores and sends the prefer_* forms (plain
// more/less make a request fail for targets without formality), and the UI shows a direction.
import type { Formality } from './api-types';

type FormalityDirection = 'more' | 'less' | 'default';

/** Which way a formality leans, whatever form it was stored in. */
export function formalityDirection(formality: Formality | undefined): FormalityDirection {
  if (formality === 'more' || formality === 'prefer_more') return 'more';
  if (formality === 'less' || formality === 'prefer_less') return 'less';
  return 'default';
}

/** The form Glossa keeps in a job and offers in menus: prefer_more, prefer_less or default. */
export function preferFormality(formality: Formality | undefined): 'default' | 'prefer_more' | 'prefer_less' {
  const direction = formalityDirection(formality);
  return direction === 'default' ? 'default' : `prefer_${direction}`;
}

/** The request's `formality` parameter: absent for the default. */
export function apiFormality(formality: Formality | undefined): 'prefer_more' | 'prefer_less' | undefined {
  const preferred = preferFormality(formality);
  return preferred === 'default' ? undefined : preferred;
}
