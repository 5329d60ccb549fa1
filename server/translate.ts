// POST /v2/translate: strict parameter checking (JSON or form bodies) and the pseudo-translated
// response. Every rule of the spec that the real service enforces is enforced here too.
import { HttpError } from './http';
import type { BodyInput } from './request-body';
import { checkSource, checkTarget, FORMALITY_TARGETS } from './languages';
import { segmentMarkup, segmentsText, translatableText } from './markup';
import { detectLanguage } from './detect';
import { pseudoTranslate, pseudoTranslateSegments, type PseudoFormality } from './pseudo';
import { matcherOf, type GlossaryStore } from './glossary-store';

export type Plan = 'free' | 'paid';

/** The request's parameters after validation, as the request log shows them. */
export interface TranslateRequest {
  text: string[];
  target_lang: string;
  source_lang?: string;
  context?: string;
  model_type?: 'latency_optimized' | 'quality_optimized' | 'prefer_quality_optimized';
  split_sentences?: '0' | '1' | 'nonewlines';
  preserve_formatting?: boolean;
  formality?: PseudoFormality;
  glossary_id?: string;
  show_billed_characters?: boolean;
  tag_handling?: 'html' | 'xml';
  outline_detection?: boolean;
  non_splitting_tags?: string[];
  splitting_tags?: string[];
  ignore_tags?: string[];
}

const KNOWN = new Set([
  'text', 'target_lang', 'source_lang', 'context', 'model_type', 'split_sentences', 'preserve_formatting', 'formality',
  'glossary_id', 'show_billed_characters', 'tag_handling', 'outline_detection', 'non_splitting_tags', 'splitting_tags', 'ignore_tags',
]);

/** Uniform access to JSON and form parameters, each with its own strict typing rules. */
interface ParamSource {
  has(name: string): boolean;
  string(name: string): string | undefined;
  boolean(name: string): boolean | undefined;
  texts(): string[] | undefined;
  tags(name: string): string[] | undefined;
  names(): string[];
}

function fromJson(body: Record<string, unknown>): ParamSource {
  const present = (name: string) => body[name] !== undefined && body[name] !== null;
  return {
    has: present,
    names: () => Object.keys(body),
    string(name) {
      if (!present(name)) return undefined;
      const v = body[name];
      if (typeof v !== 'string') throw new HttpError(400, `Parameter '${name}' must be a string`, `Got ${JSON.stringify(v).slice(0, 80)}`);
      return v;
    },
    boolean(name) {
      if (!present(name)) return undefined;
      const v = body[name];
      if (typeof v !== 'boolean') throw new HttpError(400, `Parameter '${name}' must be true or false`, `Got ${JSON.stringify(v).slice(0, 80)}`);
      return v;
    },
    texts() {
      if (!present('text')) return undefined;
      const v = body.text;
      if (!Array.isArray(v)) throw new HttpError(400, "Parameter 'text' must be an array of strings", `Got ${typeof v}`);
      v.forEach((t, i) => {
        if (typeof t !== 'string') throw new HttpError(400, "Parameter 'text' must be an array of strings", `text[${i}] is ${t === null ? 'null' : typeof t}`);
      });
      return v as string[];
    },
    tags(name) {
      if (!present(name)) return undefined;
      const v = body[name];
      if (typeof v === 'string') return splitTags(v, name);
      if (Array.isArray(v) && v.every((t) => typeof t === 'string')) return v.flatMap((t: string) => splitTags(t, name));
      throw new HttpError(400, `Parameter '${name}' must be an array of tag names`);
    },
  };
}

function fromForm(form: Map<string, string[]>): ParamSource {
  const single = (name: string): string | undefined => {
    const values = form.get(name);
    if (!values) return undefined;
    if (values.length > 1) throw new HttpError(400, `Parameter '${name}' is given ${values.length} times`, 'Only text may be repeated');
    return values[0];
  };
  return {
    has: (name) => form.has(name),
    names: () => [...form.keys()],
    string: single,
    boolean(name) {
      const v = single(name);
      if (v === undefined) return undefined;
      if (v === '1') return true;
      if (v === '0') return false;
      throw new HttpError(400, `Parameter '${name}' must be 1 or 0 in a form body`, `Got '${v.slice(0, 40)}'`);
    },
    texts: () => form.get('text'),
    tags(name) {
      const values = form.get(name);
      return values ? values.flatMap((v) => splitTags(v, name)) : undefined;
    },
  };
}

