// Errors in the popover in plain words, each with the way out the user has: open the options
// (key, address, glossary), try again (transient trouble), or nothing they can change.
import { DETAIL_BAD_ADDRESS, DETAIL_NO_KEY, DETAIL_PERMISSION, errorCode } from '../../shared/api-errors';
import { t } from '../../shared/i18n';
import type { ErrorRemedy, PopoverError, PopoverErrorKind } from '../../shared/selection-types';

export function errorKind(err: unknown): PopoverErrorKind {
  const code = errorCode(err);
  const detail = (err as { detail?: unknown } | null)?.detail;
  if (code === 'auth') return detail === DETAIL_NO_KEY ? 'no-key' : 'auth';
  if (code === 'bad-request' && detail === DETAIL_BAD_ADDRESS) return 'bad-address';
  if (detail === DETAIL_PERMISSION) return 'permission';
  switch (code) {
    case 'quota':
    case 'rate-limit':
    case 'network':
    case 'timeout':
    case 'server':
    case 'too-large':
    case 'bad-response':
    case 'not-found':
    case 'bad-request':
      return code;
    default:
      return 'failed';
  }
}

const REMEDY: Record<PopoverErrorKind, ErrorRemedy> = {
  'no-key': 'options',
  auth: 'options',
  'bad-address': 'options',
  permission: 'options',
  quota: 'none',
  'rate-limit': 'retry',
  network: 'retry',
  timeout: 'retry',
  server: 'retry',
  'too-large': 'none',
  'bad-response': 'retry',
  'not-found': 'options',
  'bad-request': 'options',
  failed: 'retry',
};

const MESSAGE_KEY: Record<PopoverErrorKind, string> = {
  'no-key': 'popoverErrorNoKey',
  auth: 'popoverErrorAuth',
  'bad-address': 'popoverErrorBadAddress',
  permission: 'popoverErrorPermission',
  quota: 'popoverErrorQuota',
  'rate-limit': 'popoverErrorRateLimit',
  network: 'popoverErrorNetwork',
  timeout: 'popoverErrorTimeout',
  server: 'popoverErrorServer',
  'too-large': 'popoverErrorTooLarge',
  'bad-response': 'popoverErrorBadResponse',
  'not-found': 'popoverErrorNotFound',
  'bad-request': 'popoverErrorBadRequest',
  failed: 'popoverErrorFailed',
};

export function describeError(kind: PopoverErrorKind): PopoverError {
  return { kind, message: t(MESSAGE_KEY[kind]), remedy: REMEDY[kind] };
}
