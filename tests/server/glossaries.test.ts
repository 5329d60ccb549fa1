// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, OTHER_KEY, useServer } from './helpers';

const server = useServer({ glossaryLimit: 3 });

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const dict = (entries: string, source = 'en', target = 'de', entries_format = 'tsv') => ({ source_lang: source, target_lang: target, entries, entries_format });

async function create(body: Record<string, unknown> = { name: 'Terms', dictionaries: [dict('cat\tKatze\ndog\tHund')] }, key?: string) {
  return call(server(), 'POST', '/v3/glossaries', { json: body, key });
}

async function entries(id: string, source = 'en', target = 'de') {
  return call(server(), 'GET', `/v3/glossaries/${id}/entries`, { query: { source_lang: source, target_lang: target } });
}

describe('create', () => {
  it('answers 201 with the glossary: UUID id, ready, metadata, ISO time with milliseconds', async () => {
    const before = Date.now();
    const res = await create({ name: 'Terms', dictionaries: [dict('cat\tKatze\ndog\tHund'), dict('chat,cat\nchien,dog', 'fr', 'en', 'csv')] });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({
      glossary_id: expect.stringMatching(UUID_RE),
      ready: true,
      name: 'Terms',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entry_count: 2 },
        { source_lang: 'fr', target_lang: 'en', entry_count: 2 },
      ],
      creation_time: expect.stringMatching(ISO_MS_RE),
    });
    expect(Date.parse(res.data.creation_time)).toBeGreaterThanOrEqual(before - 1);
  });

  it('reads language codes case-insensitively and answers them in lower case', async () => {
    const res = await create({ name: 'T', dictionaries: [dict('a\tb', 'EN', 'De')] });
    expect(res.data.dictionaries[0]).toMatchObject({ source_lang: 'en', target_lang: 'de' });
  });

  it('rejects language variants, unknown languages and equal pairs', async () => {
    for (const [s, t] of [['en-GB', 'de'], ['en', 'pt-br'], ['xx', 'de'], ['en', 'EN']]) {
      const res = await create({ name: 'T', dictionaries: [dict('a\tb', s, t)] });
      expect(res.status, `${s}→${t}`).toBe(400);
    }
    expect((await create({ name: 'T', dictionaries: [dict('a\tb', 'en-GB', 'de')] })).data.message).toMatch(/use 'en'/);
  });

  it('validates the name: required, not blank, at most 1024 UTF-8 bytes', async () => {
    expect((await create({ dictionaries: [dict('a\tb')] })).status).toBe(400);
    expect((await create({ name: '  ', dictionaries: [dict('a\tb')] })).status).toBe(400);
    expect((await create({ name: 'ä'.repeat(512), dictionaries: [dict('a\tb')] })).status).toBe(201);
    const long = await create({ name: 'ä'.repeat(513), dictionaries: [dict('a\tb')] });
    expect(long.status).toBe(400);
    expect(long.data.message).toMatch(/1026 bytes/);
  });

  it('accepts no dictionaries (an empty glossary); needs each pair once, with entries_format tsv or csv', async () => {
    const empty = await create({ name: 'Empty', dictionaries: [] });
    expect(empty.status).toBe(201);
    expect(empty.data).toMatchObject({ name: 'Empty', ready: true, dictionaries: [] });
    expect((await create({ name: 'No field' })).data.dictionaries).toEqual([]);
    expect((await create({ name: 'T', dictionaries: 'a\tb' })).status).toBe(400);
    expect((await create({ name: 'T', dictionaries: null })).status).toBe(400);
    expect((await create({ name: 'T', dictionaries: [dict('a\tb'), dict('c\td')] })).status).toBe(400);
    expect((await create({ name: 'T', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb' }] })).status).toBe(400);
    expect((await create({ name: 'T', dictionaries: [dict('a\tb', 'en', 'de', 'xlsx')] })).status).toBe(400);
    expect((await create({ name: 'T', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 5, entries_format: 'tsv' }] })).status).toBe(400);
  });

  it.each([
    ['a duplicate source', 'cat\tKatze\ncat\tMieze', /Line 2: the source phrase "cat" already appears on line 1/],
    ['an empty target', 'cat\t', /Line 1: the target phrase is empty/],
    ['a control character', 'c\u0007at\tKatze', /Line 1: the source phrase contains a control character/],
    ['a Unicode line separator', 'cat\tKa\u2028tze', /Line 1: the target phrase contains a Unicode line break/],
    ['trailing whitespace', 'dog\tHund\ncat \tKatze', /Line 2: the source phrase has leading or trailing whitespace/],
    ['a phrase over 1024 bytes', `cat\t${'ü'.repeat(513)}`, /Line 1: the target phrase is 1026 bytes long/],
    ['a line without a tab', 'cat Katze', /Line 1 has no tab/],
    ['two tabs', 'cat\tKatze\tx', /Line 1 has more than one tab/],
  ])('rejects entries with %s, naming the line', async (_name, text, message) => {
    const res = await create({ name: 'T', dictionaries: [dict(text)] });
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(message);
  });

  it('rejects CSV quoting errors and lists several problems in the detail', async () => {
    const res = await create({ name: 'T', dictionaries: [dict('"cat,Katze\n dog,Hund\nok,gut', 'en', 'de', 'csv')] });
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(/Line 1: a quoted field is not closed/);
    expect(res.data.detail).toMatch(/^2 problems: .*Line 2/);
  });

  it('ignores CSV lines for another pair, and refuses a dictionary left empty by that', async () => {
    const ok = await create({ name: 'T', dictionaries: [dict('cat,Katze,en,de\ncat,chat,en,fr\ndog,Hund,EN-GB,DE', 'en', 'de', 'csv')] });
    expect(ok.status).toBe(201);
    expect(ok.data.dictionaries[0].entry_count).toBe(2);
    const empty = await create({ name: 'T', dictionaries: [dict('cat,chat,en,fr', 'en', 'de', 'csv')] });
    expect(empty.status).toBe(400);
    expect(empty.data.message).toMatch(/no entries \(1 line was for another language pair and ignored\)/);
  });

  it('rejects a dictionary over 10 MB with 413', async () => {
    const line = `${'x'.repeat(90)}`;
    const lines: string[] = [];
    for (let i = 0; lines.length * 100 < 10_100_000; i++) lines.push(`${line}${String(i).padStart(8, '0')}\ty`);
    const res = await create({ name: 'Big', dictionaries: [dict(lines.join('\n'))] });
    expect(res.status).toBe(413);
    expect(res.data.detail).toMatch(/at most 10 MB/);
  });

  it('rejects a PUT over 10 MB, and a PATCH whose merged dictionary would pass 10 MB, with 413', async () => {
    const lines = (prefix: string, megabytes: number) => {
      const out: string[] = [];
      for (let i = 0; out.length * 100 < megabytes * 1_000_000; i++) out.push(`${prefix}${String(i).padStart(90, '0')}\tyyyyyyy`);
      return out.join('\n');
    };
    const id = (await create({ name: 'Big', dictionaries: [dict(lines('a', 6))] })).data.glossary_id;
    const put = await call(server(), 'PUT', `/v3/glossaries/${id}/dictionaries`, { json: dict(lines('b', 10.1)) });
    expect(put.status).toBe(413);
    const patch = await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { dictionaries: [dict(lines('c', 5))] } });
    expect(patch.status).toBe(413);
    expect(patch.data.message).toBe('The merged en→de dictionary is too large');
    expect((await call(server(), 'GET', `/v3/glossaries/${id}`)).data.dictionaries[0].entry_count).toBe(60_000);
  });

  it('enforces the glossary limit per key', async () => {
    for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
    const over = await create();
    expect(over.status).toBe(456);
    expect(over.data.message).toBe('Glossary limit reached');
    expect((await create(undefined, OTHER_KEY)).status).toBe(201);
  });

  it('accepts JSON and form bodies only', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await call(server(), 'POST', '/v3/glossaries', { body: 'name=T', headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
    }
    expect((await call(server(), 'POST', '/v3/glossaries', { body: 'name=T' })).status).toBe(415);
  });
});

