// Request bodies of the API, read in one place: media type (JSON or form, else 415), size limit,
// strict UTF-8, parsing, and no key in a body. A form body of a glossary request is mapped to the
// JSON shape here, so the glossary rules validate one shape whichever encoding a client chose.
import type { IncomingMessage } from 'node:http';
import { decodeUtf8, HttpError, parseForm, parseJsonObject, readBody, requireMediaType } from './http';

export type BodyInput = { json: Record<string, unknown> } | { form: Map<string, string[]> };

/** The parts of a request's context that reading its body fills in. */
export interface BodyTarget {
  req: IncomingMessage;
  record: { contentType?: string; bodyBytes: number; params?: unknown };
  /** performance.now() when the body had been read. */
  bodyReadAt?: number;
}

const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

/** Reads a JSON object or form body; anything else is 415, a key in the body is 403. */
export async function readBodyInput(ctx: BodyTarget, limit: number): Promise<BodyInput> {
  const type = requireMediaType(ctx.req, BODY_TYPES);
  ctx.record.contentType = type;
  const body = await readBody(ctx.req, limit);
  ctx.bodyReadAt = performance.now();
  ctx.record.bodyBytes = body.length;
  const text = decodeUtf8(body);
  const input: BodyInput = type === 'application/json' ? { json: parseJsonObject(text) } : { form: parseForm(text) };
  if ('json' in input ? Object.hasOwn(input.json, 'auth_key') : input.form.has('auth_key')) {
    throw new HttpError(403, 'Authorization failed', 'Send the key in the Authorization header, never in the body');
  }
  return input;
}

/** The body of a glossary write (POST, PATCH, PUT) in its JSON shape, logged as such. */
export async function readGlossaryBody(ctx: BodyTarget, limit: number): Promise<Record<string, unknown>> {
  const input = await readBodyInput(ctx, limit);
  const body = 'json' in input ? input.json : glossaryBodyFromForm(input.form);
  ctx.record.params = body;
  return body;
}

const DICTIONARY_FIELD_RE = /^dictionaries\[(0|[1-9][0-9]{0,5})\]\.([a-z_]+)$/;

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * Maps form fields to the JSON body: plain fields (`name`, `source_lang`, `entries` …) become
 * string members, `dictionaries[i].field` becomes `dictionaries: [{field}, …]`. Every field
 * appears once and indices run from 0 without gaps; the values are then validated as JSON's are.
 */
function glossaryBodyFromForm(form: Map<string, string[]>): Record<string, unknown> {
  const fields: [string, unknown][] = [];
  const dictionaries = new Map<number, [string, string][]>();
  for (const [name, values] of form) {
    if (values.length > 1) {
      throw new HttpError(400, `Form field '${shorten(name)}' is given ${values.length} times`, 'Each field of a glossary request appears once');
    }
    if (!name.startsWith('dictionaries[')) {
      fields.push([name, values[0]]);
      continue;
    }
    const m = DICTIONARY_FIELD_RE.exec(name);
    if (!m) {
      throw new HttpError(400, `Form field '${shorten(name)}' is malformed`, 'Dictionary fields are written dictionaries[<index>].<field>, e.g. dictionaries[0].source_lang');
    }
    const index = Number(m[1]);
    const dict = dictionaries.get(index) ?? [];
    dictionaries.set(index, dict);
    dict.push([m[2], values[0]]);
  }
  if (dictionaries.size > 0) {
    if (form.has('dictionaries')) throw new HttpError(400, "Form field 'dictionaries' is given both as a value and as indexed fields");
    const list: Record<string, string>[] = [];
    for (let i = 0; i < dictionaries.size; i++) {
      const dict = dictionaries.get(i);
      if (!dict) {
        const given = [...dictionaries.keys()].sort((a, b) => a - b).slice(0, 10).join(', ');
        throw new HttpError(400, `Form fields of dictionaries[${i}] are missing`, `Dictionary indices run from 0 without gaps; got ${given}`);
      }
      list.push(Object.fromEntries(dict));
    }
    fields.push(['dictionaries', list]);
  }
  // fromEntries defines own members, so a field named __proto__ stays an ordinary (ignored) field.
  return Object.fromEntries(fields);
}