const TAG_NAME_RE = /^[A-Za-z_:][-A-Za-z0-9_.:]*$/;

function splitTags(value: string, name: string): string[] {
  const tags = value.split(',').map((t) => t.trim()).filter((t) => t !== '');
  for (const tag of tags) {
    if (!TAG_NAME_RE.test(tag)) throw new HttpError(400, `Parameter '${name}' holds '${tag.slice(0, 40)}', which is not a tag name`);
  }
  return tags;
}

function oneOf<T extends string>(params: ParamSource, name: string, allowed: readonly T[]): T | undefined {
  const v = params.string(name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) {
    throw new HttpError(400, `Value for '${name}' not supported`, `'${v.slice(0, 40)}' is not one of ${allowed.join(', ')}`);
  }
  return v as T;
}

const MAX_TEXTS = 50;

/** Validates parameters; throws HttpError 400 for the first broken rule. */
export function readTranslateParams(input: BodyInput): { request: TranslateRequest; unknown: string[] } {
  const params = 'json' in input ? fromJson(input.json) : fromForm(input.form);
  const text = params.texts();
  if (text === undefined) throw new HttpError(400, "Parameter 'text' is required");
  if (text.length === 0) throw new HttpError(400, "Parameter 'text' must hold at least one text");
  if (text.length > MAX_TEXTS) throw new HttpError(400, `Too many texts: ${text.length}`, `At most ${MAX_TEXTS} texts per request`);

  const rawTarget = params.string('target_lang');
  if (rawTarget === undefined) throw new HttpError(400, "Parameter 'target_lang' is required");
  const target = checkTarget(rawTarget);
  if ('error' in target) throw new HttpError(400, "Value for 'target_lang' not supported", target.error);

  const request: TranslateRequest = { text, target_lang: target.code };
  const rawSource = params.string('source_lang');
  if (rawSource !== undefined) {
    const source = checkSource(rawSource);
    if ('error' in source) throw new HttpError(400, "Value for 'source_lang' not supported", source.error);
    request.source_lang = source.code;
  }
  const context = params.string('context');
  if (context !== undefined) request.context = context;
  request.model_type = oneOf(params, 'model_type', ['latency_optimized', 'quality_optimized', 'prefer_quality_optimized'] as const);
  request.split_sentences = oneOf(params, 'split_sentences', ['0', '1', 'nonewlines'] as const);
  request.preserve_formatting = params.boolean('preserve_formatting');
  request.formality = oneOf(params, 'formality', ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const);
  const glossaryId = params.string('glossary_id');
  if (glossaryId !== undefined) request.glossary_id = glossaryId;
  request.show_billed_characters = params.boolean('show_billed_characters');
  request.tag_handling = oneOf(params, 'tag_handling', ['html', 'xml'] as const);
  request.outline_detection = params.boolean('outline_detection');
  request.non_splitting_tags = params.tags('non_splitting_tags');
  request.splitting_tags = params.tags('splitting_tags');
  request.ignore_tags = params.tags('ignore_tags');
  for (const key of Object.keys(request) as (keyof TranslateRequest)[]) if (request[key] === undefined) delete request[key];

  if ((request.formality === 'more' || request.formality === 'less') && !FORMALITY_TARGETS.has(request.target_lang)) {
    throw new HttpError(400, `formality '${request.formality}' is not supported for target language ${request.target_lang}`, "Use 'prefer_more' or 'prefer_less' to fall back to the default formality");
  }
  if (request.glossary_id !== undefined && request.source_lang === undefined) {
    throw new HttpError(400, "Parameter 'source_lang' is required when using a glossary");
  }
  return { request, unknown: params.names().filter((n) => !KNOWN.has(n)) };
}

/** Characters billed for a request: every character (code point) of every text, not context. */
export function billedCharacters(texts: readonly string[]): number {
  let count = 0;
  for (const t of texts) {
    count += t.length;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length) {
        const d = t.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          count--;
          i++;
        }
      }
    }
  }
  return count;
}

