// Whether the saved connection can be used at all, checked before anything is sent: no key, a
// malformed key, a custom address that does not parse, or a custom server whose host permission
// was not granted. Each is a clear message naming the way out, and no request (a request to a
// host without permission would still reach it as a CORS preflight). A permission check that
// cannot answer counts as not granted. The same problem has the same code everywhere (page
// blocks, selections); `detail` names it for the popover's remedy.
import { ApiError, DETAIL_BAD_ADDRESS, DETAIL_BAD_KEY, DETAIL_NO_KEY, DETAIL_PERMISSION } from '../shared/api-errors';
import { describeAddressProblem, resolveConnection } from '../shared/connection';
import { hasHostPermission } from '../extension/host-permissions';
import { t } from '../shared/i18n';
import { connectionItem } from '../extension/settings-store';
import { type Connection } from '../shared/settings';

export async function connectionProblem(
  connection?: Connection,
  permitted: (baseUrl: string) => Promise<boolean> = hasHostPermission,
): Promise<ApiError | undefined> {
  const current = connection ?? (await connectionItem.getValue());
  const resolved = resolveConnection(current);
  if (!resolved.ok) {
    if (resolved.problem === 'bad-address') return new ApiError('bad-request', t('connectionBadAddress', describeAddressProblem(resolved.addressProblem)), { detail: DETAIL_BAD_ADDRESS });
    return new ApiError('auth', t(resolved.problem === 'empty-key' ? 'translationErrorNoKey' : 'connectionKeyMalformed'), { detail: resolved.problem === 'empty-key' ? DETAIL_NO_KEY : DETAIL_BAD_KEY });
  }
  // The plan addresses are granted in the manifest; a custom server needs its optional permission.
  if (current.plan === 'custom' && !(await permitted(resolved.baseUrl))) {
    return new ApiError('bad-request', t('connectionNoPermission', new URL(resolved.baseUrl).host), { detail: DETAIL_PERMISSION });
  }
  return undefined;
}
