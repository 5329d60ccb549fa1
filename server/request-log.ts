// The request log tests read: one record per API request, bounded in count and in the memory
// its kept request bodies take. The key is never logged.
import type { FaultKind } from './faults';

export interface RequestRecord {
  id: number;
  /** ISO time the request arrived. */
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  contentType?: string;
  /** Bytes of the request body as read (0 when not read). */
  bodyBytes: number;
  /** Validated translate parameters, or the parsed glossary body (a form body in its JSON shape). */
  params?: unknown;
  /** Parameters the translate request carried that the API does not know. */
  unknownParams?: string[];
  textCount?: number;
  billedCharacters?: number;
  /** Response status; 0 while pending or when no response was sent (hang, reset). */
  status: number;
  /** From the request's arrival to the end of the answer (includes receiving the body). */
  durationMs: number;
  /** From the end of the request body until the answer was handed to the socket: the server's own work (and any injected latency). */
  processingMs?: number;
  fault?: FaultKind;
  /** Message of an error response. */
  error?: string;
  /** True when the client went away before the answer. */
  aborted?: boolean;
  /** True when params were dropped to bound the log's memory (very old records of long runs). */
  paramsDropped?: boolean;
}

const LOG_LIMIT = 5000;
/** Request bodies kept in the log's params; beyond this the oldest records lose their params. */
const LOG_PARAMS_BYTES = 128 * 1024 * 1024;

/** Adds a record for a request that just arrived, dropping the oldest records and params past the bounds. */
export function openRecord(log: RequestRecord[], id: number, method: string, url: URL): RequestRecord {
  const record: RequestRecord = {
    id,
    time: new Date().toISOString(),
    method,
    path: url.pathname,
    // A key sent in the URL (refused later) must not end up in the log.
    query: Object.fromEntries([...url.searchParams].map(([k, v]) => [k, k === 'auth_key' ? '[redacted]' : v])),
    bodyBytes: 0,
    status: 0,
    durationMs: 0,
  };
  log.push(record);
  if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
  let kept = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    const older = log[i];
    if (older.params === undefined) continue;
    kept += older.bodyBytes;
    if (kept > LOG_PARAMS_BYTES) {
      older.params = undefined;
      older.paramsDropped = true;
    }
  }
  return record;
}
