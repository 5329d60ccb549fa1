// Checks API responses where they enter: a body that is not the expected shape becomes an
// ApiError with code `bad-response` naming the offending field, never a crash further on or
// silently wrong data. Small composable checks instead of a schema library: the shapes are few.
import { ApiError } from '../shared/api-errors';
import type { DictionaryEntries, DictionaryMeta, Glossary, Language, TranslateResult, Translation } from '../shared/api-types';

export type Check<T> = (value: unknown, path: string) => T;

class ShapeError extends Error {}

function fail(path: string, expected: string, value: unknown): never {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  throw new ShapeError(`${path}: expected ${expected}, got ${got}`);
}

export const string: Check<string> = (v, path) => (typeof v === 'string' ? v : fail(path, 'a string', v));
export const boolean: Check<boolean> = (v, path) => (typeof v === 'boolean' ? v : fail(path, 'a boolean', v));
export const count: Check<number> = (v, path) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fail(path, 'a non-negative integer', v);

export function oneOf<const T extends string>(...values: T[]): Check<T> {
  return (v, path) => (typeof v === 'string' && (values as string[]).includes(v) ? (v as T) : fail(path, values.join(' | '), v));
}

export function arrayOf<T>(item: Check<T>): Check<T[]> {
  return (v, path) => (Array.isArray(v) ? v.map((x, i) => item(x, `${path}[${i}]`)) : fail(path, 'an array', v));
}

export function record(v: unknown, path: string): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(path, 'an object', v);
}

/** Reads `key` of an object with `check`; `undefined` when absent and the field is optional. */
export function field<T>(obj: Record<string, unknown>, key: string, check: Check<T>, path: string): T;
export function field<T>(obj: Record<string, unknown>, key: string, check: Check<T>, path: string, optional: true): T | undefined;
export function field<T>(obj: Record<string, unknown>, key: string, check: Check<T>, path: string, optional = false): T | undefined {
  const value = obj[key];
  if (value === undefined && optional) return undefined;
  return check(value, `${path}.${key}`);
}

/** Runs a check on a response body, turning a shape mismatch into `bad-response`. */
export function parseResponse<T>(check: Check<T>, body: unknown, what: string, status?: number): T {
  try {
    return check(body, what);
  } catch (err) {
    if (err instanceof ShapeError) {
      throw new ApiError('bad-response', `The server sent an unexpected response (${err.message}).`, { status });
    }
    throw err;
  }
}

// ── the API's shapes ───────────────────────────────────────────────────────────────────

const modelTypeUsed = oneOf('latency_optimized', 'quality_optimized');

/**
 * An item of the language list. `supports_formality` says whether formality works with the
 * language as a target, so a target item must carry it (the spec's Language resource lists it);
 * a source item does not (the vendor's API and official client have it on targets only), and
 * one a server sends anyway is not read.
 */
export function language(type: 'source' | 'target'): Check<Language> {
  return (v, path) => {
    const o = record(v, path);
    return {
      language: field(o, 'language', string, path),
      name: field(o, 'name', string, path),
      ...(type === 'target' ? { supports_formality: field(o, 'supports_formality', boolean, path) } : {}),
    };
  };
}

export const dictionaryMeta: Check<DictionaryMeta> = (v, path) => {
  const o = record(v, path);
  return {
    source_lang: field(o, 'source_lang', string, path),
    target_lang: field(o, 'target_lang', string, path),
    entry_count: field(o, 'entry_count', count, path),
  };
};

const dictionaryEntries: Check<DictionaryEntries> = (v, path) => {
  const o = record(v, path);
  return {
    source_lang: field(o, 'source_lang', string, path),
    target_lang: field(o, 'target_lang', string, path),
    entries: field(o, 'entries', string, path),
    entries_format: field(o, 'entries_format', oneOf('tsv', 'csv'), path),
  };
};

export const glossary: Check<Glossary> = (v, path) => {
  const o = record(v, path);
  const ready = field(o, 'ready', boolean, path, true);
  return {
    glossary_id: field(o, 'glossary_id', string, path),
    name: field(o, 'name', string, path),
    dictionaries: field(o, 'dictionaries', arrayOf(dictionaryMeta), path),
    creation_time: field(o, 'creation_time', string, path),
    ...(ready === undefined ? {} : { ready }),
  };
};

export const glossaryList: Check<Glossary[]> = (v, path) => field(record(v, path), 'glossaries', arrayOf(glossary), path);

/** The entries response holds exactly the one dictionary asked for. */
export const entriesResponse: Check<DictionaryEntries> = (v, path) => {
  const list = field(record(v, path), 'dictionaries', arrayOf(dictionaryEntries), path);
  if (list.length === 0) throw new ShapeError(`${path}.dictionaries: expected one dictionary, got none`);
  return list[0];
};

/**
 * The translate response. The spec is ambiguous about where `billed_characters` and
 * `model_type_used` sit, so both are read from the top level or else from each translation
 * (billed characters summed). `expected` is the number of texts sent: results map back by
 * position, so any other count is unusable.
 */
export function translateResponse(expected: number): Check<TranslateResult> {
  return (v, path) => {
    const o = record(v, path);
    let perItemBilled: number | undefined;
    let perItemModel: TranslateResult['model_type_used'];
    const translations = field(o, 'translations', arrayOf((item, itemPath): Translation => {
      const t = record(item, itemPath);
      const billed = field(t, 'billed_characters', count, itemPath, true);
      if (billed !== undefined) perItemBilled = (perItemBilled ?? 0) + billed;
      perItemModel ??= field(t, 'model_type_used', modelTypeUsed, itemPath, true);
      return {
        detected_source_language: field(t, 'detected_source_language', string, itemPath),
        text: field(t, 'text', string, itemPath),
      };
    }), path);
    if (translations.length !== expected) {
      throw new ShapeError(`${path}.translations: expected ${expected} translations, got ${translations.length}`);
    }
    const billed = field(o, 'billed_characters', count, path, true) ?? perItemBilled;
    const model = field(o, 'model_type_used', modelTypeUsed, path, true) ?? perItemModel;
    return {
      translations,
      ...(billed === undefined ? {} : { billed_characters: billed }),
      ...(model === undefined ? {} : { model_type_used: model }),
    };
  };
}
