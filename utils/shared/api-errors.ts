// One error type for every API failure. `code` is stable and survives extension messaging
// (which keeps own properties of errors), so callers branch on `err.code`, not instanceof.

export type ApiErrorCode =
  | 'auth'
  | 'quota'
  | 'rate-limit'
  | 'not-found'
  | 'bad-request'
  | 'too-large'
  | 'server'
  | 'network'
  | 'timeout'
  | 'bad-response'
  | 'aborted'
  /** Not from the server: a spending limit the user set was reached; the popup asks to go on. */
  | 'paused';

export const API_ERROR_CODES: readonly ApiErrorCode[] = [
  'auth', 'quota', 'rate-limit', 'not-found', 'bad-request', 'too-large',
  'server', 'network', 'timeout', 'bad-response', 'aborted', 'paused',
];

/** The `detail` of errors about the settings, not the server (written by connection-check, read by the popover): only these names, never literals. */
export const DETAIL_NO_KEY = 'empty-key';
export const DETAIL_BAD_KEY = 'bad-key';
export const DETAIL_BAD_ADDRESS = 'bad-address';
export const DETAIL_PERMISSION = 'permission';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status?: number;
  readonly detail?: string;
  /** Seconds the server asked us to wait (429/503 Retry-After). */
  readonly retryAfter?: number;

  constructor(code: ApiErrorCode, message: string, init: { status?: number; detail?: string; retryAfter?: number } = {}) {
    super(message);
    this.code = code;
    this.status = init.status;
    this.detail = init.detail;
    this.retryAfter = init.retryAfter;
  }
}

/** Maps an HTTP status to the stable error code. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 456) return 'quota';
  if (status === 429) return 'rate-limit';
  if (status === 404) return 'not-found';
  if (status === 413) return 'too-large';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/** Reads the error code from anything thrown, including plain errors that crossed messaging. */
export function errorCode(err: unknown): ApiErrorCode | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (API_ERROR_CODES as readonly string[]).includes(code)
    ? (code as ApiErrorCode)
    : undefined;
}

export function isRetryable(code: ApiErrorCode | undefined): boolean {
  return code === 'rate-limit' || code === 'server' || code === 'network' || code === 'timeout';
}
