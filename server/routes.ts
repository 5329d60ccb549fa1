// The API's endpoints: which method and path run which handler. Bodies are read through
// request-body.ts; the rules of each endpoint live in translate.ts and glossaries.ts.
import type { Faults } from './faults';
import {
  createGlossary,
  deleteDictionary,
  deleteGlossary,
  getEntries,
  getGlossary,
  listGlossaries,
  patchGlossary,
  putDictionary,
  type GlossaryContext,
} from './glossaries';
import type { GlossaryStore } from './glossary-store';
import { HttpError, json, type Reply } from './http';
import { sourceLanguages, targetLanguages } from './languages';
import { readBodyInput, readGlossaryBody, type BodyTarget } from './request-body';
import type { RequestRecord } from './request-log';
import { billedCharacters, readTranslateParams, translate, type FieldPlacement, type Plan } from './translate';

export const TRANSLATE_BODY_LIMIT = 128 * 1024;
/** Glossary bodies carry up to 10 MB per dictionary, JSON-escaped or percent-encoded. */
export const GLOSSARY_BODY_LIMIT = 64 * 1024 * 1024;

/** What the endpoints share across requests; `plan` and `billed` change while the server runs. */
export interface ApiState {
  readonly keys: ReadonlySet<string>;
  readonly store: GlossaryStore;
  readonly faults: Faults;
  readonly glossaryLimit: number;
  readonly placement: FieldPlacement;
  plan: Plan;
  /** Characters billed since start or reset. */
  billed: number;
}

export interface RequestContext extends BodyTarget {
  query: URLSearchParams;
  /** Who the key belongs to (a hash of it): glossaries are per key. */
  owner: string;
  record: RequestRecord;
}

type Handler = (ctx: RequestContext, match: RegExpExecArray) => Promise<Reply> | Reply;

interface Route {
  pattern: RegExp;
  methods: Record<string, Handler>;
}

const ID = '([^/]+)';

export function createRoutes(state: ApiState): (method: string, path: string) => { handler: Handler; match: RegExpExecArray } {
  // Built after the body was read: it carries the body's size.
  const glossaryContext = (ctx: RequestContext): GlossaryContext => ({
    store: state.store, owner: ctx.owner, glossaryLimit: state.glossaryLimit, bodyBytes: ctx.record.bodyBytes,
  });

  async function handleTranslate(ctx: RequestContext): Promise<Reply> {
    const input = await readBodyInput(ctx, TRANSLATE_BODY_LIMIT);
    const { request, unknown } = readTranslateParams(input);
    ctx.record.params = request;
    ctx.record.textCount = request.text.length;
    if (unknown.length) ctx.record.unknownParams = unknown;
    const response = translate(request, { plan: state.plan, store: state.store, owner: ctx.owner, placement: state.placement });
    const cost = billedCharacters(request.text);
    const { faults } = state;
    if (faults.quotaCharacters !== undefined && (faults.quotaExhausted || state.billed + cost > faults.quotaCharacters)) {
      faults.quotaExhausted = true;
      throw new HttpError(456, 'Quota exceeded', `The character limit (${faults.quotaCharacters}) of this billing period has been reached`);
    }
    state.billed += cost;
    ctx.record.billedCharacters = cost;
    return json(200, response);
  }

  function handleLanguages(ctx: RequestContext): Reply {
    const type = (ctx.query.get('type') ?? 'source').toLowerCase();
    if (type !== 'source' && type !== 'target') throw new HttpError(400, "Value for 'type' not supported", "Use 'source' or 'target'");
    return json(200, type === 'target' ? targetLanguages() : sourceLanguages());
  }

  const routes: Route[] = [
    { pattern: /^\/v2\/translate$/, methods: { POST: handleTranslate } },
    { pattern: /^\/v2\/languages$/, methods: { GET: handleLanguages } },
    {
      pattern: /^\/v3\/glossaries$/,
      methods: {
        GET: (ctx) => listGlossaries(glossaryContext(ctx)),
        POST: async (ctx) => {
          const body = await readGlossaryBody(ctx, GLOSSARY_BODY_LIMIT);
          return createGlossary(glossaryContext(ctx), body);
        },
      },
    },
    {
      pattern: new RegExp(`^/v3/glossaries/${ID}$`),
      methods: {
        GET: (ctx, m) => getGlossary(glossaryContext(ctx), m[1]),
        PATCH: async (ctx, m) => {
          const body = await readGlossaryBody(ctx, GLOSSARY_BODY_LIMIT);
          return patchGlossary(glossaryContext(ctx), m[1], body);
        },
        DELETE: (ctx, m) => deleteGlossary(glossaryContext(ctx), m[1]),
      },
    },
    { pattern: new RegExp(`^/v3/glossaries/${ID}/entries$`), methods: { GET: (ctx, m) => getEntries(glossaryContext(ctx), m[1], ctx.query) } },
    {
      pattern: new RegExp(`^/v3/glossaries/${ID}/dictionaries$`),
      methods: {
        PUT: async (ctx, m) => {
          const body = await readGlossaryBody(ctx, GLOSSARY_BODY_LIMIT);
          return putDictionary(glossaryContext(ctx), m[1], body);
        },
        DELETE: (ctx, m) => deleteDictionary(glossaryContext(ctx), m[1], ctx.query),
      },
    },
  ];

  /** The handler for a request, or 404 (no such path) or 405 (with Allow). */
  return (method, path) => {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      if (Object.hasOwn(route.methods, method)) return { handler: route.methods[method], match };
      const allowed = Object.keys(route.methods).join(', ');
      throw new HttpError(405, 'Method not allowed', `${path} accepts ${allowed}`, { allow: allowed });
    }
    throw new HttpError(404, 'Not found', `No endpoint at ${path}`);
  };
}
