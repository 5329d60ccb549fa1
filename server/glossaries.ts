// The eight v3 glossary operations, with the spec's semantics: PUT replaces or adds one
// dictionary, PATCH renames and/or merges one, entries come back only as TSV, and list and
// metadata never carry entries.
import {
  checkDictionarySize,
  dictionaryBytes,
  MAX_DICTIONARY_BYTES,
  parseEntries,
  validateName,
  type EntriesFormat,
} from '../utils/glossary/entries';
import { HttpError, json, type Reply } from './http';
import { checkGlossaryLanguage } from './languages';
import { dictionaryTsv, type GlossaryStore, type StoredDictionary, type StoredGlossary } from './glossary-store';

export interface GlossaryContext {
  store: GlossaryStore;
  owner: string;
  glossaryLimit: number;
  /** Bytes of the request body: no dictionary in a body of at most 10 MB can be over 10 MB. */
  bodyBytes?: number;
}

/** What a dictionary request body asks for, validated and parsed. */
interface DictionaryInput {
  source: string;
  target: string;
  entries: Map<string, string>;
}

function metadata(dict: StoredDictionary) {
  return { source_lang: dict.source, target_lang: dict.target, entry_count: dict.entries.size };
}

function glossaryBody(g: StoredGlossary, ready?: boolean) {
  return {
    glossary_id: g.id,
    ...(ready === undefined ? {} : { ready }),
    name: g.name,
    dictionaries: g.dictionaries.map(metadata),
    creation_time: g.creationTime,
  };
}

function requireName(value: unknown): string {
  const problem = validateName(value);
  if (problem) throw new HttpError(400, problem.message, `Invalid name: ${problem.message}`);
  return value as string;
}

function pairLabel(source: string, target: string): string {
  return `${source}→${target}`;
}

/** Validates one Dictionary-with-entries object and parses its entries. */
function readDictionary(value: unknown, where: string, bodyBytes = Infinity): DictionaryInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, `${where} must be an object with source_lang, target_lang, entries and entries_format`);
  }
  const d = value as Record<string, unknown>;
  const source = checkGlossaryLanguage(d.source_lang, 'source_lang');
  if ('error' in source) throw new HttpError(400, `${where}: ${source.error}`);
  const target = checkGlossaryLanguage(d.target_lang, 'target_lang');
  if ('error' in target) throw new HttpError(400, `${where}: ${target.error}`);
  if (source.code === target.code) throw new HttpError(400, `${where}: source_lang and target_lang are both '${source.code}'`);
  if (typeof d.entries !== 'string') throw new HttpError(400, `${where}: entries must be a string`);
  if (d.entries_format !== 'tsv' && d.entries_format !== 'csv') {
    throw new HttpError(400, `${where}: entries_format must be 'tsv' or 'csv'`, `Got ${JSON.stringify(d.entries_format ?? null)}`);
  }
  const pair = pairLabel(source.code, target.code);
  const size = bodyBytes > MAX_DICTIONARY_BYTES ? checkDictionarySize(d.entries) : undefined;
  if (size) throw new HttpError(413, `The ${pair} dictionary is too large`, size.message);
  const parsed = parseEntries(d.entries, d.entries_format as EntriesFormat, { source: source.code, target: target.code });
  if (parsed.problemCount > 0) {
    const shown = parsed.problems.slice(0, 10).map((p) => p.message).join('; ');
    const more = parsed.problemCount > 10 ? `; and ${parsed.problemCount - 10} more` : '';
    throw new HttpError(400, `Invalid entries in the ${pair} dictionary: ${parsed.problems[0].message}`, `${parsed.problemCount} problem${parsed.problemCount === 1 ? '' : 's'}: ${shown}${more}`);
  }
  if (parsed.entries.length === 0) {
    const ignored = parsed.ignored ? ` (${parsed.ignored} line${parsed.ignored === 1 ? ' was' : 's were'} for another language pair and ignored)` : '';
    throw new HttpError(400, `The ${pair} dictionary has no entries${ignored}`);
  }
  const entries = new Map<string, string>();
  for (const e of parsed.entries) entries.set(e.source, e.target);
  return { source: source.code, target: target.code, entries };
}

function toStored(input: DictionaryInput): StoredDictionary {
  return { source: input.source, target: input.target, entries: input.entries };
}

function findGlossary(ctx: GlossaryContext, id: string): StoredGlossary {
  const glossary = ctx.store.get(ctx.owner, id);
  if (!glossary) throw new HttpError(404, 'Glossary not found', `No glossary with id '${id}' exists for this key`);
  return glossary;
}

function queryPair(query: URLSearchParams): { source: string; target: string } {
  const source = checkGlossaryLanguage(query.get('source_lang') ?? undefined, 'source_lang');
  if ('error' in source) throw new HttpError(400, source.error, 'Give the dictionary as query parameters source_lang and target_lang');
  const target = checkGlossaryLanguage(query.get('target_lang') ?? undefined, 'target_lang');
  if ('error' in target) throw new HttpError(400, target.error, 'Give the dictionary as query parameters source_lang and target_lang');
  return { source: source.code, target: target.code };
}

function findDictionary(glossary: StoredGlossary, pair: { source: string; target: string }): StoredDictionary {
  const dict = glossary.dictionaries.find((d) => d.source === pair.source && d.target === pair.target);
  if (!dict) throw new HttpError(404, 'Dictionary not found', `The glossary has no ${pairLabel(pair.source, pair.target)} dictionary`);
  return dict;
}

