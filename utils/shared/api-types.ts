// Types of the translation API (../shared/spec/translation-api.md), as the client sends and
// receives them. Responses are validated into these shapes in client.ts.
import type { ApiError } from './api-errors';

export type Formality = 'default' | 'more' | 'less' | 'prefer_more' | 'prefer_less';
export type ModelType = 'latency_optimized' | 'quality_optimized' | 'prefer_quality_optimized';
type SplitSentences = '0' | '1' | 'nonewlines';
type TagHandling = 'html' | 'xml';
export type EntriesFormat = 'tsv' | 'csv';

export interface TranslateParams {
  text: string[];
  target_lang: string;
  source_lang?: string;
  context?: string;
  model_type?: ModelType;
  split_sentences?: SplitSentences;
  preserve_formatting?: boolean;
  formality?: Formality;
  glossary_id?: string;
  show_billed_characters?: boolean;
  tag_handling?: TagHandling;
  outline_detection?: boolean;
  non_splitting_tags?: string[];
  splitting_tags?: string[];
  ignore_tags?: string[];
}

export interface Translation {
  detected_source_language: string;
  text: string;
}

export interface TranslateResult {
  translations: Translation[];
  /** Present when show_billed_characters was set (read from top level or summed per translation). */
  billed_characters?: number;
  /** Present when model_type was set. */
  model_type_used?: 'latency_optimized' | 'quality_optimized';
}

export interface Language {
  language: string;
  name: string;
  /** Whether formality works with this language as a target: always on target-list items, never on source-list items. */
  supports_formality?: boolean;
}

export interface DictionaryMeta {
  source_lang: string;
  target_lang: string;
  entry_count: number;
}

export interface DictionaryEntries {
  source_lang: string;
  target_lang: string;
  entries: string;
  entries_format: EntriesFormat;
}

export interface Glossary {
  glossary_id: string;
  name: string;
  dictionaries: DictionaryMeta[];
  creation_time: string;
  ready?: boolean;
}

export interface CreateGlossaryParams {
  name: string;
  dictionaries: DictionaryEntries[];
}

export interface PatchGlossaryParams {
  name?: string;
  /** At most one dictionary: its entries are merged into the existing one. */
  dictionary?: DictionaryEntries;
}

/** Per-call options: every call can be aborted and has a timeout. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Told before each retry, with the error and the wait before it (a 429 is a sign to slow down). */
  onRetry?: (error: ApiError, delayMs: number) => void;
}
