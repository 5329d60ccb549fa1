// Whether the saved connection can be used at all, checked before anything is sent: no key, a
// malformed key, a custom address that does not parse, or a custom server whose host permission
// was not granted. Each is a clear message naming the way out, and no request (a request to a
// host without permission would still reach it as a CORS preflight). The same problem has the
// same code everywhere (page blocks, selections); `detail` names it for the popover's remedy.
import { ApiError } from '../shared/api-errors';
import { browser } from 'wxt/browser';
import { describeAddressProblem, hostPermissionPattern, resolveConnection } from '../connection';
import { t } from '../shared/i18n';
import { connectionItem, type Connection } from '../settings';

/**
 * Whether the host permission for `baseUrl` is granted. Where the permissions API cannot answer
 * (it throws), the browser's own check at fetch time still applies: not a reason to refuse here.
 */
async function granted(baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [hostPermissionPattern(baseUrl)] });
  } catch {
    return true;
  }
}

export async function connectionProblem(
  connection?: Connection,
  permitted: (baseUrl: string) => Promise<boolean> = granted,
): Promise<ApiError | undefined> {
  const current = connection ?? (await connectionItem.getValue());
  const resolved = resolveConnection(current);
  if (!resolved.ok) {
    if (resolved.problem === 'bad-address') return new ApiError('bad-request', t('hardeningBadAddress', describeAddressProblem(resolved.addressProblem)), { detail: 'bad-address' });
    return new ApiError('auth', t(resolved.problem === 'empty-key' ? 'translationErrorNoKey' : 'hardeningKeyMalformed'), { detail: resolved.problem });
  }
  // The plan addresses are granted in the manifest; a custom server needs its optional permission.
  if (current.plan === 'custom' && !(await permitted(resolved.baseUrl))) {
    return new ApiError('bad-request', t('hardeningNoPermission', new URL(resolved.baseUrl).host), { detail: 'permission' });
  }
  return undefined;
}
