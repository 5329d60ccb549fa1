// The API client for the saved connection, decided here only: one client per key and server,
// made once and handed to every service (translation, glossaries, fixing terms). The connection
// is checked before every call, since the settings may change mid-page: no key, a bad address or
// a missing permission means no request at all. (The options page's connection test and the
// language list build short-lived clients for a connection that may not be saved yet.)
import { createApiClient, type ApiClient } from '../api/client';
import { ApiError } from '../shared/api-errors';
import { apiBaseUrl } from '../shared/connection';
import { t } from '../shared/i18n';
import type { Connection } from '../shared/settings';
import { connectionItem } from '../extension/settings-store';
import { connectionProblem } from './connection-check';
import { awakeFetch } from './worker-awake';

let memo: { baseUrl: string; key: string; client: ApiClient } | undefined;

/** The client for `connection` (the saved one when absent); throws the connection's problem instead. */
export async function connectedClient(connection?: Connection): Promise<ApiClient> {
  const current = connection ?? (await connectionItem.getValue());
  const unusable = await connectionProblem(current);
  if (unusable) throw unusable;
  const key = current.apiKey.trim();
  const baseUrl = apiBaseUrl(current);
  if (!/^https?:\/\/[^/]+/i.test(baseUrl)) throw new ApiError('bad-request', t('translationErrorNoServer'));
  if (!memo || memo.baseUrl !== baseUrl || memo.key !== key) {
    memo = { baseUrl, key, client: createApiClient({ baseUrl, authKey: key, fetch: awakeFetch }) };
  }
  return memo.client;
}
