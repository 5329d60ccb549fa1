// Firefox set to never remember history may refuse the extension its IndexedDB, where the key
// and other private items belong. Glossa then keeps them in storage.local (nothing is lost) and
// says so: a "!" on the toolbar button with a title that names the problem (the options page
// shows the same at its top), never a silent change.
import { browser } from 'wxt/browser';
import { t } from '../shared/i18n';
import { BADGE_COLORS } from './badge';

type ActionApi = typeof browser.action;

export async function showPrivateStorageNotice(): Promise<void> {
  const action = browser.action ?? (browser as unknown as { browserAction?: ActionApi }).browserAction;
  if (!action) return;
  // Without a tab id: the default of every tab (a tab's own state draws over it while it translates).
  await Promise.all([
    action.setBadgeText({ text: '!' }),
    action.setBadgeBackgroundColor({ color: BADGE_COLORS.error }),
    action.setTitle({ title: t('privateStorageUnavailableBadge') }),
  ]);
}