export type FieldPlacement = 'top' | 'each' | 'both';

interface TranslateContext {
  plan: Plan;
  store: GlossaryStore;
  owner: string;
  /** Where billed_characters and model_type_used go (the spec is ambiguous; default both). */
  placement: FieldPlacement;
}

export interface TranslateResponse {
  translations: { detected_source_language: string; text: string; billed_characters?: number; model_type_used?: string }[];
  billed_characters?: number;
  model_type_used?: 'latency_optimized' | 'quality_optimized';
}

/** Applies the plan, glossary and model rules and pseudo-translates every text in order. */
export function translate(request: TranslateRequest, ctx: TranslateContext): TranslateResponse {
  let modelUsed: 'latency_optimized' | 'quality_optimized' = 'latency_optimized';
  if (request.model_type === 'quality_optimized') {
    if (ctx.plan === 'free') {
      throw new HttpError(400, "model_type 'quality_optimized' is not available on the free plan", "Use the paid-plan address, or 'prefer_quality_optimized' to fall back");
    }
    modelUsed = 'quality_optimized';
  } else if (request.model_type === 'prefer_quality_optimized') {
    modelUsed = ctx.plan === 'paid' ? 'quality_optimized' : 'latency_optimized';
  }

  let glossary;
  if (request.glossary_id !== undefined) {
    const found = ctx.store.get(ctx.owner, request.glossary_id);
    if (!found) throw new HttpError(404, 'Glossary not found', `No glossary with id '${request.glossary_id}' exists for this key`);
    const source = request.source_lang!.split('-')[0].toLowerCase();
    const target = request.target_lang.split('-')[0].toLowerCase();
    const dict = found.dictionaries.find((d) => d.source === source && d.target === target);
    if (!dict) {
      const pairs = found.dictionaries.map((d) => `${d.source}→${d.target}`).join(', ') || 'none';
      throw new HttpError(400, `The glossary has no dictionary for ${source}→${target}`, `Its dictionaries: ${pairs}`);
    }
    glossary = matcherOf(dict);
  }

  const tagHandling = request.tag_handling;
  // The quality model ignores split_sentences.
  const split = modelUsed === 'quality_optimized'
    ? (tagHandling ? 'nonewlines' : '0')
    : (request.split_sentences ?? (tagHandling === 'html' ? 'nonewlines' : '1'));
  const options = {
    formality: request.formality,
    preserveFormatting: request.preserve_formatting ?? false,
    splitSentences: split,
    tagHandling,
    ignoreTags: request.ignore_tags,
    glossary,
  } as const;

  let fallbackLanguage: string | undefined;
  const plainOf = (text: string) => translatableText(text, tagHandling, request.ignore_tags);
  const detect = (plain: string): string => {
    if (request.source_lang) return request.source_lang;
    if (/\p{L}/u.test(plain)) return detectLanguage(plain);
    fallbackLanguage ??= detectLanguage(request.text.map(plainOf).join(' '));
    return fallbackLanguage;
  };

  const top = ctx.placement !== 'each';
  const each = ctx.placement !== 'top';
  const response: TranslateResponse = {
    translations: request.text.map((text) => {
      let translated: string;
      let detected: string;
      if (tagHandling) {
        // Split once, for detection and translation.
        const segments = segmentMarkup(text, { mode: tagHandling, ignoreTags: request.ignore_tags });
        detected = request.source_lang ?? detect(segmentsText(segments));
        translated = pseudoTranslateSegments(segments, request.target_lang, options);
      } else {
        detected = detect(text);
        translated = pseudoTranslate(text, request.target_lang, options);
      }
      const translation: TranslateResponse['translations'][number] = { detected_source_language: detected, text: translated };
      if (request.show_billed_characters && each) translation.billed_characters = billedCharacters([text]);
      if (request.model_type && each) translation.model_type_used = modelUsed;
      return translation;
    }),
  };
  if (request.show_billed_characters && top) response.billed_characters = billedCharacters(request.text);
  if (request.model_type && top) response.model_type_used = modelUsed;
  return response;
}