/** A JSON-shaped glossary body as form fields, the way the vendor's client writes them. */
function formOf(body: Record<string, unknown>): [string, string][] {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'dictionaries' && Array.isArray(value)) {
      value.forEach((d: Record<string, string>, i) => {
        for (const [field, v] of Object.entries(d)) fields.push([`dictionaries[${i}].${field}`, String(v)]);
      });
    } else fields.push([key, String(value)]);
  }
  return fields;
}

describe('form-encoded bodies', () => {
  it('creates a glossary from name and dictionaries[i].field fields, and logs the body in its JSON shape', async () => {
    const body = { name: 'Form', dictionaries: [dict('cat\tKatze'), dict('chat,cat\nchien,dog', 'fr', 'en', 'csv')] };
    const res = await call(server(), 'POST', '/v3/glossaries', { form: formOf(body) });
    expect(res.status).toBe(201);
    expect(res.data.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'de', entry_count: 1 }, { source_lang: 'fr', target_lang: 'en', entry_count: 2 }]);
    expect(server().log.at(-1)).toMatchObject({ contentType: 'application/x-www-form-urlencoded', params: body });
    const empty = await call(server(), 'POST', '/v3/glossaries', { form: [['name', 'Empty']] });
    expect(empty.status).toBe(201);
    expect(empty.data.dictionaries).toEqual([]);
  });

  it('renames and merges with PATCH, and replaces with PUT (plain fields)', async () => {
    const id = (await create()).data.glossary_id;
    const renamed = await call(server(), 'PATCH', `/v3/glossaries/${id}`, { form: [['name', 'Renamed']] });
    expect(renamed.data.name).toBe('Renamed');
    const merged = await call(server(), 'PATCH', `/v3/glossaries/${id}`, { form: formOf({ dictionaries: [dict('dog\tRüde\nbird\tVogel')] }) });
    expect(merged.data.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'de', entry_count: 3 }]);
    const put = await call(server(), 'PUT', `/v3/glossaries/${id}/dictionaries`, { form: formOf(dict('Katze,cat', 'de', 'en', 'csv')) });
    expect(put.status).toBe(201);
    expect(put.data).toEqual({ source_lang: 'de', target_lang: 'en', entry_count: 1 });
    expect((await entries(id, 'de', 'en')).data.dictionaries[0].entries).toBe('Katze\tcat');
  });

  it.each([
    ['POST', { dictionaries: [dict('a\tb')] }],
    ['POST', { name: ' ', dictionaries: [dict('a\tb')] }],
    ['POST', { name: 'T', dictionaries: [dict('a\tb', 'en-GB')] }],
    ['POST', { name: 'T', dictionaries: [dict('a\tb', 'en', 'en')] }],
    ['POST', { name: 'T', dictionaries: [dict('a\tb'), dict('c\td')] }],
    ['POST', { name: 'T', dictionaries: [dict('a\tb', 'en', 'de', 'xlsx')] }],
    ['POST', { name: 'T', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb' }] }],
    ['POST', { name: 'T', dictionaries: [dict('cat\tKatze\ncat\tMieze')] }],
    ['POST', { name: 'T', dictionaries: [dict('a,b,fr,en', 'en', 'de', 'csv')] }],
    ['PATCH', {}],
    ['PATCH', { name: 'X', dictionaries: [dict('a\tb'), dict('c\td', 'de', 'en')] }],
    ['PATCH', { dictionaries: [dict('x\t')] }],
    ['PUT', dict('bird\t')],
    ['PUT', { source_lang: 'en', target_lang: 'de', entries: 'a\tb' }],
    ['PUT', { dictionaries: [dict('a\tb')] }],
  ] as const)('answers %s %j in a form body exactly as in JSON', async (method, body) => {
    const id = (await create()).data.glossary_id;
    const path = method === 'POST' ? '/v3/glossaries' : method === 'PATCH' ? `/v3/glossaries/${id}` : `/v3/glossaries/${id}/dictionaries`;
    const asJson = await call(server(), method, path, { json: body });
    const asForm = await call(server(), method, path, { form: formOf(body) });
    expect(asJson.status).toBe(400);
    expect({ status: asForm.status, body: asForm.data }).toEqual({ status: asJson.status, body: asJson.data });
  });

  it('refuses repeated fields, malformed dictionary fields, gaps in the indices and a key in the body', async () => {
    const post = (form: [string, string][] | string) => call(server(), 'POST', '/v3/glossaries', { form });
    const twice = await post([['name', 'A'], ['name', 'B']]);
    expect(twice.status).toBe(400);
    expect(twice.data.message).toBe("Form field 'name' is given 2 times");
    for (const field of ['dictionaries[0]', 'dictionaries[x].entries', 'dictionaries[01].entries', 'dictionaries[0][entries]', 'dictionaries[9999999].entries']) {
      const res = await post([['name', 'T'], [field, 'a\tb']]);
      expect(res.status, field).toBe(400);
      expect(res.data.message, field).toMatch(/is malformed/);
    }
    const gap = await post(formOf({ name: 'T', dictionaries: [dict('a\tb')] }).map(([k, v]) => [k.replace('[0]', '[1]'), v]));
    expect(gap.status).toBe(400);
    expect(gap.data.message).toBe('Form fields of dictionaries[0] are missing');
    expect((await post([['name', 'T'], ['dictionaries', 'x'], ['dictionaries[0].entries', 'a\tb']])).status).toBe(400);
    expect((await post('name=%E0%A4')).status).toBe(400);
    expect((await post([['name', 'T'], ['auth_key', 'test-key']])).status).toBe(403);
    expect((await call(server(), 'GET', '/v3/glossaries')).data.glossaries).toEqual([]);
  });

  it('ignores unknown fields, as in JSON', async () => {
    const res = await call(server(), 'POST', '/v3/glossaries', { form: [['name', 'T'], ['colour', 'blue'], ['__proto__', 'x'], ['dictionaries[0].source_lang', 'en'], ['dictionaries[0].target_lang', 'de'], ['dictionaries[0].entries', 'a\tb'], ['dictionaries[0].entries_format', 'tsv'], ['dictionaries[0].note', 'n']] });
    expect(res.status).toBe(201);
    expect(res.data.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'de', entry_count: 1 }]);
  });
});

