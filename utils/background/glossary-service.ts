// The glossary manager's half in the background: the options page asks, the background calls
// the v3 glossary endpoints with the key it alone reads, then bumps the glossary's cache
// revision so translations made with the old entries are not served again.
// Only the extension's own pages may use these messages (checked with the data by the protocol).
import { onBackgroundMessage } from '../shared/messages-to-background';
import type { ApiClient } from '../api/client';
import { bumpGlossaryRevision } from './translation/cache';
import { connectionItem } from '../extension/settings-store';
import { t } from '../shared/i18n';
import { connectedClient } from './api-client';

interface GlossaryServiceDeps {
  /** The API client for the current settings (re-read on every call: the user may change them). */
  client?: () => Promise<ApiClient>;
  bumpRevision?: (glossaryId: string) => Promise<void> | void;
}

function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The saved connection's client; the options page's own words for a missing key or address. */
async function glossaryClient(): Promise<ApiClient> {
  const connection = await connectionItem.getValue();
  if (!connection.apiKey.trim()) throw failure('auth', t('glossaryErrorNoKey'));
  return connectedClient(connection);
}

export function registerGlossaryService(deps: GlossaryServiceDeps = {}): void {
  const getClient = deps.client ?? glossaryClient;
  const bump = deps.bumpRevision ?? bumpGlossaryRevision;
  // A change that failed half-way may still have changed the glossary: bump either way.
  const changing = async <R>(id: string, work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } finally {
      await bump(id);
    }
  };

  onBackgroundMessage('glossaryList', async () => {
    return (await getClient()).listGlossaries();
  });

  onBackgroundMessage('glossaryGet', async ({ data }) => {
    return (await getClient()).getGlossary(data.id);
  });

  onBackgroundMessage('glossaryEntries', async ({ data }) => {
    const id = data.id;
    return (await getClient()).getEntries(id, data.sourceLang, data.targetLang);
  });

  onBackgroundMessage('glossaryCreate', async ({ data }) => {
    const created = await (await getClient()).createGlossary(data);
    await bump(created.glossary_id);
    return created;
  });

  onBackgroundMessage('glossaryPutDictionary', async ({ data }) => {
    const id = data.id;
    const dictionary = data.dictionary;
    const client = await getClient();
    return changing(id, () => client.putDictionary(id, dictionary));
  });

  onBackgroundMessage('glossaryPatch', async ({ data }) => {
    const id = data.id;
    // The schema admits a patch only with a name or a dictionary.
    const { name, dictionary } = data;
    const client = await getClient();
    return changing(id, () => client.patchGlossary(id, { name, dictionary }));
  });

  onBackgroundMessage('glossaryDeleteGlossary', async ({ data }) => {
    const id = data.id;
    const client = await getClient();
    await changing(id, () => client.deleteGlossary(id));
  });

  onBackgroundMessage('glossaryDeleteDictionary', async ({ data }) => {
    const id = data.id;
    const source = data.sourceLang;
    const target = data.targetLang;
    const client = await getClient();
    await changing(id, () => client.deleteDictionary(id, source, target));
  });
}
