// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, DEMO_GLOSSARY_NAME, DEMO_KEY } from '../../server/index';
import { call, KEY } from './helpers';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'glossa-data-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const dict = (entries: string) => ({ source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' });

describe('persistence with dataDir', () => {
  it('keeps glossaries, their changes and deletions across restarts', async () => {
    const dir = dataDir();
    let server = await startServer({ port: 0, keys: [KEY], dataDir: dir });
    const created = await call(server, 'POST', '/v3/glossaries', { json: { name: 'Kept', dictionaries: [dict('cat\tKatze')] } });
    const gone = await call(server, 'POST', '/v3/glossaries', { json: { name: 'Gone', dictionaries: [dict('x\ty')] } });
    await call(server, 'PATCH', `/v3/glossaries/${created.data.glossary_id}`, { json: { name: 'Kept and renamed', dictionaries: [dict('dog\tHund')] } });
    await call(server, 'DELETE', `/v3/glossaries/${gone.data.glossary_id}`);
    await server.close();

    server = await startServer({ port: 0, keys: [KEY], dataDir: dir });
    try {
      const list = await call(server, 'GET', '/v3/glossaries');
      expect(list.data.glossaries).toEqual([
        { glossary_id: created.data.glossary_id, name: 'Kept and renamed', dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 2 }], creation_time: created.data.creation_time },
      ]);
      const entries = await call(server, 'GET', `/v3/glossaries/${created.data.glossary_id}/entries?source_lang=en&target_lang=de`);
      expect(entries.data.dictionaries[0].entries).toBe('cat\tKatze\ndog\tHund');
      const translated = await call(server, 'POST', '/v2/translate', { json: { text: ['dog'], source_lang: 'EN', target_lang: 'DE', glossary_id: created.data.glossary_id } });
      expect(translated.data.translations[0].text).toBe('Hund');
    } finally {
      await server.close();
    }
  });

  it('keeps each key to its own glossaries after a restart, without storing keys', async () => {
    const dir = dataDir();
    let server = await startServer({ port: 0, keys: [KEY, 'second-secret-key'], dataDir: dir });
    await call(server, 'POST', '/v3/glossaries', { key: 'second-secret-key', json: { name: 'Theirs', dictionaries: [dict('a\tb')] } });
    await server.close();
    const files = readdirSync(join(dir, 'glossaries'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f-]{36}\.json$/);
    expect(readFileSync(join(dir, 'glossaries', files[0]), 'utf8')).not.toContain('second-secret-key');
    server = await startServer({ port: 0, keys: [KEY, 'second-secret-key'], dataDir: dir });
    try {
      expect((await call(server, 'GET', '/v3/glossaries')).data.glossaries).toEqual([]);
      expect((await call(server, 'GET', '/v3/glossaries', { key: 'second-secret-key' })).data.glossaries).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('leaves no temporary files behind', async () => {
    const dir = dataDir();
    const server = await startServer({ port: 0, keys: [KEY], dataDir: dir });
    const created = await call(server, 'POST', '/v3/glossaries', { json: { name: 'T', dictionaries: [dict('a\tb')] } });
    await Promise.all(Array.from({ length: 10 }, (_, i) => call(server, 'PATCH', `/v3/glossaries/${created.data.glossary_id}`, { json: { name: `T${i}` } })));
    await server.close();
    expect(readdirSync(join(dir, 'glossaries'))).toEqual([`${created.data.glossary_id}.json`]);
  });

  it('sets an unreadable file aside and starts anyway', async () => {
    const dir = dataDir();
    const server = await startServer({ port: 0, keys: [KEY], dataDir: dir });
    await server.close();
    writeFileSync(join(dir, 'glossaries', 'broken.json'), '{"owner": ');
    const again = await startServer({ port: 0, keys: [KEY], dataDir: dir });
    try {
      expect((await call(again, 'GET', '/v3/glossaries')).status).toBe(200);
      expect(readdirSync(join(dir, 'glossaries')).some((f) => f.startsWith('broken.json.unreadable-'))).toBe(true);
    } finally {
      await again.close();
    }
  });
});

describe('seedDemo', () => {
  it('seeds the demo glossary once per key, also after reset', async () => {
    const dir = dataDir();
    const server = await startServer({ port: 0, dataDir: dir, seedDemo: true });
    const list = async () => (await call(server, 'GET', '/v3/glossaries', { key: DEMO_KEY })).data.glossaries;
    try {
      expect(await list()).toEqual([expect.objectContaining({ name: DEMO_GLOSSARY_NAME, dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 5 }] })]);
      await server.reset();
      expect(await list()).toHaveLength(1);
    } finally {
      await server.close();
    }
    const restarted = await startServer({ port: 0, dataDir: dir, seedDemo: true });
    try {
      expect((await call(restarted, 'GET', '/v3/glossaries', { key: DEMO_KEY })).data.glossaries).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