describe('list and metadata', () => {
  it('lists glossaries without entries or ready', async () => {
    const a = (await create({ name: 'A', dictionaries: [dict('cat\tKatze')] })).data;
    const b = (await create({ name: 'B', dictionaries: [dict('x\ty', 'de', 'en')] })).data;
    const res = await call(server(), 'GET', '/v3/glossaries');
    expect(res.status).toBe(200);
    const { ready: _a, ...aMeta } = a;
    const { ready: _b, ...bMeta } = b;
    expect(res.data).toEqual({ glossaries: [aMeta, bMeta] });
    expect(res.text).not.toContain('Katze');
  });

  it('returns metadata of one glossary without entries', async () => {
    const created = (await create()).data;
    const res = await call(server(), 'GET', `/v3/glossaries/${created.glossary_id}`);
    expect(res.data).toEqual({ glossary_id: created.glossary_id, name: 'Terms', dictionaries: created.dictionaries, creation_time: created.creation_time });
    expect(res.text).not.toContain('Katze');
  });

  it('keeps each key to its own glossaries', async () => {
    const mine = (await create()).data.glossary_id;
    expect((await call(server(), 'GET', '/v3/glossaries', { key: OTHER_KEY })).data.glossaries).toEqual([]);
    for (const [method, path] of [
      ['GET', `/v3/glossaries/${mine}`],
      ['GET', `/v3/glossaries/${mine}/entries?source_lang=en&target_lang=de`],
      ['DELETE', `/v3/glossaries/${mine}`],
      ['DELETE', `/v3/glossaries/${mine}/dictionaries?source_lang=en&target_lang=de`],
    ]) {
      expect((await call(server(), method, path, { key: OTHER_KEY })).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(server(), 'PATCH', `/v3/glossaries/${mine}`, { key: OTHER_KEY, json: { name: 'x' } })).status).toBe(404);
    expect((await call(server(), 'PUT', `/v3/glossaries/${mine}/dictionaries`, { key: OTHER_KEY, json: dict('a\tb') })).status).toBe(404);
    expect((await call(server(), 'GET', `/v3/glossaries/${mine}`)).status).toBe(200);
  });

  it('answers 404 for unknown ids', async () => {
    const res = await call(server(), 'GET', '/v3/glossaries/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.data.message).toBe('Glossary not found');
    expect((await call(server(), 'GET', '/v3/glossaries/not-a-uuid')).status).toBe(404);
  });
});

describe('entries', () => {
  it('returns one dictionary as TSV, whatever format it was created in', async () => {
    const id = (await create({ name: 'T', dictionaries: [dict('"a, b","say ""hi"""\ncat,Katze', 'en', 'de', 'csv')] })).data.glossary_id;
    const res = await entries(id);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a, b\tsay "hi"\ncat\tKatze', entries_format: 'tsv' }] });
  });

  it('needs both query parameters and answers 404 for a missing dictionary', async () => {
    const id = (await create()).data.glossary_id;
    expect((await call(server(), 'GET', `/v3/glossaries/${id}/entries`, { query: { source_lang: 'en' } })).status).toBe(400);
    expect((await entries(id, 'en', 'fr')).status).toBe(404);
    expect((await entries(id, 'EN', 'DE')).status).toBe(200);
  });
});

describe('PUT dictionary', () => {
  it('adds a dictionary for a new pair (201) and replaces an existing one outright (200)', async () => {
    const id = (await create()).data.glossary_id;
    const added = await call(server(), 'PUT', `/v3/glossaries/${id}/dictionaries`, { json: dict('Katze\tcat', 'de', 'en') });
    expect(added.status).toBe(201);
    expect(added.data).toEqual({ source_lang: 'de', target_lang: 'en', entry_count: 1 });
    const replaced = await call(server(), 'PUT', `/v3/glossaries/${id}/dictionaries`, { json: dict('bird\tVogel') });
    expect(replaced.status).toBe(200);
    expect(replaced.data).toEqual({ source_lang: 'en', target_lang: 'de', entry_count: 1 });
    expect((await entries(id)).data.dictionaries[0].entries).toBe('bird\tVogel');
    const meta = await call(server(), 'GET', `/v3/glossaries/${id}`);
    expect(meta.data.dictionaries).toEqual([
      { source_lang: 'en', target_lang: 'de', entry_count: 1 },
      { source_lang: 'de', target_lang: 'en', entry_count: 1 },
    ]);
  });

  it('takes exactly one dictionary at the top level', async () => {
    const id = (await create()).data.glossary_id;
    const res = await call(server(), 'PUT', `/v3/glossaries/${id}/dictionaries`, { json: { dictionaries: [dict('a\tb'), dict('c\td', 'de', 'en')] } });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('PUT changes one dictionary');
  });

  it('validates entries and changes nothing when they are invalid', async () => {
    const id = (await create()).data.glossary_id;
    const res = await call(server(), 'PUT', `/v3/glossaries/${id}/dictionaries`, { json: dict('bird\t') });
    expect(res.status).toBe(400);
    expect((await entries(id)).data.dictionaries[0].entries).toBe('cat\tKatze\ndog\tHund');
  });
});

describe('PATCH glossary', () => {
  it('renames only', async () => {
    const created = (await create()).data;
    const res = await call(server(), 'PATCH', `/v3/glossaries/${created.glossary_id}`, { json: { name: 'Renamed' } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ glossary_id: created.glossary_id, name: 'Renamed', dictionaries: created.dictionaries, creation_time: created.creation_time });
    expect((await entries(created.glossary_id)).data.dictionaries[0].entries).toBe('cat\tKatze\ndog\tHund');
  });

  it('merges entries: new sources are added, existing sources get the new target', async () => {
    const id = (await create()).data.glossary_id;
    const res = await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { dictionaries: [dict('dog\tRüde\nbird\tVogel')] } });
    expect(res.status).toBe(200);
    expect(res.data.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'de', entry_count: 3 }]);
    expect((await entries(id)).data.dictionaries[0].entries).toBe('cat\tKatze\ndog\tRüde\nbird\tVogel');
  });

  it('renames and merges in one call, adding a dictionary for a new pair', async () => {
    const id = (await create()).data.glossary_id;
    const res = await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { name: 'Both', dictionaries: [dict('chat,Katze', 'fr', 'de', 'csv')] } });
    expect(res.data.name).toBe('Both');
    expect(res.data.dictionaries).toContainEqual({ source_lang: 'fr', target_lang: 'de', entry_count: 1 });
  });

  it('rejects more than one dictionary, none, or nothing to change, and changes nothing', async () => {
    const id = (await create()).data.glossary_id;
    const two = await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { name: 'X', dictionaries: [dict('a\tb'), dict('c\td', 'de', 'en')] } });
    expect(two.status).toBe(400);
    expect(two.data.message).toBe('PATCH changes one dictionary per call');
    expect((await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { dictionaries: [] } })).status).toBe(400);
    expect((await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: {} })).status).toBe(400);
    expect((await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { name: '' } })).status).toBe(400);
    const bad = await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { name: 'New', dictionaries: [dict('x\t')] } });
    expect(bad.status).toBe(400);
    expect((await call(server(), 'GET', `/v3/glossaries/${id}`)).data.name).toBe('Terms');
  });
});