export async function createGlossary(ctx: GlossaryContext, body: Record<string, unknown>): Promise<Reply> {
  const name = requireName(body.name);
  // No dictionaries is a valid (empty) glossary, as the vendor's API has it.
  const given = body.dictionaries === undefined ? [] : body.dictionaries;
  if (!Array.isArray(given)) throw new HttpError(400, 'dictionaries must be an array of dictionaries');
  if (ctx.store.count(ctx.owner) >= ctx.glossaryLimit) {
    throw new HttpError(456, 'Glossary limit reached', `This plan allows ${ctx.glossaryLimit} glossaries; delete one to create another`);
  }
  const dictionaries: StoredDictionary[] = [];
  given.forEach((value: unknown, index) => {
    const input = readDictionary(value, `dictionaries[${index}]`, ctx.bodyBytes);
    if (dictionaries.some((d) => d.source === input.source && d.target === input.target)) {
      throw new HttpError(400, `dictionaries[${index}]: a second ${pairLabel(input.source, input.target)} dictionary`, 'Each language pair may appear once');
    }
    dictionaries.push(toStored(input));
  });
  const glossary = await ctx.store.create(ctx.owner, name, dictionaries);
  return json(201, glossaryBody(glossary, true));
}

export function listGlossaries(ctx: GlossaryContext): Reply {
  return json(200, { glossaries: ctx.store.list(ctx.owner).map((g) => glossaryBody(g)) });
}

export function getGlossary(ctx: GlossaryContext, id: string): Reply {
  return json(200, glossaryBody(findGlossary(ctx, id)));
}

export function getEntries(ctx: GlossaryContext, id: string, query: URLSearchParams): Reply {
  const glossary = findGlossary(ctx, id);
  const dict = findDictionary(glossary, queryPair(query));
  return json(200, { dictionaries: [{ source_lang: dict.source, target_lang: dict.target, entries: dictionaryTsv(dict), entries_format: 'tsv' }] });
}

export async function putDictionary(ctx: GlossaryContext, id: string, body: Record<string, unknown>): Promise<Reply> {
  const glossary = findGlossary(ctx, id);
  if ('dictionaries' in body) {
    throw new HttpError(400, 'PUT changes one dictionary', 'Send source_lang, target_lang, entries and entries_format at the top level of the body');
  }
  const input = readDictionary(body, 'The dictionary', ctx.bodyBytes);
  const index = glossary.dictionaries.findIndex((d) => d.source === input.source && d.target === input.target);
  const stored = toStored(input);
  if (index >= 0) glossary.dictionaries[index] = stored;
  else glossary.dictionaries.push(stored);
  await ctx.store.save(glossary);
  return json(index >= 0 ? 200 : 201, metadata(stored));
}

export async function patchGlossary(ctx: GlossaryContext, id: string, body: Record<string, unknown>): Promise<Reply> {
  const glossary = findGlossary(ctx, id);
  const hasName = body.name !== undefined;
  const hasDictionaries = body.dictionaries !== undefined;
  if (!hasName && !hasDictionaries) throw new HttpError(400, 'Nothing to change', 'PATCH takes a name, dictionaries (one), or both');
  const name = hasName ? requireName(body.name) : glossary.name;
  let merged: StoredDictionary | undefined;
  let index = -1;
  if (hasDictionaries) {
    if (!Array.isArray(body.dictionaries) || body.dictionaries.length === 0) {
      throw new HttpError(400, 'dictionaries must be an array holding one dictionary');
    }
    if (body.dictionaries.length > 1) {
      throw new HttpError(400, 'PATCH changes one dictionary per call', `Got ${body.dictionaries.length}; send one call per language pair`);
    }
    const input = readDictionary(body.dictionaries[0], 'dictionaries[0]', ctx.bodyBytes);
    index = glossary.dictionaries.findIndex((d) => d.source === input.source && d.target === input.target);
    const entries = new Map(index >= 0 ? glossary.dictionaries[index].entries : []);
    for (const [source, target] of input.entries) entries.set(source, target);
    merged = { source: input.source, target: input.target, entries };
    const bytes = dictionaryBytes(dictionaryTsv(merged));
    if (bytes > MAX_DICTIONARY_BYTES) {
      throw new HttpError(413, `The merged ${pairLabel(input.source, input.target)} dictionary is too large`, `It would be ${bytes} bytes; at most ${MAX_DICTIONARY_BYTES} bytes are allowed per dictionary`);
    }
  }
  // Apply only after everything validated, so a failed PATCH changes nothing.
  glossary.name = name;
  if (merged) {
    if (index >= 0) glossary.dictionaries[index] = merged;
    else glossary.dictionaries.push(merged);
  }
  await ctx.store.save(glossary);
  return json(200, glossaryBody(glossary));
}

export async function deleteGlossary(ctx: GlossaryContext, id: string): Promise<Reply> {
  await ctx.store.delete(findGlossary(ctx, id));
  return { status: 204 };
}

export async function deleteDictionary(ctx: GlossaryContext, id: string, query: URLSearchParams): Promise<Reply> {
  const glossary = findGlossary(ctx, id);
  const dict = findDictionary(glossary, queryPair(query));
  glossary.dictionaries = glossary.dictionaries.filter((d) => d !== dict);
  await ctx.store.save(glossary);
  return { status: 204 };
}
