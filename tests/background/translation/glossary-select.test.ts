import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../utils/api/client';
import type { Glossary } from '../../../utils/shared/api-types';
import { defaultGlossariesItem } from '../../../utils/extension/settings-store';
import { createGlossaryResolver } from '../../../utils/background/translation/glossary-select';

const glossaries: Glossary[] = [
  {
    glossary_id: 'g-de-en', name: 'Tech', creation_time: '2026-11-21T10:00:00.000Z',
    dictionaries: [{ source_lang: 'de', target_lang: 'en', entry_count: 3 }],
  },
  {
    glossary_id: 'g-en-de', name: 'Reverse', creation_time: '2026-11-21T10:00:00.000Z',
    dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 1 }],
  },
];

/** Only listGlossaries is used by the resolver; the calls are counted. */
function listingClient(baseUrl = 'http://127.0.0.1:8787') {
  const calls = { list: 0 };
  const client = {
    baseUrl,
    listGlossaries: async () => {
      calls.list++;
      return glossaries;
    },
  } as unknown as ApiClient;
  return { client, calls };
}

describe('glossary selection', () => {
  it('uses the job glossary only with a source language and a dictionary for that exact base pair', async () => {
    const resolver = createGlossaryResolver();
    const { client } = listingClient();
    expect(await resolver.resolve(client, { glossaryId: 'g-de-en', sourceLang: 'DE', targetLang: 'EN-GB' })).toBe('g-de-en');
    expect(await resolver.resolve(client, { glossaryId: 'g-de-en', sourceLang: 'de', targetLang: 'EN-US' })).toBe('g-de-en');
    expect(await resolver.resolve(client, { glossaryId: 'g-de-en', sourceLang: '', targetLang: 'EN-GB' })).toBeUndefined();
    expect(await resolver.resolve(client, { glossaryId: 'g-de-en', sourceLang: 'FR', targetLang: 'EN-GB' })).toBeUndefined();
    expect(await resolver.resolve(client, { glossaryId: 'g-en-de', sourceLang: 'DE', targetLang: 'EN-GB' })).toBeUndefined();
    expect(await resolver.resolve(client, { glossaryId: 'deleted', sourceLang: 'DE', targetLang: 'EN-GB' })).toBeUndefined();
  });

  it('falls back to the default glossary of the pair, unless the job says none', async () => {
    await defaultGlossariesItem.setValue({ 'de>en': 'g-de-en' });
    const resolver = createGlossaryResolver();
    const { client } = listingClient();
    expect(await resolver.resolve(client, { sourceLang: 'DE', targetLang: 'EN-US' })).toBe('g-de-en');
    expect(await resolver.resolve(client, { glossaryId: '', sourceLang: 'DE', targetLang: 'EN-US' })).toBeUndefined();
    expect(await resolver.resolve(client, { sourceLang: 'FR', targetLang: 'EN-US' })).toBeUndefined();
  });

  it('lists glossaries once per short period and per server', async () => {
    let time = 0;
    const resolver = createGlossaryResolver({ ttlMs: 1000, now: () => time });
    const { client, calls } = listingClient();
    const choice = { glossaryId: 'g-de-en', sourceLang: 'DE', targetLang: 'EN-GB' };
    await Promise.all([resolver.resolve(client, choice), resolver.resolve(client, choice)]);
    await resolver.resolve(client, choice);
    expect(calls.list).toBe(1);
    time = 1500;
    await resolver.resolve(client, choice);
    expect(calls.list).toBe(2);
    resolver.invalidate();
    await resolver.resolve(client, choice);
    expect(calls.list).toBe(3);
    const other = listingClient('http://127.0.0.1:8788');
    await resolver.resolve(other.client, choice);
    expect(other.calls.list).toBe(1);
  });

  it('does not remember a failed listing', async () => {
    const resolver = createGlossaryResolver();
    let fail = true;
    const client = {
      baseUrl: 'x',
      listGlossaries: async () => {
        if (fail) throw Object.assign(new Error('down'), { code: 'network' });
        return glossaries;
      },
    } as unknown as ApiClient;
    const choice = { glossaryId: 'g-de-en', sourceLang: 'DE', targetLang: 'EN-GB' };
    await expect(resolver.resolve(client, choice)).rejects.toMatchObject({ code: 'network' });
    fail = false;
    expect(await resolver.resolve(client, choice)).toBe('g-de-en');
  });
});