describe('delete', () => {
  it('deletes a dictionary (204) and then answers 404 for it', async () => {
    const id = (await create({ name: 'T', dictionaries: [dict('a\tb'), dict('c\td', 'de', 'en')] })).data.glossary_id;
    const res = await call(server(), 'DELETE', `/v3/glossaries/${id}/dictionaries`, { query: { source_lang: 'de', target_lang: 'en' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await call(server(), 'GET', `/v3/glossaries/${id}`)).data.dictionaries).toEqual([{ source_lang: 'en', target_lang: 'de', entry_count: 1 }]);
    expect((await call(server(), 'DELETE', `/v3/glossaries/${id}/dictionaries`, { query: { source_lang: 'de', target_lang: 'en' } })).status).toBe(404);
    expect((await call(server(), 'DELETE', `/v3/glossaries/${id}/dictionaries`)).status).toBe(400);
  });

  it('deletes a glossary (204), which is then gone from the list', async () => {
    const id = (await create()).data.glossary_id;
    const res = await call(server(), 'DELETE', `/v3/glossaries/${id}`);
    expect(res.status).toBe(204);
    expect((await call(server(), 'GET', `/v3/glossaries/${id}`)).status).toBe(404);
    expect((await call(server(), 'GET', '/v3/glossaries')).data.glossaries).toEqual([]);
    expect((await call(server(), 'DELETE', `/v3/glossaries/${id}`)).status).toBe(404);
  });
});

describe('a full-size dictionary', () => {
  it('creates and returns 10 MB of entries intact', async () => {
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < 9_800_000; i++) {
      const line = `source phrase ${i} with words\tZielphrase ${i} mit Wörtern`;
      lines.push(line);
      size += Buffer.byteLength(line) + 1;
    }
    const text = lines.join('\n');
    const created = await create({ name: 'Big', dictionaries: [dict(text)] });
    expect(created.status).toBe(201);
    expect(created.data.dictionaries[0].entry_count).toBe(lines.length);
    const back = await entries(created.data.glossary_id);
    expect(back.data.dictionaries[0].entries).toBe(text);
  });
});
