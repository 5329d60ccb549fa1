// The glossary manager's half in the background: the options page asks, the background calls
// the v3 glossary endpoints with the key it alone reads, then bumps the glossary's cache
// revision so translations made with the old entries are not served again.
// Only the extension's own pages may use these messages.
import { onMessage, type MessageSender } from '../shared/protocol';
import { createApiClient, type ApiClient } from '../api/client';
import { bumpGlossaryRevision } from './translation/cache';
import type { DictionaryEntries } from '../shared/api-types';
import { apiBaseUrl, connectionItem } from '../settings';
import { t } from '../shared/i18n';
import { isExtensionPage } from './sender';
import { connectionProblem } from './connection-check';

export interface GlossaryServiceDeps {
  /** The API client for the current settings (re-read on every call: the user may change them). */
  client?: () => Promise<ApiClient>;
  bumpRevision?: (glossaryId: string) => Promise<void> | void;
  /** Who may call; the extension's pages by default. */
  isAllowed?: (sender: MessageSender) => boolean;
}

function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

async function clientFromSettings(): Promise<ApiClient> {
  const connection = await connectionItem.getValue();
  if (!connection.apiKey.trim()) throw failure('auth', t('glossaryErrorNoKey'));
  // A malformed address or a custom server without its host permission gets no request, not even a CORS preflight.
  const unusable = await connectionProblem(connection);
  if (unusable) throw failure(unusable.code, unusable.message);
  const baseUrl = apiBaseUrl(connection);
  if (!/^https?:\/\/[^/]+/i.test(baseUrl)) throw failure('bad-request', t('glossaryErrorNoServer'));
  return createApiClient({ baseUrl, authKey: connection.apiKey.trim() });
}

// Ids go into URL paths: accept the UUID shape the API hands out, and nothing path-like.
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const LANG_RE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

function requireId(value: unknown): string {
  if (typeof value !== 'string' || !ID_RE.test(value)) throw failure('bad-request', t('glossaryErrorBadRequest'));
  return value;
}

/** Glossary payloads use base language codes in lower case (EN-GB → en). */
function requireLang(value: unknown): string {
  const code = typeof value === 'string' ? value.trim().split('-')[0].toLowerCase() : '';
  if (!LANG_RE.test(code)) throw failure('bad-request', t('glossaryErrorBadRequest'));
  return code;
}

function requireName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw failure('bad-request', t('glossaryErrorBadRequest'));
  return value;
}

function requireDictionary(value: unknown): DictionaryEntries {
  const d = value as Partial<DictionaryEntries> | null;
  if (typeof d !== 'object' || d === null || typeof d.entries !== 'string' || (d.entries_format !== 'tsv' && d.entries_format !== 'csv')) {
    throw failure('bad-request', t('glossaryErrorBadRequest'));
  }
  return { source_lang: requireLang(d.source_lang), target_lang: requireLang(d.target_lang), entries: d.entries, entries_format: d.entries_format };
}

export function registerGlossaryService(deps: GlossaryServiceDeps = {}): void {
  const getClient = deps.client ?? clientFromSettings;
  const bump = deps.bumpRevision ?? bumpGlossaryRevision;
  const allowed = deps.isAllowed ?? isExtensionPage;

  const guard = (sender: MessageSender) => {
    if (!allowed(sender)) throw failure('forbidden', t('glossaryErrorForbidden'));
  };
  // A change that failed half-way may still have changed the glossary: bump either way.
  const changing = async <R>(id: string, work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } finally {
      await bump(id);
    }
  };

  onMessage('glossaryList', async ({ sender }) => {
    guard(sender);
    return (await getClient()).listGlossaries();
  });

  onMessage('glossaryGet', async ({ data, sender }) => {
    guard(sender);
    return (await getClient()).getGlossary(requireId(data?.id));
  });

  onMessage('glossaryEntries', async ({ data, sender }) => {
    guard(sender);
    const id = requireId(data?.id);
    return (await getClient()).getEntries(id, requireLang(data.sourceLang), requireLang(data.targetLang));
  });

  onMessage('glossaryCreate', async ({ data, sender }) => {
    guard(sender);
    const name = requireName(data?.name);
    if (!Array.isArray(data.dictionaries) || data.dictionaries.length === 0) throw failure('bad-request', t('glossaryErrorBadRequest'));
    const dictionaries = data.dictionaries.map(requireDictionary);
    const created = await (await getClient()).createGlossary({ name, dictionaries });
    await bump(created.glossary_id);
    return created;
  });

  onMessage('glossaryPutDictionary', async ({ data, sender }) => {
    guard(sender);
    const id = requireId(data?.id);
    const dictionary = requireDictionary(data.dictionary);
    const client = await getClient();
    return changing(id, () => client.putDictionary(id, dictionary));
  });

  onMessage('glossaryPatch', async ({ data, sender }) => {
    guard(sender);
    const id = requireId(data?.id);
    const name = data.name === undefined ? undefined : requireName(data.name);
    const dictionary = data.dictionary === undefined ? undefined : requireDictionary(data.dictionary);
    if (name === undefined && dictionary === undefined) throw failure('bad-request', t('glossaryErrorBadRequest'));
    const client = await getClient();
    return changing(id, () => client.patchGlossary(id, { name, dictionary }));
  });

  onMessage('glossaryDeleteGlossary', async ({ data, sender }) => {
    guard(sender);
    const id = requireId(data?.id);
    const client = await getClient();
    await changing(id, () => client.deleteGlossary(id));
  });

  onMessage('glossaryDeleteDictionary', async ({ data, sender }) => {
    guard(sender);
    const id = requireId(data?.id);
    const source = requireLang(data.sourceLang);
    const target = requireLang(data.targetLang);
    const client = await getClient();
    await changing(id, () => client.deleteDictionary(id, source, target));
  });
}
