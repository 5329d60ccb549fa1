// Data types of the page engine, selection, pointing, writing help and term-fixing messages (the
// message map itself is protocol.ts): kept apart so protocol.ts stays one readable file.
import type { ApiErrorCode } from './api-errors';
import type { Formality } from './api-types';
import type { HoverModifier } from './pointing';
import type { SiteScope } from './site-scope';

/** One block to translate: HTML with Glossa's id-only inline tags, or plain text (attributes, title). */
export interface BlockRequest {
  text: string;
  format: 'html' | 'text';
}

export type BlockResult =
  | { ok: true; text: string; detectedSourceLang?: string }
  | { ok: false; code: ApiErrorCode | 'hostile'; message: string };

// ── pointing: types ─────────────────────────────────────────────────────────────────────
export interface PointingSetup {
  modifier: HoverModifier | null;
  targetLang: string;
  /** The job's fixed source language ('' = detect), as a page translation would use it. */
  sourceLang: string;
  scope: SiteScope;
}

export interface PointedTranslation {
  result: BlockResult;
  targetLang: string;
  billedCharacters: number;
}

// ── writing help: types ──────────────────────────────────────────────────────────────
export interface DraftRequest {
  /** The draft as HTML: Glossa's id-only tags (rich editors) or escaped text with <br> (text fields). */
  html: string;
  /** The page's language (its lang, else detected); '' when unknown. */
  pageLang: string;
  /** The draft's language when the browser detected it confidently (base code); '' otherwise. */
  draftLang: string;
  /** Picked in the panel: remembered for the site. */
  targetLang?: string;
  formality?: Formality;
  /** undefined = the pair's default glossary; '' = none. */
  glossaryId?: string;
}

export interface DraftTranslation {
  /** Untrusted HTML: the panel rebuilds it from the draft's own elements (utils/content/writing/draft-html.ts). */
  translation: string;
  detectedSourceLang: string;
  targetLang: string;
  formality: Formality;
  /** The glossary used ('' = none) and the glossaries that have the pair. */
  glossaryId: string;
  glossaries: { id: string; name: string }[];
  billedCharacters: number;
}

/** The sites with the field button after a change, and whether Glossa gave the site's host access back. */
export interface WritingButtonChange {
  sites: string[];
  released: boolean;
}

/** Writing choices per site (hostname). */
export type WritingPrefs = Record<string, { targetLang?: string; formality?: Formality }>;

/** What a term form starts with: only what the page shows (the selection, a block's original and translation). */
export type TermFormRequest =
  | { kind: 'add'; source: string; target: string; sourceLang: string; targetLang: string }
  | { kind: 'fix'; original: string; translation: string; selected: string; sourceLang: string; targetLang: string };

// ── fixing a term: types ─────────────────────────────────────────────────────────────
export interface TermFixGlossary {
  id: string;
  name: string;
  /** Entries of the pair's dictionary. */
  entryCount: number;
}

export interface TermFixOptions {
  /** Base codes, lower case. */
  sourceLang: string;
  targetLang: string;
  /** Glossaries that have a dictionary for the pair. */
  glossaries: TermFixGlossary[];
  /** The glossary to start with: the one the tab translates with, else the pair's default; '' = a new one. */
  selected: string;
  /** The name a new glossary gets: the pair, e.g. "English → German". */
  newName: string;
}

export interface TermFixSaveRequest {
  source: string;
  target: string;
  sourceLang: string;
  targetLang: string;
  /** An existing glossary's id, or '' to create one named `newName`. */
  glossaryId: string;
  newName?: string;
  /** Replace an entry whose source exists already (the user confirmed). */
  replace?: boolean;
}

export type TermFixProblemCode = 'empty' | 'control-char' | 'whitespace' | 'too-long';

export type TermFixSaveResult =
  | { status: 'invalid'; problems: { field: 'source' | 'target' | 'name'; code: TermFixProblemCode }[] }
  | { status: 'exists'; currentTarget: string }
  | { status: 'unchanged' }
  | { status: 'saved'; undoId: string; glossaryId: string; glossaryName: string; sourceLang: string; targetLang: string; replaced: boolean };

export interface TermFixRefreshRequest {
  glossaryId: string;
  source: string;
  sourceLang: string;
  targetLang: string;
}

export interface TermFixRefreshReport {
  /** Whether the page shows this pair's translation (and so followed the change). */
  followed: boolean;
  /** Distinct blocks translated again, and what that billed. */
  blocks: number;
  billedCharacters: number;
}

/** The selection as the content script captured it: HTML with id-only inline tags, or plain text (form fields). */
export interface SelectionRequest {
  html?: string;
  text?: string;
  /** Text of the surrounding paragraph(s): sent as the API's unbilled `context`. */
  context?: string;
  /** Overrides the default target (the popover's picker). */
  targetLang?: string;
}

export interface SelectionTranslation {
  /** HTML (untrusted: render through utils/content/selection/sanitize.ts) when the request was HTML, else plain text. */
  translation: string;
  format: 'html' | 'text';
  detectedSourceLang: string;
  targetLang: string;
  billedCharacters: number;
}
