// What makes the fresh demo profile ready to use: the connection to the local server with the
// demo key, German as the target, and the server's demo glossary as the English → German default.
import { DEMO_GLOSSARY_ENTRIES, DEMO_GLOSSARY_NAME, DEMO_KEY, type RequestRecord } from '../../server/index';
import type { ExtensionSession } from './extension-session';

export { DEMO_KEY };

/** The demo glossary's German for "browser extension": the demo page uses the phrase, so a translation with the glossary shows it. */
export const DEMO_GLOSSARY_TERM = DEMO_GLOSSARY_ENTRIES.find(([source]) => source === 'browser extension')?.[1] ?? 'Browser-Erweiterung';

export interface DemoGlossary {
  id: string;
  name: string;
}

interface GlossaryListing {
  glossaries?: { glossary_id?: unknown; name?: unknown; dictionaries?: { source_lang?: unknown; target_lang?: unknown }[] }[];
}

/** The server's demo glossary (or else any glossary with an English → German dictionary). */
export async function findDemoGlossary(apiUrl: string, key = DEMO_KEY): Promise<DemoGlossary | undefined> {
  const res = await fetch(`${apiUrl}/v3/glossaries`, { headers: { authorization: `Service-Auth-Key ${key}` } });
  if (!res.ok) return undefined;
  const body = (await res.json().catch(() => ({}))) as GlossaryListing;
  const englishToGerman = (body.glossaries ?? []).filter((g) =>
    typeof g.glossary_id === 'string' &&
    g.dictionaries?.some((d) => String(d.source_lang).toLowerCase() === 'en' && String(d.target_lang).toLowerCase() === 'de'),
  );
  const match = englishToGerman.find((g) => g.name === DEMO_GLOSSARY_NAME) ?? englishToGerman[0];
  return match ? { id: match.glossary_id as string, name: String(match.name ?? '') } : undefined;
}

/** Writes the demo settings into the extension's storage.local (as WXT stores its items). */
export async function configureDemo(session: ExtensionSession, apiUrl: string): Promise<DemoGlossary | undefined> {
  const glossary = await findDemoGlossary(apiUrl);
  await session.setStorage({
    connection: { apiKey: DEMO_KEY, plan: 'paid', customUrl: '' },
    // A fixed source language lets the glossary apply (the API takes glossary_id only with source_lang).
    defaults: { targetLang: 'DE', sourceLang: glossary ? 'EN' : '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    ...(glossary ? { defaultGlossaries: { 'en>de': glossary.id } } : {}),
  });
  return glossary;
}

/** Translate requests the server answered and the characters it billed, from its request log. */
export function translateUsage(log: readonly RequestRecord[]): { requests: number; billedCharacters: number } {
  const answered = log.filter((r) => r.method === 'POST' && r.path === '/v2/translate' && r.status === 200);
  return { requests: answered.length, billedCharacters: answered.reduce((sum, r) => sum + (r.billedCharacters ?? 0), 0) };
}
