// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GlossaServer } from '../../../server/index';
import { DEMO_GLOSSARY_TERM, DEMO_KEY, findDemoGlossary, translateUsage } from '../../../scripts/lib/demo-setup';

describe('demo setup against the local server', () => {
  let server: GlossaServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, keys: [DEMO_KEY], seedDemo: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds the seeded English → German demo glossary', async () => {
    const glossary = await findDemoGlossary(server.url);
    expect(glossary?.name).toBe('Glossa demo');
    expect(glossary?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds nothing with a key the server rejects', async () => {
    expect(await findDemoGlossary(server.url, 'wrong-key')).toBeUndefined();
  });

  it('counts answered translate requests and their billed characters, nothing else', async () => {
    const call = (body: unknown, key = DEMO_KEY) =>
      fetch(`${server.url}/v2/translate`, {
        method: 'POST',
        headers: { authorization: `Service-Auth-Key ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const before = translateUsage(server.log);
    expect((await call({ text: ['Hello', 'world'], target_lang: 'DE', show_billed_characters: true })).status).toBe(200);
    expect((await call({ text: ['Hello'], target_lang: 'DE' }, 'wrong-key')).status).toBe(403);
    await fetch(`${server.url}/v2/languages?type=target`, { headers: { authorization: `Service-Auth-Key ${DEMO_KEY}` } });
    expect(translateUsage(server.log)).toEqual({ requests: before.requests + 1, billedCharacters: before.billedCharacters + 10 });
  });

  it('knows the glossary term the demo page will show', () => {
    expect(DEMO_GLOSSARY_TERM).toBe('Browser-Erweiterung');
  });
});
